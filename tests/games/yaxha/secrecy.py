"""Yaxha's rules hide a seat's market choice until the reveal, and its placements of the round
(and the undos) until every seat has confirmed: others see the pyramid as it was when the round
began."""

from __future__ import annotations

from typing import Any

from meeplehall.games.yaxha.state import BUILD, SELECT, YaxhaState
from tests.games.secrecy import Secrecy, seat_entries

#: Keys that only the seat itself may see about its own seat entry.
YAXHA_OWN_KEYS = {"hand", "choice", "placed_this_round", "can_undo"}
#: Events about a seat that only that seat may receive.
YAXHA_SECRET_EVENTS = {"tile_chosen", "cube_placed", "placement_undone"}


def cubes_shown(frame: dict[str, Any], seat: int) -> int | None:
    """How many cubes of ``seat``'s pyramid a frame shows (None if it shows no pyramid)."""
    view = frame.get("view")
    if not isinstance(view, dict):
        return None
    for entry in view.get("seats", []):
        if entry.get("seat") == seat and "pyramid" in entry:
            return len(entry["pyramid"])
    return None


def yaxha_leaks(frame: Any, viewer: int | None, state: YaxhaState) -> list[str]:
    found = seat_entries(frame, viewer, state.n, YAXHA_OWN_KEYS, YAXHA_SECRET_EVENTS)
    if not isinstance(frame, dict):
        return found
    view = frame.get("view") or {}
    for seat in range(state.n):
        if seat == viewer:
            continue
        if state.phase == SELECT and state.choice[seat] >= 0 and view.get("choices") is not None:
            found.append("the choices before the reveal")
        if state.phase == BUILD:
            # Only the cubes of completed rounds: this round's placements are the seat's.
            confirmed = sum(bin(mask).count("1") for mask in state.confirmed_pyramid[seat])
            shown = cubes_shown(frame, seat)
            if shown is not None and shown != confirmed:
                found.append(f"seat {seat}'s pyramid with {shown} cubes, not {confirmed}")
    return found


SECRECY = Secrecy(yaxha_leaks, tables=((2, {}, 1), (3, {}, 2)))
