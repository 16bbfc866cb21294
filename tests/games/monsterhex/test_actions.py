"""parse_action is the trust boundary: malformed input gets a readable reason."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.monsterhex import GAME
from meeplehall.games.monsterhex.actions import Place, TakeSlot


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("place", "JSON object"),
        ({"unit": "A1"}, "unknown action type"),
        ({"type": "fly"}, "unknown action type"),
        ({"type": "place", "unit": "A1", "q": 0, "r": 0}, "'rotation' must be a whole number"),
        ({"type": "place", "unit": "A1", "q": 0, "r": 0, "rotation": 6}, "from 0 to 5"),
        ({"type": "place", "unit": "A1", "q": "0", "r": 0, "rotation": 1}, "'q' must be"),
        ({"type": "place", "unit": 3, "q": 0, "r": 0, "rotation": 1}, "'unit' must be"),
        ({"type": "place", "unit": "A1", "q": 0, "r": 0, "rotation": True}, "whole number"),
        ({"type": "take_slot", "slot": 2}, "from 0 to 1"),
        ({"type": "pass", "extra": 1}, "unexpected field 'extra'"),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(data, words):
    with pytest.raises(IllegalAction) as error:
        GAME.parse_action(data)
    assert words in error.value.reason


def test_parsed_actions_equal_their_source():
    assert GAME.parse_action(Place("S", 1, -1, 3).to_json()) == Place("S", 1, -1, 3)
    assert GAME.parse_action({"type": "take_slot", "slot": 1}) == TakeSlot(1)
