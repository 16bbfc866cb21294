"""BaseGame builds a new match the usual way: the player count checked (named by the title), the
options validated with their defaults, then the game's own deal with the generator the seed
names. A game built on it inherits the protocol's defaults, the analysis thresholds among them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from meeplehall_goofspiel.actions import Bid
from meeplehall_goofspiel.state import GoofspielState

from meeplehall.core import (
    BaseGame,
    Game,
    InvalidOption,
    MarkThresholds,
    OptionSpec,
    Rng,
    Seed,
    rng_for,
)
from meeplehall.core.registry import all_games
from tests.rng_draws import next_draws


class Deal(GoofspielState):
    """A Goofspiel match that keeps what its deal was given."""

    options: dict[str, Any]
    draws: tuple[int, ...]


def deal(players: int, options: dict[str, Any], rng: Rng) -> Deal:
    match = Deal(players, list(range(1, options["cards"] + 1)))
    match.options = options
    match.draws = next_draws(rng)
    return match


class Bids(BaseGame[Deal]):
    name = "bids"
    title = "Secret Bids"
    min_players = 2
    max_players = 3
    options = (OptionSpec("cards", "int", 5, minimum=1, maximum=9),
               OptionSpec("open", "bool", False))
    new_match = staticmethod(deal)

    def parse_action(self, data: Any) -> Bid:
        return Bid(data["bid"])

    def describe_action(self, action: Any) -> str:
        return f"bid {action.card}"

    def render_text(self, view: Mapping[str, Any]) -> str:
        return str(view)


def test_a_new_match_gets_the_validated_options_and_the_seeds_generator() -> None:
    game = Bids()
    match = game.new_state(3, {"cards": 4}, 17)
    assert match.players == 3
    assert match.options == {"cards": 4, "open": False}
    assert match.draws == next_draws(rng_for(17))
    legacy = Seed(17, "splitmix64")
    assert game.new_state(2, None, legacy).draws == next_draws(rng_for(legacy))


@pytest.mark.parametrize("players", [1, 4, True, "2"])
def test_a_player_count_out_of_range_is_refused_by_the_games_title(players: Any) -> None:
    with pytest.raises(InvalidOption, match=r"^Secret Bids is for 2 to 3 players"):
        Bids().new_state(players)


def test_a_bad_option_is_refused_before_the_deal() -> None:
    with pytest.raises(InvalidOption, match="unknown option 'colour'"):
        Bids().new_state(2, {"colour": "red"})
    with pytest.raises(InvalidOption, match="at most 9"):
        Bids().new_state(2, {"cards": 10})


def test_a_base_game_is_a_game_with_the_protocols_defaults() -> None:
    game = Bids()
    assert isinstance(game, Game)
    assert game.mark_thresholds == MarkThresholds(0.05, 0.10, 0.20)
    assert game.terminal_text is None and game.statistics is None
    match = game.new_state(2)
    action = game.parse_action({"bid": 3})
    assert not game.is_secret_move(action, match.apply(0, action))


def test_every_registered_game_is_built_on_it() -> None:
    assert all(isinstance(game, BaseGame) for game in all_games())
