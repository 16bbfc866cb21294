"""Option sets that add hidden information (or change what a view shows), for the tests of
secrets: the encoders, the views and the determinizations run over each of them, not only over
a game's defaults."""

from __future__ import annotations

from typing import Any

HIDDEN_OPTION_SETS: list[tuple[str, int, dict[str, Any]]] = [
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


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = case
    shown = ",".join(f"{key}={value}" for key, value in options.items()) or "defaults"
    return f"{name}-{players}-{shown}"
