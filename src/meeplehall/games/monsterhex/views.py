"""What one seat may see, as JSON for a web renderer and the terminal.

Hands, personal objectives and Scheme draws are shown to their owner only; decks show only
their size (nobody knows their order). Coordinates are axial; unit powers are already rotated
to the six board directions (E, NE, NW, W, SW, SE).
"""

from __future__ import annotations

from typing import Any

from meeplehall.games.monsterhex.abilities import draftable
from meeplehall.games.monsterhex.components import DIRECTION_NAMES
from meeplehall.games.monsterhex.scoresheet import score_now
from meeplehall.games.monsterhex.state import MonsterHexState


def _objective(state: MonsterHexState, index: int) -> dict[str, Any]:
    card = state.cfg.comp.objectives[index]
    return {"id": card.id, "name": card.name, "name_ja": card.name_ja, "points": card.points,
            "kind": card.kind}


def build_view(state: MonsterHexState, seat: int | None) -> dict[str, Any]:
    cfg = state.cfg
    comp = cfg.comp
    board = cfg.board
    factions = comp.factions
    cells = []
    for c, (q, r) in enumerate(board.cells):
        entry: dict[str, Any] = {
            "q": q, "r": r, "start": c in board.start, "outer": c in board.outer,
            "unit": None, "counter_gem": state.crystal[c],
        }
        owner = state.owner[c]
        if owner >= 0:
            unit = comp.units[state.unit[c]]
            entry["unit"] = {
                "id": unit.id, "rank": unit.rank, "red_letter": unit.red_letter,
                "owner": owner if owner < cfg.players else None,
                "shared": owner >= cfg.players, "placed_by": state.placed_by[c],
                "colour": factions[state.colour[owner]] if state.colour[owner] >= 0 else None,
                "rotation": state.rot[c],
                "powers": list(comp.facing[state.unit[c]][state.rot[c]]),
                "white": state.white[c], "black": state.black[c],
            }
        cells.append(entry)
    taken = dict(state.taken)
    gems = []
    for site in board.sites:
        gem: dict[str, Any] = {
            "q": site.q, "r": site.r, "kind": "big" if site.big else "small",
            "resolved": state.resolved[site.index], "centre": site.centre,
        }
        if site.big:
            gem["tile"] = state.site_tile[site.index]
            gem["slots"] = [
                {"value": value, "colour": colour,
                 "taken_by": _who(state, taken.get(site.index * 2 + slot))}
                for slot, (value, colour) in enumerate(comp.gem_tiles[state.site_tile[site.index]])
            ]
        else:
            gem["value"] = comp.small_gem_value
            gem["won_by"] = next(
                (_who(state, rec[3]) for rec in state.records
                 if rec[0] == "small" and rec[1] == site.index), None
            )
        gems.append(gem)
    players = []
    for p in range(cfg.players):
        mine = seat == p
        info: dict[str, Any] = {
            "seat": p, "score": state.scores[p],
            "colour": factions[state.colour[p]] if state.colour[p] >= 0 else None,
            "ability": state.ability_id(p) or None,
            "hand_size": len(state.hands[p]), "deck_size": len(state.decks[p]),
            "shared_hand_size": len(state.shared_hands[p]),
            "shared_deck_size": len(state.shared_decks[p]),
            "placed": state.placed_own[p], "personal_objectives": len(state.personal[p]),
            "holds_seven": state.holds_seven[p],
        }
        if mine:
            info["hand"] = [comp.units[u].id for u in sorted(state.hands[p])]
            info["shared_hand"] = [comp.units[u].id for u in sorted(state.shared_hands[p])]
            info["objectives"] = [_objective(state, i) for i in state.personal[p]]
        players.append(info)
    pending: dict[str, Any] | None = None
    if state.phase == "slot":
        s, chooser, second = state.pending[0]
        site = board.sites[s]
        pending = {"kind": "slot", "seat": chooser, "q": site.q, "r": site.r,
                   "other_slot_to": second if second >= 0 else None}
    elif state.phase in ("ability", "rush"):
        who, cell, star, _index = state.ctx
        q, r = board.cells[cell]
        pending = {"kind": state.phase, "seat": who, "ability": state.ability_id(who),
                   "star": bool(star), "q": q, "r": r}
    elif state.phase == "draft":
        pending = {"kind": "draft", "seat": state.draft_order[0],
                   "available": [a.id for a in draftable(state)]}
    if seat is not None and 0 <= seat < cfg.players and state.phase != "over":
        # Only this seat's score, from the board and the cards it can see.
        players[seat]["score_now"] = score_now(state, seat)
    turn_kind = None
    if state.phase == "place":
        turn_kind = "shared" if state.turn_kind() else "own"
    return {
        "game": "monsterhex", "you": seat, "board": board.key, "mode": cfg.mode,
        "round": min(state.round, board.rounds), "rounds": board.rounds,
        "phase": state.phase, "to_move": sorted(state.to_move()), "turn_kind": turn_kind,
        "directions": list(DIRECTION_NAMES),
        "unit_types": {
            u.id: {"rank": u.rank, "red_letter": u.red_letter, "edges": list(u.edges)}
            for u in comp.units
        },
        "cells": cells, "gems": gems, "players": players,
        "shared_colour": (
            factions[state.colour[cfg.neutral]]
            if cfg.neutral >= 0 and state.colour[cfg.neutral] >= 0 else None
        ),
        "common_objectives": [_objective(state, i) for i in state.common],
        "objective_pile": len(state.pile), "pending": pending,
        "solo_target": cfg.solo_target if cfg.mode == "solo" else None,
    }


def _who(state: MonsterHexState, owner: int | None) -> int | str | None:
    if owner is None or owner < 0:
        return None
    return owner if owner < state.cfg.players else "shared"
