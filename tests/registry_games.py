"""The games the suite runs its generic tests over, found the way the hall finds them.

The generic suites (protocol conformance, secrecy, the server's play, the bots, the research
adapters, the browser) take their games from ``core.registry``, never from a list written by
hand, so a new game is tested by them as soon as it is registered. The test game (Goofspiel, in
``tests/testgame``) is registered from the tests only (tests/conftest.py); the browser tests
play only the games that have a renderer in the web client.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from meeplehall.core import Game, registry
from meeplehall.core.registry import GROUP, all_games, research_factory

#: The folder holding the test game's package and its ``.dist-info`` (its entry point).
TEST_GAMES = Path(__file__).resolve().parent / "testgame"
WEB_GAMES = Path(__file__).resolve().parents[1] / "src" / "meeplehall" / "web" / "games"


def game_names() -> list[str]:
    """Every registered game's name, in the registry's order (by name)."""
    return [game.name for game in all_games()]


def game_id(game: Game) -> str:
    """A parametrize id: the game's name."""
    return game.name


def package_of(name: str) -> str:
    """The module the game's entry point names (its package): ``meeplehall.games.yaxha``."""
    (entry,) = entry_points(group=GROUP, name=name)
    return entry.module


def with_research_wing() -> list[Game]:
    """The registered games that offer research adapters an encoding."""
    return [game for game in all_games() if research_factory(game.name) is not None]


def per_game(
    chosen: Mapping[str, Sequence[tuple[Any, ...]]],
    default: Callable[[Game], Iterable[tuple[Any, ...]]],
    games: Iterable[Game] | None = None,
) -> list[tuple[Any, ...]]:
    """``(name, *case)`` for each case of each game: the cases ``chosen`` for it by hand (the
    shipped games' variants), or else those ``default(game)`` gives, so a new game gets cases
    without a line in the test."""
    games = all_games() if games is None else list(games)
    unknown = set(chosen) - {game.name for game in games}
    assert not unknown, f"cases chosen for games that are not registered: {sorted(unknown)}"
    return [(game.name, *case) for game in games
            for case in chosen.get(game.name, default(game))]


def every_count(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Each player count of ``game`` at its default options."""
    return [(players, {}) for players in range(game.min_players, game.max_players + 1)]


def with_renderer() -> list[str]:
    """The registered games the web client can draw (``web/games/<name>/index.js``)."""
    return [name for name in game_names() if (WEB_GAMES / name / "index.js").is_file()]


def with_test_games(path: str | None) -> str:
    """A PYTHONPATH value that also holds the test games' folder (once)."""
    parts = [part for part in (path or "").split(os.pathsep) if part]
    if str(TEST_GAMES) not in parts:
        parts.insert(0, str(TEST_GAMES))
    return os.pathsep.join(parts)


def without_test_games(env: dict[str, str]) -> dict[str, str]:
    """``env`` with the test games' folder left out of PYTHONPATH: a server for the browser,
    which lists only games the web client can draw."""
    kept = [part for part in env.get("PYTHONPATH", "").split(os.pathsep)
            if part and Path(part).resolve() != TEST_GAMES]
    out = dict(env)
    if kept:
        out["PYTHONPATH"] = os.pathsep.join(kept)
    else:
        out.pop("PYTHONPATH", None)
    return out


@contextmanager
def only_drawn_games() -> Iterator[None]:
    """This process's registry lists only the games the web client draws, for a server run in
    the tests' own process that a browser visits (as ``without_test_games`` does for one in a
    subprocess)."""
    drawn = set(with_renderer())
    entries = registry._entries
    kept = {name: entry for name, entry in entries().items() if name in drawn}
    registry._entries = lambda: kept  # type: ignore[assignment]
    try:
        yield
    finally:
        registry._entries = entries
