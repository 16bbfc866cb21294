"""The bitmask engine against a slow, literal reading of the spec (coordinates and sets).

Legal placements (spec 4.2) and visibility/groups (spec 5-7) are recomputed here from plain
{(level, x, y): colour} dicts and compared with the engine in positions from random games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.games.yaxha import GAME, score
from meeplehall.games.yaxha.actions import Confirm, Place
from meeplehall.games.yaxha.scoring import cells_of
from meeplehall.games.yaxha.state import BUILD

Cell = tuple[int, int, int]
COLOURS = ["orange", "yellow", "blue", "green", "white"]


def supports(z: int, x: int, y: int) -> list[Cell]:
    return [(z - 1, x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)]


def covers(z: int, x: int, y: int) -> list[Cell]:
    return [(z + 1, x - dx, y - dy) for dx in (0, 1) for dy in (0, 1)]


def side(z: int, x: int, y: int) -> list[Cell]:
    return [(z, x + 1, y), (z, x - 1, y), (z, x, y + 1), (z, x, y - 1)]


def reference_legal(pyramid: dict[Cell, str], colour: str) -> set[Cell]:
    if not pyramid:
        return {(0, 0, 0)}
    found: set[Cell] = set()
    base = [p for p in pyramid if p[0] == 0]
    for x in range(-4, 8):
        for y in range(-4, 8):
            p = (0, x, y)
            if p in pyramid or not any(q in pyramid for q in side(*p)):
                continue
            xs = [q[1] for q in base] + [x]
            ys = [q[2] for q in base] + [y]
            if max(xs) - min(xs) <= 3 and max(ys) - min(ys) <= 3:
                found.add(p)
    for z in (1, 2, 3):
        for x in range(-1, 5):
            for y in range(-1, 5):
                p = (z, x, y)
                if p in pyramid or not all(q in pyramid for q in supports(*p)):
                    continue
                if any(pyramid.get(q) == colour for q in supports(*p) + side(*p)):
                    found.add(p)
    return found


def reference_largest(pyramid: dict[Cell, str]) -> dict[str, int]:
    visible = {p for p in pyramid if not all(q in pyramid for q in covers(*p))}
    largest = dict.fromkeys(COLOURS, 0)
    seen: set[Cell] = set()
    for start in visible:
        if start in seen:
            continue
        colour, group, todo = pyramid[start], {start}, [start]
        while todo:
            p = todo.pop()
            for q in side(*p) + supports(*p) + covers(*p):
                if q in visible and q not in group and pyramid[q] == colour:
                    group.add(q)
                    todo.append(q)
        seen |= group
        largest[colour] = max(largest[colour], len(group))
    return largest


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_engine_placements_match_the_literal_rule_in_random_games(players: int, seed: int):
    state = GAME.new_state(players, None, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        if state.phase == BUILD:
            pyramid = cells_of(state.pyramid[seat])
            hand = {COLOURS[c] for c in range(5) if state.hand[seat][c]}
            expected = {
                (colour, *cell) for colour in hand for cell in reference_legal(pyramid, colour)
            }
            got = {(a.colour, a.level, a.x, a.y) for a in legal if isinstance(a, Place)}
            assert got == expected
            assert (Confirm() in legal) == (not expected)
        state.apply(seat, rng.choice(legal))


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_engine_group_sizes_match_the_literal_rule_in_random_games(players: int, seed: int):
    state = GAME.new_state(players, None, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        if steps % 20 == 0 or state.is_over():
            pyramids = [cells_of(p) for p in state.pyramid]
            for part, pyramid in zip(score(pyramids, []), pyramids, strict=True):
                sizes = {colour: entry["size"] for colour, entry in part["colours"].items()}
                assert sizes == reference_largest(pyramid)
