"""Migration 0013 comes on top of a database in use: users keep their rows and start with their
history public, rating changes can be stored (and go with their table), and it goes back down
leaving the earlier schema whole."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to

USERS = "SELECT id, name, login FROM users ORDER BY id"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_people_records_go_up_on_a_used_database_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0010")
    with engine.begin() as connection:
        for user_id, name, login in ((1, "Ann", "ann"), (2, "Gus", None)):
            connection.execute(sa.text(
                "INSERT INTO users (id, name, login, password_hash, created_at) "
                "VALUES (:id, :name, :login, NULL, :now)"),
                {"id": user_id, "name": name, "login": login, "now": time.time()})
        connection.execute(sa.text(
            "INSERT INTO tables (id, game, options, players, generator, seed_hex, seed, status,"
            " mode, visibility, rated, hints, spectator_chat, seq, created_at) VALUES (7, 'yaxha',"
            " '{}', 2, 'blake2b', '00', 0, 'finished', 'turn', 'public', true, false, true, 0,"
            " 0)"))
        before = connection.execute(sa.text(USERS)).all()
    migrate_to(engine, "0013")
    with engine.begin() as connection:
        assert connection.execute(sa.text(USERS)).all() == before
        assert connection.execute(sa.text(
            "SELECT history_private FROM users ORDER BY id")).scalars().all() == [False, False]
        connection.execute(sa.text(
            "INSERT INTO rating_changes (table_id, user_id, game, mu_before, sigma_before, mu,"
            " sigma, games, at) VALUES (7, 1, 'yaxha', 25, 8.3, 27, 7.9, 1, 0)"))
        with pytest.raises(sa.exc.IntegrityError), connection.begin_nested():
            connection.execute(sa.text(  # a change needs its table
                "INSERT INTO rating_changes (table_id, user_id, game, mu_before, sigma_before,"
                " mu, sigma, games, at) VALUES (8, 1, 'yaxha', 25, 8.3, 27, 7.9, 1, 0)"))
    indexes = {index["name"] for index in sa.inspect(engine).get_indexes("rating_changes")}
    assert {"ix_rating_changes_user_game", "ix_rating_changes_table_id"} <= indexes
    migrate_to(engine, "0010", down=True)
    inspector = sa.inspect(engine)
    assert "rating_changes" not in inspector.get_table_names()
    assert "history_private" not in {column["name"] for column in inspector.get_columns("users")}
    with engine.connect() as connection:
        assert connection.execute(sa.text(USERS)).all() == before
    engine.dispose()
