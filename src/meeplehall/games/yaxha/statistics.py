"""Yaxha's end-of-game statistics, read from one seat's final breakdown (``scoring``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def statistics(breakdown: Mapping[str, Any]) -> dict[str, int]:
    """Points from colours and from bonus cards, and how many bonus cards were met."""
    bonus = breakdown.get("bonus") or {}
    return {
        "colour_points": int(breakdown.get("colour_points", 0)),
        "bonus_points": int(breakdown.get("bonus_points", 0)),
        "bonus_cards_met": sum(1 for card in bonus.values() if card.get("met")),
    }
