"""A game's analysis thresholds: a loss reaching a threshold earns its mark, the worst one it
reaches, and a loss below them all earns none."""

from __future__ import annotations

import pytest

from meeplehall.core import MarkThresholds

MARKS = MarkThresholds(inaccuracy=0.05, mistake=0.1, blunder=0.2)


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, None),
        (0.0499, None),
        (0.05, "inaccuracy"),
        (0.0999, "inaccuracy"),
        (0.1, "mistake"),
        (0.1999, "mistake"),
        (0.2, "blunder"),
        (1.0, "blunder"),
    ],
)
def test_a_loss_earns_the_worst_mark_whose_threshold_it_reaches(loss: float, mark: str) -> None:
    assert MARKS.mark(loss) == mark


def test_thresholds_are_a_frozen_value() -> None:
    assert MarkThresholds(0.05, 0.1, 0.2) == MARKS
    with pytest.raises(AttributeError):
        MARKS.blunder = 0.5  # type: ignore[misc]
