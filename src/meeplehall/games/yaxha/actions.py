"""Yaxha's actions and the JSON trust boundary that builds them.

- ``ChooseTile(tile)``: the secret market choice, or a pending player's pick after a tie.
- ``Place(colour, level, x, y)``: one cube from hand into one's own pyramid. Coordinates are in
  the seat's current (normalised) frame; a base cube may name x or y down to -3.
- ``Undo()``: take back this round's last placement (until the seat confirms).
- ``Confirm()``: end one's building for the round; discards the cubes that cannot be placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import MALFORMED, action_type, shown, whole_number
from meeplehall.games.yaxha.components import COLOUR_NAMES


@dataclass(frozen=True, slots=True)
class ChooseTile:
    tile: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "tile", "tile": self.tile}


@dataclass(frozen=True, slots=True)
class Place:
    colour: str
    level: int
    x: int
    y: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "place",
            "colour": self.colour,
            "level": self.level,
            "x": self.x,
            "y": self.y,
        }


@dataclass(frozen=True, slots=True)
class Undo:
    def to_json(self) -> dict[str, Any]:
        return {"type": "undo"}


@dataclass(frozen=True, slots=True)
class Confirm:
    def to_json(self) -> dict[str, Any]:
        return {"type": "confirm"}


YaxhaAction = ChooseTile | Place | Undo | Confirm
UNDO = Undo()
CONFIRM = Confirm()
ACTION_TYPES = ("tile", "place", "undo", "confirm")
#: Sanity bound on coordinates before any rule is checked (a base cube may name -3..3).
COORD_LIMIT = 3


def _int_field(data: dict[str, Any], key: str) -> int:
    if key not in data:
        raise IllegalAction(f"a {data['type']!r} action needs a {key!r} field", rule=MALFORMED)
    return whole_number(data, key)


def parse_action(data: Any) -> YaxhaAction:
    """Build an action from its JSON form; anything malformed raises IllegalAction."""
    kind = action_type(data, ACTION_TYPES)
    fields = {"tile": {"tile"}, "place": {"colour", "level", "x", "y"}}.get(kind, set())
    extra = sorted(set(data) - fields - {"type"})
    if extra:
        raise IllegalAction(f"a {kind!r} action has no field {shown(extra[0])}", rule=MALFORMED)
    if kind == "tile":
        return ChooseTile(_int_field(data, "tile"))
    if kind == "place":
        colour = data.get("colour")
        if not isinstance(colour, str) or colour not in COLOUR_NAMES:
            raise IllegalAction(
                f"unknown cube colour {shown(colour)}; colours are {', '.join(COLOUR_NAMES)}",
                rule=MALFORMED,
            )
        level, x, y = (_int_field(data, key) for key in ("level", "x", "y"))
        return Place(colour, level, x, y)
    return UNDO if kind == "undo" else CONFIRM


def describe_action(action: Any) -> str:
    if isinstance(action, ChooseTile):
        return f"take market tile {action.tile}"
    if isinstance(action, Place):
        return f"place {action.colour} on level {action.level + 1} at x={action.x}, y={action.y}"
    if isinstance(action, Undo):
        return "undo the last placement"
    if isinstance(action, Confirm):
        return "confirm this round's building (cubes left in hand are discarded)"
    return repr(action)
