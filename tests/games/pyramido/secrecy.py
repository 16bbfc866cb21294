"""Pyramido's rules hide from everyone the dominoes under the tops of the piles, and the face of
a face-down top (its back shows only colours and icon counts)."""

from __future__ import annotations

from typing import Any

from meeplehall.games.pyramido.components import COLOURS, QUARTERS
from meeplehall.games.pyramido.state import PyramidoState
from tests.games.secrecy import Secrecy, dicts, lists


def _icons(mask: int) -> list[str]:
    return [name for bit, name in enumerate(QUARTERS) if mask >> bit & 1]


def pyramido_leaks(frame: Any, viewer: int | None, state: PyramidoState) -> list[str]:
    """Nobody may see a domino under a pile's top, nor a face-down top's face: only its back
    (each block's colour and icon count). The same for every seat: there is no per-seat secret."""
    area = state.area
    buried: set[int] = set()  # every domino whose face nobody has seen yet
    backs = []  # what the face-down tops show
    for pile, cards in enumerate(area.piles):
        buried.update(cards[:-1] if area.face_up[pile] else cards)
        if cards and not area.face_up[pile]:
            top = state.dominoes[cards[-1]]
            backs.append((COLOURS[top.a_colour], bin(top.a_icons).count("1"),
                          COLOURS[top.b_colour], bin(top.b_icons).count("1")))
    faces = {}
    for d in buried:
        domino = state.dominoes[d]
        faces[(COLOURS[domino.a_colour], tuple(_icons(domino.a_icons)),
               COLOURS[domino.b_colour], tuple(_icons(domino.b_icons)))] = d
    found = []
    for item in dicts(frame):
        if isinstance(item.get("domino"), int) and item["domino"] in buried:
            found.append(f"hidden domino {item['domino']} named")
        if "a_icons" not in item or "b_icons" not in item:
            continue
        a, b = item["a_icons"], item["b_icons"]
        if isinstance(a, list) and isinstance(b, list):
            key = (item.get("a_colour"), tuple(a), item.get("b_colour"), tuple(b))
            if key in faces or item.get("id") in buried:
                found.append(f"the face of hidden domino {faces.get(key, item.get('id'))}")
        elif (item.get("a_colour"), a, item.get("b_colour"), b) not in backs:
            found.append(f"a back that is no face-down top's: {item}")
    # A pile's order: four of its hidden dominoes in a row, or five hidden ones in any order.
    # (Shorter lists of small numbers, such as stage scores, would match by chance.)
    runs = {tuple(cards[i:i + 4]) for pile, cards in enumerate(area.piles)
            for i in range(len(cards) - (4 if area.face_up[pile] else 3))}
    for values in lists(frame):
        if not all(isinstance(v, int) for v in values):
            continue
        if (len(values) >= 5 and all(v in buried for v in values)) or any(
            tuple(values[i:i + 4]) in runs for i in range(len(values) - 3)
        ):
            found.append(f"hidden dominoes listed: {values}")
    return found


# Two seats, then the solo game against THE Legend (the Explorer takes dominoes too). Nothing is
# one seat's secret: the same dominoes are hidden from all.
SECRECY = Secrecy(pyramido_leaks, tables=((2, {}, 3), (1, {"legend": "the_legend"}, 4)),
                  per_seat_secrets=False)
