"""The deal of a Goofspiel match: the prize deck, shuffled by the match's generator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core import Rng
from meeplehall_goofspiel.match import GoofspielMatch


def deal_prizes(cards: int, rng: Rng) -> list[int]:
    """The prize deck 1..``cards`` in the order it will be turned up."""
    prizes = list(range(1, cards + 1))
    rng.shuffle(prizes)
    return prizes


def new_match(players: int, options: Mapping[str, Any], rng: Rng) -> GoofspielMatch:
    """A match for ``players`` under validated ``options``; the only draw is the deck's order."""
    return GoofspielMatch(players, deal_prizes(options["cards"], rng))
