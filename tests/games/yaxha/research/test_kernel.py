"""The compiled research encoder scores pyramids as scoring and views do.

``tests/games/test_research_encode.py`` holds whole tensors equal to the view-built ones over
random matches; these tests pin the scoring part down beyond what matches reach: pyramids of
random matches of every player count and random colourings of random cells, every bonus card
alone and in random threes, under every scoring option. Each is read back from the tensor's own
cells: a seat's colour points and base size, and the observing seat's score if the game ended
now (which ``score_pyramids`` gives, as the view's ``score_now`` shows).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from meeplehall.games.yaxha import GAME
from meeplehall.games.yaxha.components import CARDS
from meeplehall.games.yaxha.geometry import FRAME, HIDEABLE, visible_mask
from meeplehall.games.yaxha.research.encode import encode
from meeplehall.games.yaxha.research.layout import sections
from meeplehall.games.yaxha.scoring import SECOND_LARGEST_MODES, score_pyramids
from meeplehall.games.yaxha.state import SELECT
from meeplehall.games.yaxha.views import base_extent, colour_points

Pyramid = tuple[int, ...]


def _match_pyramids(players: int, seed: int) -> list[Pyramid]:
    """Every pyramid a random match goes through, take-backs included."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    seen = []
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.pyramid[seat])
    return seen


def _random_colourings(count: int, seed: int) -> list[Pyramid]:
    """Random colourings of random cells, in one, two or five colours (so single-colour sides
    and exact colour counts are met as well as missed)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        masks = [0] * 5
        for bit in range(64):
            if FRAME >> bit & 1 and rng.random() < 0.6:
                masks[rng.randrange(rng.choice((1, 2, 5)))] |= 1 << bit
        found.append(tuple(masks))
    return found


MATCHES = [p for players, seed in itertools.product((2, 3, 4), range(3))
           for p in _match_pyramids(players, seed)]
POOL = MATCHES + _random_colourings(600, 5)


def _offsets(players: int) -> dict[str, int]:
    at, found = 0, {}
    for section in sections(players):
        found[section.name] = at
        at += section.size
    return found


def _tensor(pyramids: list[Pyramid], cards: tuple[int, ...], options: dict[str, object],
            seat: int) -> np.ndarray:
    """The tensor ``seat`` sees of a table whose seats hold ``pyramids`` (at the market)."""
    state = GAME.new_state(len(pyramids), options, 1)
    assert state.phase == SELECT  # pyramids are shown as they stand
    state.pyramid = list(pyramids)
    state.cards = cards
    return np.frombuffer(encode(state, seat), np.float32)


def test_visible_cubes_by_shifts_follow_the_cover_rule() -> None:
    rng = random.Random(3)
    occupancies = [rng.getrandbits(64) & FRAME for _ in range(20000)]
    occupancies += [sum(p) for p in MATCHES]  # colour masks never overlap
    for occupied in occupancies:
        hidden = 0
        for bit, cover in HIDEABLE:
            if occupied & bit and occupied & cover == cover:
                hidden |= bit
        assert visible_mask(occupied) == occupied & ~hidden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seats_colour_points_and_base_size_are_what_views_show(players: int) -> None:
    rng = random.Random(players)
    seats = _offsets(players)["seats"]
    for _ in range(200):
        table = [rng.choice(POOL) for _ in range(players)]
        seat = rng.randrange(players)
        tensor = _tensor(table, (0, 1, 2), {}, seat)
        for k in range(players):  # the tensor's rows start at the observing seat
            pyramid = table[(seat + k) % players]
            row = tensor[seats + k * 7 : seats + (k + 1) * 7]
            assert round(row[4] * 50) == colour_points(pyramid)["total"]
            width, height = base_extent(pyramid)
            assert (round(row[5] * 4), round(row[6] * 4)) == (width, height)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_now_is_the_final_scoring_for_every_card_and_option(players: int) -> None:
    rng = random.Random(players)
    score_now = _offsets(players)["round"] + 1
    hands = [(card,) for card in range(len(CARDS))]
    hands += [tuple(rng.sample(range(len(CARDS)), 3)) for _ in range(30)]
    met = set()
    for cards in hands:
        for ties, mode in itertools.product((True, False), SECOND_LARGEST_MODES):
            options = {"neighbour_ties_score": ties, "second_largest": mode}
            for _ in range(6):
                table = [rng.choice(POOL) for _ in range(players)]
                if rng.random() < 0.3:
                    table[1] = table[0]  # ties between seats
                breakdowns = score_pyramids(table, cards, options)
                for seat in range(players):
                    tensor = _tensor(table, cards, options, seat)
                    assert round(tensor[score_now] * 100) == breakdowns[seat]["total"], (
                        cards, options, seat
                    )
                    met.update(card for card, hit in breakdowns[seat]["bonus"].items() if hit)
    assert met == set(range(len(CARDS)))  # every card was met somewhere, not only missed
