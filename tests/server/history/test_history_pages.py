"""A history's pages (``offset``, ``limit``) read only their games from the database, and put
together they are the whole history, in its order, with a result filter too."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from meeplehall.server.db.engine import make_engine, migrate
from meeplehall.server.db.models import Seat, Table, User
from meeplehall.server.history import records
from meeplehall.server.history.records import Filters, history


def hall(path: Path) -> Session:
    """Two people and seven finished tables between them, the first won by each in turn."""
    engine = make_engine(f"sqlite:///{path / 'meeplehall.db'}")
    migrate(engine)
    session = Session(engine)
    session.add_all([User(id=user_id, name=f"p{user_id}", login=f"p{user_id}", created_at=0)
                     for user_id in (1, 2)])
    session.flush()
    for table_id in range(1, 8):
        first = table_id % 2
        session.add(Table(
            id=table_id, game="yaxha", options={}, players=2, generator="blake2b",
            seed_hex="00", status="finished", mode="turn", visibility="public", rated=False,
            hints=False, seq=0, created_at=0, finished_at=float(table_id),
            result={"ranks": [2 - first, 1 + first], "scores": [10, 20],
                    "winners": [1 - first]}))
        session.flush()
        session.add_all([Seat(table_id=table_id, seat=0, user_id=1),
                         Seat(table_id=table_id, seat=1, user_id=2)])
    session.commit()
    return session


def test_pages_put_together_are_the_whole_history(tmp_path: Path) -> None:
    session = hall(tmp_path)
    whole = [entry["table"] for entry in history(session, 1, None)]
    assert whole == [7, 6, 5, 4, 3, 2, 1]
    pages = [[entry["table"] for entry in history(session, 1, None, offset=offset, limit=3)]
             for offset in (0, 3, 6, 9)]
    assert pages == [[7, 6, 5], [4, 3, 2], [1], []]
    won = [entry["table"] for entry in history(session, 1, None, Filters(result="win"))]
    assert won == [7, 5, 3, 1]
    assert [entry["table"] for entry in history(session, 1, None, Filters(result="win"),
                                                offset=1, limit=2)] == [5, 3]
    session.close()


def test_only_the_newest_scanned_games_are_paged(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    session = hall(tmp_path)
    monkeypatch.setattr(records, "SCANNED", 4)
    assert [entry["table"] for entry in history(session, 1, None, offset=2, limit=5)] == [5, 4]
    assert history(session, 1, None, offset=4, limit=5) == []
    session.close()
