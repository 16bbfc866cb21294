"""Yaxha's table options and their checks (the deal from them is in :mod:`setup`)."""

from __future__ import annotations

from typing import Any

from meeplehall.core import InvalidOption, OptionSpec
from meeplehall.games.yaxha.components import CARDS
from meeplehall.games.yaxha.scoring import SECOND_LARGEST_MODES

BONUS_MODES = ("random", "beginner", "bga_snapshot")
CARDS_IN_PLAY = 3
#: The snapshot of the reference online version deals from ids 0..11 only.
SNAPSHOT_POOL = tuple(range(12))


def check_bonus_cards(value: Any) -> Any:
    """A named dealing mode, or an explicit list of 3 distinct card ids."""
    if isinstance(value, str):
        if value in BONUS_MODES:
            return value
        raise InvalidOption(
            f"option 'bonus_cards' must be one of {', '.join(BONUS_MODES)} "
            f"or a list of {CARDS_IN_PLAY} card ids, not {value!r}"
        )
    if isinstance(value, list | tuple):
        ids = list(value)
        if len(ids) != CARDS_IN_PLAY or any(
            isinstance(i, bool) or not isinstance(i, int) for i in ids
        ):
            raise InvalidOption(
                f"option 'bonus_cards' as a list needs exactly {CARDS_IN_PLAY} card ids, "
                f"not {value!r}"
            )
        if len(set(ids)) != CARDS_IN_PLAY:
            raise InvalidOption(f"option 'bonus_cards' lists a card twice: {ids}")
        bad = [i for i in ids if not 0 <= i < len(CARDS)]
        if bad:
            raise InvalidOption(f"there is no bonus card {bad[0]}; ids are 0 to {len(CARDS) - 1}")
        return ids
    raise InvalidOption(
        f"option 'bonus_cards' must be a mode name or a list of card ids, not {value!r}"
    )


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "bonus_cards",
        "choice",
        "random",
        label="Bonus cards",
        help=(
            "Which three bonus cards are dealt: drawn from all 18, from the 8 simplest ones, or "
            "from the 12 of the well-known online version. With 2 players the cards that "
            "compare you with your neighbour are left out."
        ),
        choices=BONUS_MODES,
        check=check_bonus_cards,
    ),
    OptionSpec(
        "neighbour_ties_score",
        "bool",
        True,
        label="Neighbour cards: a tie counts as beating",
        help=(
            "On the 'beat your neighbour' cards, a largest group as large as your neighbour's "
            "also scores (off: yours must be larger)."
        ),
    ),
    OptionSpec(
        "second_largest",
        "choice",
        "distinct_sizes",
        label="Second-largest group card",
        help=(
            "Who meets the second-largest group card: whoever owns a group of the second-largest "
            "size among all groups of all players, or the players whose largest group comes "
            "second."
        ),
        choices=SECOND_LARGEST_MODES,
    ),
)

