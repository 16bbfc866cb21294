"""Hand-built Yaxha positions for the rule tests.

A level is drawn as rows separated by "/": row k is y = k, character j is x = j, a letter per
colour (O orange, Y yellow, B blue, G green, W white) and "." for an empty cell.
"""

from __future__ import annotations

from typing import Any

from meeplehall.games.yaxha import GAME, YaxhaState
from meeplehall.games.yaxha.scoring import pyramid_from_cells
from meeplehall.games.yaxha.state import hand_of

LETTERS = {"O": "orange", "Y": "yellow", "B": "blue", "G": "green", "W": "white"}
INDEX = {"orange": 0, "yellow": 1, "blue": 2, "green": 3, "white": 4}


def cells(*levels: str) -> dict[tuple[int, int, int], str]:
    """``cells(base, level2, level3, apex)``; missing levels are empty."""
    out: dict[tuple[int, int, int], str] = {}
    for z, drawing in enumerate(levels):
        for y, row in enumerate(drawing.split("/")):
            for x, letter in enumerate(row):
                if letter != ".":
                    out[(z, x, y)] = LETTERS[letter]
    return out


def set_pyramid(state: YaxhaState, seat: int, drawing: dict[tuple[int, int, int], str]) -> None:
    """Give ``seat`` this pyramid as confirmed at the start of the round."""
    masks = pyramid_from_cells(drawing)
    occupied = 0
    for mask in masks:
        occupied |= mask
    state.pyramid[seat] = masks
    state.occupied[seat] = occupied
    state.confirmed_pyramid[seat] = masks


def start_building(state: YaxhaState, hands: dict[int, str]) -> None:
    """Jump to the building phase with the given hands (letters), e.g. {0: "OOB"}."""
    state._start_building()
    for seat in range(state.n):
        colours = tuple(INDEX[LETTERS[letter]] for letter in hands.get(seat, ""))
        state.collected[seat] = colours
        state.hand[seat] = hand_of(colours)


def new(players: int = 2, seed: int = 0, **options: Any) -> YaxhaState:
    return GAME.new_state(players, options or None, seed)


def place(colour: str, level: int, x: int, y: int) -> dict[str, Any]:
    return {"type": "place", "colour": colour, "level": level, "x": x, "y": y}


def act(state: YaxhaState, seat: int, data: dict[str, Any]) -> list[dict[str, Any]]:
    return state.apply(seat, GAME.parse_action(data))


FULL_BASE = "OYBG/GWOY/YBWO/BOGW"
