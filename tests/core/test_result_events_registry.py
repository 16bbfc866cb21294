import pytest

from meeplehall.core import Result, UnknownGame, events_for
from meeplehall.core.registry import get_game


def test_ties_share_rank_and_win():
    result = Result.ranked([30, 42, 42, 10], [{}, {}, {}, {}])
    assert result.ranks == (3, 1, 1, 4)
    assert result.winners == frozenset({1, 2})


def test_tiebreak_values_separate_equal_scores_in_order():
    result = Result.ranked([20, 20, 20], [{}] * 3, tiebreak=[(1, 5), (2, 0), (2, 0)])
    assert result.ranks == (3, 1, 1)
    assert result.winners == frozenset({1, 2})


def test_result_json_lists_winners_sorted():
    data = Result.ranked([5, 5], [{"a": 1}, {"a": 2}]).to_json()
    assert data == {
        "scores": [5, 5],
        "ranks": [1, 1],
        "winners": [0, 1],
        "breakdown": [{"a": 1}, {"a": 2}],
    }


def test_private_events_reach_only_their_seats():
    events = [
        {"type": "chose", "seat": 0, "tile": 2, "private": [0]},
        {"type": "has_chosen", "seat": 0},
    ]
    assert events_for(events, 0) == [{"type": "chose", "seat": 0, "tile": 2}, events[1]]
    assert events_for(events, 1) == [events[1]]
    assert events_for(events, None) == [events[1]]


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame) as error:
        get_game("chess")
    assert "unknown game 'chess'" in error.value.reason
