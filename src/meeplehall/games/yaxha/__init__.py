"""Yaxha: build a pyramid of coloured cubes from a secretly chosen market, 2-4 players.

``GAME`` is the registered Game object; ``score`` is the stable scoring entry point
(see :func:`meeplehall.games.yaxha.scoring.score`). The rules are in docs/rules/yaxha.md.

Modules, from the bottom up: ``components`` (the data file and its loader), ``geometry`` (bit
layout, tables), ``placement`` (legal cells and refusal reasons) and ``scoring`` (visibility,
groups, bonus cards), the rules, which work on masks and counts; ``actions`` (the action types,
parsing and labels); ``state`` (``YaxhaState``: the match's data and moves); ``views`` (per-seat
JSON), ``hidden`` (determinization) and ``heuristic`` (the bots' evaluation), which read a
state; ``match`` (``YaxhaMatch``: the state with its views, determinization and evaluation, what
the game hands out); ``options`` (the table options), ``setup`` (a new match's deal), ``game``
(``YaxhaGame`` and ``GAME``); ``render`` (the terminal) and ``statistics``. On top, imported by
none of them, the research wing ``research`` (``layout``, ``encode`` and the numba ``kernel``).

Rulings where the rules leave a choice to the engine:
- Market choice: ``to_move()`` lists the seats that have not chosen yet; a seat that has chosen
  may still change its choice (``legal_actions`` lists the other tiles) until the last seat
  chooses, which reveals all choices at once.
- The last pending pick after ties is made automatically; initiative swaps happen after every
  seat holds a tile, using the pre-swap initiative for the pending order.
- Building: one cube per action, in any order; ``Undo`` takes back the latest placement of the
  round (it is a legal action while the seat has one); ``Confirm`` is legal only when the hand
  is empty or no cube left fits anywhere, and then discards them. The first cube of a pyramid
  goes to the canonical (0, 0, 0); base coordinates may go negative and are re-normalised.
- Other seats see this round's placements, and its discards, only once every seat confirmed.
- Card options: ``bonus_cards`` is ``random`` (all 18, default), ``beginner``, ``bga_snapshot``
  (ids 0-11) or a list of 3 ids; with 2 players cards 5-9 are never dealt, and an explicit list
  naming one of them is refused. ``neighbour_ties_score`` (default true) and ``second_largest``
  (``distinct_sizes`` default, ``runner_up_player``: the seat(s) whose largest group ranks
  second among distinct values; nobody when all are equal).
- A face for card 15 needs at least one visible cube; an empty pyramid has no single-colour side.
"""

from meeplehall.games.yaxha.game import GAME, YaxhaGame
from meeplehall.games.yaxha.match import YaxhaMatch
from meeplehall.games.yaxha.scoring import score
from meeplehall.games.yaxha.state import YaxhaState

__all__ = ["GAME", "YaxhaGame", "YaxhaMatch", "YaxhaState", "score"]
