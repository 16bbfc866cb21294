"""The Pyramido Game object: identity, options, action parsing, text rendering, capabilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeplehall.core import BaseGame, MarkThresholds, TerminalText
from meeplehall.games.pyramido.actions import describe_action, parse_action
from meeplehall.games.pyramido.match import PyramidoMatch
from meeplehall.games.pyramido.options import OPTIONS
from meeplehall.games.pyramido.setup import new_match


class PyramidoGame(BaseGame[PyramidoMatch]):
    """No move is secret: every seat sees every move (``Game.is_secret_move``'s default)."""

    name = "pyramido"
    title = "Pyramido: Forgotten Treasures"
    min_players = 1
    max_players = 4
    options = OPTIONS
    #: A turn is three decisions (take, reveal, place), each of which moves the outcome less
    #: than a whole turn, so the marks start at the usual 5, 10 and 20 points, lower than the
    #: other games'.
    mark_thresholds = MarkThresholds(0.05, 0.10, 0.20)

    new_match = staticmethod(new_match)
    parse_action = staticmethod(parse_action)
    describe_action = staticmethod(describe_action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from meeplehall.games.pyramido.render import render_text

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


GAME = PyramidoGame()
