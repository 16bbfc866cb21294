"""Monster Hex actions, their JSON form (``parse_action`` is the trust boundary) and labels."""

from __future__ import annotations

from typing import Any, NamedTuple

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import MALFORMED, action_type, short_text, shown, whole_number


class Place(NamedTuple):
    """Put a unit from hand on cell (q, r) with a rotation 0-5.

    ``unit`` is the unit's id ("S", "A1", ...). On a shared-faction turn it names a shared
    unit in hand, otherwise one of the seat's own units.
    """

    unit: str
    q: int
    r: int
    rotation: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "unit": self.unit, "q": self.q, "r": self.r,
                "rotation": self.rotation}


class TakeSlot(NamedTuple):
    """Take one slot of a big gem: 0 = the high value, 1 = the low one."""

    slot: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "take_slot", "slot": self.slot}


class Pass(NamedTuple):
    """Decline an optional ability."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


class Target(NamedTuple):
    """Aim an ability at cell (q, r): Reinforce, Curse (a unit) or Crystallize (an empty cell)."""

    q: int
    r: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "target", "q": self.q, "r": self.r}


class Rotate(NamedTuple):
    """Confuse: turn the enemy unit on (q, r) to a new rotation."""

    q: int
    r: int
    rotation: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "rotate", "q": self.q, "r": self.r, "rotation": self.rotation}


class DrawObjective(NamedTuple):
    """Scheme: draw one more secret personal objective."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw_objective"}


class Pick(NamedTuple):
    """Ability draft: take a faction through one of its two abilities."""

    ability: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick", "ability": self.ability}


Action = Place | TakeSlot | Pass | Target | Rotate | DrawObjective | Pick


_FIELDS = {
    "place": {"unit", "q", "r", "rotation"},
    "take_slot": {"slot"},
    "pass": set(),
    "target": {"q", "r"},
    "rotate": {"q", "r", "rotation"},
    "draw_objective": set(),
    "pick": {"ability"},
}


def parse_action(data: Any) -> Action:
    kind = action_type(data, _FIELDS)
    extra = set(data) - _FIELDS[kind] - {"type"}
    if extra:
        raise IllegalAction(f"unexpected field {shown(sorted(extra)[0])} in a {kind!r} action",
                            rule=MALFORMED)
    if kind == "place":
        return Place(short_text(data, "unit"), whole_number(data, "q"), whole_number(data, "r"),
                     whole_number(data, "rotation", 0, 5))
    if kind == "take_slot":
        return TakeSlot(whole_number(data, "slot", 0, 1))
    if kind == "pass":
        return Pass()
    if kind == "target":
        return Target(whole_number(data, "q"), whole_number(data, "r"))
    if kind == "rotate":
        return Rotate(
            whole_number(data, "q"), whole_number(data, "r"), whole_number(data, "rotation", 0, 5)
        )
    if kind == "draw_objective":
        return DrawObjective()
    return Pick(short_text(data, "ability"))


def describe_action(action: Any) -> str:
    if isinstance(action, Place):
        return f"place {action.unit} on ({action.q},{action.r}) rotation {action.rotation}"
    if isinstance(action, TakeSlot):
        return "take the high slot" if action.slot == 0 else "take the low slot"
    if isinstance(action, Pass):
        return "pass (do not use the ability)"
    if isinstance(action, Target):
        return f"use the ability on ({action.q},{action.r})"
    if isinstance(action, Rotate):
        return f"turn the unit on ({action.q},{action.r}) to rotation {action.rotation}"
    if isinstance(action, DrawObjective):
        return "draw a secret objective"
    if isinstance(action, Pick):
        return f"pick the {action.ability} ability"
    return str(action)
