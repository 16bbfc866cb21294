"""Migration 0017 comes on top of a database in use: every user so far is a person, unrated
tables welcome agents and rated ones do not, agents' tokens and the ladder can be stored; it
goes back down leaving the earlier schema's data whole, and up again."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to

USERS = "SELECT id, name, login FROM users ORDER BY id"
TABLE = ("INSERT INTO tables (id, game, options, players, generator, seed_hex, seed, status,"
         " mode, visibility, rated, hints, spectator_chat, seq, created_at) VALUES (:id, 'yaxha',"
         " '{}', 2, 'blake2b', '00', 0, 'waiting', 'turn', 'public', :rated, false, true, 0, 0)")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_agents_go_up_on_a_used_database_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0016")
    with engine.begin() as connection:
        for user_id, name, login in ((1, "Ann", "ann"), (2, "Gus", None)):
            connection.execute(sa.text(
                "INSERT INTO users (id, name, login, password_hash, created_at) "
                "VALUES (:id, :name, :login, NULL, :now)"),
                {"id": user_id, "name": name, "login": login, "now": time.time()})
        connection.execute(sa.text(TABLE), {"id": 7, "rated": True})
        connection.execute(sa.text(TABLE), {"id": 8, "rated": False})
        before = connection.execute(sa.text(USERS)).all()
    migrate_to(engine, "0017")
    with engine.begin() as connection:
        assert connection.execute(sa.text(USERS)).all() == before
        assert connection.execute(sa.text(
            "SELECT kind, owner_id FROM users ORDER BY id")).all() == [("person", None)] * 2
        assert connection.execute(sa.text(
            "SELECT id, agents FROM tables ORDER BY id")).all() == [(7, False), (8, True)]
        connection.execute(sa.text(
            "INSERT INTO users (id, name, login, created_at, kind, owner_id) "
            "VALUES (3, 'Bot', 'bot', 0, 'agent', 1)"))
        connection.execute(sa.text(
            "INSERT INTO agent_tokens (agent_id, token_hash, created_at) VALUES (3, :h, 0)"),
            {"h": "a" * 64})
        with pytest.raises(sa.exc.IntegrityError), connection.begin_nested():
            connection.execute(sa.text(  # one token per agent, each hash once
                "INSERT INTO agent_tokens (agent_id, token_hash, created_at) VALUES (1, :h, 0)"),
                {"h": "a" * 64})
        connection.execute(sa.text(
            "INSERT INTO ladder_ratings (game, entrant, user_id, bot_level, mu, sigma, games) "
            "VALUES ('yaxha', 'agent:3', 3, NULL, 25, 8.3, 1)"))
    migrate_to(engine, "0016", down=True)
    inspector = sa.inspect(engine)
    assert not {"agent_tokens", "ladder_ratings"} & set(inspector.get_table_names())
    assert "agents" not in {column["name"] for column in inspector.get_columns("tables")}
    assert "kind" not in {column["name"] for column in inspector.get_columns("users")}
    with engine.connect() as connection:
        assert connection.execute(sa.text(USERS)).all()[:2] == before
    migrate_to(engine, "0017")  # and up again
    with engine.connect() as connection:
        assert connection.execute(sa.text(
            "SELECT kind, owner_id FROM users ORDER BY id")).all() == [("person", None)] * 3
    engine.dispose()
