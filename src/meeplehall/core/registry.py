"""Find games through the ``meeplehall.games`` entry-point group, and their research wings.

Each entry point names a :class:`~meeplehall.core.protocol.Game` object. ``core`` never imports
a game by name, so a new game is one new package with one entry point, possibly in its own
distribution.

A game may also have a *research wing*: the fixed action indexing and observation layout that
research adapters (``meeplehall.rl``) need. It is the module ``research`` inside the package the
entry point names (``meeplehall.games.yaxha:GAME`` -> ``meeplehall.games.yaxha.research``),
found here by that name and imported only when an encoding is asked for, and it gives
``encoding(players, options) -> ResearchEncoding``. The wing sits on top of its game: it may
import any of the game's modules, and nothing in the game imports it, so playing a game never
loads it. A game without that module has no research encoding.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from importlib.util import find_spec
from typing import Any

from meeplehall.core.errors import UnknownGame
from meeplehall.core.protocol import Game
from meeplehall.core.research import EncodingFactory, MissingEncoding, ResearchEncoding

GROUP = "meeplehall.games"
#: The name of a game's research wing inside its package.
RESEARCH = "research"


@cache
def _entries() -> dict[str, tuple[Game, str]]:
    """Every registered game by name, with the module its entry point names."""
    games: dict[str, tuple[Game, str]] = {}
    for entry in entry_points(group=GROUP):
        game = entry.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {entry.name!r} does not name a Game object")
        if game.name != entry.name:
            raise ValueError(f"entry point {entry.name!r} names a game called {game.name!r}")
        games[entry.name] = (game, entry.module)
    return dict(sorted(games.items()))


def _entry(name: str) -> tuple[Game, str]:
    entries = _entries()
    try:
        return entries[name]
    except KeyError:
        raise UnknownGame(name, list(entries)) from None


def all_games() -> list[Game]:
    """Every registered game, by name."""
    return [game for game, _module in _entries().values()]


def get_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGame lists the known ones otherwise."""
    return _entry(name)[0]


@cache
def research_factory(name: str) -> EncodingFactory | None:
    """The ``encoding(players, options)`` of game ``name``'s research wing, or None when the
    game has none (UnknownGame for a name nobody registered)."""
    wing = f"{_entry(name)[1]}.{RESEARCH}"
    try:
        found = find_spec(wing)
    except ModuleNotFoundError:  # the entry point names a module, not a package
        found = None
    if found is None:
        return None
    make = getattr(import_module(wing), "encoding", None)
    if not callable(make):
        raise TypeError(f"{wing} gives no encoding(players, options)")
    factory: EncodingFactory = make
    return factory


def research_encoding(
    name: str, players: int, options: Mapping[str, Any] | None = None
) -> ResearchEncoding:
    """Game ``name``'s fixed action indexing and observation layout for research adapters.

    Raises MissingEncoding when the game has no research wing, and InvalidOption for a bad
    player count or option.
    """
    make = research_factory(name)
    if make is None:
        raise MissingEncoding(
            f"game {name!r} has no research wing ({RESEARCH} module with "
            "encoding(players, options)), so it has no fixed action indexing for research "
            "adapters"
        )
    encoding = make(players, options)
    if not isinstance(encoding, ResearchEncoding):
        raise TypeError(f"game {name!r}'s research wing gave {encoding!r}, not an encoding")
    return encoding
