"""The Goofspiel Game object: identity, player counts, options, new matches, actions' JSON and
labels, and its capabilities (secret moves, statistics, terminal text)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.core import BaseGame, Event, OptionSpec
from meeplehall_goofspiel.actions import Bid, describe_action, parse_action
from meeplehall_goofspiel.match import GoofspielMatch
from meeplehall_goofspiel.options import OPTIONS
from meeplehall_goofspiel.setup import new_match


class GoofspielGame(BaseGame[GoofspielMatch]):
    """The analysis's marks are left at the protocol's default (``Game.mark_thresholds``)."""

    name = "goofspiel"
    title = "Goofspiel"
    min_players = 2
    max_players = 4
    options: tuple[OptionSpec, ...] = OPTIONS

    new_match = staticmethod(new_match)
    parse_action = staticmethod(parse_action)
    describe_action = staticmethod(describe_action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from meeplehall_goofspiel.render import render_text

        return render_text(view)

    def is_secret_move(self, action: Any, events: Sequence[Event]) -> bool:
        """A bid is secret until the reveal: the last bid, which reveals them all, is open."""
        return isinstance(action, Bid) and not any(
            event["type"] == "bid_revealed" for event in events
        )

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]]:
        from meeplehall_goofspiel.statistics import statistics

        return statistics


GAME = GoofspielGame()
