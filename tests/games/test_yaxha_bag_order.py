"""A Yaxha bot's sample of the world never depends on the true order of the bag.

The cubes left in the bag are known by colour (counting), not by order: two states that differ
only in that order look the same to every seat, so determinizing both from the same generator
must give the same bag. The twin's order is made by hand (the undrawn cubes reversed), never by
``determinize``, so a determinization that keeps or merely reshuffles the true order fails.
"""

from __future__ import annotations

import random
from typing import Any

from meeplehall.core.registry import get_game

YAXHA = get_game("yaxha")


def _twin_with_the_bag_reversed(state: Any) -> Any:
    twin = state.clone()
    undrawn = list(twin.bag[twin.bag_pos :])
    twin.bag = list(twin.bag[: twin.bag_pos]) + undrawn[::-1]
    assert twin.bag != state.bag, "the bag was meant to hold two colours at least"
    return twin


def test_determinized_bags_ignore_the_true_order_and_do_not_copy_it() -> None:
    for players in (2, 3, 4):
        state = YAXHA.new_state(players, None, 11 + players)
        twin = _twin_with_the_bag_reversed(state)
        for seat in range(players):
            assert state.view(seat) == twin.view(seat)
            truth = list(state.bag[state.bag_pos :])
            samples = []
            for k in range(20):
                mine = state.determinize(seat, random.Random(k))
                theirs = twin.determinize(seat, random.Random(k))
                assert list(mine.bag) == list(theirs.bag)
                # Only the undrawn part is resampled, and by colour it is the same multiset.
                assert list(mine.bag[: mine.bag_pos]) == list(state.bag[: state.bag_pos])
                assert sorted(mine.bag[mine.bag_pos :]) == sorted(truth)
                samples.append(list(mine.bag[mine.bag_pos :]))
            assert any(sample != truth for sample in samples)
