"""Alembic's migrations of the results database (run by `generator.results.store.Store` at start)."""
