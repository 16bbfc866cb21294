"""The bots' evaluation of a Yaxha position, in points, relative to the best rival.

For every seat: the colour points its visible cubes score now, plus each bonus card in play
blended between "met now" and a progress ratio by how much of the game is left, plus the growth
its largest groups can still expect (free legal cells next to them, filled by the cubes still to
come of that colour, including the cubes in hand or on the tile it has chosen). The result for a
seat is its value minus the best other seat's value, so it reads as "points ahead".

While building, the evaluated seat's cubes that still fit somewhere cost UNPLACED_PENALTY each:
the rules force them into the pyramid anyway, and the penalty makes every placement look better
to a one-ply search than undoing it, so a greedy bot never loops between placing and undoing.
A search's leaves are judged without it (:func:`lead`, ``search_heuristic``): there a position
cut in the middle of a build is not lost, its cubes in hand are already counted in the growth,
and charging only the evaluated seat's would read every such leaf as hopeless.
"""

from __future__ import annotations

from meeplehall.games.yaxha.components import CARDS, NUM_COLOURS
from meeplehall.games.yaxha.geometry import BASE, FULL_CELLS, GROUP_NEIGHBOURS, bit_of
from meeplehall.games.yaxha.placement import base_moves, can_place_any, upper_legal
from meeplehall.games.yaxha.scoring import (
    Metrics,
    card_results,
    group_points,
    metrics,
    score_options,
)
from meeplehall.games.yaxha.state import BUILD, SELECT, YaxhaState

BONUS = 5.0
#: How much of the optimistic growth estimate to believe (the market decides what comes).
GROWTH_TRUST = 0.5
UNPLACED_PENALTY = 50.0
_NEIGHBOURS = [GROUP_NEIGHBOURS.get(b, 0) for b in range(64)]


def evaluate(state: YaxhaState, seat: int) -> float:
    """The greedy bot's value: :func:`lead`, less the penalty for the seat's unplaced cubes."""
    value = lead(state, seat)
    if state.phase == BUILD and can_place_any(
        state.pyramid[seat], state.occupied[seat], state.hand[seat]
    ):
        value -= UNPLACED_PENALTY * sum(state.hand[seat])
    return value


def lead(state: YaxhaState, seat: int) -> float:
    """Points ahead of the best rival, with no penalty: how a search judges where it stops."""
    values = seat_values(state)
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def seat_values(state: YaxhaState) -> list[float]:
    n = state.n
    sides = any(CARDS[card].kind == "single_colour_side" for card in state.cards)
    table = [metrics(p, sides) for p in state.pyramid]
    remaining = []
    hands: list[list[int]] = []
    for s in range(n):
        hand = list(state.hand[s])
        if state.phase == SELECT and state.choice[s] >= 0:
            for colour in state.market[state.choice[s]]:
                hand[colour] += 1
        hands.append(hand)
        used = state.occupied[s].bit_count() + sum(state.discarded[s]) + sum(state.discarding[s])
        remaining.append(max(0, FULL_CELLS - used))
    ties, mode = score_options(state.options)
    met_by_card = {card: card_results(CARDS[card], table, ties, mode) for card in state.cards}
    values: list[float] = []
    for s in range(n):
        m = table[s]
        still = remaining[s] / FULL_CELLS
        value = float(sum(group_points(size) for size in m.largest))
        value += _growth(state, s, m, hands[s], remaining[s])
        for card_id, met_by_seat in met_by_card.items():
            met = 1.0 if met_by_seat[s] else 0.0
            progress = _card_progress(card_id, s, table, met)
            value += BONUS * ((1.0 - still) * met + still * progress)
        values.append(value)
    return values


def _growth(state: YaxhaState, seat: int, m: Metrics, hand: list[int], remaining: int) -> float:
    pyramid, occupied = state.pyramid[seat], state.occupied[seat]
    base_free = 0
    if occupied & BASE != BASE:
        for x, y in base_moves(occupied & BASE)[0]:
            if 0 <= x <= 3 and 0 <= y <= 3:
                base_free |= 1 << bit_of(0, x, y)
    in_hand = sum(hand)
    future_each = max(0, remaining - in_hand) / NUM_COLOURS
    total = 0.0
    for colour in range(NUM_COLOURS):
        size = m.largest[colour]
        expected = hand[colour] + future_each
        if not size:
            total += GROWTH_TRUST * group_points(min(int(expected), 12)) if expected >= 1 else 0.0
            continue
        largest = m.largest_groups[colour]
        reach = 0
        while largest:
            low = largest & -largest
            reach |= _NEIGHBOURS[low.bit_length() - 1]
            largest ^= low
        open_cells = (reach & (base_free | upper_legal(pyramid, occupied, colour))).bit_count()
        gain = min(expected, 2.0 * open_cells)
        grown = group_points(size + int(gain)) - group_points(size)
        total += GROWTH_TRUST * grown
    return total


def _card_progress(card_id: int, seat: int, table: list[Metrics], met: float) -> float:
    """A 0..1 progress ratio towards meeting a card (``met`` says whether it is met now)."""
    card = CARDS[card_id]
    m = table[seat]
    kind = card.kind
    if kind in {"most_colour", "most_any_group", "most_level1_group", "most_levels_spanned"}:
        values = [_measure(kind, t, card.colour) for t in table]
        return values[seat] / max(1, max(values))
    if kind == "neighbour_colour":
        mine = m.largest[card.colour]
        theirs = table[(seat + 1) % len(table)].largest[card.colour]
        return min(1.0, (mine + 1) / (theirs + 1))
    if kind == "colours_on_level":
        return len(m.level_colours[card.level]) / card.count
    if kind == "exact_colours":
        shown = len(m.all_colours)
        return 1.0 if shown == card.count else (shown / card.count if shown < card.count else 0.1)
    # Second-largest group and single-colour side: no cheap ratio, a small hope if unmet.
    return max(met, 0.25)


def _measure(kind: str, m: Metrics, colour: int) -> int:
    if kind == "most_colour":
        return m.largest[colour]
    if kind == "most_any_group":
        return m.largest_any
    if kind == "most_level1_group":
        return m.level1
    return m.span
