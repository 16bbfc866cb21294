"""Each game's end-of-game statistics (``Game.statistics``) agree with the breakdown they are
read from, at the end of real random games of every game that has them."""

from __future__ import annotations

import random

import pytest

from meeplehall.core import Game, Result
from meeplehall.core.playout import random_playout
from meeplehall.core.registry import all_games, get_game
from tests.registry_games import game_id


def _finished(game: Game, seed: int) -> Result:
    state = game.new_state(2, None, seed)
    random_playout(state, random.Random(seed))
    return state.result()


@pytest.mark.parametrize("seed", [1, 2])
def test_yaxha_counts_colour_and_bonus_points_that_add_up_to_the_score(seed: int) -> None:
    result = _finished(get_game("yaxha"), seed)
    read = get_game("yaxha").statistics
    assert read is not None
    for score, part in zip(result.scores, result.breakdown, strict=True):
        stats = read(part)
        assert stats["colour_points"] + stats["bonus_points"] == score
        assert stats["bonus_cards_met"] == sum(card["met"] for card in part["bonus"].values())


@pytest.mark.parametrize("seed", [1, 2])
def test_pyramido_counts_its_best_stage_and_the_gems_kept(seed: int) -> None:
    result = _finished(get_game("pyramido"), seed)
    read = get_game("pyramido").statistics
    assert read is not None
    for part in result.breakdown:
        stages = [part[f"stage {k}"] for k in range(1, 5)]
        assert read(part) == {"best_stage": max(stages),
                              "stages_scored": sum(1 for p in stages if p),
                              "gems_kept": part["gems held"]}


@pytest.mark.parametrize("seed", [1, 2])
def test_monster_hex_counts_gems_won_and_objectives_met(seed: int) -> None:
    result = _finished(get_game("monsterhex"), seed)
    read = get_game("monsterhex").statistics
    assert read is not None
    for part in result.breakdown:
        stats = read(part)
        assert stats["gems_won"] == len(part["gems"])
        assert stats["objectives_met"] == sum(1 for card in part["cards"] if card["points"] > 0)
        assert stats["objective_points"] == part["objectives"]


@pytest.mark.parametrize("game", [game for game in all_games() if game.statistics is not None],
                         ids=game_id)
def test_statistics_are_whole_numbers_named_in_snake_case(game: Game) -> None:
    read = game.statistics
    assert read is not None
    for part in _finished(game, 3).breakdown:
        for key, value in read(part).items():
            assert key.isidentifier() and key == key.lower()
            assert isinstance(value, int)
