"""Goofspiel's table options: how many cards each hand, and the prize deck, hold."""

from __future__ import annotations

from meeplehall.core import OptionSpec

#: The fewest and most cards of a suit: fewer than 3 leaves no game, 13 is a whole suit.
MIN_CARDS = 3
MAX_CARDS = 13

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "cards",
        "int",
        6,
        label="Cards",
        help="How many cards (1 up to this) each hand and the prize deck hold.",
        minimum=MIN_CARDS,
        maximum=MAX_CARDS,
    ),
)
