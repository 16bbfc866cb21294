"""The game object: registry, options, the action trust boundary, text play, the heuristic."""

import json
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core import Game, IllegalAction, InvalidOption, State
from meeplehall.core.registry import get_game
from meeplehall.games.pyramido import GAME
from meeplehall.games.pyramido.actions import (
    Activate,
    Discard,
    Finish,
    Place,
    Reveal,
    Split,
    Take,
)

from .helpers import build, domino_set, gems, scoring_state

ALL_ACTIONS = [
    Take(3, "red"), Take(1, None), Split(2), Reveal(4), Place(-1, 2, 3),
    Activate(0, 3, 1, 4), Finish(), Discard("mythical"),
]


def test_pyramido_is_registered_through_its_entry_point():
    game = get_game("pyramido")
    assert game is GAME and isinstance(game, Game)
    assert isinstance(GAME.new_state(2), State)
    assert (GAME.min_players, GAME.max_players) == (1, 4)


@pytest.mark.parametrize("players", [0, 5, True])
def test_player_count_outside_1_to_4_is_an_invalid_option(players):
    with pytest.raises(InvalidOption, match="1 to 4 players"):
        GAME.new_state(players)


def test_unknown_option_and_unknown_legend_are_refused():
    with pytest.raises(InvalidOption, match="unknown option 'speed'"):
        GAME.new_state(2, {"speed": 3})
    with pytest.raises(InvalidOption, match="'legend' must be one of"):
        GAME.new_state(1, {"legend": "hero"})


@pytest.mark.parametrize("action", ALL_ACTIONS)
def test_every_action_round_trips_through_json(action):
    assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action
    assert GAME.describe_action(action)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([1, 2], "an action is a JSON object"),
        ({"type": "jump"}, "unknown action type 'jump'"),
        ({"type": "take", "space": 1}, "a take action needs gem"),
        ({"type": "take", "space": 6, "gem": "red"}, "'space' must be from 1 to 5"),
        ({"type": "take", "space": "1", "gem": "red"}, "'space' must be a whole number"),
        ({"type": "take", "space": 1, "gem": "gold"}, "unknown gem 'gold'"),
        ({"type": "place", "i": 0, "j": 0, "rotation": 4}, "'rotation' must be from 0 to 3"),
        ({"type": "place", "i": True, "j": 0, "rotation": 0}, "'i' must be a whole number"),
        ({"type": "finish", "now": True}, "a finish action has no field 'now'"),
        ({"type": "discard", "gem": None}, "unknown gem None"),
    ],
)
def test_malformed_actions_get_a_readable_reason(data, reason):
    with pytest.raises(IllegalAction, match=reason):
        GAME.parse_action(data)


def test_describe_action_says_what_happens():
    assert GAME.describe_action(Take(3, "red")) == "take space 3's domino and a red gem"
    assert GAME.describe_action(Place(1, 0, 1)) == "place block A at (1, 0), B below"
    assert "double" in GAME.describe_action(Activate(2, 3, 3, 0))


def test_render_text_draws_pyramid_letters_stages_and_the_exploration_area():
    state = GAME.new_state(2, seed=4)
    rng = random.Random(1)
    for _ in range(12):
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = GAME.render_text(state.view(0))
    assert "space 1" in text and "space 5" in text
    assert "Seat 1 (you)" in text
    letters = {c["colour"][0].upper() + "1" for c in state.view(0)["players"][0]["top"]}
    assert all(letter in text for letter in letters)
    assert "(face down)" in text and "(face up  )" in text
    rendered = Console(width=200, record=True)
    rendered.print(text)
    plain = rendered.export_text()
    assert "(face down)" in plain and "space 3" in plain
    assert "Seat 1 (you): score 0 [], gems" in plain


def test_cli_plays_a_bots_only_match_to_the_end():
    result = CliRunner().invoke(app, ["play", "pyramido", "--players", "3", "--seat", "none",
                                      "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "final result" in result.output


def test_cli_lets_a_person_play_by_numbers(tmp_path):
    # Always answer "1": the first legal action, until the game ends.
    answers = "\n".join(["1"] * 400) + "\n"
    save = tmp_path / "match.json"
    result = CliRunner().invoke(
        app, ["play", "pyramido", "--players", "1", "--seat", "1", "--save", str(save)],
        input=answers,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Legendary Explorer" in result.output
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "final result" in replayed.output


SET = domino_set(d1=("red", ["TL", "BR"], "blue", ["TR"]))


def test_heuristic_counts_points_and_what_held_gems_could_score_against_the_best_rival():
    pyramid = build(1, [(0, 0, 0)], domino=1, dominoes=SET)
    state, _ = scoring_state([pyramid, build(1, [(0, 0, 0)], domino=1, dominoes=SET)],
                             [gems(red=1), gems()], SET)
    # seat 0 can reach the red area (2 points) with its red gem; seat 1 holds nothing
    assert state.heuristic(0) == 2.0
    assert state.heuristic(1) == -2.0
    state.gems[0] = gems(red=3, mythical=1)
    assert state.heuristic(0) == 2 * 2 + 1  # three units double the red area; +1 mythical
    state.stage_scores[1] = [9]
    assert state.heuristic(0) == 5 - 9


def test_heuristic_prefers_activating_at_stage_end_to_keeping_the_gems():
    pyramid = build(1, [(0, 0, 0)], domino=1, dominoes=SET)
    state, _ = scoring_state([pyramid, build(1, [(0, 0, 0)], domino=1, dominoes=SET)],
                             [gems(red=3), gems()], SET)
    red = next(i for i, a in enumerate(state.areas[0]) if a.colour == 4)
    activated = state.clone()
    activated.apply(0, Activate(red, 3, 3, 0))
    kept = state.clone()
    kept.apply(0, Finish())
    assert activated.heuristic(0) == 4.0  # 4 points banked
    assert kept.heuristic(0) == 0.75 * 4  # unspent gems only may score later: they count less


def test_heuristic_at_the_end_is_the_final_score_difference():
    state = GAME.new_state(3, seed=8)
    rng = random.Random(8)
    while not state.is_over():
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    scores = state.result().scores
    for seat in range(3):
        best_rival = max(s for other, s in enumerate(scores) if other != seat)
        assert state.heuristic(seat) == scores[seat] - best_rival
