"""Monster Hex: hex-tile area majority for 1-4 players, with every variant.

The rules follow the project's specification in ``shared/rules/monsterhex.md``; component data
is in ``components.json``.
"""

from meeplehall.games.monsterhex.game import GAME, MonsterHexGame
from meeplehall.games.monsterhex.state import MonsterHexState

__all__ = ["GAME", "MonsterHexGame", "MonsterHexState"]
