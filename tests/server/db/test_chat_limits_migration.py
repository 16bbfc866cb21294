"""Migration 0008 (chat limits, guest names) comes on top of a database in use: every guest gets
the key its name is compared by, registered users none; and it goes back down."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_guests_get_their_name_key_and_the_migration_goes_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0006")
    with engine.begin() as connection:
        for user_id, name, login in ((1, "Ann Lee", "ann lee"), (2, "ＺＯＥ\u3000 Park", None),
                                     (3, "Bo", None)):
            connection.execute(sa.text(
                "INSERT INTO users (id, name, login, password_hash, created_at) "
                "VALUES (:id, :name, :login, NULL, :now)"),
                {"id": user_id, "name": name, "login": login, "now": time.time()})
    migrate_to(engine, "0008")
    with engine.connect() as connection:
        keys = connection.execute(sa.text("SELECT id, guest_key FROM users ORDER BY id")).all()
    assert [tuple(row) for row in keys] == [(1, None), (2, "zoe park"), (3, "bo")]
    migrate_to(engine, "0006", down=True)
    assert "guest_key" not in {column["name"] for column in sa.inspect(engine).get_columns("users")}
    engine.dispose()
