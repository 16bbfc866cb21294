"""What a match fixes at setup and never changes: shared by every clone of its states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.games.monsterhex.actions import Place
from meeplehall.games.monsterhex.components import Board, Components

#: Turn kinds inside a round.
OWN = 0
SHARED = 1

#: Score breakdown categories, in display order.
CATEGORIES = ("big gems", "colour bonus", "small gems", "counter gems", "reward", "objectives")
BIG, COLOUR, SMALL, COUNTER, REWARD, OBJECTIVES = range(6)


@dataclass(frozen=True)
class Config:
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


def build_place_table(comp: Components, board: Board) -> tuple[tuple[tuple[Place, ...], ...], ...]:
    return tuple(
        tuple(tuple(Place(unit.id, q, r, k) for k in range(6)) for unit in comp.units)
        for q, r in board.cells
    )
