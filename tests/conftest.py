"""Registers the test game (Goofspiel, tests/testgame) the way a game's distribution would: its
package and its ``meeplehall_goofspiel-0.dist-info`` (whose entry_points.txt names
``meeplehall_goofspiel:GAME`` in the ``meeplehall.games`` group) go on ``sys.path`` here, and on
PYTHONPATH for every process the tests start (servers, CLI runs; their bot workers inherit it).
xdist workers run this file too. Only the tests see the game: the hall ships three.
"""

from __future__ import annotations

import os
import sys

from tests.registry_games import TEST_GAMES, with_test_games

if str(TEST_GAMES) not in sys.path:
    sys.path.append(str(TEST_GAMES))
os.environ["PYTHONPATH"] = with_test_games(os.environ.get("PYTHONPATH"))


def _registry_sees_the_test_game() -> None:
    """The registry reads the entry points once: forget anything read before the path grew."""
    from meeplehall.core import registry

    registry._entries.cache_clear()
    registry.research_factory.cache_clear()


_registry_sees_the_test_game()
