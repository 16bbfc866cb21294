"""The score in detail, gem by gem and card by card: the lines of the end-of-game breakdown, and
the own seat's score if the game ended now.

A gem line names the gem by its coordinates and lists the cells of the seat's units around it
(the web client turns both into board labels and places); a card line gives the objective's id,
whether it is a personal card, its count and the points it brings (0 when missed).
"""

from __future__ import annotations

from typing import Any

from meeplehall.games.monsterhex.objectives import (
    objective_cells,
    objective_count,
    objective_points,
)
from meeplehall.games.monsterhex.position import (
    BIG,
    CATEGORIES,
    COLOUR,
    COUNTER,
    OBJECTIVES,
    REWARD,
    SMALL,
    Position,
)

_KINDS = {SMALL: "small", COUNTER: "counter", REWARD: "reward"}


def _around(state: Position, q: int, r: int) -> list[int]:
    """The cells around the gem at (q, r): a board site's cells, else a counter gem's
    neighbours."""
    board = state.cfg.board
    for site in board.sites:
        if (site.q, site.r) == (q, r):
            return [cell for cell, _d in site.cells]
    cell = board.index[(q, r)]
    return [n for n in board.neighbours[cell] if n >= 0]


def _own_cells(state: Position, seat: int, q: int, r: int) -> list[list[int]]:
    cells = state.cfg.board.cells
    return [list(cells[c]) for c in _around(state, q, r) if state.owner[c] == seat]


def gem_lines(state: Position, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` won at the gems, in the order it was won: one line per big-gem slot (with
    its colour bonus), small gem, counter gem and Reward bonus."""
    cfg = state.cfg
    sites = {(site.q, site.r): site for site in cfg.board.sites}
    taken = dict(state.taken)
    lines: list[dict[str, Any]] = []
    slots: dict[tuple[int, int, int], dict[str, Any]] = {}
    for owner, points, category, (q, r), slot in state.awards:
        if owner != seat:
            continue
        if category in (BIG, COLOUR):
            line = slots.get((q, r, slot))
            if line is None:
                site = sites[(q, r)]
                value, colour = cfg.comp.gem_tiles[state.site_tile[site.index]][slot]
                both = taken.get(site.index * 2) == seat and taken.get(site.index * 2 + 1) == seat
                line = {"kind": "big", "q": q, "r": r, "slot": slot, "value": value,
                        "colour": colour, "bonus": 0, "points": 0, "overwhelming": both,
                        "cells": _own_cells(state, seat, q, r)}
                slots[(q, r, slot)] = line
                lines.append(line)
            if category == COLOUR:
                line["bonus"] += points
            line["points"] += points
        elif category in _KINDS:
            lines.append({"kind": _KINDS[category], "q": q, "r": r, "points": points,
                          "cells": _own_cells(state, seat, q, r)})
    return lines


def card_lines(state: Position, seat: int) -> list[dict[str, Any]]:
    """The objective cards ``seat`` knows it plays for (the common ones and its own personal
    ones), each with the points it brings on the board as it stands."""
    objectives = state.cfg.comp.objectives
    cells = state.cfg.board.cells
    cards = [(i, False) for i in state.common] + [(i, True) for i in state.personal[seat]]
    return [
        {"id": objectives[i].id, "personal": personal,
         "count": objective_count(state, seat, objectives[i].id),
         "points": objective_points(state, seat, i, personal),
         "cells": [list(cells[c]) for c in objective_cells(state, seat, objectives[i].id)]}
        for i, personal in cards
    ]


def detailed_breakdown(state: Position, seat: int) -> dict[str, Any]:
    """The breakdown by category plus its gem and card lines."""
    out: dict[str, Any] = {label: state.breakdown[seat][i] for i, label in enumerate(CATEGORIES)}
    out["gems"] = gem_lines(state, seat)
    out["cards"] = card_lines(state, seat)
    return out


def score_now(state: Position, seat: int) -> dict[str, Any]:
    """``seat``'s score if the game ended now: the points won so far plus what the objective
    cards it can see would bring (never another seat's personal card)."""
    breakdown = detailed_breakdown(state, seat)
    cards = sum(card["points"] for card in breakdown["cards"])
    breakdown[CATEGORIES[OBJECTIVES]] = cards
    return {"score": state.scores[seat] + cards, "breakdown": breakdown}
