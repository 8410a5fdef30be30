"""The store's tables come from Alembic's migrations, and they are the tables the code describes
(no drift between generator/results/migrations and store.metadata), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from generator.results.store import Store, metadata
from tests.results.conftest import fresh_postgres


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migrations_make_the_tables_the_code_describes(backend, tmp_path, request) -> None:
    """Opening a store twice migrates once to head; the schema equals store.metadata."""
    if backend == "sqlite":
        db = str(tmp_path / "results.sqlite")
    else:
        db = fresh_postgres(request.getfixturevalue("postgres"), "migrations")
    Store(db).close()
    store = Store(db)
    try:
        assert {"alembic_version", "plays", "published"} <= set(inspect(store.engine).get_table_names())
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    finally:
        store.close()
