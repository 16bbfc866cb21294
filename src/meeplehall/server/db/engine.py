"""The database engine: SQLite (WAL) by default, PostgreSQL by URL; migrated on start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import sessionmaker

from meeplehall.server.db.files import prepare_sqlite_file, sqlite_file

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = sqlite_file(url)
        if path is not None:
            prepare_sqlite_file(path)  # 0600 before SQLite makes it 0644
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            # WAL lets readers run beside the writer; NORMAL sync keeps every committed
            # transaction through a process crash (fsync at checkpoints, not per commit).
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def _revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine) -> tuple[str | None, str | None]:
    """Bring the schema to the newest revision (creates it on first start); returns the
    revisions before and after (None: no schema yet)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        before = _revision(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        after = _revision(connection)
    return before, after


def schema_head() -> str:
    """The schema revision this code expects: the head of the shipped migrations."""
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None, "the package ships no migrations"
    return head


def make_sessionmaker(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)
