"""The store's tables come from Alembic's migrations, and they are the tables the code describes
(no drift between generator/results/migrations and store.metadata), on SQLite and PostgreSQL; the
per-score tally that answers standings and a day's figures agrees with the plays it counts."""

from __future__ import annotations

import datetime as dt

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, insert, inspect, select

from generator.browser.game import medal
from generator.results.store import (BIN, MEDALS, MIGRATIONS, Play, Store, database_url, metadata, plays_table)
from tests.results.conftest import DAY, fresh_database, pinned


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migrations_make_the_tables_the_code_describes(backend, tmp_path, request) -> None:
    """Opening a store twice migrates once to head; the schema equals store.metadata."""
    db = fresh_database(backend, tmp_path, request, "migrations")
    Store(db).close()
    store = Store(db)
    try:
        assert {"alembic_version", "plays", "published", "scores"} <= set(inspect(store.engine).get_table_names())
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    finally:
        store.close()


def _plays(count: int) -> list[Play]:
    """Plays of the pinned daily with spread scores: some revealed, some repeated by their player."""
    published, plan = pinned("daily")
    made = []
    for n in range(count):
        score = 60 + (n * 37) % 90
        won = score >= published.target
        made.append(Play("antwerpen", DAY, "daily", published.version, f"player-{n % (count - 7):04d}", plan, score,
                         won, medal(score, published.target, published.par, won), revealed=n % 11 == 3))
    return made


def _counted_by_hand(store: Store) -> list[Play]:
    fields = Play.__dataclass_fields__
    with store.engine.connect() as db:
        rows = db.execute(select(*(getattr(plays_table.c, f) for f in fields))).mappings().all()
    return [Play(**row) for row in rows if not row["revealed"]]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_score_tally_agrees_with_a_count_of_the_plays(backend, tmp_path, request) -> None:
    """Each standing and the day's figures, read from the per-score tally, equal a count over the
    stored plays (revealed plays and a player's second play left out)."""
    store = Store(fresh_database(backend, tmp_path, request, "tally"))
    published = pinned("daily")[0]
    store.add_published(published)
    try:
        for play in _plays(60):
            created, first, standing = store.record(play)
            counted = _counted_by_hand(store)
            assert standing == {
                "place": 1 + sum(p.score > first.score for p in counted),
                "percentile": round(100 * sum(p.score < first.score for p in counted) / len(counted)) if counted else 0,
                "played": len(counted),
                "won": sum(p.won for p in counted),
            }
        counted = _counted_by_hand(store)
        figures = store.day(published)
        assert (figures["plays"], figures["won"]) == (len(counted), sum(p.won for p in counted))
        assert figures["medals"] == {m: sum(p.medal == m for p in counted) for m in MEDALS}
        assert {(b["from"], b["plays"]) for b in figures["histogram"]} == {
            (low, sum(p.score // BIN * BIN == low for p in counted)) for low in {p.score // BIN * BIN for p in counted}}
        assert 40 < len(counted) < 60  # the mix did leave plays out
    finally:
        store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_score_migration_tallies_the_plays_already_stored(backend, tmp_path, request) -> None:
    """A database made before the tally (revision 0001) gets one when opened: the same figures as
    a database that had it from the start."""
    old = fresh_database(backend, tmp_path, request, "before")
    engine = create_engine(database_url(old))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    published = pinned("daily")[0]
    plays = _plays(40)
    with engine.begin() as connection:
        seen = set()
        for play in plays:
            if play.player not in seen:
                seen.add(play.player)
                connection.execute(insert(plays_table).values(**vars(play), received=dt.datetime(2026, 12, 14, 9)))
    engine.dispose()
    fresh = Store(fresh_database(backend, tmp_path, request, "after"))
    migrated = Store(old)
    try:
        for play in plays:
            fresh.record(play)
        for store in (fresh, migrated):
            store.add_published(published)
        assert migrated.day(published) == fresh.day(published)
        assert migrated.day(published)["plays"] > 0
    finally:
        fresh.close()
        migrated.close()
