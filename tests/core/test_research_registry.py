"""A game's research wing is found by name, beside the game it sits on, and never loaded by it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib import import_module

import pytest

from meeplehall.core import registry
from meeplehall.core.registry import get_game, research_encoding, research_factory
from meeplehall.core.research import MissingEncoding, ResearchEncoding
from tests.registry_games import game_names, package_of


@pytest.mark.parametrize("name", game_names())
def test_each_game_s_research_wing_is_the_research_module_of_its_package(name: str) -> None:
    wing = import_module(f"{package_of(name)}.research")
    assert research_factory(name) is wing.encoding
    game = get_game(name)
    assert isinstance(research_encoding(name, game.max_players), ResearchEncoding)


@pytest.fixture
def without_wings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two made-up games: one from a package with no research module, one from a module."""
    game = get_game("yaxha")
    entries = {"in_a_package": (game, "json"), "in_a_module": (game, "string")}
    monkeypatch.setattr(registry, "_entries", lambda: entries)
    research_factory.cache_clear()
    yield
    research_factory.cache_clear()


@pytest.mark.usefixtures("without_wings")
def test_a_game_without_a_research_module_has_no_encoding() -> None:
    for name in ("in_a_package", "in_a_module"):
        assert research_factory(name) is None
        with pytest.raises(MissingEncoding, match="has no research wing"):
            research_encoding(name, 2)


PLAY_WITHOUT_RESEARCH = """
import random, sys
from importlib.metadata import entry_points
from meeplehall.core.registry import all_games
for game in all_games():
    state = game.new_state(max(2, game.min_players), {}, 1)
    rng = random.Random(1)
    for step in range(40):
        if state.is_over():
            break
        seat = min(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        game.describe_action(action)
        state.apply(seat, action)
        state.heuristic(seat)
        state.determinize(seat, rng).view(seat)
        game.render_text(state.view(None))
loaded = sorted(m for m in sys.modules if ".research" in m and m.split(".research")[0] in {
    entry.module for entry in entry_points(group="meeplehall.games")})
print(loaded)
"""


def test_playing_every_game_never_loads_a_research_wing() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PLAY_WITHOUT_RESEARCH], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
