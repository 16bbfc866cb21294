"""The shipped migrations build exactly the schema the models describe, on SQLite and
PostgreSQL; running them again changes nothing; the action log refuses a second row for one
(table, seq)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.db.models import ActionRow, Base, Table


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_migrations_build_the_models_schema_and_the_log_key_is_unique(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate(engine)
    migrate(engine)  # a second start finds nothing to do
    with engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, Base.metadata) == []
        if backend == "sqlite":
            mode = connection.execute(sa.text("PRAGMA journal_mode")).scalar()
            assert mode == "wal"
    sessions = make_sessionmaker(engine)
    with sessions() as session, session.begin():
        table = Table(game="yaxha", options={}, players=2, generator="blake2b",
                      seed_hex="01" * 16, status="playing",
                      mode="live", visibility="public", rated=False, hints=False, seq=0,
                      created_at=time.time())
        session.add(table)
        session.flush()
        table_id = table.id
        session.add(ActionRow(table_id=table_id, seq=1, seat=0, action={}, bot=False,
                              created_at=time.time()))
    with pytest.raises(IntegrityError), sessions() as session, session.begin():
        session.add(ActionRow(table_id=table_id, seq=1, seat=1, action={}, bot=False,
                              created_at=time.time()))
    engine.dispose()
