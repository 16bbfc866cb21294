"""Find games through the ``meeplehall.games`` entry-point group.

Each entry point names a :class:`~meeplehall.core.protocol.Game` object. ``core`` never imports
a game by name, so a new game is one new package with one entry point, possibly in its own
distribution.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from meeplehall.core.errors import UnknownGame
from meeplehall.core.protocol import Game

GROUP = "meeplehall.games"


@cache
def _games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for entry in entry_points(group=GROUP):
        game = entry.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {entry.name!r} does not name a Game object")
        if game.name != entry.name:
            raise ValueError(f"entry point {entry.name!r} names a game called {game.name!r}")
        games[entry.name] = game
    return dict(sorted(games.items()))


def all_games() -> list[Game]:
    """Every registered game, by name."""
    return list(_games().values())


def get_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGame lists the known ones otherwise."""
    games = _games()
    try:
        return games[name]
    except KeyError:
        raise UnknownGame(name, list(games)) from None
