"""The clocks a table may be created with: each time setting its mode uses lies in a range the
server sets (``config.Settings``), or the table is refused before anything is stored.

Without bounds a live bank of a nanosecond (stored as 0 ms) hands every seat to a bot at once,
and a deadline of centuries keeps a table in play for good.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from meeplehall.server.config import Settings
from meeplehall.server.errors import ApiError


@dataclass(frozen=True)
class Bound:
    """One time setting of a new table: its name in the request, its unit and range."""

    field: str
    unit: str
    least: float
    most: float


def bounds_of(settings: Settings) -> list[Bound]:
    """Every time setting of a new table, with the range this server allows."""
    return [
        Bound("initial_seconds", "seconds", settings.min_clock_seconds,
              settings.max_clock_seconds),
        Bound("increment_seconds", "seconds", 0.0, settings.max_increment_seconds),
        Bound("move_deadline_hours", "hours", settings.min_turn_hours, settings.max_turn_hours),
    ]


#: The time settings each mode uses; the others are not stored.
USED = {"live": {"initial_seconds", "increment_seconds"}, "turn": {"move_deadline_hours"}}


def check_clock(settings: Settings, mode: str, values: Mapping[str, float],
                given: Iterable[str]) -> None:
    """ApiError 400 ``clock_out_of_range`` for the first time setting outside its range, of
    those ``mode`` uses (given or by default) and those the request ``given`` (even unused:
    nobody is told a nanosecond was fine). NaN and infinities are never inside a range."""
    checked = USED.get(mode, set()) | set(given)
    for bound in bounds_of(settings):
        if bound.field not in checked:
            continue
        value = values[bound.field]
        if not (math.isfinite(value) and bound.least <= value <= bound.most):
            raise ApiError(
                400, "clock_out_of_range",
                f"{bound.field} must be from {bound.least:g} to {bound.most:g} {bound.unit}",
                {"field": bound.field, "min": bound.least, "max": bound.most},
            )
