"""The pacing rules of play/pacing.py on a clock the test moves by hand: a bot's wait counts from
when it became due, a step only its mover saw pushes nobody back, another's step people saw
does, but never past the cap.
"""

from __future__ import annotations

import asyncio

from meeplehall.server.play.clocks import SeatState
from meeplehall.server.play.pacing import Pace

DELAY = 0.6
MAX_WAIT = 3.0
PERSON = SeatState(1, None, None, None, None)
BOT = SeatState(None, 1, None, None, None)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _pace() -> tuple[Pace, Clock]:
    clock = Clock()

    async def make() -> Pace:  # its wake-up event belongs to a loop
        return Pace(clock)

    return asyncio.run(make()), clock


def _left(pace: Pace, seat: int, seats: list[SeatState]) -> float:
    too_soon = pace.too_soon(seat, DELAY, MAX_WAIT, seats)
    return 0.0 if too_soon is None else round(too_soon.seconds, 6)


def test_a_bot_waits_the_delay_from_when_it_became_due_and_its_thinking_counts() -> None:
    pace, clock = _pace()
    seats = [PERSON, BOT]
    clock.now += 10
    pace.step_shown(0, seen_by_another_person=False, to_move={1})  # the person's move
    clock.now += 0.5  # the bot thought
    assert _left(pace, 1, seats) == 0.1
    clock.now += 0.1
    assert _left(pace, 1, seats) == 0.0


def test_a_secret_step_only_its_mover_saw_restarts_nobodys_pace() -> None:
    pace, clock = _pace()
    seats = [PERSON, BOT]
    pace.step_shown(0, seen_by_another_person=False, to_move={1})
    for _ in range(50):  # the person changes a secret choice every 0.3 s
        clock.now += 0.3
        pace.step_shown(0, seen_by_another_person=False, to_move={1})
        if _left(pace, 1, seats) == 0.0:
            break
    assert _left(pace, 1, seats) == 0.0
    assert clock.now - 100.0 <= DELAY


def test_another_seats_step_people_saw_pushes_the_bot_back_up_to_the_cap() -> None:
    pace, clock = _pace()
    seats = [PERSON, PERSON, BOT]
    pace.step_shown(0, seen_by_another_person=True, to_move={0, 1, 2})
    due = clock.now
    clock.now += 0.5
    pace.step_shown(1, seen_by_another_person=True, to_move={0, 1, 2})
    assert _left(pace, 2, seats) == DELAY  # the others follow seat 1's move first
    # Public moves again and again: each pushes the bot back, never past the cap.
    while clock.now < due + MAX_WAIT:
        clock.now += 0.3
        pace.step_shown(0, seen_by_another_person=True, to_move={0, 1, 2})
        left = _left(pace, 2, seats)
        if clock.now + DELAY <= due + MAX_WAIT:
            assert left == DELAY
        else:  # near the cap: free at the cap at the latest (or at once, past it)
            assert left == 0.0 or clock.now + left <= due + MAX_WAIT + 1e-9
    assert _left(pace, 2, seats) == 0.0


def test_a_bots_own_moves_people_saw_are_each_paced() -> None:
    pace, clock = _pace()
    seats = [PERSON, BOT]
    pace.step_shown(0, seen_by_another_person=False, to_move={1})
    # A turn of many steps: the cap is for others' moves, not for the bot's own pace.
    for _ in range(10):
        clock.now += DELAY
        assert _left(pace, 1, seats) == 0.0
        pace.step_shown(1, seen_by_another_person=True, to_move={1})
        assert _left(pace, 1, seats) == DELAY


def test_a_bots_secret_steps_are_not_paced_after_the_first() -> None:
    pace, clock = _pace()
    seats = [PERSON, BOT, BOT]
    pace.step_shown(0, seen_by_another_person=True, to_move={1, 2})
    clock.now += DELAY
    for _ in range(6):  # placements nobody but the bot sees, the two bots in turn
        for bot in (1, 2):
            assert _left(pace, bot, seats) == 0.0
            pace.step_shown(bot, seen_by_another_person=False, to_move={1, 2})


def test_a_seat_due_again_counts_from_its_new_turn() -> None:
    pace, clock = _pace()
    seats = [PERSON, BOT]
    pace.step_shown(0, seen_by_another_person=False, to_move={1})
    clock.now += DELAY
    pace.step_shown(1, seen_by_another_person=True, to_move={0})
    clock.now += 20  # the person thinks
    pace.step_shown(0, seen_by_another_person=False, to_move={1})
    assert _left(pace, 1, seats) == DELAY


def test_a_table_without_a_person_never_waits() -> None:
    pace, _ = _pace()
    pace.step_shown(0, seen_by_another_person=False, to_move={1})
    assert _left(pace, 1, [BOT, BOT]) == 0.0
    replaced = SeatState(1, None, "left", None, None)
    assert _left(pace, 1, [replaced, BOT]) == 0.0
