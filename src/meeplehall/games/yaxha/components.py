"""Yaxha's component data (colours, the group-points table, the 18 bonus cards), loaded once.

The data lives in ``data/components.json``; it is validated at import so a bad record fails loudly
with its position and field named, never half-way through a match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

CARD_KINDS = frozenset(
    {
        "most_colour",
        "neighbour_colour",
        "most_any_group",
        "most_level1_group",
        "most_levels_spanned",
        "second_largest",
        "colours_on_level",
        "single_colour_side",
        "exact_colours",
    }
)


class ComponentDataError(ValueError):
    """The component data file is malformed; the message names the bad record."""


@dataclass(frozen=True, slots=True)
class Colour:
    index: int
    name: str
    letter: str
    hex: str
    cubes: int


@dataclass(frozen=True, slots=True)
class BonusCard:
    id: int
    name: str
    text: str
    kind: str
    beginner: bool
    two_players: bool
    colour: int = -1  # colour index for the colour cards, -1 otherwise
    level: int = -1  # level index for the colours-on-a-level cards
    count: int = 0  # how many colours the colour-count cards ask for

    def to_json(self) -> dict[str, Any]:
        """The card as views show it: what it asks (its kind and, where it has them, its
        colour's index, level and number of colours), so a client can point at what it counts."""
        data: dict[str, Any] = {"id": self.id, "name": self.name, "text": self.text}
        data["kind"] = self.kind
        if self.colour >= 0:
            data["colour"] = self.colour
        if self.level >= 0:
            data["level"] = self.level
        if self.count:
            data["count"] = self.count
        return data


@dataclass(frozen=True, slots=True)
class Components:
    rounds: int
    cubes_per_tile: int
    bonus_card_points: int
    colours: tuple[Colour, ...]
    group_points: tuple[int, ...]
    bonus_cards: tuple[BonusCard, ...]


def _field(record: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in record:
        raise ComponentDataError(f"{where}: missing field {key!r}")
    value = record[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ComponentDataError(f"{where}: field {key!r} must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise ComponentDataError(f"{where}: field {key!r} must be {kind.__name__}, not {value!r}")
    return value


def parse_components(data: Any) -> Components:
    """Validate the raw JSON and build the component tables; raises ComponentDataError."""
    if not isinstance(data, dict):
        raise ComponentDataError("the component file must hold a JSON object")
    top = "component file"
    colours: list[Colour] = []
    for index, record in enumerate(_field(data, "colours", list, top)):
        where = f"colours[{index}]"
        if not isinstance(record, dict):
            raise ComponentDataError(f"{where}: must be an object")
        colour = Colour(
            index,
            _field(record, "name", str, where),
            _field(record, "letter", str, where),
            _field(record, "hex", str, where),
            _field(record, "cubes", int, where),
        )
        if len(colour.letter) != 1 or colour.cubes < 1:
            raise ComponentDataError(f"{where}: needs a one-letter code and at least one cube")
        colours.append(colour)
    names = [colour.name for colour in colours]
    if len(set(names)) != len(names) or len({c.letter for c in colours}) != len(colours):
        raise ComponentDataError("colours: names and letters must be unique")
    points = _field(data, "group_points", list, top)
    if (
        not points
        or points[0] != 0
        or any(isinstance(p, bool) or not isinstance(p, int) for p in points)
    ):
        raise ComponentDataError("group_points: whole numbers starting with 0 for size 0")
    cards: list[BonusCard] = []
    for index, record in enumerate(_field(data, "bonus_cards", list, top)):
        cards.append(_parse_card(record, index, names))
    if [card.id for card in cards] != list(range(len(cards))):
        raise ComponentDataError("bonus_cards: ids must be 0, 1, 2, ... in order")
    return Components(
        rounds=_field(data, "rounds", int, top),
        cubes_per_tile=_field(data, "cubes_per_tile", int, top),
        bonus_card_points=_field(data, "bonus_card_points", int, top),
        colours=tuple(colours),
        group_points=tuple(points),
        bonus_cards=tuple(cards),
    )


def _parse_card(record: Any, index: int, colour_names: list[str]) -> BonusCard:
    where = f"bonus_cards[{index}]"
    if not isinstance(record, dict):
        raise ComponentDataError(f"{where}: must be an object")
    where = f"bonus_cards[{index}] (id {record.get('id')!r})"
    kind = _field(record, "kind", str, where)
    if kind not in CARD_KINDS:
        raise ComponentDataError(f"{where}: unknown kind {kind!r}")
    colour = -1
    if kind in {"most_colour", "neighbour_colour"}:
        name = _field(record, "colour", str, where)
        if name not in colour_names:
            raise ComponentDataError(f"{where}: unknown colour {name!r}")
        colour = colour_names.index(name)
    level = _field(record, "level", int, where) if kind == "colours_on_level" else -1
    if kind == "colours_on_level" and not 0 <= level <= 3:
        raise ComponentDataError(f"{where}: level must be 0..3")
    count = (
        _field(record, "count", int, where) if kind in {"colours_on_level", "exact_colours"} else 0
    )
    return BonusCard(
        id=_field(record, "id", int, where),
        name=_field(record, "name", str, where),
        text=_field(record, "text", str, where),
        kind=kind,
        beginner=_field(record, "beginner", bool, where),
        two_players=_field(record, "two_players", bool, where),
        colour=colour,
        level=level,
        count=count,
    )


def load_components() -> Components:
    raw = files("meeplehall.games.yaxha").joinpath("data/components.json").read_text("utf-8")
    return parse_components(json.loads(raw))


COMPONENTS = load_components()
COLOUR_NAMES: tuple[str, ...] = tuple(colour.name for colour in COMPONENTS.colours)
COLOUR_INDEX: dict[str, int] = {name: index for index, name in enumerate(COLOUR_NAMES)}
NUM_COLOURS = len(COLOUR_NAMES)
GROUP_POINTS = COMPONENTS.group_points
CARDS = COMPONENTS.bonus_cards
ROUNDS = COMPONENTS.rounds
CUBES_PER_TILE = COMPONENTS.cubes_per_tile
