"""The rating people read: 1500 for a new player, never negative, provisional under 10 games."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from meeplehall.server.history.ratings import display_rating, is_provisional


def test_a_new_player_reads_1500() -> None:
    fresh = PlackettLuce().rating()
    assert display_rating(fresh.mu, fresh.sigma) == 1500


def test_a_negative_ordinal_reads_below_1500_and_a_positive_one_above() -> None:
    assert display_rating(20.0, 7.0) == 1500 + round(40 * (20.0 - 21.0))  # ordinal -1: 1460
    assert display_rating(30.0, 2.0) == 1500 + 40 * 24


@given(st.floats(-100, 100), st.floats(0, 50))
def test_the_display_rating_is_never_negative(mu: float, sigma: float) -> None:
    assert display_rating(mu, sigma) >= 0


def test_a_rating_is_provisional_until_ten_games() -> None:
    assert [is_provisional(games) for games in (0, 9, 10, 50)] == [True, True, False, False]
