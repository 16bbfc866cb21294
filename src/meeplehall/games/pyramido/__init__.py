"""Pyramido: Forgotten Treasures, for 1-4 players (solo against the Legendary Explorer).

``GAME`` is the registered game object. ``top_view`` and ``areas`` are stable entry points for
external checks of the geometry and scoring: they take placements
``(domino_id, stage, i, j, rotation)`` in the rules' block coordinates and use the same code as
the engine's stage scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.core import (
    Event,
    InvalidOption,
    MarkThresholds,
    OptionSpec,
    Seed,
    TerminalText,
    check_players,
    validate_options,
)
from meeplehall.games.pyramido.actions import Action, parse_action
from meeplehall.games.pyramido.components import DominoFileError, load_dominoes
from meeplehall.games.pyramido.legend import A_LEGEND, THE_LEGEND
from meeplehall.games.pyramido.match import PyramidoMatch
from meeplehall.games.pyramido.render import describe_action, render_text
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.pyramido.topview import areas, top_view


def _check_domino_file(value: Any) -> str:
    if not isinstance(value, str):
        raise InvalidOption(f"option 'dominoes' must be a name, not {value!r}")
    try:
        load_dominoes(value or None)
    except DominoFileError as error:
        raise InvalidOption(f"option 'dominoes': {error}") from None
    return value


OPTIONS = (
    OptionSpec(
        key="legend",
        kind="choice",
        default=A_LEGEND,
        label="Legendary Explorer (solo)",
        help="Solo difficulty: become a Legend, or become THE Legend (with 7 or more mythical"
        " gems at a stage start the Explorer draws one more gem).",
        choices=(A_LEGEND, THE_LEGEND),
        players=(1,),
    ),
    OptionSpec(
        key="dominoes",
        kind="str",
        default="",
        label="Domino set",
        help="Leave empty to play with the usual dominoes, or name another set of dominoes the "
        "server offers.",
        check=_check_domino_file,
        advanced=True,
    ),
)


class PyramidoGame:
    name = "pyramido"
    title = "Pyramido: Forgotten Treasures"
    min_players = 1
    max_players = 4
    options = OPTIONS
    mark_thresholds = MarkThresholds(0.05, 0.10, 0.20)

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> PyramidoMatch:
        chosen = validate_options(self.options, options)
        check_players("Pyramido", players, self.min_players, self.max_players)
        dominoes = load_dominoes(chosen["dominoes"] or None)
        return PyramidoMatch(players, dominoes, chosen["legend"], seed)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def describe_action(self, action: Any) -> str:
        return describe_action(action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return render_text(view)

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]]:
        from meeplehall.games.pyramido.statistics import statistics

        return statistics

    @property
    def terminal_text(self) -> TerminalText:
        from meeplehall.games.pyramido import render

        return TerminalText(
            action_text=render.action_text, event_text=render.event_text,
            breakdown_rows=render.breakdown_rows, opponent_column=render.opponent_column,
            solo_sentence=render.solo_sentence,
        )

    def is_secret_move(self, action: Any, events: Sequence[Event]) -> bool:
        """No move is secret: every seat sees every move."""
        return False


GAME = PyramidoGame()

__all__ = ["GAME", "PyramidoGame", "PyramidoMatch", "PyramidoState", "areas", "top_view"]
