"""Where plays and published puzzles are kept: SQLAlchemy 2 over SQLite (one file, WAL, synchronous
FULL) or PostgreSQL (psycopg 3).

A play is committed before the server answers 201, so an acknowledged play survives a crash of
the server (SQLite's FULL synchronous mode syncs the write-ahead log at each commit; PostgreSQL
syncs its log by default). No address, name or account is stored: a play carries the page's
random player id, the plan and what the engine made of it. Beside the plays, their tally by score
(`scores`, written in the play's own transaction) answers standings and a day's figures.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from sqlalchemy import (Boolean, Column, Date, DateTime, Index, Integer, MetaData, String, Table, Text, UniqueConstraint,
                        create_engine, event, insert, select)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, IntegrityError

from generator.errors import UsageError, shown
from generator.results.published import Published

metadata = MetaData()

PUZZLE = ("city", "day", "kind", "version")  # what names a published puzzle in every table


def puzzle_columns(primary_key: bool) -> list[Column]:
    return [Column("city", String(40), primary_key=primary_key, nullable=False),
            Column("day", Date, primary_key=primary_key, nullable=False),
            Column("kind", String(8), primary_key=primary_key, nullable=False),
            Column("version", String(40), primary_key=primary_key, nullable=False)]


published_table = Table(
    "published", metadata,
    *puzzle_columns(primary_key=True),
    Column("code", String(400), nullable=False, index=True),
    Column("par", Integer, nullable=False),
    Column("target", Integer, nullable=False),
)

plays_table = Table(
    "plays", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    *puzzle_columns(primary_key=False),
    Column("player", String(64), nullable=False),
    Column("plan", Text, nullable=False),
    Column("score", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("medal", String(8)),
    Column("revealed", Boolean, nullable=False),  # made after the answer key was opened: stored, not counted
    Column("received", DateTime, nullable=False),
    UniqueConstraint(*PUZZLE, "player", name="one_play_per_player"),
    Index("plays_by_score", *PUZZLE, "revealed", "score"),
)

MEDALS = ("gold", "silver", "bronze")
BIN = 5  # the histogram's bins: 0-4, 5-9, …

# Per published puzzle and score, the counted plays' tally, kept in the same transaction as the
# play: a standing and a day's figures read these rows (a few dozen scores a day), not the plays.
scores_table = Table(
    "scores", metadata,
    *puzzle_columns(primary_key=True),
    Column("score", Integer, primary_key=True),
    Column("plays", Integer, nullable=False),
    Column("won", Integer, nullable=False),
    *(Column(m, Integer, nullable=False) for m in MEDALS),
)


@dataclass(frozen=True)
class Play:
    city: str
    day: dt.date
    kind: str
    version: str
    player: str
    plan: str
    score: int
    won: bool
    medal: str | None
    revealed: bool


def database_url(text: str) -> str:
    """The SQLAlchemy URL of `--db`: a PostgreSQL address (postgresql://…), else a SQLite file."""
    if text.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" in text:
        raise UsageError(f"--db {shown(text)}: give a SQLite file name or a postgresql://… address")
    return f"sqlite+pysqlite:///{Path(text).resolve()}"


MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def migrate(engine: Engine) -> None:
    """Bring the database's tables to the newest of Alembic's migrations (generator/results/migrations)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The database, its tables migrated to the newest revision when opened."""

    def __init__(self, db: str) -> None:
        url = database_url(db)
        try:
            if url.startswith("sqlite"):
                self.engine = create_engine(url, connect_args={"timeout": 30})
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
        except ArgumentError as error:
            raise UsageError(f"--db {shown(db)} is not a database address SQLAlchemy reads: {error}") from None
        on_sqlite = self.engine.dialect.name == "sqlite"
        self._insert = sqlite.insert if on_sqlite else postgresql.insert  # both say ON CONFLICT … DO UPDATE
        # SQLite lets one writer in at a time and makes the others sleep and retry (1, 2, 5, 10 ms…):
        # the threads of one process queue on a lock instead, which keeps a busy minute's latency flat.
        self._writing = threading.Lock() if on_sqlite else contextlib.nullcontext()
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # Published puzzles

    def published(self, city: str, day: dt.date, kind: str, version: str) -> Published | None:
        with self.engine.connect() as db:
            row = db.execute(select(published_table).where(
                published_table.c.city == city, published_table.c.day == day, published_table.c.kind == kind,
                published_table.c.version == version)).mappings().first()
        return Published(**row) if row else None

    def by_code(self, code: str, versions: tuple[str, ...]) -> Published | None:
        with self.engine.connect() as db:
            row = db.execute(select(published_table).where(
                published_table.c.code == code, published_table.c.version.in_(versions))).mappings().first()
        return Published(**row) if row else None

    def add_published(self, published: Published) -> None:
        """Keep a published puzzle (another process may have kept the same one first: it is equal)."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(published_table).values(**vars(published)))
        except IntegrityError:
            pass

    # Plays

    def record(self, play: Play) -> tuple[bool, Play, dict]:
        """Store `play` when it is the player's first of its puzzle: (True, play, its standing);
        otherwise (False, the first one, its standing), storing nothing. The play and its score's
        tally are committed together before this returns."""
        c = plays_table.c
        try:
            with self._writing, self.engine.begin() as db:
                db.execute(insert(plays_table).values(**vars(play), received=dt.datetime.now(dt.UTC).replace(tzinfo=None)))
                if not play.revealed:
                    db.execute(self._tally(play))
                return True, play, _standing(self._scores(db, play), play.score)
        except IntegrityError:
            pass
        with self.engine.connect() as db:
            row = db.execute(select(*(getattr(c, name) for name in Play.__dataclass_fields__)).where(
                c.city == play.city, c.day == play.day, c.kind == play.kind, c.version == play.version,
                c.player == play.player)).mappings().one()
            first = Play(**row)
            return False, first, _standing(self._scores(db, first), first.score)

    def _tally(self, play: Play):
        """The statement that adds `play` to its score's row of the tally (made on its first play)."""
        added = dict(plays=1, won=int(play.won), **{m: int(play.medal == m) for m in MEDALS})
        s = scores_table.c
        statement = self._insert(scores_table).values(**{k: getattr(play, k) for k in PUZZLE}, score=play.score, **added)
        return statement.on_conflict_do_update(
            index_elements=[*PUZZLE, "score"],
            set_={name: getattr(s, name) + statement.excluded[name] for name in added})

    def _scores(self, db, puzzle) -> list:
        """The tally of `puzzle`'s counted plays (anything with city, day, kind and version), by score."""
        s = scores_table.c
        return db.execute(select(s.score, s.plays, s.won, *(getattr(s, m) for m in MEDALS)).where(
            *(getattr(s, k) == getattr(puzzle, k) for k in PUZZLE))).all()

    def day(self, published: Published) -> dict:
        """A day's figures: plays, win share, medals, a histogram of scores in bins of BIN."""
        with self.engine.connect() as db:
            per_score = self._scores(db, published)
        bins: dict[int, int] = {}
        plays = won = 0
        medals = dict.fromkeys(MEDALS, 0)
        for score, count, wins, *medal_counts in per_score:
            bins[(score // BIN) * BIN] = bins.get((score // BIN) * BIN, 0) + count
            plays += count
            won += wins
            for m, n in zip(MEDALS, medal_counts):
                medals[m] += n
        return {
            "city": published.city, "date": published.day.isoformat(), "kind": published.kind,
            "code": published.code, "par": published.par, "target": published.target,
            "plays": plays, "won": won, "win_share": round(won / plays, 4) if plays else 0.0,
            "medals": medals,
            "histogram": [{"from": low, "to": low + BIN - 1, "plays": bins[low]} for low in sorted(bins)],
        }

    def export(self, first: dt.date | None, last: dt.date | None) -> Iterator[dict]:
        """Every counted play from `first` to `last` (each optional), by date, city, kind, arrival."""
        c = plays_table.c
        query = select(c.day, c.city, c.kind, c.version, c.score, c.won, c.medal, c.plan, c.received).where(
            c.revealed.is_(False))
        if first is not None:
            query = query.where(c.day >= first)
        if last is not None:
            query = query.where(c.day <= last)
        with self.engine.connect() as db:
            yield from db.execute(query.order_by(c.day, c.city, c.kind, c.id)).mappings()

    def rows(self) -> dict[str, list[tuple]]:
        """Every row of every table (for tests: a refused request leaves them as they were)."""
        with self.engine.connect() as db:
            return {t.name: sorted((tuple(r) for r in db.execute(select(t)).all()), key=repr) for t in metadata.sorted_tables}


def _standing(scores: list, score: int) -> dict:
    """Where `score` stands among a puzzle's counted plays, from its tally by score."""
    played = sum(row.plays for row in scores)
    above = sum(row.plays for row in scores if row.score > score)
    below = sum(row.plays for row in scores if row.score < score)
    return {
        "place": above + 1,
        "percentile": round(100 * below / played) if played else 0,  # "better than N % of the players"
        "played": played,
        "won": sum(row.won for row in scores),
    }


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()
