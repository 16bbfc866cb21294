"""Ratings beyond one two-player game: ties, three and four players, seats that left or timed
out (they keep their final rank), a second game on top of the first, and tables that are not
rated (a guest or a bot among the seats).

Expected values come from openskill's own Plackett-Luce model called directly with the ranks
each case should have, never from the server's wrapper.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from meeplehall.core.rng import Seed
from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.db.models import Rating, RatingChange, Table, User
from meeplehall.server.history.results import rate
from meeplehall.server.play.clocks import ClockRules, SeatState
from meeplehall.server.play.store import TableRecord

GAME = "pyramido"
FRESH = PlackettLuce().rating()


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(
    request: pytest.FixtureRequest, database_factory: Callable[[str], tuple[str, object]],
) -> Iterator[sessionmaker[Session]]:
    url, _data_dir = database_factory(request.param)
    engine = make_engine(url)
    migrate(engine)
    yield make_sessionmaker(engine)
    engine.dispose()


def people(sessions: sessionmaker[Session], count: int, registered: bool = True) -> list[int]:
    with sessions() as session, session.begin():
        users = [User(name=f"u{i}", login=f"u{time.time_ns()}x{i}" if registered else None,
                      password_hash=None, created_at=time.time()) for i in range(count)]
        session.add_all(users)
        session.flush()
        return [user.id for user in users]


def record(users: list[int | None], replaced: list[str | None] | None = None,
           bots: list[int | None] | None = None) -> TableRecord:
    replaced = replaced or [None] * len(users)
    bots = bots or [None] * len(users)
    seats = [SeatState(user_id=u, bot_level=b, replaced=r, clock_ms=None, running_since=None)
             for u, r, b in zip(users, replaced, bots, strict=True)]
    return TableRecord(id=1, game=GAME, options={}, players=len(users), seed=Seed(1),
                       status="playing", rules=ClockRules("turn", None, None, 3_600_000),
                       hints=False, rated=True, visibility="public", invite_token=None,
                       seats=seats, actions=[])


def rate_table(sessions: sessionmaker[Session], table: TableRecord, ranks: list[int]) -> int:
    """Rate ``table`` as a finished table of its own (its rating changes point at it)."""
    with sessions() as session, session.begin():
        row = Table(game=GAME, options={}, players=table.players, generator="hmac",
                    seed_hex="00", status="finished", mode="turn", visibility="public",
                    rated=True, hints=False, created_at=time.time())
        session.add(row)
        session.flush()
        rate(session, table, {"ranks": ranks}, row.id, time.time())
        return row.id


def stored(sessions: sessionmaker[Session], users: list[int]) -> list[tuple[float, float, int]]:
    with sessions() as session:
        rows = [session.get(Rating, (user, GAME)) for user in users]
        return [(r.mu, r.sigma, r.games) if r else (FRESH.mu, FRESH.sigma, 0) for r in rows]


def expected(before: list[tuple[float, float, Any]], ranks: list[int]) -> list[tuple[float, float]]:
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in before]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


def check(sessions: sessionmaker[Session], users: list[int], ranks: list[int],
          replaced: list[str | None] | None = None) -> list[tuple[float, float, int]]:
    before = stored(sessions, users)
    rate_table(sessions, record(list(users), replaced), ranks)
    after = stored(sessions, users)
    want = expected(before, ranks)
    for (mu, sigma, games), (want_mu, want_sigma), (_, _, games_before) in zip(
        after, want, before, strict=True
    ):
        assert mu == pytest.approx(want_mu, abs=1e-9)
        assert sigma == pytest.approx(want_sigma, abs=1e-9)
        assert games == games_before + 1
    return after


def test_a_two_player_tie_moves_equal_players_alike(sessions: sessionmaker[Session]) -> None:
    users = people(sessions, 2)
    after = check(sessions, users, [1, 1])
    # Equal players who tie stay equal to each other, and become surer.
    assert after[0][:2] == pytest.approx(after[1][:2])
    assert after[0][1] < FRESH.sigma


def test_three_and_four_players_with_ties_rank_everyone(sessions: sessionmaker[Session]) -> None:
    users = people(sessions, 4)
    after = check(sessions, users[:3], [2, 1, 3])
    mus = [mu for mu, _, _ in after]
    assert mus[1] > mus[0] > mus[2]  # the winner gains most, the last loses most
    # A second game, four players, two tied first: built on the first game's ratings.
    after = check(sessions, users, [1, 3, 1, 4])
    assert [games for _, _, games in after] == [2, 2, 2, 1]


def test_seats_that_left_or_timed_out_count_with_their_final_rank(
    sessions: sessionmaker[Session],
) -> None:
    users = people(sessions, 4)
    after = check(sessions, users, [2, 4, 1, 3], replaced=[None, "left", None, "timeout"])
    mus = [mu for mu, _, _ in after]
    assert mus[1] < FRESH.mu and min(mus) == mus[1]  # the one who left and came last loses most
    assert mus[3] < FRESH.mu


def test_a_guest_or_a_bot_among_the_seats_leaves_every_rating_alone(
    sessions: sessionmaker[Session],
) -> None:
    users = people(sessions, 3)
    guest = people(sessions, 1, registered=False)
    rate_table(sessions, record([*users[:2], guest[0]]), [1, 2, 3])
    rate_table(sessions, record([*users[:2], None], bots=[None, None, 1]), [1, 2, 3])
    assert stored(sessions, users) == [(FRESH.mu, FRESH.sigma, 0)] * 3


def test_each_rated_seat_keeps_its_change_and_the_next_game_starts_where_it_ended(
        sessions: sessionmaker[Session]) -> None:
    users = people(sessions, 2)
    first = rate_table(sessions, record(list(users)), [1, 2])
    after_first = stored(sessions, users)
    second = rate_table(sessions, record(list(users)), [2, 1])
    with sessions() as session:
        changes = session.scalars(select(RatingChange).order_by(RatingChange.id)).all()
        mine = [(c.table_id, c.user_id, c.mu_before, c.sigma_before, c.mu, c.sigma, c.games)
                for c in changes if c.user_id in users]
    assert mine == [
        (first, users[0], FRESH.mu, FRESH.sigma, *after_first[0]),
        (first, users[1], FRESH.mu, FRESH.sigma, *after_first[1]),
        (second, users[0], *after_first[0][:2], *stored(sessions, users)[0]),
        (second, users[1], *after_first[1][:2], *stored(sessions, users)[1]),
    ]


def test_an_unrated_table_keeps_no_change(sessions: sessionmaker[Session]) -> None:
    users = people(sessions, 2)
    guest = people(sessions, 1, registered=False)
    table = rate_table(sessions, record([users[0], guest[0]]), [1, 2])
    with sessions() as session:
        assert session.scalars(
            select(RatingChange).where(RatingChange.table_id == table)).all() == []
