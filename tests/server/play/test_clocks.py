"""Clock arithmetic: a seat's bank loses the think time and gains the increment when its turn
ends; clocks run for every seat to move; turn deadlines restart with each turn; bots have no
clock."""

from __future__ import annotations

from meeplehall.server.play.clocks import (
    ClockRules,
    SeatState,
    after_move,
    clocks_json,
    expiry,
    start_clocks,
)

LIVE = ClockRules("live", 60_000, 5_000, None)
TURN = ClockRules("turn", None, None, 3_600_000)


def seats(count: int, bank: int | None = 60_000) -> list[SeatState]:
    return [SeatState(user_id=i + 1, bot_level=None, replaced=None, clock_ms=bank,
                      running_since=None) for i in range(count)]


def test_live_move_charges_think_time_and_adds_the_increment() -> None:
    table = seats(2)
    start_clocks(LIVE, table, [0], now=100.0)
    after_move(LIVE, table, actor=0, to_move=frozenset({1}), finished=False, now=112.5)
    assert table[0].clock_ms == 60_000 - 12_500 + 5_000
    assert table[0].running_since is None and table[1].running_since == 112.5
    assert expiry(LIVE, table[1]) == 112.5 + 60.0


def test_simultaneous_seats_all_run_and_one_moving_leaves_the_others_running() -> None:
    table = seats(3)
    start_clocks(LIVE, table, [0, 1, 2], now=10.0)
    after_move(LIVE, table, actor=1, to_move=frozenset({0, 2}), finished=False, now=13.0)
    assert [s.running_since for s in table] == [10.0, None, 10.0]
    assert table[1].clock_ms == 60_000 - 3_000 + 5_000


def test_a_seat_no_longer_to_move_stops_without_increment_and_the_end_stops_all() -> None:
    table = seats(2)
    start_clocks(LIVE, table, [0, 1], now=0.0)
    after_move(LIVE, table, actor=0, to_move=frozenset({0}), finished=False, now=2.0)
    assert table[1].running_since is None and table[1].clock_ms == 58_000
    after_move(LIVE, table, actor=0, to_move=frozenset(), finished=True, now=3.0)
    assert all(s.running_since is None for s in table)


def test_a_seat_still_to_move_after_its_action_keeps_its_clock_running_without_increment() -> None:
    # Several actions of one turn (or secret placements at a simultaneous step) neither earn
    # increments nor touch the clock, so nothing shows the others how many there were.
    table = seats(2)
    start_clocks(LIVE, table, [0, 1], now=0.0)
    for now in (1.0, 2.0, 3.0):
        after_move(LIVE, table, actor=0, to_move=frozenset({0, 1}), finished=False, now=now)
    assert table[0].running_since == 0.0 and table[0].clock_ms == 60_000
    after_move(LIVE, table, actor=0, to_move=frozenset({1}), finished=False, now=4.0)
    assert table[0].running_since is None and table[0].clock_ms == 60_000 - 4_000 + 5_000


def test_turn_deadline_is_per_turn_and_restarts_when_the_seat_is_to_move_again() -> None:
    table = seats(2, bank=None)
    start_clocks(TURN, table, [0], now=1000.0)
    assert expiry(TURN, table[0]) == 1000.0 + 3600.0
    after_move(TURN, table, actor=0, to_move=frozenset({0}), finished=False, now=1500.0)
    assert expiry(TURN, table[0]) == 1000.0 + 3600.0
    after_move(TURN, table, actor=0, to_move=frozenset({1}), finished=False, now=1600.0)
    after_move(TURN, table, actor=1, to_move=frozenset({0}), finished=False, now=1700.0)
    assert expiry(TURN, table[0]) == 1700.0 + 3600.0


def test_bot_and_replaced_seats_have_no_running_clock() -> None:
    table = seats(3)
    table[1].bot_level = 2
    table[2].replaced = "left"
    start_clocks(LIVE, table, [0, 1, 2], now=5.0)
    assert [expiry(LIVE, s) is not None for s in table] == [True, False, False]


def test_a_running_clock_shows_its_bank_minus_the_time_spent_and_never_less_than_zero() -> None:
    table = seats(2, bank=10_000)
    start_clocks(LIVE, table, [0], now=100.0)
    shown = clocks_json(LIVE, table, now=104.25)
    assert shown[0] == {"seat": 0, "remaining_ms": 5_750, "running": True, "deadline": 110.0}
    assert shown[1] == {"seat": 1, "remaining_ms": 10_000, "running": False, "deadline": None}
    assert clocks_json(LIVE, table, now=130.0)[0]["remaining_ms"] == 0


def test_a_bank_that_ran_out_ends_the_turn_at_zero_before_its_increment() -> None:
    table = seats(2, bank=1_000)
    start_clocks(LIVE, table, [0], now=0.0)
    after_move(LIVE, table, actor=0, to_move=frozenset({1}), finished=False, now=4.0)
    assert table[0].clock_ms == 0 + 5_000  # not 1_000 - 4_000 + 5_000


def test_a_table_without_a_clock_never_runs_out_and_shows_no_time() -> None:
    untimed = ClockRules("none", None, None, None)
    table = seats(2, bank=None)
    start_clocks(untimed, table, [0], now=0.0)
    after_move(untimed, table, actor=0, to_move=frozenset({1}), finished=False, now=1e6)
    assert expiry(untimed, table[1]) is None
    assert [(c["remaining_ms"], c["deadline"]) for c in clocks_json(untimed, table, 2e6)] == [
        (None, None), (None, None)
    ]
