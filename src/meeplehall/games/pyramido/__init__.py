"""Pyramido: Forgotten Treasures, for 1-4 players (solo against the Legendary Explorer).

``GAME`` is the registered game object. ``top_view`` and ``areas`` are stable entry points for
external checks of the geometry and scoring: they take placements
``(domino_id, stage, i, j, rotation)`` in the rules' block coordinates and use the same code as
the engine's stage scoring. The rules are in docs/rules/pyramido.md; the actions' JSON, the view
and the bots' budget are described in ``README.md`` beside this file.

Modules, from the bottom up: ``components`` (colours, gem kinds, the domino file
``dominoes.json`` and its loader), ``geometry`` (legal placements per stage as bitmask
operations), ``pyramid`` (one player's pyramid), ``topview`` (the top view and its areas),
``exploration`` (piles, gem areas, bag, discard), ``scoring`` (activations, start player, final
ranking), ``legend`` (the Legendary Explorer) and ``phases``, the rules; ``actions`` (the action
types, parsing and labels); ``state`` (``PyramidoState``: the match's data and moves: the turn
sequence, stage scoring, solo); ``views`` with ``score_now`` (per-seat JSON), ``hidden``
(determinization) and ``heuristic`` (the bots' evaluation), which read a state; ``match``
(``PyramidoMatch``: the state with its view, determinization and evaluation, what the game hands
out); ``options`` (the table options), ``setup`` (a new match's deal), ``game``
(``PyramidoGame`` and ``GAME``); ``render`` (the terminal) and ``statistics``. On top, imported
by none of them, the research wing ``research`` (``layout`` and ``encode``).

Rulings where the rules leave a choice to the engine:
- An area without a visible icon cannot be activated (it would score nothing; spending gems on
  it is refused rather than offered).
- Stage scoring is one simultaneous step; each activation is applied (and shown) at once.
- The points the rules leave open are settled as the player-facing rules say (5-gem limit after
  the mythical bonus, limit applied after stage 4, ties for lowest stage score, the Explorer's
  one-gem-per-colour reading, its leftmost reveal and largest-pile split, piles of
  18/18/18/18/17 in solo with the short pile last).
"""

from __future__ import annotations

from meeplehall.games.pyramido.game import GAME, PyramidoGame
from meeplehall.games.pyramido.match import PyramidoMatch
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.pyramido.topview import areas, top_view

__all__ = ["GAME", "PyramidoGame", "PyramidoMatch", "PyramidoState", "areas", "top_view"]
