"""The Yaxha Game object: identity, options, action parsing, text rendering, capabilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.core import BaseGame, Event, MarkThresholds, OptionSpec, TerminalText
from meeplehall.games.yaxha.actions import ChooseTile, Place, Undo, describe_action, parse_action
from meeplehall.games.yaxha.match import YaxhaMatch
from meeplehall.games.yaxha.options import OPTIONS
from meeplehall.games.yaxha.setup import new_match


class YaxhaGame(BaseGame[YaxhaMatch]):
    name = "yaxha"
    title = "Yaxha"
    min_players = 2
    max_players = 4
    options: tuple[OptionSpec, ...] = OPTIONS
    #: The bag makes the estimates of one decision noisy, so the marks start higher than the
    #: usual 5, 10 and 20 points.
    mark_thresholds = MarkThresholds(0.06, 0.12, 0.24)

    new_match = staticmethod(new_match)
    parse_action = staticmethod(parse_action)
    describe_action = staticmethod(describe_action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from meeplehall.games.yaxha.render import render_text

        return render_text(view)

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]]:
        from meeplehall.games.yaxha.statistics import statistics

        return statistics

    @property
    def terminal_text(self) -> TerminalText:
        from meeplehall.games.yaxha import render

        return TerminalText(action_text=render.action_text, event_text=render.event_text,
                            breakdown_rows=render.breakdown_rows)

    def is_secret_move(self, action: Any, events: Sequence[Event]) -> bool:
        """Placements and undos are secret (the others see a round's building once it is built).
        A market choice is secret until the choices are revealed: the last one to be made
        reveals them all, and a pick after a tie is open; both collect tiles, which every seat
        sees."""
        if isinstance(action, ChooseTile):
            return not any(event["type"] == "tile_collected" for event in events)
        return isinstance(action, Place | Undo)


GAME = YaxhaGame()
