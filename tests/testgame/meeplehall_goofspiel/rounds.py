"""Goofspiel's one rule beyond the moves: who takes the prize once every bid is in."""

from __future__ import annotations

from collections.abc import Mapping


def taker(bids: Mapping[int, int]) -> int | None:
    """The seat whose bid is the highest alone, or None when two or more share the highest."""
    top = max(bids.values())
    highest = [seat for seat, card in bids.items() if card == top]
    return highest[0] if len(highest) == 1 else None
