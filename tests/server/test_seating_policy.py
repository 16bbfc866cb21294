"""seating.py on its own: every kind of caller against every seating rule, without a server.

The routes raise what the rules answer as it is, so the status, code and params checked here
are the API's answers (tests/server/authz and the lobby, Play now, tournament and practice
tests check the same answers over HTTP)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from meeplehall.ai import LEVELS
from meeplehall.server import seating
from meeplehall.server.db.models import User
from meeplehall.server.guards.agents import allowed
from meeplehall.server.seating import (
    Caller,
    PracticeSeat,
    Refusal,
    SeatHolder,
    Seats,
    TableAsked,
    TableTerms,
)

GUEST = Caller(1, "guest")
PERSON = Caller(2, "registered")
AGENT = Caller(3, "agent")
BANNED = Caller(4, "registered", banned=True, ban_reason="spam")
BANNED_AGENT = Caller(5, "agent", banned=True, ban_reason="its owner cheated")
EVERYONE = (GUEST, PERSON, AGENT, BANNED, BANNED_AGENT)
PEOPLE = (GUEST, PERSON)
UNKNOWN_LEVEL = max(LEVELS) + 1


def refused(answer: object, status: int, code: str) -> Refusal:
    assert isinstance(answer, Refusal), answer
    assert (answer.status_code, answer.code) == (status, code), (answer.code, answer.detail)
    return answer


def empty(players: int) -> list[SeatHolder]:
    return [SeatHolder(seat) for seat in range(players)]


def waiting(players: int = 2, rated: bool = False, agents: bool = True) -> TableTerms:
    return TableTerms("waiting", players, rated, agents)


# -- who asks ------------------------------------------------------------------------------------


def _user(kind: str, login: str | None, banned: bool = False,
          owner: User | None = None) -> User:
    user = User(id=9, name="x", login=login, kind=kind, owner=owner,
                banned_at=1.0 if banned else None, ban_reason="why" if banned else None)
    return user


def test_a_caller_is_a_guest_a_registered_person_or_an_agent() -> None:
    assert Caller.of(_user("person", None)) == Caller(9, "guest")
    assert Caller.of(_user("person", "ann")) == Caller(9, "registered")
    owner = _user("person", "ann")
    assert Caller.of(_user("agent", "bot ann", owner=owner)) == Caller(9, "agent")


def test_a_banned_account_and_an_agent_of_a_banned_owner_are_banned() -> None:
    assert Caller.of(_user("person", "ann", banned=True)) == Caller(9, "registered", True, "why")
    owner = _user("person", "ann", banned=True)
    assert Caller.of(_user("agent", "bot ann", owner=owner)) == Caller(9, "agent", True, "why")


def test_banned_callers_sit_nowhere() -> None:
    for banned in (BANNED, BANNED_AGENT):
        answers = [
            seating.open_table(banned, TableAsked(players=2)),
            seating.join(banned, waiting(), empty(2), None),
            seating.queue(banned, False, None),
            seating.organise_tournament(banned),
            seating.enter_tournament(banned, False),
            seating.practice(banned, 2, [PracticeSeat(True), PracticeSeat(True)]),
        ]
        for answer in answers:
            assert refused(answer, 403, "banned").params == {"reason": banned.ban_reason}


# -- doors: agents at the lobby only --------------------------------------------------------------


def test_agents_use_the_lobby_and_no_other_door() -> None:
    assert seating.open_table(AGENT, TableAsked(players=2)) == Seats({0: AGENT.id}, {})
    assert seating.join(AGENT, waiting(), empty(2), None) == 0
    refused(seating.queue(AGENT, False, None), 403, "agent_not_allowed")
    refused(seating.organise_tournament(AGENT), 403, "agent_not_allowed")
    refused(seating.enter_tournament(AGENT, False), 403, "agent_not_allowed")
    refused(seating.practice(AGENT, 1, [PracticeSeat(True)]), 403, "agent_not_allowed")


def test_the_agents_guard_opens_the_seating_routes_of_the_agents_doors_only() -> None:
    assert sorted(seating.AGENT_DOORS) == ["lobby"]
    for path in ("/api/tables", "/api/tables/7/join", "/api/tables/7/leave",
                 "/api/tables/7/start"):
        assert allowed("POST", path), path
    for path in ("/api/playnow", "/api/tournaments", "/api/tournaments/7/register",
                 "/api/tables/7/practice"):
        assert not allowed("POST", path), path


# -- rated tables ---------------------------------------------------------------------------------


def rated(**asked: object) -> TableAsked:
    return TableAsked(**{"players": 2, "rated": True, **asked})  # type: ignore[arg-type]


def test_only_a_registered_person_opens_a_rated_table() -> None:
    assert seating.open_table(PERSON, rated()) == Seats({0: PERSON.id}, {})
    refused(seating.open_table(GUEST, rated()), 400, "guest_cannot_open_rated")
    refused(seating.open_table(AGENT, rated()), 400, "rated_with_agents")


def test_a_rated_table_has_no_bots_a_clock_and_welcomes_no_agents() -> None:
    for caller in PEOPLE:
        refused(seating.open_table(caller, rated(bots=[(1, 1)])), 400, "rated_with_bots")
        refused(seating.open_table(caller, rated(clock="none")), 400, "rated_without_clock")
        refused(seating.open_table(caller, rated(agents=True)), 400, "rated_with_agents")
    assert seating.open_table(PERSON, rated(clock="turn")) == Seats({0: PERSON.id}, {})
    assert seating.open_table(PERSON, rated(agents=False)) == Seats({0: PERSON.id}, {})
    assert not seating.agents_welcome(True, None)
    assert not seating.agents_welcome(True, True)
    assert not seating.hints_given(True, True)


def test_the_same_table_unrated_takes_bots_no_clock_and_agents() -> None:
    asked = TableAsked(players=3, bots=[(1, 1), (2, max(LEVELS))], clock="none", agents=True)
    for caller in (GUEST, PERSON, AGENT):
        assert seating.open_table(caller, asked) == Seats({0: caller.id},
                                                           {1: 1, 2: max(LEVELS)})
    assert seating.agents_welcome(False, None)
    assert seating.agents_welcome(False, True)
    assert not seating.agents_welcome(False, False)
    assert seating.hints_given(False, True) and not seating.hints_given(False, False)


def test_at_a_rated_table_only_registered_people_sit_once_each() -> None:
    table = waiting(rated=True, agents=False)
    assert seating.join(PERSON, table, empty(2), None) == 0
    refused(seating.join(GUEST, table, empty(2), None), 403, "guest_cannot_sit_rated")
    refused(seating.join(AGENT, table, empty(2), None), 403, "rated_with_agents")
    mine = [SeatHolder(0, PERSON.id), SeatHolder(1)]
    refused(seating.join(PERSON, table, mine, 1), 403, "rated_one_seat")


def test_hot_seat_one_person_in_several_seats_is_for_unrated_tables() -> None:
    mine = [SeatHolder(0, GUEST.id), SeatHolder(1)]
    for caller in (GUEST, PERSON):
        assert seating.join(caller, waiting(), [SeatHolder(0, caller.id), SeatHolder(1)], 1) == 1
    assert seating.join(GUEST, waiting(), mine, None) == 1


def holders(*callers: Caller | None) -> Sequence[Caller | None]:
    return callers


def test_a_rated_result_counts_when_every_seat_was_a_different_registered_person() -> None:
    other = Caller(6, "registered")
    assert seating.moves_ratings(holders(PERSON, other), [])
    assert seating.moves_ratings(holders(BANNED, other), [])  # a later ban keeps the game
    assert not seating.moves_ratings(holders(PERSON, GUEST), [])
    assert not seating.moves_ratings(holders(PERSON, AGENT), [])
    assert not seating.moves_ratings(holders(PERSON, None), [])
    assert not seating.moves_ratings(holders(PERSON, other), [1])
    assert not seating.moves_ratings(holders(PERSON, PERSON), [])  # hot-seat


# -- lobby seats ----------------------------------------------------------------------------------


def test_the_opener_and_the_bots_sit_at_seats_of_the_table() -> None:
    for caller in (GUEST, PERSON, AGENT):
        refused(seating.open_table(caller, TableAsked(players=2, seat=2)), 400,
                "seat_out_of_range")
        refused(seating.open_table(caller, TableAsked(players=2, seat=-1)), 400,
                "seat_out_of_range")
        refused(seating.open_table(caller, TableAsked(players=2, bots=[(2, 1)])), 400,
                "bot_seat_out_of_range")
        refused(seating.open_table(caller, TableAsked(players=2, bots=[(0, 1)])), 400,
                "seat_is_bot")
        refused(seating.open_table(caller, TableAsked(players=3, bots=[(1, 1), (1, 2)])), 400,
                "bot_seat_twice")
        answer = refused(seating.open_table(
            caller, TableAsked(players=2, bots=[(1, UNKNOWN_LEVEL)])), 400, "no_bot_level")
        assert answer.params == {"level": UNKNOWN_LEVEL, "levels": sorted(LEVELS)}
        assert seating.open_table(caller, TableAsked(players=2, seat=None, bots=[(0, 1)])) \
            == Seats({}, {0: 1})


def test_seat_rules_come_before_rated_rules() -> None:
    refused(seating.open_table(GUEST, rated(seat=5)), 400, "seat_out_of_range")
    refused(seating.open_table(GUEST, rated(bots=[(1, UNKNOWN_LEVEL)])), 400, "no_bot_level")


def test_an_agent_joins_only_a_table_that_welcomes_agents() -> None:
    refused(seating.join(AGENT, waiting(agents=False), empty(2), None), 403,
            "agents_not_welcome")
    for caller in PEOPLE:
        assert seating.join(caller, waiting(agents=False), empty(2), None) == 0


def test_a_seat_is_taken_at_a_waiting_table_and_only_a_free_one() -> None:
    for caller in (GUEST, PERSON, AGENT):
        for status in ("playing", "finished", "aborted"):
            refused(seating.join(caller, TableTerms(status, 2, False, True), empty(2), None),
                    409, "table_started")
        seats = [SeatHolder(0, 77), SeatHolder(1, None, 1), SeatHolder(2)]
        assert seating.join(caller, waiting(3), seats, None) == 2
        assert seating.join(caller, waiting(3), seats, 2) == 2
        refused(seating.join(caller, waiting(3), seats, 0), 409, "seat_taken")
        refused(seating.join(caller, waiting(3), seats, 1), 409, "seat_taken")
        refused(seating.join(caller, waiting(3), seats, 3), 400, "seat_out_of_range")
        refused(seating.join(caller, waiting(2), seats[:2], None), 409, "table_full")


def test_only_registered_people_invite_friends_when_they_open_a_table() -> None:
    assert seating.invite_friends(PERSON) is None
    assert seating.invite_friends(AGENT) is None  # then only friends may be named: none
    refused(seating.invite_friends(GUEST), 403, "register_first")


# -- Play now, tournaments, practice ---------------------------------------------------------------


def test_play_now_rated_is_for_registered_people_without_bots() -> None:
    assert seating.queue(PERSON, True, None) is None
    refused(seating.queue(GUEST, True, None), 403, "guest_cannot_play_rated")
    refused(seating.queue(GUEST, True, 1), 403, "guest_cannot_play_rated")
    refused(seating.queue(PERSON, True, 1), 400, "rated_with_bots")
    for caller in PEOPLE:
        assert seating.queue(caller, False, None) is None
        assert seating.queue(caller, False, max(LEVELS)) is None
        refused(seating.queue(caller, False, UNKNOWN_LEVEL), 400, "no_bot_level")


def test_registered_people_organise_tournaments_and_guests_enter_unrated_ones() -> None:
    assert seating.organise_tournament(PERSON) is None
    refused(seating.organise_tournament(GUEST), 403, "register_first")
    for caller in PEOPLE:
        assert seating.enter_tournament(caller, False) is None
    assert seating.enter_tournament(PERSON, True) is None
    refused(seating.enter_tournament(GUEST, True), 403, "guest_cannot_play_rated")


@pytest.mark.parametrize("caller", PEOPLE)
def test_a_practice_table_seats_the_caller_anywhere_and_bots_elsewhere(caller: Caller) -> None:
    asked = [PracticeSeat(True), PracticeSeat(False, 1), PracticeSeat(True)]
    assert seating.practice(caller, 3, asked) == Seats({0: caller.id, 2: caller.id}, {1: 1})
    answer = refused(seating.practice(caller, 2, asked), 400, "seat_count")
    assert answer.params == {"players": 2, "seats": 3}
    refused(seating.practice(caller, 1, [PracticeSeat(False)]), 400, "no_bot_level")
    refused(seating.practice(caller, 1, [PracticeSeat(False, UNKNOWN_LEVEL)]), 400,
            "no_bot_level")


def test_granted_gives_the_answer_or_raises_the_refusal() -> None:
    assert seating.granted(3) == 3
    with pytest.raises(Refusal) as raised:
        seating.granted(seating.queue(GUEST, True, None))
    assert raised.value.code == "guest_cannot_play_rated"
