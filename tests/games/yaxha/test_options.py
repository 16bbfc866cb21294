"""Table options and setup: player counts, bonus-card dealing modes and their validation."""

from __future__ import annotations

import pytest

from meeplehall.core import InvalidOption
from meeplehall.core.registry import get_game
from meeplehall.games.yaxha import GAME

BEGINNER = {0, 1, 2, 3, 4, 10, 11, 12}
NEIGHBOUR = {5, 6, 7, 8, 9}


def dealt(players: int, mode: object, seeds: range = range(60)) -> set[int]:
    found: set[int] = set()
    for seed in seeds:
        cards = GAME.new_state(players, {"bonus_cards": mode}, seed).cards
        assert len(set(cards)) == 3
        found |= set(cards)
    return found


def test_game_is_registered_under_its_name():
    assert get_game("yaxha") is GAME


@pytest.mark.parametrize("players", [1, 5, 0, "3", True])
def test_player_count_outside_two_to_four_is_refused(players: object):
    with pytest.raises(InvalidOption, match="2 to 4 players"):
        GAME.new_state(players, None, 0)  # type: ignore[arg-type]


def test_random_mode_is_the_default_and_deals_from_all_18_cards():
    assert GAME.new_state(3).options["bonus_cards"] == "random"
    assert dealt(3, "random", range(200)) == set(range(18))


def test_two_players_never_get_the_neighbour_cards():
    assert dealt(2, "random", range(200)) == set(range(18)) - NEIGHBOUR


def test_beginner_mode_deals_only_beginner_cards():
    assert dealt(4, "beginner") <= BEGINNER
    assert dealt(2, "beginner") <= BEGINNER


def test_bga_snapshot_mode_deals_only_cards_0_to_11():
    assert dealt(4, "bga_snapshot", range(120)) == set(range(12))
    assert dealt(2, "bga_snapshot", range(120)) == set(range(12)) - NEIGHBOUR


def test_explicit_card_list_is_used_as_given():
    assert GAME.new_state(3, {"bonus_cards": [17, 5, 13]}).cards == (17, 5, 13)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("all", "must be one of"),
        ([1, 2], "exactly 3 card ids"),
        ([1, 2, 3, 4], "exactly 3 card ids"),
        ([1, 1, 2], "lists a card twice"),
        ([1, 2, 18], "no bonus card 18"),
        ([1, 2, -1], "no bonus card -1"),
        ([1, 2, "3"], "exactly 3 card ids"),
        ([1, 2, True], "exactly 3 card ids"),
        (7, "mode name or a list"),
    ],
)
def test_bad_bonus_card_option_is_refused_with_a_reason(value: object, words: str):
    with pytest.raises(InvalidOption, match=words):
        GAME.new_state(3, {"bonus_cards": value})


def test_explicit_neighbour_card_is_refused_with_two_players():
    with pytest.raises(InvalidOption, match="not used with 2 players"):
        GAME.new_state(2, {"bonus_cards": [0, 5, 10]})


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"neighbour_ties_score": "yes"}, "true or false"),
        ({"second_largest": "podium"}, "must be one of"),
        ({"rounds": 5}, "unknown option 'rounds'"),
    ],
)
def test_other_bad_options_are_refused(options: dict, words: str):
    with pytest.raises(InvalidOption, match=words):
        GAME.new_state(3, options)


def test_setup_deals_initiative_as_a_permutation_and_fills_one_tile_per_player():
    for players in (2, 3, 4):
        state = GAME.new_state(players, None, 11)
        assert sorted(state.initiative) == list(range(1, players + 1))
        assert len(state.market) == players
        assert all(len(tile) == 3 for tile in state.market)
        assert state.bag_pos == 3 * players


def test_same_seed_same_setup_and_different_seeds_differ():
    one, two = GAME.new_state(4, None, 5), GAME.new_state(4, None, 5)
    assert one.view(None) == two.view(None) and one.bag == two.bag
    assert any(GAME.new_state(4, None, s).bag != one.bag for s in range(6, 9))
