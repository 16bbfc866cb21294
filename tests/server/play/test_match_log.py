"""A match's log reads back each step as it was made, and neither it nor its room holds more
objects the garbage collector tracks as it grows (a busy process's collections look at every
tracked object)."""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest

from meeplehall.ai.keys import bot_actions
from meeplehall.core import Seed
from meeplehall.core.registry import get_game
from meeplehall.server.play.clocks import ClockRules, SeatState
from meeplehall.server.play.match import Match, Step
from meeplehall.server.play.room import Room
from meeplehall.server.play.store import TableRecord
from tests.registry_games import per_game

GAMES = [(name, players) for name, players in per_game(
    {"yaxha": [(4,)], "pyramido": [(2,)], "monsterhex": [(2,)]},
    lambda game: [(game.max_players,)])]


def play(name: str, players: int, seed: int, steps: int | None = None) -> tuple[Match, list[Step]]:
    """A match of random legal moves, to its end or for ``steps`` steps; the steps as made."""
    match = Match(get_game(name), players, {}, seed)
    rng = random.Random(seed)
    made = []
    while not match.state.is_over() and (steps is None or len(made) < steps):
        seat = min(match.state.to_move())
        made.append(match.apply(seat, rng.choice(bot_actions(match.state, seat)), seat == 1))
    return match, made


def tracked(*holders: object) -> int:
    """The objects the collector tracks among those the holders hold, a game and its state
    aside (they do not grow with the log)."""
    gc.collect()
    seen: set[int] = set()
    todo: list[Any] = [value for holder in holders for key, value in vars(holder).items()
                       if key not in ("state", "game", "match")]
    count = 0
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        count += gc.is_tracked(item)
        todo.extend(gc.get_referents(item))
    return count


def room_from_log(name: str, players: int, match: Match) -> Room:
    """A room loaded as the server loads one: its record with the log's steps, then its match."""
    record = TableRecord(
        id=1, game=name, options={}, players=players, seed=Seed(11), status="playing",
        rules=ClockRules("live", 600_000, 5_000, None), hints=False, rated=False,
        visibility="public", invite_token=None,
        seats=[SeatState(index + 1, None, None, 600_000, None) for index in range(players)],
        actions=[(step.seat, step.action, step.bot) for step in match.past_steps()],
    )
    room = Room(record, get_game(name))
    room.build_match()
    return room


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[name for name, _ in GAMES])
def test_each_past_step_reads_back_as_it_was_made(name: str, players: int) -> None:
    match, made = play(name, players, seed=7)
    assert match.seq == len(made) and match.state.is_over()
    read = list(match.past_steps())
    assert [match.past_step(index) for index in range(match.seq)] == read
    for past, step in zip(read, made, strict=True):
        assert (past.seat, past.action, past.bot) == (step.seat, step.action, step.bot)
        assert past.events == json.loads(json.dumps(step.events))
    assert match.past_step(-1) == read[-1]
    assert list(match.past_steps(match.seq - 2)) == read[-2:]
    assert match.events_since(match.seq - 2) == read[-2].events + read[-1].events


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[name for name, _ in GAMES])
def test_a_longer_log_holds_no_more_objects_the_collector_tracks(name: str,
                                                                 players: int) -> None:
    early, _ = play(name, players, seed=11, steps=3)
    whole, made = play(name, players, seed=11)
    assert len(made) > 15, "the whole game is a long log"
    assert tracked(whole) == tracked(early)
    # A room loaded from each log keeps it once, in its match, where it is as light.
    early_room, whole_room = (room_from_log(name, players, match) for match in (early, whole))
    assert whole_room.match is not None and whole_room.match.seq == whole.seq
    assert tracked(whole_room.record, whole_room.match) == \
        tracked(early_room.record, early_room.match)
