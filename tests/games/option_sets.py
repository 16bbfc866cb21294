"""Option sets that add hidden information (or change what a view shows), for the tests of
secrets: the encoders, the views and the determinizations run over each of them, not only over
a game's defaults.

The shipped games' sets are chosen by hand (``CHOSEN``); every other registered game gets its
options' own non-default values, one option at a time (``from_specs``), so a new game is covered
without a line here."""

from __future__ import annotations

from typing import Any

from meeplehall.core import Game, OptionSpec
from meeplehall.core.registry import all_games

Case = tuple[str, int, dict[str, Any]]

CHOSEN: list[Case] = [
    # Monster Hex: secret personal objectives (and the objective pile), ability decks and the
    # draft's hands.
    ("monsterhex", 2, {"objectives": True}),
    ("monsterhex", 3, {"objectives": True, "abilities": "draft"}),
    ("monsterhex", 4, {"objectives": True, "abilities": "random"}),
    ("monsterhex", 2, {"objectives": True, "shared_faction": True, "random_gems": True}),
    ("monsterhex", 1, {"objectives": True}),
    # Yaxha: the bonus cards' modes and rules change what is scored from the secret pyramids.
    ("yaxha", 2, {"bonus_cards": "beginner"}),
    ("yaxha", 3, {"bonus_cards": "bga_snapshot", "second_largest": "runner_up_player"}),
    ("yaxha", 4, {"neighbour_ties_score": False}),
    # Pyramido solo: the Legendary Explorer's draws come from the hidden pile.
    ("pyramido", 1, {"legend": "the_legend"}),
    ("pyramido", 1, {}),
]


def _other_values(spec: OptionSpec) -> list[Any]:
    """The values of an option besides its default that a spec names: its choices, the other
    truth value, its bounds."""
    if spec.kind == "bool":
        values: list[Any] = [not spec.default]
    elif spec.kind == "choice":
        values = list(spec.choices)
    elif spec.kind == "int":
        values = [bound for bound in (spec.minimum, spec.maximum) if bound is not None]
    else:
        values = []
    return [value for value in values if value != spec.default]


def from_specs(game: Game) -> list[Case]:
    """Each non-default value of each of ``game``'s options alone, at the first player count the
    option applies to (two players, or the fewest, when it applies to all)."""
    cases = []
    for spec in game.options:
        players = spec.players[0] if spec.players else max(2, game.min_players)
        cases += [(game.name, players, {spec.key: value}) for value in _other_values(spec)]
    return cases


HIDDEN_OPTION_SETS: list[Case] = CHOSEN + [
    case for game in all_games() if game.name not in {name for name, _, _ in CHOSEN}
    for case in from_specs(game)
]


def case_id(case: Case) -> str:
    name, players, options = case
    shown = ",".join(f"{key}={value}" for key, value in options.items()) or "defaults"
    return f"{name}-{players}-{shown}"
