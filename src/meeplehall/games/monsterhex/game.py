"""The Monster Hex Game object: identity, options, action parsing, text rendering, capabilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeplehall.core import BaseGame, MarkThresholds, Seed, TerminalText
from meeplehall.games.monsterhex.actions import describe_action, parse_action
from meeplehall.games.monsterhex.match import MonsterHexMatch
from meeplehall.games.monsterhex.options import OPTIONS, with_edition
from meeplehall.games.monsterhex.setup import new_match


class MonsterHexGame(BaseGame[MonsterHexMatch]):
    """No move is secret (``Game.is_secret_move``'s default): a unit drawn or an objective dealt
    is a private event, but every seat sees every move."""

    name = "monsterhex"
    title = "Monster Hex"
    min_players = 1
    max_players = 4
    options = OPTIONS
    #: The decks make the estimates of one decision noisy, so the marks start higher than the
    #: usual 5, 10 and 20 points.
    mark_thresholds = MarkThresholds(0.06, 0.12, 0.24)

    new_match = staticmethod(new_match)
    parse_action = staticmethod(parse_action)
    describe_action = staticmethod(describe_action)

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> MonsterHexMatch:
        """A new match; a table stored before the ``rules`` option existed keeps the first
        edition (:func:`~meeplehall.games.monsterhex.options.with_edition`)."""
        return super().new_state(players, with_edition(options), seed)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from meeplehall.games.monsterhex.render import render_text

        return render_text(view)

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]]:
        from meeplehall.games.monsterhex.statistics import statistics

        return statistics

    @property
    def terminal_text(self) -> TerminalText:
        from meeplehall.games.monsterhex import render

        return TerminalText(action_text=render.action_text, event_text=render.event_text,
                            breakdown_rows=render.breakdown_rows,
                            solo_sentence=render.solo_sentence)


GAME = MonsterHexGame()
