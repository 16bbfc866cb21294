"""Alembic environment: run against the connection the server hands over."""

from __future__ import annotations

from alembic import context

from meeplehall.server.db.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("migrations run through meeplehall.server.db.engine.migrate()")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
