"""One seat's Goofspiel numbers at the end of a match, read from its final breakdown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def statistics(breakdown: Mapping[str, Any]) -> dict[str, int]:
    prizes = breakdown["prizes"]
    return {"prizes_won": len(prizes), "best_prize": max(prizes, default=0)}
