"""Pyramido's end-of-game statistics, read from one seat's final breakdown (``scoring``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def statistics(breakdown: Mapping[str, Any]) -> dict[str, int]:
    """The best stage's points, the stages that scored, and the gems kept to the end."""
    stages = [int(points) for key, points in breakdown.items() if key.startswith("stage ")]
    return {
        "best_stage": max(stages, default=0),
        "stages_scored": sum(1 for points in stages if points > 0),
        "gems_kept": int(breakdown.get("gems held", 0)),
    }
