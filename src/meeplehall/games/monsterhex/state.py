"""The Monster Hex state: what a match holds and who is to move.

This is the data every rules module reads and changes. Cells are indices into the board's cell
table; a cell holds a unit when ``owner[c] >= 0`` (see :mod:`constants` for the other markers).
The rules live in one module each above this one (:mod:`placement`, :mod:`abilities`,
:mod:`gems`, :mod:`turns`, :mod:`objectives`, ...), taking the state as argument; the class the
game hands out, :class:`~meeplehall.games.monsterhex.match.MonsterHexMatch`, adds the protocol's
moves on top of them (how an action flows, the result, views and the bots' evaluation).
"""

from __future__ import annotations

import random
from typing import Any, Self

from meeplehall.core import Rng, SplitMix64
from meeplehall.games.monsterhex.config import OWN, Config
from meeplehall.games.monsterhex.constants import ABILITY, DRAFT, OVER, PLACE, RUSH, SLOT

_STATE_FIELDS = (
    "cfg", "owner", "unit", "rot", "white", "black", "need", "crystal", "placed_by", "filled",
    "resolved", "taken", "records", "hands", "decks", "shared_hands", "shared_decks", "colour",
    "ability", "scores", "breakdown", "common", "personal", "pile", "placed_own", "round",
    "first", "order", "step", "phase", "pending", "ctx", "rng", "draft_order", "site_tile",
    "units_on_board", "holds_seven", "last_cells", "rush_waiting", "awards",
)


class MonsterHexState:
    """One match's data. Mutated only by the match's ``apply`` (through the rules modules);
    :meth:`clone` copies the mutable parts."""

    __slots__ = _STATE_FIELDS

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

    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        return frozenset((self._mover(),))

    def _mover(self) -> int:
        if self.phase == DRAFT:
            return self.draft_order[0]
        if self.phase == SLOT:
            return self.pending[0][1]
        if self.phase in (ABILITY, RUSH):
            return self.ctx[0]
        return self.order[self.step][0]

    def is_over(self) -> bool:
        return self.phase == OVER

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

    # ------------------------------------------------------------------ copies

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.cfg = self.cfg
        new.owner = self.owner[:]
        new.unit = self.unit[:]
        new.rot = self.rot[:]
        new.white = self.white[:]
        new.black = self.black[:]
        new.need = self.need[:]
        new.crystal = self.crystal[:]
        new.placed_by = self.placed_by[:]
        new.filled = self.filled[:]
        new.resolved = self.resolved[:]
        new.taken = self.taken[:]
        new.records = self.records[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.shared_hands = [h[:] for h in self.shared_hands]
        new.shared_decks = [d[:] for d in self.shared_decks]
        new.colour = self.colour[:]
        new.ability = self.ability[:]
        new.scores = self.scores[:]
        new.breakdown = [b[:] for b in self.breakdown]
        new.common = self.common
        new.personal = [p[:] for p in self.personal]
        new.pile = self.pile[:]
        new.placed_own = self.placed_own[:]
        new.round = self.round
        new.first = self.first
        new.order = self.order
        new.step = self.step
        new.phase = self.phase
        new.pending = self.pending[:]
        new.ctx = self.ctx
        new.rng = self.rng.clone()
        new.draft_order = self.draft_order[:]
        new.site_tile = self.site_tile
        new.units_on_board = self.units_on_board
        new.holds_seven = self.holds_seven[:]
        new.last_cells = self.last_cells[:]
        new.rush_waiting = self.rush_waiting
        new.awards = self.awards  # a tuple, replaced (never changed) when points are won
        return new

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal what ``seat`` cannot see: others' hands and decks, every deck's order,
        others' personal objectives and the objective pile."""
        # Every pool is sorted before it is shuffled, and the state's own generator reseeded, so
        # the copy depends on what the seat knows and on rng alone, never on the true order (a
        # bot then decides the same whatever the hidden cards are).
        new = self.clone()
        # A bot's own sample: the fast generator will do, nothing here is secret.
        new.rng = SplitMix64(rng.getrandbits(64))
        for p in range(self.cfg.players):
            if p == seat:
                new.decks[p].sort()
                rng.shuffle(new.decks[p])
                continue
            pool = sorted(new.hands[p] + new.decks[p])
            rng.shuffle(pool)
            size = len(new.hands[p])
            new.hands[p], new.decks[p] = pool[:size], pool[size:]
        if self.cfg.neutral >= 0:
            # Shared units: the seat sees only its own shared hand.
            pool = []
            for p in range(self.cfg.players):
                if p != seat:
                    pool += new.shared_hands[p]
                pool += new.shared_decks[p]
            pool.sort()
            rng.shuffle(pool)
            for p in range(self.cfg.players):
                if p != seat:
                    size = len(new.shared_hands[p])
                    new.shared_hands[p], pool = pool[:size], pool[size:]
            for p in range(self.cfg.players):
                size = len(new.shared_decks[p])
                new.shared_decks[p], pool = pool[:size], pool[size:]
        hidden = new.pile[:]
        for p in range(self.cfg.players):
            if p != seat:
                hidden += new.personal[p]
        hidden.sort()
        rng.shuffle(hidden)
        for p in range(self.cfg.players):
            if p != seat:
                size = len(new.personal[p])
                new.personal[p], hidden = hidden[:size], hidden[size:]
        new.pile = hidden
        return new
    #: Every decision gets a bot's whole budget, and no move is ever taken back (the optional
    #: members of ``State``).
    decisions_in_turn = None
    is_take_back = None

