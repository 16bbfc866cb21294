"""The short names of the board's hexes ("C4": a row letter from the top, then the hex's number
in its row from the left, gems counted), as the web board draws them, so that a refusal names a
cell the way the player sees it, never by its coordinates."""

from __future__ import annotations

from functools import cache

from meeplehall.games.monsterhex.components import Board


@cache
def _names(hexes: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], str]:
    names = {}
    for row, r in enumerate(sorted({r for _q, r in hexes})):
        for number, q in enumerate(sorted(q for q, rr in hexes if rr == r), start=1):
            names[(q, r)] = f"{chr(65 + row)}{number}"
    return names


def hex_label(board: Board, q: int, r: int) -> str:
    """The label of the hex at (q, r), or "" off the board."""
    hexes = (*board.cells, *((site.q, site.r) for site in board.sites))
    return _names(hexes).get((q, r), "")
