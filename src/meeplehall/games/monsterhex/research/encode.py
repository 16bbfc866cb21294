"""Monster Hex's observation tensor straight from the state: ``layout.observe(view(seat))``
as float32 bytes, without drawing the view.

It reads what :func:`views.build_view` shows the seat, by the same rules: the board, the gems
and every seat's public counts; the seat's own hands; the score if the game ended now from the
objective cards the seat may see (the common ones and its own personal ones, never a rival's);
never a deck's order or the objective pile. Rows that depend on a few small values (a unit as
it lies, an empty cell, a gem slot) are packed once and kept.
``tests/games/test_research_encode.py`` holds it equal to the view-built tensor for every seat
at every step of many random matches.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from meeplehall.core.research import float32_bytes
from meeplehall.games.monsterhex.abilities import draftable
from meeplehall.games.monsterhex.components import RANKS
from meeplehall.games.monsterhex.objectives import objective_points
from meeplehall.games.monsterhex.position import ABILITY, DRAFT, OVER, PLACE, RUSH, Config
from meeplehall.games.monsterhex.research.layout import PHASES, RANK_ORDER, SEAT_FIELDS
from meeplehall.games.monsterhex.state import MonsterHexState

_SEAT = struct.Struct(f"{len(SEAT_FIELDS)}f")
_PROGRESS = struct.Struct("3f")
PHASE_ROWS = {phase: float32_bytes(float(p == phase) for p in PHASES) for phase in PHASES}
TURN_ROWS = {None: bytes(8), 0: float32_bytes((1.0, 0.0)), 1: float32_bytes((0.0, 1.0))}


def one_hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(float(k == index) for k in range(size))


class Rows:
    """One configuration's packed rows, made when first needed and kept: a unit as it lies
    (owner slot, unit, rotation, markers) and a cell's last four floats (counter gem, start,
    outer, pending)."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.units: dict[tuple[int, int, int, int, int], bytes] = {}
        self.tails: dict[tuple[int, int, bool], bytes] = {}
        self.empty = bytes((cfg.owners + len(RANKS) + 8) * 4)

    def unit(self, slot: int, unit: int, rotation: int, white: int, black: int) -> bytes:
        key = (slot, unit, rotation, white, black)
        row = self.units.get(key)
        if row is None:
            comp = self.cfg.comp
            row = self.units[key] = float32_bytes((
                *one_hot(slot, self.cfg.owners),
                *one_hot(RANK_ORDER[comp.units[unit].rank], len(RANKS)),
                *(p / 5 for p in comp.facing[unit][rotation]), float(white), float(black),
            ))
        return row

    def tail(self, cell: int, crystal: int, pending: bool) -> bytes:
        key = (cell, crystal, pending)
        row = self.tails.get(key)
        if row is None:
            board = self.cfg.board
            row = self.tails[key] = float32_bytes((
                float(crystal), float(cell in board.start), float(cell in board.outer),
                float(pending),
            ))
        return row


#: Rows by configuration identity (a configuration holds a dict, so it has no hash), each
#: entry keeping its configuration alive so that no id is reused while it is here.
_ROWS: dict[int, Rows] = {}


def rows_of(cfg: Config) -> Rows:
    rows = _ROWS.get(id(cfg))
    if rows is None or rows.cfg is not cfg:
        if len(_ROWS) >= 64:
            _ROWS.clear()
        rows = _ROWS[id(cfg)] = Rows(cfg)
    return rows


@lru_cache(maxsize=4096)
def choice_row(colour: int, factions: int, ability: int, abilities: int) -> bytes:
    """A seat's colour and ability, one-hot (-1: none yet)."""
    return float32_bytes((*one_hot(colour, factions), *one_hot(ability, abilities)))


@lru_cache(maxsize=4096)
def gem_slot(value: int, slot: int, owners: int) -> bytes:
    return float32_bytes((value / 7, *one_hot(slot, owners)))


