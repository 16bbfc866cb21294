"""Goofspiel's fixed action indexing and observation layout, read from ``view(seat)``.

The seats are turned so that the observing seat comes first (a spectator observes as seat 0).
Every size follows the ``cards`` option: a bid of card ``c`` is action ``c - 1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import ActionField, ActionIndex, ActionKind, Section, one_hot


def actions(cards: int) -> ActionIndex:
    return ActionIndex((ActionKind("bid", (ActionField("card", tuple(range(1, cards + 1))),)),))


def score_bound(cards: int) -> int:
    """Every prize taken by one seat."""
    return cards * (cards + 1) // 2


def sections(players: int, cards: int) -> tuple[Section, ...]:
    return (
        Section("prize", (cards,), "the prize turned up (one-hot; zeros once over)"),
        Section("unseen", (cards,), "1 for each prize still in the deck"),
        Section("hands", (players, cards), "1 for each card a seat holds, observing seat first"),
        Section("my_bid", (cards,), "my pending bid (one-hot; zeros when I have none)"),
        Section("seats", (players, 2),
                "per seat, observing seat first: score / the score bound, has bid this round"),
    )


def observe(view: Mapping[str, Any], players: int) -> list[float]:
    cards = view["cards"]
    values = list(range(1, cards + 1))
    me = view["seat"] or 0
    seats = [view["seats"][(me + k) % players] for k in range(players)]
    out = one_hot(view["prize"], values)
    unseen = set(view["unseen_prizes"])
    out += [float(card in unseen) for card in values]
    for seat in seats:
        hand = set(seat["hand"])
        out += [float(card in hand) for card in values]
    out += one_hot(view["my_bid"], values)
    bound = score_bound(cards)
    for seat in seats:
        out += [seat["score"] / bound, float(seat["has_bid"])]
    return out
