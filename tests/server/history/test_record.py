"""A profile's record (``records.record``) reads only what it counts, and counts exactly what
``summary`` counts of the whole history: for every kind of viewer, with hot-seat, practice,
private and unfinished tables among the person's, and under the ``SCANNED`` cap."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from bench.big_hall_fill import play
from sqlalchemy.orm import Session

from meeplehall.server.db.engine import make_engine, migrate
from meeplehall.server.db.models import Seat, Table, User
from meeplehall.server.history import records
from meeplehall.server.history.records import history, record, summary

PERSON, FRIEND, STRANGER = 1, 2, 3


def finished_result(game_name: str, seed: int) -> dict[str, Any]:
    """The result of a real two-player match played to its end with random legal moves."""
    return play(game_name, 2, random.Random(seed)).result


def hall(path: Path) -> Session:
    """The person's tables, each against the friend or the stranger (or themself):

    1-6   public, finished, Yaxha and Pyramido, from either seat;
    7     hot-seat (both seats theirs); 8: a practice table ("play from here");
    9     private, with the friend; 10: private, with the stranger;
    11    still in play (no result counted).
    """
    engine = make_engine(f"sqlite:///{path / 'meeplehall.db'}")
    migrate(engine)
    session = Session(engine)
    session.add_all([User(id=user_id, name=f"p{user_id}", login=f"p{user_id}", created_at=0)
                     for user_id in (PERSON, FRIEND, STRANGER)])
    session.flush()
    results = {game: [finished_result(game, seed) for seed in range(3)]
               for game in ("yaxha", "pyramido")}
    for table_id in range(1, 12):
        game = ("yaxha", "pyramido")[table_id % 2]
        result = results[game][table_id % 3]
        other = STRANGER if table_id in (3, 10) else FRIEND
        seats = {7: (PERSON, PERSON)}.get(table_id, (PERSON, other) if table_id % 3
                                          else (other, PERSON))
        session.add(Table(
            id=table_id, game=game, options={}, players=2, generator="blake2b",
            seed_hex="00", status="playing" if table_id == 11 else "finished", mode="turn",
            visibility="private" if table_id in (9, 10) else "public", rated=False,
            hints=False, seq=0, created_at=0, finished_at=float(table_id),
            result=None if table_id == 11 else result,
            origin_table_id=1 if table_id == 8 else None,
            origin_step=3 if table_id == 8 else None))
        session.flush()
        session.add_all([Seat(table_id=table_id, seat=seat, user_id=user)
                         for seat, user in enumerate(seats)])
    session.commit()
    return session


@pytest.mark.parametrize("viewer", [None, PERSON, FRIEND, STRANGER])
def test_the_record_counts_what_the_whole_history_counts(tmp_path: Path,
                                                         viewer: int | None) -> None:
    session = hall(tmp_path)
    counted = record(session, PERSON, viewer)
    assert counted == summary(history(session, PERSON, viewer))
    games = {row["game"]: row["games"] for row in counted}
    # Tables 1-6 count, 9 only for those who sat at it (10 likewise); 7, 8 and 11 never.
    seen = {None: 6, PERSON: 8, FRIEND: 7, STRANGER: 7}[viewer]
    assert sum(games.values()) == seen
    assert all(row["statistics"] for row in counted)
    session.close()


def test_the_record_counts_only_the_newest_scanned_tables(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    session = hall(tmp_path)
    monkeypatch.setattr(records, "SCANNED", 4)
    for viewer in (None, PERSON):
        assert record(session, PERSON, viewer) == summary(history(session, PERSON, viewer))
    # The newest four the person sees: 10 and 9 (private, theirs), 8 (practice), 7 (hot-seat).
    assert sum(row["games"] for row in record(session, PERSON, PERSON)) == 2
    # A stranger's newest four: 8 and 7, which count for nothing, then 6 and 5.
    assert sum(row["games"] for row in record(session, PERSON, None)) == 2
    monkeypatch.setattr(records, "SCANNED", 2)
    assert record(session, PERSON, None) == []
    session.close()
