"""Goofspiel, the test suite's own game: a fourth game that plugs in by the recipe of
docs/adding-a-game.md, registered from the tests only (tests/conftest.py puts this folder and
its ``meeplehall_goofspiel-0.dist-info`` on the path), never shipped.

2 to 4 players, each dealt the cards 1..``cards`` (the ``cards`` option, 6 by default). A
shuffled prize deck of the same cards is hidden; each round its top card is turned up, every
seat secretly bids one card of its hand at once (a simultaneous step: ``to_move()`` holds every
seat yet to bid), and when the last bid is in they are all revealed: the highest bid alone takes
the prize (a tie for the highest takes nothing), and the bid cards are spent. The match ends
when the deck is empty; the most prize points wins.

Hidden: the prize deck's order (from everyone) and a pending bid (from the others, so a bid is
a secret move until the reveal). The hands are public, as the rules make them: every seat knows
which cards each rival has spent.

Modules, bottom to top: ``options``, ``actions``, ``rounds`` (who takes a prize), ``state``
(data and moves), ``views``, ``hidden`` (determinization), ``heuristic``, ``match`` (the state
with the protocol's views, determinization and evaluation), ``setup`` (the deal), ``statistics``,
``game``; on top, imported by none of them, the research wing ``research``.
"""

from meeplehall_goofspiel.game import GAME, GoofspielGame
from meeplehall_goofspiel.match import GoofspielMatch
from meeplehall_goofspiel.state import GoofspielState

__all__ = ["GAME", "GoofspielGame", "GoofspielMatch", "GoofspielState"]
