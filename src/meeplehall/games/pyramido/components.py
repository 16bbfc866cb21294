"""The components as data: colours, gem kinds, and the 90 dominoes loaded from a JSON file.

The domino list lives in ``dominoes.json`` beside this module (the placeholder set of the rules,
section 1.4). Another file with the same schema can be given instead (the ``dominoes`` option),
so the real list can be dropped in without touching code. Every record is validated at load and
a bad one fails with a message naming it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from meeplehall.core.datafiles import find_named_data

#: The five colours in the rules' canonical order; their index is used everywhere in the engine.
COLOURS: tuple[str, ...] = ("orange", "blue", "purple", "green", "red")
#: One letter per colour, so a text drawing never relies on colour alone.
COLOUR_LETTERS: tuple[str, ...] = ("O", "B", "P", "G", "R")
#: Gem kinds: the five colours, then the mythical gem (a pair of them is one gem of any colour).
MYTHICAL = 5
GEM_KINDS: tuple[str, ...] = (*COLOURS, "mythical")
GEM_LETTERS: tuple[str, ...] = (*COLOUR_LETTERS, "M")
GEMS_PER_COLOUR = 9
MYTHICAL_GEMS = 18
DOMINO_COUNT = 90

#: Quarter names and their bit in a block's 4-bit icon mask: bit = qx + 2 * qy.
QUARTERS: tuple[str, ...] = ("TL", "TR", "BL", "BR")

DEFAULT_DOMINO_FILE = Path(__file__).with_name("dominoes.json")


class DominoFileError(ValueError):
    """A domino file that cannot be used; the message names the file and the bad record."""


@dataclass(frozen=True, slots=True)
class Domino:
    """One domino in canonical orientation: block A on the left, block B on the right.

    ``a_icons``/``b_icons`` are 4-bit masks over the quarters TL, TR, BL, BR (bit qx + 2*qy).
    """

    id: int
    a_colour: int
    a_icons: int
    b_colour: int
    b_icons: int

    @property
    def back(self) -> tuple[int, int, int, int]:
        """What the back shows: each block's colour and icon count, not where the icons are."""
        return (self.a_colour, bin(self.a_icons).count("1"), self.b_colour,
                bin(self.b_icons).count("1"))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "a_colour": COLOURS[self.a_colour],
            "a_icons": quarter_names(self.a_icons),
            "b_colour": COLOURS[self.b_colour],
            "b_icons": quarter_names(self.b_icons),
        }

    def back_json(self) -> dict[str, Any]:
        a_colour, a_count, b_colour, b_count = self.back
        return {
            "a_colour": COLOURS[a_colour],
            "a_icons": a_count,
            "b_colour": COLOURS[b_colour],
            "b_icons": b_count,
        }


def quarter_names(mask: int) -> list[str]:
    return [name for bit, name in enumerate(QUARTERS) if mask >> bit & 1]


@dataclass(frozen=True)
class DominoSet:
    """A validated set of 90 dominoes with ids 1..90, sorted by id."""

    source: str
    dominoes: tuple[Domino, ...]

    def __getitem__(self, domino_id: int) -> Domino:
        return self.dominoes[domino_id - 1]

    @property
    def ids(self) -> list[int]:
        return [domino.id for domino in self.dominoes]

    @cached_property
    def _faces(self) -> tuple[dict[str, Any], ...]:
        return ({}, *(domino.to_json() for domino in self.dominoes))

    def face(self, domino_id: int) -> dict[str, Any]:
        """A domino's face as JSON (a fresh copy: callers may keep or change it)."""
        face = self._faces[domino_id]
        return {**face, "a_icons": face["a_icons"][:], "b_icons": face["b_icons"][:]}

    @cached_property
    def backs(self) -> tuple[tuple[int, int, int, int], ...]:
        """Each domino's back by id (index 0 unused): what a face-down top shows."""
        return ((0, 0, 0, 0), *(domino.back for domino in self.dominoes))


