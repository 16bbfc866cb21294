"""Invariants over random full games (2, 3 and 4 players), checked after every action."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.core import replay
from meeplehall.games.yaxha import GAME, YaxhaState
from meeplehall.games.yaxha.geometry import BASE, CELL_OF_BIT, SUPPORTS, bits
from meeplehall.games.yaxha.state import SELECT

SETTINGS = settings(max_examples=25, deadline=None)
games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))


def check_pyramid_legal(pyramid: tuple[int, ...]) -> None:
    """Base connected, normalised and within 4x4; upper cubes on four supports, each next to
    or on a cube of its colour (cubes are only ever removed by undoing the latest one)."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    assert sum(mask.bit_count() for mask in pyramid) == occupied.bit_count()  # one colour a cell
    base = [CELL_OF_BIT[b][1:] for b in bits(occupied & BASE)]
    if not base:
        assert occupied == 0
        return
    assert min(x for x, _ in base) == 0 and min(y for _, y in base) == 0
    seen, todo = {base[0]}, [base[0]]
    while todo:
        x, y = todo.pop()
        for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if step in base and step not in seen:
                seen.add(step)
                todo.append(step)
    assert len(seen) == len(base)
    for mask in pyramid:
        for bit in bits(mask & ~BASE):
            assert occupied & SUPPORTS[bit] == SUPPORTS[bit]
            z, x, y = CELL_OF_BIT[bit]
            touching = SUPPORTS[bit]
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx <= 3 - z and 0 <= ny <= 3 - z:
                    touching |= 1 << (z * 16 + nx * 4 + ny)
            assert mask & touching, f"{CELL_OF_BIT[bit]} breaks the colour rule"


def cube_counts(state: YaxhaState) -> list[int]:
    """Per colour: bag + untaken market + hands + pyramids + discards (must stay 24 each)."""
    counts = [0] * 5
    for colour in state.bag[state.bag_pos :]:
        counts[colour] += 1
    for tile, cubes in enumerate(state.market):
        if state.taken_by[tile] < 0:
            for colour in cubes:
                counts[colour] += 1
    for seat in range(state.n):
        for colour in range(5):
            counts[colour] += (
                state.pyramid[seat][colour].bit_count()
                + state.hand[seat][colour]
                + state.discarded[seat][colour]
                + state.discarding[seat][colour]
            )
    return counts


CHECKED = {"views": 0}


def check_views_keep_secrets(state: YaxhaState, rng: random.Random) -> None:
    CHECKED["views"] += 1
    for seat in range(state.n):
        view = state.view(seat)
        json.dumps(view)
        # A determinized copy (others' secrets resampled) looks the same from this seat.
        assert state.determinize(seat, rng).view(seat) == view
        if state.phase == SELECT:
            for other in range(state.n):
                if other != seat and state.choice[other] >= 0:
                    changed = state.clone()
                    changed.choice[other] = (state.choice[other] + 1) % state.n
                    assert changed.view(seat) == view
                    assert "choice" not in view["seats"][other]


def play(players: int, seed: int, every: int = 25, options: dict | None = None):
    state = GAME.new_state(players, options, seed)
    rng = random.Random(seed)
    log: list[tuple[int, dict]] = []
    steps = 0
    while not state.is_over():
        seats = sorted(state.to_move())
        seat = rng.choice(seats)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        log.append((seat, action.to_json()))
        steps += 1
        yield state, log, steps % every == 0


def play_to_end(players: int, seed: int) -> tuple[YaxhaState, list[tuple[int, dict]]]:
    steps = list(play(players, seed))
    return steps[-1][0], steps[-1][1]


table_options = st.fixed_dictionaries(
    {
        "bonus_cards": st.one_of(
            st.sampled_from(["random", "beginner", "bga_snapshot"]),
            st.lists(
                st.sampled_from([0, 1, 2, 3, 4, *range(10, 18)]),
                min_size=3,
                max_size=3,
                unique=True,
            ),
        ),
        "neighbour_ties_score": st.booleans(),
        "second_largest": st.sampled_from(["distinct_sizes", "runner_up_player"]),
    }
)


@SETTINGS
@given(games, table_options)
def test_random_games_keep_every_pyramid_legal_and_every_cube_accounted_for(game, options):
    players, seed = game
    rng = random.Random(seed ^ 0x5EED)
    for state, _log, sample in play(players, seed, options=options):
        for pyramid in state.pyramid:
            check_pyramid_legal(pyramid)
        assert cube_counts(state) == [24] * 5
        if sample:
            check_views_keep_secrets(state, rng)
    assert state.is_over()
    assert CHECKED["views"] > 0
    drawn = 30 * players
    assert state.bag_pos == drawn
    placed = sum(m.bit_count() for p in state.pyramid for m in p)
    assert placed + sum(sum(d) for d in state.discarded) == drawn
    # Nothing is discarded before the base is full, so every base ends complete.
    assert all(p and (sum(p) & BASE) == BASE for p in state.pyramid)
    assert all(state.occupied[s] & BASE == BASE for s in range(players))


@SETTINGS
@given(games)
def test_replaying_the_log_reproduces_the_final_state(game):
    players, seed = game
    state, log = play_to_end(players, seed)
    again = replay(GAME, players, None, seed, log)
    assert [again.view(s) for s in [None, *range(players)]] == [
        state.view(s) for s in [None, *range(players)]
    ]
    assert again.result() == state.result()


def all_views(state: YaxhaState) -> list[dict]:
    return [state.view(s) for s in [None, *range(state.n)]]


@SETTINGS
# Every 2-player game has at least 72 actions (16 placements, 10 choices, 10 confirms a seat).
@given(games, st.integers(1, 70))
def test_clones_are_independent(game, cut):
    players, seed = game
    kept = None
    for state, log, _sample in play(players, seed):
        if len(log) != cut:
            continue
        # Playing a clone on leaves the original untouched ...
        clone, before = state.clone(), all_views(state)
        crng = random.Random(cut)
        for _ in range(40):
            if clone.is_over():
                break
            seat = crng.choice(sorted(clone.to_move()))
            clone.apply(seat, crng.choice(clone.legal_actions(seat)))
        assert all_views(state) == before
        # ... and playing the original on leaves an earlier clone untouched.
        kept = (state.clone(), before)
    assert kept is not None
    assert all_views(kept[0]) == kept[1]


@SETTINGS
@given(games)
def test_result_ranks_by_total_and_tied_totals_share_the_win(game):
    players, seed = game
    state, _log = play_to_end(players, seed)
    result = state.result()
    best = max(result.scores)
    assert result.winners == {s for s in range(players) if result.scores[s] == best}
    for seat, part in enumerate(result.breakdown):
        colour_points = sum(entry["points"] for entry in part["colours"].values())
        bonus_points = sum(entry["points"] for entry in part["bonus"].values())
        assert result.scores[seat] == colour_points + bonus_points
