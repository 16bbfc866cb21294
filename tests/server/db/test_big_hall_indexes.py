"""Migration 0018's indexes: it goes up on a database in use and back down, and the queries of
the lobby's lists, a player's history and a leaderboard read them instead of their whole
tables (their plans say so: SQLite's, and PostgreSQL's when a sequential scan is not cheaper
anyway, as it is on a test's tiny tables)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from meeplehall.server.db.engine import make_engine, migrate
from meeplehall.server.history.records import history
from meeplehall.server.play.lobbytables import newest_page
from tests.server.db.migrating import migrate_to

NEW = {("tables", "ix_tables_status_visibility"), ("seats", "ix_seats_user_table"),
       ("ratings", "ix_ratings_game")}


def index_names(engine: sa.Engine) -> set[tuple[str, str]]:
    inspector = sa.inspect(engine)
    return {(table, index["name"]) for table in ("tables", "seats", "ratings")
            for index in inspector.get_indexes(table)}


def add_hall(connection: sa.Connection) -> None:
    """Two people, one finished table of theirs, a rating."""
    for user_id in (1, 2):
        connection.execute(sa.text(
            "INSERT INTO users (id, name, login, created_at, public_id) "
            "VALUES (:id, :name, :name, 0, :public)"),
            {"id": user_id, "name": f"p{user_id}", "public": f"public{user_id:06d}"})
    connection.execute(sa.text(
        "INSERT INTO tables (id, game, options, players, generator, seed_hex, seed, status, mode,"
        " visibility, rated, hints, spectator_chat, seq, created_at, finished_at) VALUES (7,"
        " 'yaxha', '{}', 2, 'blake2b', '00', 0, 'finished', 'turn', 'public', false, false,"
        " true, 0, 0, :now)"), {"now": time.time()})
    for seat in (0, 1):
        connection.execute(sa.text(
            "INSERT INTO seats (table_id, seat, user_id) VALUES (7, :seat, :user)"),
            {"seat": seat, "user": seat + 1})
    connection.execute(sa.text(
        "INSERT INTO ratings (user_id, game, mu, sigma, games) VALUES (1, 'yaxha', 25, 8, 1)"))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_indexes_go_up_on_a_used_database_and_back_down(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0017")
    with engine.begin() as connection:
        add_hall(connection)
    assert not NEW & index_names(engine)
    assert ("seats", "ix_seats_user_id") in index_names(engine)
    migrate_to(engine, "0018")
    assert index_names(engine) >= NEW
    # The new seats index starts with the person: the old one on the person alone is gone.
    assert ("seats", "ix_seats_user_id") not in index_names(engine)
    with engine.connect() as connection:
        assert connection.execute(sa.text(
            "SELECT table_id FROM seats WHERE user_id = 2")).scalars().all() == [7]
    migrate_to(engine, "0017", down=True)
    assert not NEW & index_names(engine)
    assert ("seats", "ix_seats_user_id") in index_names(engine)
    engine.dispose()


@contextmanager
def statements(engine: sa.Engine) -> Iterator[list[tuple[str, Any]]]:
    """The SELECTs ``engine`` runs meanwhile, with their parameters."""
    seen: list[tuple[str, Any]] = []

    def grab(_connection: Any, _cursor: Any, statement: str, parameters: Any, _context: Any,
             _many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    sa.event.listen(engine, "before_cursor_execute", grab)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", grab)


def plan(connection: sa.Connection, statement: str, parameters: Any) -> str:
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    if connection.dialect.name == "sqlite":
        cursor.execute("EXPLAIN QUERY PLAN " + statement, parameters)
        return "\n".join(row[3] for row in cursor.fetchall())
    cursor.execute("EXPLAIN " + statement, parameters)
    return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_lists_histories_and_leaderboards_read_their_indexes(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate(engine)
    with engine.begin() as connection:
        add_hall(connection)
    with statements(engine) as seen, Session(engine) as session:
        assert [table.id for table in newest_page(session, "finished", None, 1, 100)] == [7]
        assert [entry["table"] for entry in history(session, 2, None)] == [7]
    [page_ids] = [(sql, args) for sql, args in seen
                  if sql.lstrip().startswith("SELECT tables.id \nFROM tables")
                  and "seats" not in sql]
    [person_tables] = [(sql, args) for sql, args in seen
                       if sql.lstrip().startswith("SELECT tables.id \nFROM tables")
                       and "FROM seats \nWHERE seats.user_id" in sql]
    leaderboard = ("SELECT user_id FROM ratings WHERE game = 'yaxha' "
                   "ORDER BY mu - 3 * sigma DESC", {})
    with engine.connect() as connection:
        if backend == "postgresql":
            # A test's tables fit in a page, where reading them whole is cheapest.
            connection.execute(sa.text("SET enable_seqscan = off"))
        page_plan = plan(connection, *page_ids)
        history_plan = plan(connection, *person_tables)
        leaderboard_plan = plan(connection, *leaderboard)
    if backend == "sqlite":
        # The page's ids in the index's order: no table row read, nothing sorted.
        assert "USING COVERING INDEX ix_tables_status_visibility" in page_plan, page_plan
        assert "TEMP B-TREE" not in page_plan, page_plan
        assert "SEARCH seats USING COVERING INDEX ix_seats_user_table" in history_plan, \
            history_plan
        assert "USING INDEX ix_ratings_game" in leaderboard_plan, leaderboard_plan
    else:
        assert "ix_tables_status_visibility" in page_plan and "Sort" not in page_plan, page_plan
        assert "on ix_seats_user_table" in history_plan, history_plan
        assert "Seq Scan" not in history_plan, history_plan
        assert "ix_ratings_game" in leaderboard_plan, leaderboard_plan
    engine.dispose()
