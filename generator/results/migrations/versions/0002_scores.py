"""The score table: per published puzzle and score, how many counted plays, wins and medals
(issue 56). A play's standing and a day's histogram read these few rows instead of counting
the day's plays, so a post costs the same on the thousandth play of a day as on the first.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scores",
        sa.Column("city", sa.String(40), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("version", sa.String(40), primary_key=True),
        sa.Column("score", sa.Integer, primary_key=True),
        sa.Column("plays", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("gold", sa.Integer, nullable=False),
        sa.Column("silver", sa.Integer, nullable=False),
        sa.Column("bronze", sa.Integer, nullable=False),
    )
    # The plays counted so far, tallied once.
    op.execute(
        "INSERT INTO scores (city, day, kind, version, score, plays, won, gold, silver, bronze) "
        "SELECT city, day, kind, version, score, COUNT(*), "
        "SUM(CASE WHEN won THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN medal = 'gold' THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN medal = 'silver' THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN medal = 'bronze' THEN 1 ELSE 0 END) "
        "FROM plays WHERE NOT revealed GROUP BY city, day, kind, version, score"
    )


def downgrade() -> None:
    op.drop_table("scores")
