"""A game from outside the hall plugs in through its entry point: the test game (Goofspiel,
tests/testgame), registered by tests/conftest.py as its own distribution would be, is listed by
the registry with the shipped games, its research wing is found beside it, and the processes
the tests start see it too."""

from __future__ import annotations

import subprocess
import sys

from meeplehall.core.registry import all_games, get_game, research_factory
from tests.registry_games import package_of, with_renderer


def test_the_registry_lists_the_test_game_beside_the_shipped_ones() -> None:
    names = [game.name for game in all_games()]
    assert names == sorted(names)
    assert {"goofspiel", "yaxha", "pyramido", "monsterhex"} <= set(names)
    game = get_game("goofspiel")
    assert type(game).__module__ == "meeplehall_goofspiel.game"
    assert package_of("goofspiel") == "meeplehall_goofspiel"
    assert package_of("yaxha") == "meeplehall.games.yaxha"


def test_the_test_games_research_wing_is_the_research_module_of_its_package() -> None:
    from meeplehall_goofspiel import research

    assert research_factory("goofspiel") is research.encoding


def test_a_process_the_tests_start_finds_the_test_game() -> None:
    script = "from meeplehall.core.registry import get_game; print(get_game('goofspiel').title)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "Goofspiel"


def test_every_shipped_game_has_a_renderer_so_its_texts_and_rules_are_checked() -> None:
    """The checks of web texts and rules documents run over the games the web client draws:
    every game the hall ships is one, the test game is not."""
    shipped = {game.name for game in all_games()
               if package_of(game.name).startswith("meeplehall.games.")}
    assert shipped and shipped <= set(with_renderer())
    assert "goofspiel" not in with_renderer()
