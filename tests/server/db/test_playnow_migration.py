"""Migration 0012 adds the Play now queue and the tournaments' tables on a database in use and
goes back down leaving the earlier schema whole; a person has one place in the queue at most."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.server.db.engine import make_engine
from tests.server.db.migrating import migrate_to

NEW = {"queue_entries", "tournaments", "tournament_entrants", "tournament_rounds"}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_playnow_tables_go_up_on_a_used_database_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0010")
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO users (id, name, login, password_hash, created_at) "
            "VALUES (1, 'Ann', 'ann', NULL, :now)"), {"now": time.time()})
    assert not NEW & set(sa.inspect(engine).get_table_names())
    migrate_to(engine, "0012")
    assert set(sa.inspect(engine).get_table_names()) >= NEW
    entry = ("INSERT INTO queue_entries (user_id, game, sizes, mode, rated, rating, joined_at, "
             "seen_at) VALUES (1, 'yaxha', '[2]', 'live', false, 0, 0, 0)")
    with engine.begin() as connection:
        connection.execute(sa.text(entry))
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as connection:
        connection.execute(sa.text(entry))
    migrate_to(engine, "0010", down=True)
    assert not NEW & set(sa.inspect(engine).get_table_names())
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT name FROM users")).scalar_one() == "Ann"
    engine.dispose()
