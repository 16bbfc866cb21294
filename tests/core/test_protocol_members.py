"""The protocol's optional members: every registered game and state declares each of them, in the
form the protocol gives, and a class that subclasses ``Game`` or ``State`` inherits their
defaults. What each shipped game offers is listed here; any other registered game (the test
game) is held to the members' forms alone."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from meeplehall_goofspiel.match import GoofspielMatch

from meeplehall.core import Game, MarkThresholds, TerminalText
from meeplehall.core.registry import all_games, get_game, research_factory
from meeplehall.core.research import ResearchEncoding
from meeplehall.core.visibility import move_for
from tests.core.plain_game import PlainYaxha
from tests.registry_games import game_id, package_of

#: What each shipped game offers besides its secret moves (tests/games/test_secret_moves.py):
#: research encoding, terminal sentences, several decisions in a turn, take-backs, statistics, a
#: search heuristic of its own.
DECLARED = {
    "monsterhex": (True, True, False, False, True, False),
    "pyramido": (True, True, True, False, True, False),
    "yaxha": (True, True, False, True, True, True),
}

#: The analysis's mark thresholds each game declares (docs/analysis.md says why).
MARKS = {
    "monsterhex": MarkThresholds(0.06, 0.12, 0.24),
    "pyramido": MarkThresholds(0.05, 0.10, 0.20),
    "yaxha": MarkThresholds(0.06, 0.12, 0.24),
}


def test_every_shipped_game_is_listed_here() -> None:
    shipped = [game.name for game in all_games()
               if package_of(game.name).startswith("meeplehall.games.")]
    assert sorted(shipped) == sorted(DECLARED)


@pytest.mark.parametrize("game", all_games(), ids=game_id)
def test_each_game_and_its_states_declare_what_they_offer(game: Game) -> None:
    assert isinstance(game, Game)
    make = research_factory(game.name)
    if make is not None:
        assert isinstance(make(max(2, game.min_players), None), ResearchEncoding)
    assert game.terminal_text is None or isinstance(game.terminal_text, TerminalText)
    assert game.statistics is None or callable(game.statistics)
    if game.name in MARKS:
        assert game.mark_thresholds == MARKS[game.name]
    else:
        assert isinstance(game.mark_thresholds, MarkThresholds)
    state = game.new_state(max(2, game.min_players), None, 3)
    for member in (state.decisions_in_turn, state.is_take_back, state.search_heuristic):
        assert member is None or callable(member)
    offered = (make is not None, isinstance(game.terminal_text, TerminalText),
               state.decisions_in_turn is not None, state.is_take_back is not None,
               game.statistics is not None, state.search_heuristic is not None)
    assert offered == DECLARED.get(game.name, offered)


def test_a_subclass_of_game_inherits_no_secret_moves_no_sentences_and_no_statistics() -> None:
    game = PlainYaxha()
    assert isinstance(game, Game)
    assert game.terminal_text is None
    assert game.statistics is None
    assert game.mark_thresholds == MarkThresholds(0.05, 0.10, 0.20)
    state = game.new_state(2)
    action = game.parse_action({"type": "tile", "tile": 1})
    events = state.apply(0, action)
    assert not game.is_secret_move(action, events)


def test_a_subclass_of_state_inherits_one_decision_a_turn_no_take_backs_one_heuristic() -> None:
    state = GoofspielMatch(2, [1, 2, 3])
    assert state.decisions_in_turn is None
    assert state.is_take_back is None
    assert state.search_heuristic is None


def test_a_move_is_hidden_because_the_game_declares_it_secret_not_because_of_its_events() -> None:
    # The same Yaxha choice, with the same private event: hidden where the game declares it.
    last = {"seat": 0, "action": {"type": "tile", "tile": 1}, "label": "x", "bot": False}
    for game, hidden in ((get_game("yaxha"), True), (PlainYaxha(), False)):
        state = game.new_state(2, None, 5)
        events = state.apply(0, game.parse_action(last["action"]))
        assert (move_for(game, last, events, 1)["action"] is None) == hidden


def test_playing_never_loads_a_games_research_code_its_encoding_does() -> None:
    script = """
import json, random, sys
from meeplehall.core.playout import random_playout
from meeplehall.core.registry import all_games, research_encoding
for game in all_games():
    state = game.new_state(2, None, 1)
    random_playout(state, random.Random(1))
    state.view(0)
    game.terminal_text
wings = json.loads(sys.argv[1])
print(sorted(wing in sys.modules for wing in wings))
for game in all_games():
    research_encoding(game.name, 2, None)
print(sorted(wing in sys.modules for wing in wings))
"""
    wings = [f"{package_of(game.name)}.research" for game in all_games()]
    output = subprocess.run([sys.executable, "-c", script, json.dumps(wings)], check=True,
                            capture_output=True, text=True).stdout.split("\n")
    assert output[:2] == [str([False] * len(wings)), str([True] * len(wings))]
