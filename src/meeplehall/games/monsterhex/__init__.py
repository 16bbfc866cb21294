"""Monster Hex: hex-tile area majority for 1-4 players, with every variant.

The rules are written for players in ``docs/rules/monsterhex.md``; the engine's own rulings are
in ``NOTES.md`` beside this file, and the component data in ``components.json``.
"""

from meeplehall.games.monsterhex.game import GAME, MonsterHexGame
from meeplehall.games.monsterhex.match import MonsterHexMatch
from meeplehall.games.monsterhex.state import MonsterHexState

__all__ = ["GAME", "MonsterHexGame", "MonsterHexMatch", "MonsterHexState"]
