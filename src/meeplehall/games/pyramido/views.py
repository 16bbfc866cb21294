"""The JSON view of a match, shaped for a web renderer and the text drawing."""

from __future__ import annotations

from typing import Any

from meeplehall.games.pyramido.components import COLOURS
from meeplehall.games.pyramido.exploration import gem_names
from meeplehall.games.pyramido.geometry import STAGE_TURNS, STAGES
from meeplehall.games.pyramido.phases import OVER, SCORE, SCORING_STATUS
from meeplehall.games.pyramido.score_now import score_now
from meeplehall.games.pyramido.state import PyramidoState


def build_view(state: PyramidoState, seat: int | None) -> dict[str, Any]:
    """Everything a seat may know, as JSON. Pyramido has no per-seat secret: every seat and a
    spectator see the same, and none sees a face-down domino, the pile order or the bag."""
    dominoes = state.dominoes
    players = []
    for s, pyramid in enumerate(state.pyramids):
        entry: dict[str, Any] = {
            "seat": s,
            "gems": gem_names(state.gems[s]),
            "score": sum(state.stage_scores[s]),
            "stage_scores": state.stage_scores[s][:],
            "frame": list(pyramid.frame) if pyramid.frame else None,
            "placements": [
                {"domino": d, "stage": k, "i": i, "j": j, "rotation": r,
                 "face": dominoes.face(d)}
                for d, k, i, j, r in pyramid.frame_placements()
            ],
            "top": pyramid.top_cells(),
        }
        if state.phase == SCORE:
            entry["scoring"] = {
                "status": SCORING_STATUS[state.status[s]],
                "points": state.stage_points[s],
                "areas": [
                    {"area": index, "colour": COLOURS[a.colour], "value": a.icons,
                     "activated": bool(state.activated[s] >> index & 1),
                     "cells": pyramid.cells_json(a)}
                    for index, a in enumerate(state.areas[s])
                ],
            }
        players.append(entry)
    view: dict[str, Any] = {
        "game": "pyramido",
        "seat": seat,
        "players": players,
        "stage": min(state.stage, STAGES),
        "turns_per_player": STAGE_TURNS[min(state.stage, STAGES) - 1],
        "turn": state.turn,
        "start_player": state.start,
        "phase": state.phase,
        "active": state.active,
        "to_move": sorted(state._to_move),
        "held_domino": dominoes.face(state.held) if state.held else None,
        "emptied_space": state.emptied + 1 if state.emptied >= 0 else None,
        "exploration": state.area.view(dominoes),
        "bag": sum(state.area.bag),
        "discard": gem_names(state.area.discard),
        "domino_set": dominoes.source,
    }
    if state.explorer is not None:
        view["explorer"] = state.explorer.view(dominoes)
        view["legend"] = state.legend
    if seat is not None and 0 <= seat < state.players and state.phase != OVER:
        # The own seat's score if the game ended now (the table shows it to that seat only).
        view["score_now"] = score_now(state, seat)
    if state.phase == OVER:
        view["result"] = state.result().to_json()
    return view
