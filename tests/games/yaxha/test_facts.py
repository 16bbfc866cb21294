"""The research encoder's per-pyramid facts and bonus-card rows equal what scoring and views
compute (``score_pyramids`` is what a view's score if the game ended now shows), whether grown
a cube at a time from the pyramid before or made from scratch.

``tests/games/test_research_encode.py`` holds whole tensors equal to the view-built ones; these
tests pin each part down on its own, over random matches of every player count, take-backs
included, and over every bonus card.
"""

from __future__ import annotations

import itertools
import random

import pytest

from meeplehall.games.yaxha import GAME, bonus, facts
from meeplehall.games.yaxha.components import CARDS
from meeplehall.games.yaxha.geometry import FRAME, HIDEABLE, visible_mask
from meeplehall.games.yaxha.scoring import (
    SECOND_LARGEST_MODES,
    _single_colour_side,
    colour_metrics,
    metrics,
    score_pyramids,
)
from meeplehall.games.yaxha.views import base_extent, colour_points


def _pyramids(players: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...] | None]]:
    """Every (pyramid, pyramid before its last cube or None) a random match goes through."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    seen = []
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))  # undo included
        undo = state.undo[seat]
        seen.append((state.pyramid[seat], undo[-1][0] if undo else None))
    return seen


PYRAMIDS = [entry for players, seed in itertools.product((2, 3, 4), range(4))
            for entry in _pyramids(players, seed)]


def _summary(made: facts.Facts) -> tuple[object, ...]:
    """Every value of the facts (groups in a set: their order is of no matter)."""
    return (
        made.pyramid, made.occupied, made.visible, made.cubes, made.seen, made.largest,
        made.points, made.size, made.tail, made.sizes,
        tuple((frozenset(part.groups), part.largest, part.level1, part.span)
              for part in made.groups),
    )


def _reference_visible(occupied: int) -> int:
    hidden = 0
    for bit, cover in HIDEABLE:
        if occupied & bit and occupied & cover == cover:
            hidden |= bit
    return occupied & ~hidden


def test_visible_cubes_by_shifts_follow_the_cover_rule() -> None:
    rng = random.Random(3)
    occupancies = [rng.getrandbits(64) & FRAME for _ in range(20000)]
    occupancies += [sum(p) for p, _ in PYRAMIDS]  # colour masks never overlap
    for occupied in occupancies:
        assert visible_mask(occupied) == _reference_visible(occupied)


def test_facts_grown_from_the_pyramid_before_equal_fresh_facts() -> None:
    grown = 0
    for pyramid, before in PYRAMIDS:
        if before is None or sum(before).bit_count() + 1 != sum(pyramid).bit_count():
            continue  # a take-back, or a new round's first look at this pyramid
        made = facts.grown(facts.fresh(before), pyramid)
        assert made is not None, (before, pyramid)  # base shifts included
        assert _summary(made) == _summary(facts.fresh(pyramid))
        grown += 1
    assert grown > 500


def test_kept_facts_equal_fresh_ones_whatever_was_kept_before() -> None:
    facts._FACTS.clear()
    for pyramid, before in PYRAMIDS:
        assert _summary(facts.facts(pyramid, before)) == _summary(facts.fresh(pyramid))
    facts._FACTS.clear()
    for pyramid, _before in reversed(PYRAMIDS):  # parents unknown: fresh, then kept
        assert _summary(facts.facts(pyramid)) == _summary(facts.fresh(pyramid))


def test_facts_measure_what_scoring_and_views_measure() -> None:
    for pyramid, _before in PYRAMIDS[::3]:
        made = facts.fresh(pyramid)
        full = metrics(pyramid)
        assert made.largest == full.largest
        assert made.sizes == full.sizes
        assert max(part.level1 for part in made.groups) == full.level1
        assert max(part.span for part in made.groups) == full.span
        assert made.points == colour_points(pyramid)["total"]
        assert made.size == base_extent(pyramid)
        for mask, part in zip(pyramid, made.groups, strict=True):
            assert part.largest == colour_metrics(mask & made.visible)[0]


def test_the_single_colour_side_by_masks_equals_the_reference() -> None:
    rng = random.Random(5)
    cases = [p for p, _ in PYRAMIDS]
    for _ in range(3000):  # random colourings of random cells, beyond what matches reach
        masks = [0] * 5
        for bit in range(64):
            if FRAME >> bit & 1 and rng.random() < 0.6:
                masks[rng.randrange(rng.choice((1, 2, 5)))] |= 1 << bit
        cases.append(tuple(masks))
    met = 0
    for pyramid in cases:
        visible = visible_mask(sum(pyramid))
        expected = _single_colour_side(pyramid, visible)
        assert bonus.single_colour_side(pyramid, visible) == expected
        met += expected
    assert 0 < met < len(cases)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_from_card_rows_equal_the_views_scores_for_every_card_and_option(
    players: int,
) -> None:
    rng = random.Random(players)
    pool = [p for p, _ in PYRAMIDS]
    hands = [tuple((card,)) for card in range(len(CARDS))]
    hands += [tuple(rng.sample(range(len(CARDS)), 3)) for _ in range(30)]
    for cards in hands:
        for ties, mode in itertools.product((True, False), SECOND_LARGEST_MODES):
            options = {"neighbour_ties_score": ties, "second_largest": mode}
            for _ in range(8):
                table = [rng.choice(pool) for _ in range(players)]
                if rng.random() < 0.3:
                    table[1] = table[0]  # ties between seats
                seen = [facts.fresh(p) for p in table]
                totals = [part["total"] for part in score_pyramids(table, cards, options)]
                for seat in range(players):
                    assert bonus.total(seen, cards, seat, ties, mode) == totals[seat], (
                        cards, options, seat
                    )
