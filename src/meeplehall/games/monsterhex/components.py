"""Monster Hex components, read from a JSON data file and checked when loaded.

The data (boards, unit tiles, gem tiles, objectives, formations, abilities) lives in
``components.json``; another file with the same shape can be chosen with the ``components``
option. Every check names the record that is wrong, so a new data file is easy to fix.
Boards are turned into index tables (cells, neighbours by direction, gem sites) once, so the
rules never compute hex geometry during play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeplehall.core import InvalidOption
from meeplehall.core.datafiles import find_named_data

#: Axial directions, index = edge index: E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
RANKS = {"S": 3, "A": 2, "B": 1, "C": 0}
#: Placeable cell count each board must have: players x rounds.
BOARD_PLAYERS = {"4p": 4, "3p": 3, "2p": 2}


class ComponentError(InvalidOption):
    """A component data file that breaks one of the game's constraints."""


@dataclass(frozen=True)
class UnitTile:
    index: int
    id: str
    rank: str
    rank_value: int
    red_letter: bool
    edges: tuple[int, ...]


@dataclass(frozen=True)
class GemSite:
    index: int
    big: bool
    q: int
    r: int
    tile: str  # big gems only; "" for small ones
    fixed: bool
    centre: bool
    #: (placeable cell, direction from that cell towards the gem) for each neighbour.
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Board:
    key: str
    rounds: int
    cells: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]
    start: tuple[int, ...]
    outer: frozenset[int]
    inland: frozenset[int]
    #: neighbours[c][d] = placeable cell in direction d from c, or -1.
    neighbours: tuple[tuple[int, ...], ...]
    sites: tuple[GemSite, ...]
    #: sites touching each cell
    cell_sites: tuple[tuple[int, ...], ...]
    centre_site: int  # -1 when the board has no centre gem


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    name_ja: str
    points: int
    kind: str  # "most", "achieve" or "variable"
    two_player_board: bool


@dataclass(frozen=True)
class Formation:
    id: str
    rank: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Ability:
    id: str
    faction: str
    name: str
    name_ja: str


@dataclass(frozen=True)
class Components:
    factions: tuple[str, ...]
    boards: dict[str, Board]
    units: tuple[UnitTile, ...]
    unit_index: dict[str, int]
    gem_tiles: dict[str, tuple[tuple[int, str], ...]]
    objectives: tuple[Objective, ...]
    objective_index: dict[str, int]
    formations: dict[str, Formation]
    abilities: tuple[Ability, ...]
    ability_index: dict[str, int]
    small_gem_value: int
    colour_bonus: int
    #: facing[u][k][d] = printed power of unit u, placed with rotation k, facing direction d.
    facing: tuple[tuple[tuple[int, ...], ...], ...]
    #: match_mask[u][k] = bit (d*8 + power) for each direction: placement matching in one AND.
    match_mask: tuple[tuple[int, ...], ...]


def _fail(where: str, what: str) -> ComponentError:
    return ComponentError(f"component data, {where}: {what}")


