"""The actions a seat plays, their JSON form, parsing (the trust boundary) and their labels.

Spaces and piles are numbered 1..5 from left to right, as in the rules. Gems are named by kind:
a colour, or "mythical".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import MALFORMED, action_type, shown, whole_number
from meeplehall.games.pyramido.components import GEM_KINDS

SPACES = 5


@dataclass(frozen=True, slots=True)
class Take:
    """Take the face-up domino of a space and one gem of your choice from its gem area."""

    space: int
    gem: str | None  # None only when the gem area is empty

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "space": self.space, "gem": self.gem}


@dataclass(frozen=True, slots=True)
class Split:
    """Refill the emptied space with the bottom half (rounded down) of another pile."""

    pile: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "split", "pile": self.pile}


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn face up the top domino of a face-down pile."""

    pile: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal", "pile": self.pile}


@dataclass(frozen=True, slots=True)
class Place:
    """Place the taken domino: block A at (i, j) of the current stage, rotation 0..3.

    Stage 1 coordinates are relative to the first domino's block A (0, 0) until the stage ends;
    stages 2-4 use their frame's coordinates (rules 4.2).
    """

    i: int
    j: int
    rotation: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "i": self.i, "j": self.j, "rotation": self.rotation}


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate one area at stage end with 1 or 3 units: coloured gems + mythical pairs."""

    area: int
    units: int
    coloured: int
    mythical: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "activate",
            "area": self.area,
            "units": self.units,
            "coloured": self.coloured,
            "mythical": self.mythical,
        }


@dataclass(frozen=True, slots=True)
class Finish:
    """Done activating areas for this stage."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "finish"}


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one gem while holding more than five after a stage's scoring."""

    gem: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "gem": self.gem}


Action = Take | Split | Reveal | Place | Activate | Finish | Discard

_FIELDS: dict[str, tuple[str, ...]] = {
    "take": ("space", "gem"),
    "split": ("pile",),
    "reveal": ("pile",),
    "place": ("i", "j", "rotation"),
    "activate": ("area", "units", "coloured", "mythical"),
    "finish": (),
    "discard": ("gem",),
}


def _gem(value: Any, allow_none: bool) -> str | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, str) or value not in GEM_KINDS:
        raise IllegalAction(f"unknown gem {shown(value)}; gems are {', '.join(GEM_KINDS)}",
                           rule=MALFORMED)
    return str(value)


def parse_action(data: Any) -> Action:
    """JSON -> action, or IllegalAction with a reason a player can read."""
    kind = action_type(data, _FIELDS)
    expected = set(_FIELDS[kind]) | {"type"}
    missing = [key for key in _FIELDS[kind] if key not in data]
    if missing:
        raise IllegalAction(f"a {kind} action needs {', '.join(missing)}", rule=MALFORMED)
    extra = sorted(set(data) - expected)
    if extra:
        raise IllegalAction(f"a {kind} action has no field {shown(extra[0])}", rule=MALFORMED)
    if kind == "take":
        return Take(whole_number(data, "space", 1, SPACES), _gem(data["gem"], allow_none=True))
    if kind == "split":
        return Split(whole_number(data, "pile", 1, SPACES))
    if kind == "reveal":
        return Reveal(whole_number(data, "pile", 1, SPACES))
    if kind == "place":
        return Place(
            whole_number(data, "i"), whole_number(data, "j"), whole_number(data, "rotation", 0, 3)
        )
    if kind == "activate":
        return Activate(
            whole_number(data, "area", 0),
            whole_number(data, "units"),
            whole_number(data, "coloured", 0),
            whole_number(data, "mythical", 0),
        )
    if kind == "finish":
        return Finish()
    gem = _gem(data["gem"], allow_none=False)
    assert gem is not None
    return Discard(gem)


SIDES = ("B to the right", "B below", "B to the left", "B above")


def a(word: str) -> str:
    """The word with its article: "an orange", "a blue"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def describe_action(action: Any) -> str:
    if isinstance(action, Take):
        gem = f"{a(action.gem)} gem" if action.gem else "no gem (the area is empty)"
        return f"take space {action.space}'s domino and {gem}"
    if isinstance(action, Split):
        return f"move the bottom half of pile {action.pile} to the empty space"
    if isinstance(action, Reveal):
        return f"reveal pile {action.pile}"
    if isinstance(action, Place):
        return f"place block A at ({action.i}, {action.j}), {SIDES[action.rotation]}"
    if isinstance(action, Activate):
        paid = []
        if action.coloured:
            paid.append(f"{action.coloured} coloured")
        if action.mythical:
            paid.append(f"{action.mythical} mythical")
        return (
            f"activate area {action.area} with {action.units} unit(s) "
            f"({' + '.join(paid)}) for {'double' if action.units == 3 else 'its'} value"
        )
    if isinstance(action, Finish):
        return "finish activating areas"
    if isinstance(action, Discard):
        return f"discard {a(action.gem)} gem"
    return str(action)
