"""What a match holds: its fixed configuration, the board's contents, the hands and decks, the
scores, and whose step it is.

:class:`Position` is the bottom of the game: every rules module (:mod:`placement`,
:mod:`abilities`, :mod:`gems`, :mod:`turns`, :mod:`objectives`, :mod:`scoresheet`) reads and
changes one, taking it as argument. The state (:mod:`state`) is a position with the protocol's
moves, which call those modules, so it sits above them. Cells are indices into the board's cell
table; a cell holds a unit when ``owner[c] >= 0`` (:data:`EMPTY` and :data:`COUNTER_CELL` are the
other markers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.core import Rng
from meeplehall.games.monsterhex.actions import Place
from meeplehall.games.monsterhex.components import Board, Components

#: Cell contents besides a unit (``owner[c] >= 0`` means a unit of that owner is there).
EMPTY = -1
#: a green counter gem: neither empty nor a unit until it is resolved
COUNTER_CELL = -2

# Phases: what the seats to move are asked for.
DRAFT = "draft"
PLACE = "place"
ABILITY = "ability"
RUSH = "rush"
SLOT = "slot"
OVER = "over"

#: Turn kinds inside a round.
OWN = 0
SHARED = 1

#: Score breakdown categories, in display order.
CATEGORIES = ("big gems", "colour bonus", "small gems", "counter gems", "reward", "objectives")
BIG, COLOUR, SMALL, COUNTER, REWARD, OBJECTIVES = range(6)


@dataclass(frozen=True)
class Config:
    """What a match fixes at setup and never changes: shared by every copy of its states."""

    comp: Components
    board: Board
    players: int
    #: "base", "shared" (2 players + shared faction) or "solo"
    mode: str
    #: owner index of the shared faction's units (players), or -1 when there is none
    neutral: int
    hand_size: int
    #: the 2-player overwhelming bonus is in force
    overwhelming: bool
    #: "off", "random" or "draft"
    abilities: str
    objectives: bool
    #: the 2026-11 corrections apply (False only for a table begun under the first edition)
    revised: bool
    solo_target: int
    options: dict[str, Any]
    #: place_table[cell][unit][rotation]: every Place action, built once
    place_table: tuple[tuple[tuple[Place, ...], ...], ...]

    @property
    def owners(self) -> int:
        """Owner slots: one per player, plus the shared faction when present."""
        return self.players + (1 if self.neutral >= 0 else 0)


#: Every field of a position, in one place for ``__slots__`` (and for tests that compare them).
FIELDS = (
    "cfg", "owner", "unit", "rot", "white", "black", "need", "crystal", "placed_by", "filled",
    "resolved", "taken", "records", "hands", "decks", "shared_hands", "shared_decks", "colour",
    "ability", "scores", "breakdown", "common", "personal", "pile", "placed_own", "round",
    "first", "order", "step", "phase", "pending", "ctx", "rng", "draft_order", "site_tile",
    "units_on_board", "holds_seven", "last_cells", "rush_waiting", "awards",
)


class Position:
    """One match's data. Changed only by the rules modules, through the state's ``apply``."""

    __slots__ = FIELDS

    cfg: Config
    owner: list[int]
    unit: list[int]
    rot: list[int]
    white: list[int]
    black: list[int]
    need: list[int]
    crystal: list[int]
    placed_by: list[int]
    filled: list[int]
    resolved: list[bool]
    #: big-gem slots handed out: (site * 2 + slot, owner)
    taken: list[tuple[int, int]]
    records: list[tuple[Any, ...]]
    hands: list[list[int]]
    decks: list[list[int]]
    shared_hands: list[list[int]]
    shared_decks: list[list[int]]
    colour: list[int]
    ability: list[int]
    scores: list[int]
    breakdown: list[list[int]]
    common: tuple[int, ...]
    personal: list[list[int]]
    pile: list[int]
    placed_own: list[int]
    round: int
    first: int
    order: list[tuple[int, int]]
    step: int
    phase: str
    pending: list[tuple[int, int, int]]
    ctx: tuple[int, int, int, int]
    rng: Rng
    draft_order: list[int]
    site_tile: tuple[str, ...]
    units_on_board: int
    holds_seven: list[bool]
    last_cells: list[int]
    #: a Rush was triggered: offer the second placement once the first one's gems are done
    rush_waiting: bool
    #: every point won at a gem, in order: (owner, points, category, site (q, r), slot or -1)
    awards: tuple[tuple[int, int, int, tuple[int, int], int], ...]

    # ------------------------------------------------------------------ basic queries

    def mover(self) -> int:
        """The seat the match waits for (the match is not over)."""
        if self.phase == DRAFT:
            return self.draft_order[0]
        if self.phase == SLOT:
            return self.pending[0][1]
        if self.phase in (ABILITY, RUSH):
            return self.ctx[0]
        return self.order[self.step][0]

    def turn_kind(self) -> int:
        """OWN or SHARED: which hand the seat to move places from."""
        return self.order[self.step][1] if self.phase == PLACE else OWN

    def ability_id(self, seat: int) -> str:
        index = self.ability[seat]
        return self.cfg.comp.abilities[index].id if index >= 0 else ""

    def cell_of(self, q: int, r: int) -> int:
        return self.cfg.board.index.get((q, r), -1)

    def power(self, cell: int, direction: int) -> int:
        """Printed power the unit on ``cell`` shows towards ``direction``."""
        return self.cfg.comp.facing[self.unit[cell]][self.rot[cell]][direction]

    def effective_power(self, cell: int, direction: int) -> int:
        """Power at a gem resolution: printed, plus white counters, minus black ones, floor 0."""
        value = self.power(cell, direction) + self.white[cell] - self.black[cell]
        return value if value > 0 else 0
