"""Alembic's environment: the store hands it an open connection (config.attributes), so there is
no alembic.ini and no URL here."""

from alembic import context

from generator.results.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
