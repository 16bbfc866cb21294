"""Migration 0009 comes on top of a database in use: every registered user gets a public
profile id of their own and guests none, friend requests keep their rows (their addressee no
longer a foreign key), and it goes back down leaving the earlier schema whole."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.accounts.profiles import is_public_id
from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to

REQUESTS = "SELECT from_id, to_key, to_name, to_id FROM friend_requests ORDER BY id"


def _to_id_keys(engine: sa.Engine) -> list[object]:
    return [key for key in sa.inspect(engine).get_foreign_keys("friend_requests")
            if key["constrained_columns"] == ["to_id"]]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_public_ids_go_up_on_a_used_database_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0006")
    with engine.begin() as connection:
        for user_id, name, login in ((1, "Ann", "ann"), (2, "Bob", "bob"), (3, "Gus", None)):
            connection.execute(sa.text(
                "INSERT INTO users (id, name, login, password_hash, created_at) "
                "VALUES (:id, :name, :login, NULL, :now)"),
                {"id": user_id, "name": name, "login": login, "now": time.time()})
        connection.execute(sa.text(
            "INSERT INTO friend_requests (id, from_id, to_key, to_name, to_id, created_at) "
            "VALUES (1, 1, 'bob', 'Bob', 2, 0), (2, 1, 'nobody', 'Nobody', NULL, 0)"))
        before = connection.execute(sa.text(REQUESTS)).all()
    assert _to_id_keys(engine)
    migrate_to(engine, "0009")
    with engine.connect() as connection:
        ids = dict(connection.execute(sa.text("SELECT login, public_id FROM users")).all())
        assert connection.execute(sa.text(REQUESTS)).all() == before
    assert ids[None] is None  # the guest
    assert is_public_id(ids["ann"]) and is_public_id(ids["bob"]) and ids["ann"] != ids["bob"]
    assert _to_id_keys(engine) == []
    indexes = {index["name"] for index in sa.inspect(engine).get_indexes("friend_requests")}
    assert {"ix_friend_requests_from_id", "ix_friend_requests_to_id"} <= indexes
    migrate_to(engine, "0006", down=True)
    columns = {column["name"] for column in sa.inspect(engine).get_columns("users")}
    assert "public_id" not in columns
    assert _to_id_keys(engine)
    with engine.connect() as connection:
        assert connection.execute(sa.text(REQUESTS)).all() == before
    engine.dispose()
