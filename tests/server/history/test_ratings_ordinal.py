"""The leaderboard sorts by OpenSkill's conservative estimate, as OpenSkill itself defines it."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from meeplehall.server.history.ratings import ordinal


@pytest.mark.parametrize(("mu", "sigma"), [(25.0, 25 / 3), (30.0, 5.0), (18.5, 1.25)])
def test_the_ordinal_is_openskills_own_conservative_estimate(mu: float, sigma: float) -> None:
    expected = PlackettLuce().create_rating([mu, sigma]).ordinal()
    assert ordinal(mu, sigma) == pytest.approx(expected)


def test_an_uncertain_newcomer_ranks_below_a_proven_player_of_lower_mean() -> None:
    # mu 30 with sigma 5 is worth 15; mu 24 with sigma 2 is worth 18.
    assert ordinal(24.0, 2.0) > ordinal(30.0, 5.0)
