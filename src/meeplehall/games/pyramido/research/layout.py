"""Pyramido's fixed action indexing and observation layout for research adapters.

Everything is read from ``view(seat)`` (Pyramido has no per-seat secret, but face-down dominoes
show only their backs), with the seats turned so that the observing seat comes first. The top of
each pyramid is drawn on a 10x10 grid of quarters, shifted so that its top-left visible quarter
sits at (0, 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import (
    ActionField,
    ActionIndex,
    ActionKind,
    Section,
    one_hot,
)
from meeplehall.games.pyramido.actions import SPACES
from meeplehall.games.pyramido.components import COLOURS, GEM_KINDS
from meeplehall.games.pyramido.geometry import STAGES
from meeplehall.games.pyramido.phases import OVER, PLACE, REVEAL, SCORE, SPLIT, TAKE

PHASES = (TAKE, SPLIT, REVEAL, PLACE, SCORE, OVER)
#: Placement coordinates: stage 1 names cells of a 9x9 table around the first domino (-4..4);
#: stages 2-4 use frame coordinates, which fall inside the same range.
COORDS = tuple(range(-4, 5))
#: Areas a seat may activate at a stage end are numbered from 0. Each holds at least one
#: visible quarter, and a top spans at most 10x8 quarters (the 5x4-block frame), so 80 bounds it.
MAX_AREAS = 80
#: (units, coloured gems, mythical gems): one unit is a coloured gem or two mythical ones.
PAYMENTS = ((1, 1, 0), (1, 0, 2), (3, 3, 0), (3, 2, 2), (3, 1, 4), (3, 0, 6))
GRID = 10
#: Per quarter of a top: its colour (one-hot), whether it shows an icon, its stage / 4.
QUARTER = len(COLOURS) + 2
SEAT_FIELDS = ("score", "frame", "activating", "discarding", "done", "stage_points")

ACTIONS = ActionIndex(
    (
        ActionKind(
            "take",
            (ActionField("space", tuple(range(1, SPACES + 1))),
             ActionField("gem", (None, *GEM_KINDS))),
        ),
        ActionKind("split", (ActionField("pile", tuple(range(1, SPACES + 1))),)),
        ActionKind("reveal", (ActionField("pile", tuple(range(1, SPACES + 1))),)),
        ActionKind(
            "place",
            (ActionField("i", COORDS), ActionField("j", COORDS),
             ActionField("rotation", tuple(range(4)))),
        ),
        ActionKind(
            "activate",
            (ActionField("area", tuple(range(MAX_AREAS))),
             ActionField(("units", "coloured", "mythical"), PAYMENTS)),
        ),
        ActionKind("finish"),
        ActionKind("discard", (ActionField("gem", GEM_KINDS),)),
    )
)
#: A domino as seen: per half, its colour (one-hot) and its icons; then 1 if it is known at all.
DOMINO = 2 * (len(COLOURS) + 1) + 1


def sections(players: int) -> tuple[Section, ...]:
    return (
        Section("tops", (players, QUARTER, GRID, GRID),
                "each seat's visible pyramid top, per quarter: colour planes, icon, stage/4"),
        Section("gems", (players, len(GEM_KINDS)), "gems each seat holds, per kind"),
        Section("seats", (players, len(SEAT_FIELDS)),
                "per seat: score/100, frame known, scoring status (activating, discarding, "
                "done), points of the stage being scored/50"),
        Section("areas", (MAX_AREAS, len(COLOURS) + 2),
                "my areas while a stage is scored: colour, value/10, already activated"),
        Section("spaces", (SPACES, DOMINO + 2 + len(GEM_KINDS)),
                "per exploration space: its top domino, face up, pile size/20, gems per kind"),
        Section("held", (DOMINO,), "the domino I hold, to place"),
        Section("explorer", (DOMINO + len(GEM_KINDS) + 2,),
                "the solo opponent: its top domino, gems, score/100, pile size/20"),
        Section("phase", (len(PHASES),), "take, split, reveal, place, score, over (one-hot)"),
        Section("progress", (STAGES + 4,),
                "stage (one-hot), turn/10, I am active, emptied space/5, gems in the bag/63"),
    )


def _icons(value: Any) -> float:
    return float(len(value) if isinstance(value, list) else value)


def _domino(face: Mapping[str, Any] | None) -> list[float]:
    if face is None:
        return [0.0] * DOMINO
    return [
        *one_hot(face["a_colour"], COLOURS), _icons(face["a_icons"]),
        *one_hot(face["b_colour"], COLOURS), _icons(face["b_icons"]), 1.0,
    ]


def _gems(gems: Mapping[str, int]) -> list[float]:
    return [float(gems.get(kind, 0)) for kind in GEM_KINDS]


def observe(view: Mapping[str, Any], players: int) -> list[float]:
    me = view["seat"] or 0
    seats = [view["players"][(me + k) % players] for k in range(players)]
    plane = GRID * GRID
    tops = [0.0] * (players * QUARTER * plane)
    colour_of = {name: c for c, name in enumerate(COLOURS)}
    for k, seat in enumerate(seats):
        cells = seat["top"]
        if not cells:
            continue
        left = min(cell["x"] for cell in cells)
        top = min(cell["y"] for cell in cells)
        base = k * QUARTER * plane
        for cell in cells:
            x, y = cell["x"] - left, cell["y"] - top
            if x >= GRID or y >= GRID:
                continue
            at = y * GRID + x
            tops[base + colour_of[cell["colour"]] * plane + at] = 1.0
            tops[base + len(COLOURS) * plane + at] = float(cell["icon"])
            tops[base + (len(COLOURS) + 1) * plane + at] = cell["stage"] / STAGES
    gems: list[float] = []
    seat_rows: list[float] = []
    for seat in seats:
        gems += _gems(seat["gems"])
        scoring = seat.get("scoring")
        status = scoring["status"] if scoring else None
        seat_rows += [seat["score"] / 100, float(seat["frame"] is not None)]
        seat_rows += one_hot(status, ("activating", "discarding", "done"))
        seat_rows.append(scoring["points"] / 50 if scoring else 0.0)
    areas = [0.0] * (MAX_AREAS * (len(COLOURS) + 2))
    scoring = seats[0].get("scoring")
    if scoring:
        for area in scoring["areas"][:MAX_AREAS]:
            row = (
                [*one_hot(area["colour"], COLOURS), area["value"] / 10, float(area["activated"])]
            )
            start = area["area"] * len(row)
            areas[start : start + len(row)] = row
    spaces: list[float] = []
    for space in view["exploration"]:
        spaces += [*_domino(space["top"]), float(space["face_up"]), space["size"] / 20]
        spaces += _gems(space["gems"])
    explorer = view.get("explorer")
    if explorer:
        solo = _domino(explorer["top"]) + _gems(explorer["gems"])
        solo += [explorer["score"] / 100, explorer["dominoes"] / 20]
    else:
        solo = [0.0] * (DOMINO + len(GEM_KINDS) + 2)
    emptied = view["emptied_space"] or 0
    progress = [
        *one_hot(view["stage"], range(1, STAGES + 1)), view["turn"] / 10,
        float(view["active"] == view["seat"]), emptied / SPACES, view["bag"] / 63,
    ]
    return (
        tops + gems + seat_rows + areas + spaces + _domino(view["held_domino"]) + solo
        + one_hot(view["phase"], PHASES) + progress
    )
