"""Monster Hex's table options, and the rules edition a table plays by (option ``rules``).

A table plays to the end by the rules it was created with. The rules were corrected on
2026-11-30 (one snapshot per gem check, counter cells as big-gem cells, the Crystallize limit,
the 2-player objective exclusions, personal objectives that need their owner alone). A table is
rebuilt by replaying its log, so a table begun earlier must keep the first edition: its hidden
cards were dealt by it and its log may be illegal under the corrections. New tables record
``rules`` with their options. A stored table from before the option existed has every other
option and no ``rules``: the server always stores the full validated set, so that shape is what
identifies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core import InvalidOption, OptionSpec

CURRENT = "2026-11"
FIRST = "2024"
EDITIONS = (CURRENT, FIRST)

#: The options a table stored before the corrections carries, all of them and nothing else.
_FIRST_EDITION_KEYS = frozenset({
    "random_gems", "objectives", "abilities", "shared_faction", "colours", "solo_target",
    "components",
})


def check_edition(value: Any) -> str:
    """Option check: the current edition, or the first one for tables begun under it."""
    if value not in EDITIONS:
        raise InvalidOption(f"option 'rules' must be {CURRENT!r}, not {value!r}")
    return str(value)


def with_edition(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with ``rules`` filled in for a table stored before the option existed."""
    options = dict(given or {})
    if "rules" not in options and set(options) == _FIRST_EDITION_KEYS:
        options["rules"] = FIRST
    return options


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("random_gems", "bool", False, "Random magic-stone placement",
               "Shuffle the big-gem tiles over the big-gem sites (the centre 7 stays)."),
    OptionSpec("objectives", "bool", False, "Objective cards",
               "One secret personal objective each and two common ones, scored at the end."),
    OptionSpec("abilities", "choice", "off", "Ability cards",
               "Each player gets a faction ability: dealt at random or drafted.",
               choices=("off", "random", "draft")),
    OptionSpec("shared_faction", "bool", False, "Shared faction (2 players)",
               "Two players on the 3-player board with a neutral shared faction. "
               "Always on in solo.", players=(2,)),
    OptionSpec("colours", "choice", "random", "Faction colours without abilities",
               "Random colours, or seat order (red, blue, yellow, green).",
               choices=("random", "seat")),
    OptionSpec("solo_target", "int", 20, "Solo target score",
               "In solo play, the score that wins.", minimum=0, maximum=200, players=(1,)),
    OptionSpec("components", "str", "standard", "Component data",
               "The set of pieces to play with: the standard set, or another set the server "
               "offers.",
               advanced=True),
    OptionSpec("rules", "choice", CURRENT, "Rules edition",
               "The rules this table plays by; a table keeps the edition it began with.",
               choices=(CURRENT,), check=check_edition, advanced=True),
)
