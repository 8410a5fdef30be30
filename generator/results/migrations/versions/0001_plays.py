"""The first tables: published puzzles and plays (issue 56).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "published",
        sa.Column("city", sa.String(40), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("version", sa.String(40), primary_key=True),
        sa.Column("code", sa.String(400), nullable=False),
        sa.Column("par", sa.Integer, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
    )
    op.create_index("ix_published_code", "published", ["code"])
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("city", sa.String(40), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("plan", sa.Text, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("medal", sa.String(8)),
        sa.Column("revealed", sa.Boolean, nullable=False),
        sa.Column("received", sa.DateTime, nullable=False),
        sa.UniqueConstraint("city", "day", "kind", "version", "player", name="one_play_per_player"),
    )
    op.create_index("plays_by_score", "plays", ["city", "day", "kind", "version", "revealed", "score"])


def downgrade() -> None:
    op.drop_table("plays")
    op.drop_table("published")
