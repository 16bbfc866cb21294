"""Yaxha's observation tensor straight from the state: ``research.observe(view(seat))`` as
float32 bytes, without drawing the view.

It reads exactly what :func:`views.build_view` shows the seat, by the same rules: a rival's
pyramid as of its last confirmed round while the round is built, the seat's own market choice
only, the own hand and this round's own discards; never the bag. What depends on one pyramid
(its planes, groups, base size, bonus-card measures) is kept per pyramid as
:class:`~facts.Facts`, grown from the pyramid before the last cube; the other blocks, which
depend on one immutable value (a hand, a market tile), are packed once and kept, so a step
mostly joins bytes it already has. ``tests/games/test_research_encode.py`` holds it equal to
the view-built tensor for every seat at every step of many random matches.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from meeplehall.core.research import float32_bytes
from meeplehall.games.yaxha import bonus
from meeplehall.games.yaxha.components import CARDS, COMPONENTS, NUM_COLOURS, ROUNDS
from meeplehall.games.yaxha.facts import Facts, facts
from meeplehall.games.yaxha.research import MAX_TILES, PHASES
from meeplehall.games.yaxha.scoring import score_options
from meeplehall.games.yaxha.state import BUILD, OVER, SELECT, YaxhaState

#: A seat row's first four fields (initiative, chosen, confirmed, discarded); the last three
#: (colour points, base width and height) are the pyramid's Facts.tail.
_SEAT_HEAD = struct.Struct("4f")
_ROUND = struct.Struct("2f")
ONE_HOT_TILE = tuple(float32_bytes(float(t == c) for t in range(MAX_TILES))
                     for c in range(-1, MAX_TILES))
ONE_HOT_PHASE = tuple(float32_bytes(float(p == c) for p in range(len(PHASES)))
                      for c in range(len(PHASES)))


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


#: Per table size and seat, the seats in the tensor's order (the seat first).
ORDERS = {(n, seat): tuple((seat + k) % n for k in range(n)) for n in range(1, 5)
          for seat in range(n)}
#: Bonus cards met, per rows seen (see bonus.row), seat, cards and options; past this many the
#: store starts afresh.
SCORES_KEPT = 8192
_met: dict[tuple[object, ...], int] = {}
BONUS_POINTS = COMPONENTS.bonus_card_points


def _seen(state: YaxhaState, seat: int, building: bool) -> list[Facts]:
    """Every seat's pyramid as ``seat`` sees it, in seat order. A pyramid shown as it stands
    may have grown from the one on top of its seat's undo stack (this round's last cube)."""
    seen = []
    for s in range(state.n):
        if building and s != seat:
            seen.append(facts(state.confirmed_pyramid[s]))
        else:
            undo = state.undo[s]
            seen.append(facts(state.pyramid[s], undo[-1][0] if undo else None))
    return seen


_last_options: list[tuple[dict[str, object], tuple[bool, str]]] = []


def _options(options: dict[str, object]) -> tuple[bool, str]:
    """score_options of a match's options, kept for the last options dict asked (a match keeps
    the same one all along; it is kept alive here, so the identity test is safe)."""
    if _last_options and _last_options[0][0] is options:
        return _last_options[0][1]
    found = score_options(options)
    _last_options[:] = [(options, found)]
    return found


@lru_cache(maxsize=4096)
def market_block(market: tuple[tuple[int, ...], ...], taken_by: tuple[int, ...], seat: int,
                 players: int) -> bytes:
    """The market section as ``seat`` sees it."""
    return b"".join([
        market_row(cubes, (taken_by[t] - seat) % players if taken_by[t] >= 0 else -1, players)
        for t, cubes in enumerate(market)
    ]) + absent_row(players) * (MAX_TILES - len(market))


def _score_now(state: YaxhaState, seen: list[Facts], seat: int) -> int:
    """views.score_now's total, from the same pyramids, cards and options: the seat's colour
    points, plus the bonus cards met, kept per rows (see :mod:`bonus`)."""
    cards = state.cards
    ties, mode = _options(state.options)
    rows = tuple([bonus.row(part, cards) for part in seen])
    key = (rows, seat, cards, ties, mode)
    met = _met.get(key)
    if met is None:
        if len(_met) >= SCORES_KEPT:
            _met.clear()
        met = _met[key] = bonus.met(rows, cards, seat, ties, mode)
    return seen[seat].points + BONUS_POINTS * met


def encode(state: YaxhaState, seat: int) -> bytes:
    n, phase = state.n, state.phase
    building = phase == BUILD
    seen = _seen(state, seat, building)
    order = ORDERS[n, seat]
    shown = [seen[s] for s in order]
    market = market_block(tuple(state.market), tuple(state.taken_by), seat, n)
    choice = state.choice[seat] if phase == SELECT and state.choice[seat] >= 0 else -1
    selecting = phase == SELECT
    seat_rows = [
        _SEAT_HEAD.pack(
            state.initiative[s] / n,
            float(selecting and state.choice[s] >= 0),
            float(building and state.confirmed[s]),
            (sum(state.discarded[s]) + (sum(state.discarding[s]) if s == seat else 0)) / 10,
        ) + shown[k].tail
        for k, s in enumerate(order)
    ]
    score_now = _score_now(state, seen, seat) if phase != OVER else 0
    return b"".join((
        *[plane for part in shown for plane in part.cubes], *[part.seen for part in shown],
        hand_counts(state.hand[seat]), *[counts(state.collected[s]) for s in order], market,
        ONE_HOT_TILE[choice + 1], *seat_rows, card_row(state.cards), ONE_HOT_PHASE[phase],
        _ROUND.pack(state.round / ROUNDS, score_now / 100),
    ))