def encode(state: MonsterHexState, seat: int) -> bytes:
    cfg = state.cfg
    comp, board = cfg.comp, cfg.board
    players, owners = cfg.players, cfg.owners

    def slot_of(owner: int) -> int:
        return owners - 1 if owner >= players else (owner - seat) % players

    phase = state.phase
    pending = state.ctx[1] if phase in (ABILITY, RUSH) else -1
    rows = rows_of(cfg)
    parts: list[bytes] = []
    append = parts.append
    # The board is most of the tensor and of its cost: rows are looked up inline, per cell.
    unit_row, tail_row, empty = rows.units.get, rows.tails.get, rows.empty
    owner_of, crystal = state.owner, state.crystal
    unit_of, rot, white, black = state.unit, state.rot, state.white, state.black
    for c, owner in enumerate(owner_of):
        if owner >= 0:
            key = (owners - 1 if owner >= players else (owner - seat) % players, unit_of[c],
                   rot[c], white[c], black[c])
            append(unit_row(key) or rows.unit(*key))
        else:
            append(empty)
        tail = (c, crystal[c], c == pending)
        append(tail_row(tail) or rows.tail(*tail))
    taken = dict(state.taken)
    small_won: dict[int, int] = {}
    for rec in state.records:
        if rec[0] == "small" and rec[1] not in small_won:
            small_won[rec[1]] = rec[3]
    no_slot = bytes((owners + 1) * 4)
    for site in board.sites:
        resolved = float(state.resolved[site.index])
        if site.big:
            tile = comp.gem_tiles[state.site_tile[site.index]]
            parts.append(float32_bytes((1.0, resolved, tile[0][0] / 7)))
            for k in range(2):
                if k < len(tile):
                    holder = taken.get(site.index * 2 + k)
                    won = -1 if holder is None or holder < 0 else slot_of(holder)
                    parts.append(gem_slot(tile[k][0], won, owners))
                else:
                    parts.append(no_slot)
        else:
            value = comp.small_gem_value
            parts.append(float32_bytes((0.0, resolved, value / 7)))
            holder = small_won.get(site.index)
            won = -1 if holder is None or holder < 0 else slot_of(holder)
            parts += (gem_slot(value, won, owners), no_slot)
    factions, abilities = len(comp.factions), len(comp.abilities)
    for k in range(players):
        p = (seat + k) % players
        parts.append(_SEAT.pack(
            state.scores[p] / 50, len(state.hands[p]) / 10, len(state.decks[p]) / 10,
            len(state.shared_hands[p]) / 10, len(state.shared_decks[p]) / 10,
            state.placed_own[p] / 10, len(state.personal[p]) / 3, float(state.holds_seven[p]),
        ))
        parts.append(choice_row(state.colour[p], factions, state.ability[p], abilities))
    units = len(comp.units)
    hand = [0.0] * (2 * units)
    for u in state.hands[seat]:
        hand[u] += 1.0
    for u in state.shared_hands[seat]:
        hand[units + u] += 1.0
    parts.append(float32_bytes(hand))
    parts.append(PHASE_ROWS[phase])
    parts.append(TURN_ROWS[state.turn_kind() if phase == PLACE else None])
    if phase == DRAFT:
        open_ids = {a.id for a in draftable(state)}
        parts.append(float32_bytes(float(a.id in open_ids) for a in comp.abilities))
    else:
        parts.append(bytes(abilities * 4))
    score_now = 0
    if phase != OVER:
        # scoresheet.score_now's total: the points won plus the cards the seat may see.
        cards = [(i, False) for i in state.common] + [(i, True) for i in state.personal[seat]]
        score_now = state.scores[seat] + sum(
            objective_points(state, seat, i, personal) for i, personal in cards
        )
    parts.append(_PROGRESS.pack(min(state.round, board.rounds) / board.rounds,
                                float(seat in state.to_move()), score_now / 50))
    return b"".join(parts)
