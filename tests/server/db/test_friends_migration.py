"""Migration 0004 (friends, notifications, e-mail) comes on top of a database in use, makes one
link-signing key per database, and goes back down leaving the earlier schema whole."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to

FRIENDS_TABLES = {"server_keys", "contacts", "friend_requests", "friendships", "notifications",
                  "mail_sent"}


def _key(engine: sa.Engine) -> str:
    with engine.connect() as connection:
        value = connection.execute(
            sa.text("SELECT value FROM server_keys WHERE name = 'mail_links'")).scalar_one()
        return str(value)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_friends_migration_goes_up_on_a_used_database_with_its_own_key_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0003")
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO users (id, name, login, password_hash, created_at) "
            "VALUES (1, 'Ann', 'ann', NULL, :now)"), {"now": time.time()})
    migrate_to(engine, "0004")
    first = _key(engine)
    assert len(first) == 64
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO contacts (user_id, email, verified, opt_in, lang) "
            "VALUES (1, 'ann@example.org', true, true, 'ja')"))
    migrate_to(engine, "0003", down=True)
    assert FRIENDS_TABLES.isdisjoint(sa.inspect(engine).get_table_names())
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT name FROM users")).scalars().all() == ["Ann"]
    migrate_to(engine, "0004")
    assert _key(engine) != first  # a fresh database key each time the revision is applied
    engine.dispose()