def _int_pair(value: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _fail(where, f"expected a [q, r] pair of whole numbers, got {value!r}")
    return value[0], value[1]


def _field(record: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(record, dict) or key not in record:
        raise _fail(where, f"missing field {key!r}")
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(where, f"field {key!r} has the wrong type ({value!r})")
    return value


def _components_on_board(pairs: list[tuple[int, int]]) -> int:
    """Number of connected pieces of a set of hexes."""
    remaining = set(pairs)
    pieces = 0
    while remaining:
        pieces += 1
        stack = [remaining.pop()]
        while stack:
            q, r = stack.pop()
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                if n in remaining:
                    remaining.remove(n)
                    stack.append(n)
    return pieces


def _board(key: str, raw: Any, tiles: dict[str, tuple[tuple[int, str], ...]]) -> Board:
    where = f"board {key!r}"
    rounds = _field(raw, "rounds", int, where)
    cells: list[tuple[int, int]] = []
    for row in _field(raw, "rows", list, where):
        r = _field(row, "r", int, f"{where} row")
        for q in _field(row, "q", list, f"{where} row r={r}"):
            if not isinstance(q, int):
                raise _fail(f"{where} row r={r}", f"q value {q!r} is not a whole number")
            cells.append((q, r))
    if len(set(cells)) != len(cells):
        raise _fail(where, "a cell is listed twice")
    expected = BOARD_PLAYERS.get(key)
    if expected is None:
        raise _fail(where, f"unknown board name; boards are {', '.join(BOARD_PLAYERS)}")
    if len(cells) != expected * rounds:
        raise _fail(
            where,
            f"{len(cells)} placeable cells, but {expected} players x {rounds} rounds "
            f"needs {expected * rounds}",
        )
    if _components_on_board(cells) != 1:
        raise _fail(where, "the placeable cells are not all connected")
    index = {cell: i for i, cell in enumerate(cells)}
    start = tuple(
        index.get(_int_pair(c, f"{where} start cell"), -1)
        for c in _field(raw, "start", list, where)
    )
    if len(start) != 2 or -1 in start:
        raise _fail(where, "needs exactly two start cells, both placeable")
    sites: list[GemSite] = []
    site_cells: set[tuple[int, int]] = set()
    for number, gem in enumerate(_field(raw, "big", list, where)):
        at = _int_pair(_field(gem, "at", list, f"{where} big gem {number}"), f"{where} big gem")
        tile = _field(gem, "tile", str, f"{where} big gem {at}")
        if tile not in tiles:
            raise _fail(f"{where} big gem {at}", f"unknown gem tile {tile!r}")
        near = _near(at, index)
        if len(near) != 6:
            raise _fail(
                f"{where} big gem {at}", f"has {len(near)} placeable neighbours, a big gem needs 6"
            )
        sites.append(
            GemSite(
                len(sites), True, at[0], at[1], tile,
                bool(gem.get("fixed", False)), bool(gem.get("centre", False)), near,
            )
        )
        site_cells.add(at)
    for gem in _field(raw, "small", list, where):
        at = _int_pair(gem, f"{where} small gem")
        near = _near(at, index)
        if len(near) != 2:
            raise _fail(
                f"{where} small gem {at}",
                f"has {len(near)} placeable neighbours, a small gem needs exactly 2",
            )
        sites.append(GemSite(len(sites), False, at[0], at[1], "", False, False, near))
        site_cells.add(at)
    if len(site_cells) != len(sites) or site_cells & set(index):
        raise _fail(where, "a gem site overlaps another site or a placeable cell")
    used_tiles = [s.tile for s in sites if s.big]
    if len(set(used_tiles)) != len(used_tiles):
        raise _fail(where, "a gem tile is used on two sites")
    known = set(index) | site_cells
    outer_computed = frozenset(
        index[c] for c in cells if any((c[0] + dq, c[1] + dr) not in known for dq, dr in DIRECTIONS)
    )
    outer = frozenset(index.get(_int_pair(c, f"{where} outer"), -1) for c in raw.get("outer", []))
    if outer != outer_computed:
        wrong = sorted(cells[i] for i in outer ^ outer_computed if i >= 0)
        raise _fail(where, f"outer ring list disagrees with the layout at {wrong or 'a bad cell'}")
    neighbours = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in cells
    )
    cell_sites = tuple(
        tuple(s.index for s in sites if any(c == i for c, _ in s.cells)) for i in range(len(cells))
    )
    centres = [s.index for s in sites if s.centre]
    if len(centres) > 1:
        raise _fail(where, "more than one centre gem")
    return Board(
        key, rounds, tuple(cells), index, start, outer,
        frozenset(range(len(cells))) - outer, neighbours, tuple(sites), cell_sites,
        centres[0] if centres else -1,
    )


def _near(at: tuple[int, int], index: dict[tuple[int, int], int]) -> tuple[tuple[int, int], ...]:
    """Placeable neighbours of a gem site, with the direction from each cell to the gem."""
    near = []
    for d, (dq, dr) in enumerate(DIRECTIONS):
        cell = index.get((at[0] + dq, at[1] + dr))
        if cell is not None:
            near.append((cell, (d + 3) % 6))
    return tuple(near)


def parse_components(raw: Any) -> Components:
    """Check a decoded data file and build the tables the rules use."""
    if not isinstance(raw, dict):
        raise _fail("top level", "expected an object")
    factions = tuple(_field(raw, "factions", list, "top level"))
    if len(factions) != 4 or len(set(factions)) != 4:
        raise _fail("factions", "need four distinct faction colours")
    tiles: dict[str, tuple[tuple[int, str], ...]] = {}
    for tile in _field(raw, "gem_tiles", list, "top level"):
        tid = _field(tile, "id", str, "gem tile")
        slots = _field(tile, "slots", list, f"gem tile {tid}")
        if len(slots) != 2:
            raise _fail(f"gem tile {tid}", "needs exactly two value/colour slots")
        pairs = []
        for slot in slots:
            value = _field(slot, "value", int, f"gem tile {tid} slot")
            colour = _field(slot, "colour", str, f"gem tile {tid} slot")
            if colour not in factions or value < 1:
                raise _fail(f"gem tile {tid}", f"bad slot {slot!r}")
            pairs.append((value, colour))
        if pairs[0][0] < pairs[1][0]:
            raise _fail(f"gem tile {tid}", "the high slot must come first")
        tiles[tid] = tuple(pairs)
    units: list[UnitTile] = []
    for number, unit in enumerate(_field(raw, "units", list, "top level")):
        uid = _field(unit, "id", str, f"unit {number}")
        rank = _field(unit, "rank", str, f"unit {uid}")
        edges = _field(unit, "edges", list, f"unit {uid}")
        if rank not in RANKS:
            raise _fail(f"unit {uid}", f"rank {rank!r} is not one of S, A, B, C")
        if len(edges) != 6 or not all(isinstance(e, int) and 1 <= e <= 5 for e in edges):
            raise _fail(f"unit {uid}", "needs six edge powers from 1 to 5")
        red = _field(unit, "red_letter", bool, f"unit {uid}")
        units.append(UnitTile(number, uid, rank, RANKS[rank], red, tuple(edges)))
    if len(units) != 10 or len({u.id for u in units}) != 10:
        raise _fail("units", "a faction needs ten units with distinct ids")
    counts = {rank: sum(1 for u in units if u.rank == rank) for rank in RANKS}
    if counts != {"S": 1, "A": 3, "B": 3, "C": 3}:
        raise _fail("units", f"a faction is 1 S, 3 A, 3 B, 3 C, not {counts}")
    red_ranks = sorted(u.rank for u in units if u.red_letter)
    if red_ranks != ["B", "C", "S"]:
        raise _fail("units", f"red letters must be on the S, one B and one C, not {red_ranks}")
    raw_boards = _field(raw, "boards", dict, "top level")
    boards = {key: _board(key, value, tiles) for key, value in raw_boards.items()}
    for key in BOARD_PLAYERS:
        if key not in boards:
            raise _fail("boards", f"missing board {key!r}")
    objectives = []
    for obj in _field(raw, "objectives", list, "top level"):
        oid = _field(obj, "id", str, "objective")
        kind = _field(obj, "kind", str, f"objective {oid}")
        if kind not in {"most", "achieve", "variable"}:
            raise _fail(f"objective {oid}", f"unknown kind {kind!r}")
        objectives.append(
            Objective(
                oid, _field(obj, "name", str, f"objective {oid}"),
                _field(obj, "name_ja", str, f"objective {oid}"),
                _field(obj, "points", int, f"objective {oid}"), kind,
                _field(obj, "two_player_board", bool, f"objective {oid}"),
            )
        )
    expected_ids = [f"O{n:02d}" for n in range(1, 21)]
    if [o.id for o in objectives] != expected_ids:
        raise _fail("objectives", "need the 20 cards O01..O20 in order")
    formations = {}
    for form in _field(raw, "formations", list, "top level"):
        fid = _field(form, "id", str, "formation")
        cells = tuple(_int_pair(c, f"formation {fid}") for c in _field(form, "cells", list, fid))
        if len(set(cells)) != len(cells) or _components_on_board(list(cells)) != 1:
            raise _fail(f"formation {fid}", "cells must be distinct and connected")
        formations[fid] = Formation(fid, _field(form, "rank", str, f"formation {fid}"), cells)
    if sorted(formations) != ["A", "B", "C"]:
        raise _fail("formations", "need formations A, B and C")
    abilities = tuple(
        Ability(
            _field(a, "id", str, "ability"), _field(a, "faction", str, "ability"),
            _field(a, "name", str, "ability"), _field(a, "name_ja", str, "ability"),
        )
        for a in _field(raw, "abilities", list, "top level")
    )
    expected_abilities = {
        "reinforce", "reward", "rush", "skirmish", "confuse", "scheme", "curse", "crystallize"
    }
    if {a.id for a in abilities} != expected_abilities or len(abilities) != 8:
        raise _fail("abilities", f"need exactly the eight abilities {sorted(expected_abilities)}")
    for ability in abilities:
        if ability.faction not in factions:
            raise _fail(f"ability {ability.id}", f"unknown faction {ability.faction!r}")
    for faction in factions:
        if sum(1 for a in abilities if a.faction == faction) != 2:
            raise _fail("abilities", f"faction {faction} needs exactly two abilities")
    facing = tuple(
        tuple(tuple(u.edges[(d - k) % 6] for d in range(6)) for k in range(6)) for u in units
    )
    match_mask = tuple(
        tuple(sum(1 << (d * 8 + powers[d]) for d in range(6)) for powers in by_rotation)
        for by_rotation in facing
    )
    return Components(
        factions, boards, tuple(units), {u.id: u.index for u in units}, tiles,
        tuple(objectives), {o.id: i for i, o in enumerate(objectives)}, formations, abilities,
        {a.id: i for i, a in enumerate(abilities)},
        _field(raw, "small_gem_value", int, "top level"),
        _field(raw, "colour_bonus", int, "top level"), facing, match_mask,
    )


#: Directories (separated like PATH) holding other component files, chosen by name.
DATA_PATH_VARIABLE = "MEEPLEHALL_MONSTERHEX_DATA"


def load_components(source: str = "standard") -> Components:
    """The standard data, or ``<source>.json`` from a directory listed in the environment
    variable MEEPLEHALL_MONSTERHEX_DATA.

    Only a plain name is accepted, never a path: table options come from players, and a
    server must not open whatever file a player names.
    """
    if source == "standard":
        return _parse_text(
            resources.files(__package__).joinpath("components.json").read_text("utf-8"), source
        )
    try:
        text = find_named_data(source, DATA_PATH_VARIABLE).read_text("utf-8")
    except (OSError, ValueError) as error:
        raise ComponentError(f"component data {source!r}: {error}") from None
    return _parse_text(text, source)


@cache
def _parse_text(text: str, source: str) -> Components:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise ComponentError(f"component data {source!r} is not valid JSON: {error}") from None
    return parse_components(raw)
