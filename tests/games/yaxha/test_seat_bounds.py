"""A seat number outside the table (one past the last, negative, or not a whole number) is
refused with IllegalAction in every phase, whatever the action, and changes nothing."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.yaxha.actions import ChooseTile
from tests.games.yaxha.helpers import new, start_building
from tests.games.yaxha.test_bad_input import snapshot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_outside_the_table_are_refused(players: int) -> None:
    selecting = new(players)
    building = new(players)
    start_building(building, {seat: "OB" for seat in range(players)})
    for state in (selecting, building):
        for seat in (players, players + 1, -1, True, "0", None, 1.0):
            for action in [ChooseTile(0), *state.legal_actions(0)[:3]]:
                before = snapshot(state)
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, action)
                assert "no seat" in refused.value.reason
                assert snapshot(state) == before

