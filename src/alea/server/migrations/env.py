"""Alembic environment: migrations run on the connection the application hands over."""

from __future__ import annotations

from alembic import context

from alea.server.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("alea's migrations run through alea.server.store.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
