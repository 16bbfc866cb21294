"""Invariants over random full games of every player count and option combination."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeplehall.core import events_for, replay
from meeplehall.games.monsterhex import GAME, MonsterHexState

from .helpers import fingerprint

OPTION_SETS = st.fixed_dictionaries(
    {
        "random_gems": st.booleans(),
        "objectives": st.booleans(),
        "abilities": st.sampled_from(["off", "random", "draft"]),
    }
)
MODES = st.sampled_from([(1, False), (2, False), (2, True), (3, False), (4, False)])
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _options(mode: tuple[int, bool], options: dict[str, object]) -> dict[str, object]:
    return {**options, "shared_faction": mode[1]}


def _play(state: MonsterHexState, rng: random.Random, check_views: bool = False) -> tuple[
    list[tuple[int, dict[str, object]]], list[dict[str, object]]
]:
    log: list[tuple[int, dict[str, object]]] = []
    events: list[dict[str, object]] = []
    while not state.is_over():
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        log.append((seat, action.to_json()))
        new_events = state.apply(seat, action)
        json.dumps(new_events)
        assert all(isinstance(event.get("type"), str) for event in new_events)
        events.extend(new_events)
        if check_views:
            _check_views(state)
    return log, events


def _check_views(state: MonsterHexState) -> None:
    comp = state.cfg.comp
    for viewer in [None, *range(state.cfg.players)]:
        view = state.view(viewer)
        json.dumps(view)
        for player in view["players"]:
            if player["seat"] != viewer:
                assert "hand" not in player and "objectives" not in player
                assert "shared_hand" not in player
        text = json.dumps(view)
        for p in range(state.cfg.players):
            if p != viewer:
                for index in state.personal[p]:
                    # another seat's secret card only appears if it is also public
                    if index not in state.common and not (
                        viewer is not None and index in state.personal[viewer]
                    ):
                        assert f'"{comp.objectives[index].id}"' not in text


@SETTINGS
@given(mode=MODES, options=OPTION_SETS, seed=st.integers(0, 2**32))
def test_random_games_end_with_every_unit_placed_once_and_scores_from_awards(mode, options, seed):
    players = mode[0]
    state = GAME.new_state(players, _options(mode, options), seed)
    _log, events = _play(state, random.Random(seed))
    assert all(owner >= 0 for owner in state.owner), "the board is full at the end"
    rounds = state.cfg.board.rounds
    assert state.placed_own == [rounds] * players, "every player placed exactly R own units"
    shared_placed = sum(1 for o in state.owner if o == state.cfg.neutral)
    assert shared_placed == len(state.owner) - rounds * players
    every_unit = sorted(range(10))
    for p in range(players):
        on_board = [state.unit[c] for c, o in enumerate(state.owner) if o == p]
        assert sorted(on_board + state.hands[p] + state.decks[p]) == every_unit
    if state.cfg.neutral >= 0:
        shared = [state.unit[c] for c, o in enumerate(state.owner) if o == state.cfg.neutral]
        for p in range(players):
            shared += state.shared_hands[p] + state.shared_decks[p]
        assert sorted(shared) == every_unit
    awarded = [0] * players
    for event in events:
        if event["type"] == "award":
            awarded[event["seat"]] += event["points"]
    assert awarded == list(state.result().scores)


@SETTINGS
@given(mode=MODES, options=OPTION_SETS, seed=st.integers(0, 2**32))
def test_replay_rebuilds_the_same_match_and_clones_are_independent(mode, options, seed):
    opts = _options(mode, options)
    state = GAME.new_state(mode[0], opts, seed)
    rng = random.Random(seed)
    log: list[tuple[int, dict[str, object]]] = []
    for _ in range(rng.randrange(0, 30)):
        if state.is_over():
            break
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        log.append((seat, action.to_json()))
        state.apply(seat, action)
    copy = state.clone()
    before = fingerprint(copy)
    rest, _events = _play(state, rng)
    assert fingerprint(copy) == before, "playing the original changed its clone"
    _play(copy, random.Random(seed + 1))
    assert copy.is_over()
    rebuilt = replay(GAME, mode[0], opts, seed, log + rest)
    assert fingerprint(rebuilt) == fingerprint(state)
    assert rebuilt.result() == state.result()


@settings(max_examples=40, deadline=None)
@given(mode=MODES, options=OPTION_SETS, seed=st.integers(0, 2**32))
def test_no_view_or_public_event_leaks_a_hand_or_a_personal_objective(mode, options, seed):
    state = GAME.new_state(mode[0], _options(mode, options), seed)
    _check_views(state)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.to_move()
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in range(state.cfg.players):
            for event in events_for(events, viewer):
                if event["type"] in ("draw", "objective_drawn"):
                    assert event["seat"] == viewer
        _check_views(state)


@settings(max_examples=40, deadline=None)
@given(mode=MODES, options=OPTION_SETS, seed=st.integers(0, 2**32))
def test_determinize_keeps_the_seats_view_and_its_legal_actions(mode, options, seed):
    state = GAME.new_state(mode[0], _options(mode, options), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 25)):
        if state.is_over():
            break
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for viewer in range(state.cfg.players):
        sample = state.determinize(viewer, random.Random(seed + viewer))
        assert sample.view(viewer) == state.view(viewer)
        for seat in state.to_move():
            if seat == viewer:
                assert sample.legal_actions(seat) == state.legal_actions(seat)
        # Unit multisets are kept per player (hand + deck).
        for p in range(state.cfg.players):
            assert sorted(sample.hands[p] + sample.decks[p]) == sorted(
                state.hands[p] + state.decks[p]
            )


def test_actions_round_trip_through_json():
    state = GAME.new_state(4, {"abilities": "draft"}, 5)
    rng = random.Random(5)
    seen = 0
    while not state.is_over() and seen < 200:
        (seat,) = state.to_move()
        for action in state.legal_actions(seat):
            assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action
            seen += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
