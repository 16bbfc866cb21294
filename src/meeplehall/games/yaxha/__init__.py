"""Yaxha: build a pyramid of coloured cubes from a secretly chosen market, 2-4 players.

``GAME`` is the registered Game object; ``score`` is the stable scoring entry point
(see :func:`meeplehall.games.yaxha.scoring.score`).
"""

from meeplehall.games.yaxha.game import GAME, YaxhaGame
from meeplehall.games.yaxha.scoring import score
from meeplehall.games.yaxha.state import YaxhaState

__all__ = ["GAME", "YaxhaGame", "YaxhaState", "score"]
