"""Goofspiel's one action, a bid, with its JSON form (the trust boundary) and its label."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import MALFORMED


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid the card ``card`` of the mover's hand for the prize turned up."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "card": self.card}


def parse_action(data: Any) -> Bid:
    """A bid from its JSON form; IllegalAction for anything else. Whether the card is in the
    mover's hand is the rules' question (``GoofspielState.apply``)."""
    if not isinstance(data, dict) or data.get("type") != "bid":
        raise IllegalAction("an action is {\"type\": \"bid\", \"card\": <number>}", MALFORMED)
    if set(data) != {"type", "card"}:
        raise IllegalAction("a bid has exactly the fields type and card", MALFORMED)
    card = data["card"]
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 99:
        raise IllegalAction("a bid's card is a whole number from 1", MALFORMED)
    return Bid(card)


def describe_action(action: Any) -> str:
    if not isinstance(action, Bid):
        raise TypeError(f"not a Goofspiel action: {action!r}")
    return f"bid {action.card}"
