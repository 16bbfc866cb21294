"""Monster Hex's end-of-game statistics, read from one seat's final breakdown
(``scoresheet.detailed_breakdown``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def statistics(breakdown: Mapping[str, Any]) -> dict[str, int]:
    """Gems won (each gem line), objective cards met (those that brought points), and the
    points they brought."""
    cards = breakdown.get("cards") or []
    return {
        "gems_won": len(breakdown.get("gems") or []),
        "objectives_met": sum(1 for card in cards if card.get("points", 0) > 0),
        "objective_points": int(breakdown.get("objectives", 0)),
    }