def _parse_icons(where: str, field: str, value: Any) -> int:
    if not isinstance(value, list) or not all(isinstance(q, str) for q in value):
        raise DominoFileError(f"{where}: {field} must be a list of quarter names (TL, TR, BL, BR)")
    mask = 0
    for name in value:
        if name not in QUARTERS:
            raise DominoFileError(f"{where}: {field} has {name!r}; quarters are TL, TR, BL, BR")
        bit = 1 << QUARTERS.index(name)
        if mask & bit:
            raise DominoFileError(f"{where}: {field} names quarter {name} twice")
        mask |= bit
    return mask


def _parse_colour(where: str, field: str, value: Any) -> int:
    if value not in COLOURS:
        raise DominoFileError(
            f"{where}: {field} is {value!r}; colours are {', '.join(COLOURS)}"
        )
    return COLOURS.index(value)


def parse_domino_records(data: Any, source: str) -> DominoSet:
    """Validate a decoded domino file: exactly 90 records, ids 1..90, valid colours and quarters."""
    records = data.get("dominoes") if isinstance(data, dict) else data
    if not isinstance(records, list):
        raise DominoFileError(f"{source}: expected a list of domino records under 'dominoes'")
    dominoes: list[Domino] = []
    seen: set[int] = set()
    for index, record in enumerate(records):
        where = f"{source}: record {index + 1}"
        if not isinstance(record, dict):
            raise DominoFileError(f"{where}: a domino record is an object")
        domino_id = record.get("id")
        if isinstance(domino_id, bool) or not isinstance(domino_id, int):
            raise DominoFileError(f"{where}: 'id' must be a whole number, not {domino_id!r}")
        where = f"{source}: record {index + 1} (id {domino_id})"
        missing = [k for k in ("a_colour", "a_icons", "b_colour", "b_icons") if k not in record]
        if missing:
            raise DominoFileError(f"{where}: missing {', '.join(missing)}")
        if not 1 <= domino_id <= DOMINO_COUNT:
            raise DominoFileError(f"{where}: ids run from 1 to {DOMINO_COUNT}")
        if domino_id in seen:
            raise DominoFileError(f"{where}: id {domino_id} appears twice")
        seen.add(domino_id)
        dominoes.append(
            Domino(
                id=domino_id,
                a_colour=_parse_colour(where, "a_colour", record["a_colour"]),
                a_icons=_parse_icons(where, "a_icons", record["a_icons"]),
                b_colour=_parse_colour(where, "b_colour", record["b_colour"]),
                b_icons=_parse_icons(where, "b_icons", record["b_icons"]),
            )
        )
    if len(dominoes) != DOMINO_COUNT:
        raise DominoFileError(
            f"{source}: has {len(dominoes)} dominoes; the game needs exactly {DOMINO_COUNT}"
        )
    dominoes.sort(key=lambda domino: domino.id)
    return DominoSet(source=source, dominoes=tuple(dominoes))


#: Folders (separated like PATH) holding other domino files, chosen by name.
DATA_PATH_VARIABLE = "MEEPLEHALL_PYRAMIDO_DATA"


def load_dominoes(name: str | None = None) -> DominoSet:
    """The bundled placeholder set, or ``NAME.json`` from a folder listed in the environment
    variable MEEPLEHALL_PYRAMIDO_DATA (a name, never a path: options come from players)."""
    try:
        file = find_named_data(name, DATA_PATH_VARIABLE) if name else DEFAULT_DOMINO_FILE
    except ValueError as error:
        raise DominoFileError(f"domino file: {error}") from None
    return _load_file(file)


@cache
def _load_file(file: Path) -> DominoSet:
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise DominoFileError(f"cannot read domino file {file.name}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DominoFileError(f"{file.name}: not valid JSON ({error})") from None
    return parse_domino_records(data, file.name)


#: The bundled set, validated at import: a broken data file fails here, naming the record.
DEFAULT_DOMINOES = load_dominoes()
