"""Invariants over random 1-4 player games (hypothesis)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.core import replay, replay_steps
from meeplehall.games.pyramido import GAME, areas, top_view
from meeplehall.games.pyramido.components import GEMS_PER_COLOUR, MYTHICAL_GEMS
from meeplehall.games.pyramido.state import PyramidoState

from .helpers import gem_totals

games = st.tuples(
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(["a_legend", "the_legend"]),
)
SETTINGS = settings(max_examples=8, deadline=None)


def step(state: PyramidoState, rng: random.Random) -> tuple[int, Any, list[dict[str, Any]]]:
    seat = rng.choice(sorted(state.to_move()))
    action = rng.choice(state.legal_actions(seat))
    return seat, action, state.apply(seat, action)


def played(
    players: int, seed: int, legend: str, steps: int
) -> tuple[PyramidoState, random.Random]:
    """A new match played ``steps`` random actions on (or to its end), and the rng it used."""
    state = GAME.new_state(players, {"legend": legend}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        step(state, rng)
    return state, rng


def public_ids(state: PyramidoState) -> set[int]:
    """Dominoes whose face anyone may see: pyramids, hand, face-up tops, the Explorer's pile."""
    ids = {d for pyramid in state.pyramids for d, *_ in pyramid.placements}
    if state.held:
        ids.add(state.held)
    for pile, cards in enumerate(state.area.piles):
        if cards and state.area.face_up[pile]:
            ids.add(cards[-1])
    if state.explorer is not None:
        ids.update(state.explorer.pile)
    return ids


def ids_in(data: Any) -> set[int]:
    """Every domino id a JSON value names (under an 'id' or 'domino' key)."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("id", "domino") and isinstance(value, int):
                found.add(value)
            else:
                found |= ids_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= ids_in(value)
    return found


@SETTINGS
@given(games)
def test_random_games_keep_63_gems_and_90_dominoes_and_end_with_a_result(game):
    players, seed, legend = game
    state = GAME.new_state(players, {"legend": legend}, seed)
    rng = random.Random(seed)
    expected = [GEMS_PER_COLOUR] * 5 + [MYTHICAL_GEMS]
    while not state.is_over():
        step(state, rng)
        assert gem_totals(state) == expected
        placed = [d for pyramid in state.pyramids for d, *_ in pyramid.placements]
        piled = [d for pile in state.area.piles for d in pile]
        extra = state.explorer.pile if state.explorer else []
        every = placed + piled + extra + ([state.held] if state.held else [])
        assert sorted(every) == list(range(1, 91))
        if state.phase == "take":  # rules 3: every turn starts with 5 piles, 3 face up
            assert sum(1 for pile in state.area.piles if pile) == 5
            assert len(state.area.face_up_spaces()) == 3
    result = state.result()
    assert len(result.scores) == players
    assert result.scores == tuple(sum(s) for s in state.stage_scores)
    assert all(len(s) == 4 for s in state.stage_scores)
    assert all(sum(g) <= 5 for g in state.gems)


@SETTINGS
@given(games)
def test_no_view_or_event_shows_a_face_down_domino(game):
    players, seed, legend = game
    state = GAME.new_state(players, {"legend": legend}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        _seat, _action, events = step(state, rng)
        visible = public_ids(state)
        assert ids_in(events) <= visible
        for seat in [None, *range(players)]:
            view = state.view(seat)
            json.dumps(view)
            assert ids_in(view) <= visible
            for space, cards in zip(view["exploration"], state.area.piles, strict=True):
                if cards and not space["face_up"]:
                    assert set(space["top"]) == {"a_colour", "a_icons", "b_colour", "b_icons"}
                    assert isinstance(space["top"]["a_icons"], int)


@SETTINGS
@given(games)
def test_replaying_the_action_log_rebuilds_the_same_match(game):
    players, seed, legend = game
    options = {"legend": legend}
    state = GAME.new_state(players, options, seed)
    rng = random.Random(seed)
    log = []
    played_events = []
    while not state.is_over():
        seat, action, events = step(state, rng)
        data = action.to_json()
        assert GAME.parse_action(json.loads(json.dumps(data))) == action
        log.append((seat, data))
        played_events.append(events)
    rebuilt = replay(GAME, players, options, seed, log)
    assert rebuilt.view(None) == state.view(None)
    assert rebuilt.result() == state.result()
    replayed_events = [events for _state, events in replay_steps(GAME, players, options, seed,
                                                                  log)][1:]
    assert replayed_events == played_events


@SETTINGS
@given(games, st.integers(min_value=0, max_value=400))
def test_a_clone_is_independent_of_its_original(game, steps):
    players, seed, legend = game
    state, rng = played(players, seed, legend, steps)
    before = json.dumps([state.view(s) for s in range(players)], sort_keys=True)
    bag_before = state.area.bag[:]
    twin = state.clone()
    while not twin.is_over():
        step(twin, rng)
    assert json.dumps([state.view(s) for s in range(players)], sort_keys=True) == before
    assert state.area.bag == bag_before


@SETTINGS
@given(games, st.integers(min_value=0, max_value=300))
def test_determinize_keeps_the_seats_view_and_plays_on(game, steps):
    players, seed, legend = game
    state, rng = played(players, seed, legend, steps)
    seat = rng.randrange(players)
    sample = state.determinize(seat, random.Random(seed + 1))
    assert sample.view(seat) == state.view(seat)
    assert sorted(d for p in sample.area.piles for d in p) == sorted(
        d for p in state.area.piles for d in p
    )
    while not sample.is_over():
        step(sample, rng)


@SETTINGS
@given(games)
def test_engine_scoring_areas_equal_the_public_areas_of_the_same_placements(game):
    players, seed, legend = game
    state = GAME.new_state(players, {"legend": legend}, seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        step(state, rng)
        if state.phase != "score":
            continue
        for seat in range(players):
            pyramid = state.pyramids[seat]
            public = areas(pyramid.frame_placements(), state.dominoes)
            engine = state.view(seat)["players"][seat]["scoring"]["areas"]
            assert sorted((a["colour"], a["icons"], sorted(map(tuple, a["cells"])))
                          for a in public) == sorted(
                (a["colour"], a["value"], sorted(map(tuple, a["cells"]))) for a in engine
            )
            visible = top_view(pyramid.frame_placements(), state.dominoes)
            assert len(visible) == len(state.view(seat)["players"][seat]["top"])
        checked += 1
    assert checked >= 4


@SETTINGS
@given(games)
def test_every_seat_takes_10_6_3_1_turns_per_stage_lost_turns_included(game):
    players, seed, legend = game
    state = GAME.new_state(players, {"legend": legend}, seed)
    rng = random.Random(seed)
    turns: dict[tuple[int, int], int] = {}
    explorer_turns: dict[int, int] = {}
    while not state.is_over():
        stage = state.stage
        _seat, _action, events = step(state, rng)
        for event in events:
            if event["type"] in ("placed", "turn_lost"):
                key = (event["seat"], event["stage"])
                turns[key] = turns.get(key, 0) + 1
            elif event["type"] == "explorer_took":
                explorer_turns[stage] = explorer_turns.get(stage, 0) + 1
            elif event["type"] == "stage_started":
                stage = event["stage"]
    expected = {(seat, k + 1): n for seat in range(players) for k, n in enumerate((10, 6, 3, 1))}
    assert turns == expected
    if players == 1:
        assert explorer_turns == {1: 10, 2: 6, 3: 3, 4: 1}
