"""Yaxha's observation tensor straight from the state: ``research.observe(view(seat))`` as
float32 bytes, without drawing the view.

It reads exactly what :func:`views.build_view` shows the seat, by the same rules: a rival's
pyramid as of its last confirmed round while the round is built, the seat's own market choice
only, the own hand and this round's own discards; never the bag. Blocks that depend on one
immutable value (a pyramid tuple, a hand, a market tile) are packed once and kept, so a step
mostly joins bytes it already has. ``tests/games/yaxha/test_encode.py`` holds it equal to the
view-built tensor for every seat at every step of many random matches.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from meeplehall.core.research import float32_bytes
from meeplehall.games.yaxha.components import CARDS, NUM_COLOURS, ROUNDS
from meeplehall.games.yaxha.geometry import CELL_OF_BIT, LEVELS, bits, visible_mask
from meeplehall.games.yaxha.research import MAX_TILES, PHASES, SEAT_FIELDS
from meeplehall.games.yaxha.scoring import (
    METRICS_KEPT,
    Metrics,
    Pyramid,
    cached_metrics,
    colour_metrics,
    group_points,
    score_options,
    seat_total,
)
from meeplehall.games.yaxha.scoring import metrics as full_metrics
from meeplehall.games.yaxha.state import BUILD, OVER, SELECT, YaxhaState
from meeplehall.games.yaxha.views import base_extent

ONE = float32_bytes((1.0,))
PLANE = LEVELS * 16
#: The single-colour-side test is the dearest metric; it is asked only when its card is out.
SIDE_CARDS = frozenset(c for c, card in enumerate(CARDS) if card.kind == "single_colour_side")
_SEAT_ROW = struct.Struct(f"{len(SEAT_FIELDS)}f")
_ROUND = struct.Struct("2f")
ONE_HOT_TILE = tuple(float32_bytes(float(t == c) for t in range(MAX_TILES))
                     for c in range(-1, MAX_TILES))
ONE_HOT_PHASE = tuple(float32_bytes(float(p == c) for p in range(len(PHASES)))
                      for c in range(len(PHASES)))


def _cell(bit: int) -> int:
    """The tensor's cell of a layout bit: planes are (level, y, x), the layout is (z, x, y)."""
    z, x, y = CELL_OF_BIT[bit]
    return z * 16 + y * 4 + x


@lru_cache(maxsize=16384)
def plane(mask: int) -> bytes:
    """One (level, y, x) plane with 1.0 at the cells of ``mask``. Kept per mask: a move
    changes one colour of one pyramid, so the other colours' planes are found here."""
    block = bytearray(PLANE * 4)
    for bit in bits(mask):
        at = _cell(bit) * 4
        block[at : at + 4] = ONE
    return bytes(block)


@lru_cache(maxsize=METRICS_KEPT)
def planes(pyramid: Pyramid) -> tuple[bytes, bytes]:
    """One seat's rows of ``pyramids`` (per colour) and of ``visible``."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    return b"".join([plane(mask) for mask in pyramid]), plane(visible_mask(occupied))


@lru_cache(maxsize=4096)
def counts(cubes: tuple[int, ...]) -> bytes:
    """Cubes per colour, from a tuple of colour indices (a tile) ..."""
    return float32_bytes(float(cubes.count(c)) for c in range(NUM_COLOURS))


@lru_cache(maxsize=4096)
def hand_counts(hand: tuple[int, ...]) -> bytes:
    """... or from a hand of counts."""
    return float32_bytes(float(n) for n in hand)


@lru_cache(maxsize=4096)
def market_row(cubes: tuple[int, ...], taker: int, players: int) -> bytes:
    """A market tile: its cubes, 1 for being there, who took it (``taker`` relative to me)."""
    return counts(cubes) + float32_bytes(
        (1.0, *(float(k == taker) for k in range(players)))
    )


@lru_cache(maxsize=64)
def absent_row(players: int) -> bytes:
    return bytes((NUM_COLOURS + 1 + players) * 4)


@lru_cache(maxsize=256)
def card_row(cards: tuple[int, ...]) -> bytes:
    ids = {CARDS[c].id for c in cards}
    return float32_bytes(float(card in ids) for card in range(len(CARDS)))


@lru_cache(maxsize=METRICS_KEPT)
def lean_metrics(pyramid: Pyramid) -> Metrics:
    """Metrics without the single-colour side (False there), for tables without that card."""
    return full_metrics(pyramid, sides=False)


@lru_cache(maxsize=METRICS_KEPT)
def colour_total(pyramid: Pyramid) -> int:
    """``views.colour_points(pyramid)["total"]``, from the per-colour metrics alone."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    visible = visible_mask(occupied)
    return sum(group_points(colour_metrics(mask & visible)[0]) for mask in pyramid)


@lru_cache(maxsize=METRICS_KEPT)
def _score_now(seen: tuple[Pyramid, ...], cards: tuple[int, ...], ties: bool, mode: str,
               seat: int) -> int:
    """views.score_now's total: the same pyramids, cards and options (kept, as the pyramids
    seen change only when a cube is placed)."""
    metrics_of = cached_metrics if SIDE_CARDS.intersection(cards) else lean_metrics
    options = {"neighbour_ties_score": ties, "second_largest": mode}
    return seat_total(seen, cards, options, seat, metrics_of)


def encode(state: YaxhaState, seat: int) -> bytes:
    n, phase = state.n, state.phase
    building = phase == BUILD
    order = [(seat + k) % n for k in range(n)]
    seen = [
        state.pyramid[s] if s == seat or not building else state.confirmed_pyramid[s]
        for s in range(n)
    ]
    cube_rows, visible_rows = zip(*(planes(seen[s]) for s in order), strict=True)
    collected = b"".join(counts(state.collected[s]) for s in order)
    market = b"".join(
        market_row(cubes, (state.taken_by[t] - seat) % n if state.taken_by[t] >= 0 else -1, n)
        for t, cubes in enumerate(state.market)
    ) + absent_row(n) * (MAX_TILES - len(state.market))
    choice = state.choice[seat] if phase == SELECT and state.choice[seat] >= 0 else -1
    seat_rows = []
    for s in order:
        width, height = base_extent(seen[s])
        discarded = sum(state.discarded[s]) + (sum(state.discarding[s]) if s == seat else 0)
        seat_rows.append(_SEAT_ROW.pack(
            state.initiative[s] / n,
            float(phase == SELECT and state.choice[s] >= 0),
            float(building and state.confirmed[s]),
            discarded / 10,
            colour_total(seen[s]) / 50,
            width / 4,
            height / 4,
        ))
    score_now = 0
    if phase != OVER:
        score_now = _score_now(tuple(seen), state.cards, *score_options(state.options), seat)
    return b"".join((
        *cube_rows, *visible_rows, hand_counts(state.hand[seat]), collected, market,
        ONE_HOT_TILE[choice + 1], *seat_rows, card_row(state.cards), ONE_HOT_PHASE[phase],
        _ROUND.pack(state.round / ROUNDS, score_now / 100),
    ))
