"""The Yaxha Game object: identity, options, new matches, action parsing and text rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.core import (
    Event,
    OptionSpec,
    Seed,
    TerminalText,
    check_players,
    rng_for,
    validate_options,
)
from meeplehall.games.yaxha.actions import (
    ChooseTile,
    Place,
    Undo,
    YaxhaAction,
    describe_action,
    parse_action,
)
from meeplehall.games.yaxha.match import YaxhaMatch
from meeplehall.games.yaxha.options import OPTIONS, deal_bonus_cards


class YaxhaGame:
    name = "yaxha"
    title = "Yaxha"
    min_players = 2
    max_players = 4
    options: tuple[OptionSpec, ...] = OPTIONS

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> YaxhaMatch:
        check_players("Yaxha", players, self.min_players, self.max_players)
        chosen = validate_options(self.options, options)
        rng = rng_for(seed)
        cards = deal_bonus_cards(chosen["bonus_cards"], players, rng)
        return YaxhaMatch.new(players, chosen, cards, rng)

    def parse_action(self, data: Any) -> YaxhaAction:
        return parse_action(data)

    def describe_action(self, action: Any) -> str:
        return describe_action(action)

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
