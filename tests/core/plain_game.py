"""Yaxha's rules as a game that declares none of the protocol's optional members.

``PlainYaxha`` subclasses ``Game`` and so inherits the defaults: no secret move, no research
encoding, no terminal sentences, the usual analysis thresholds. It plays real Yaxha matches, so
the tests see what the server, the CLI and the research adapters do with a game that offers
nothing optional.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core import Action, Game, Seed, State
from meeplehall.games.yaxha import GAME as YAXHA


class PlainYaxha(Game):
    name = "plain_yaxha"
    title = "Yaxha, plainly"
    min_players = YAXHA.min_players
    max_players = YAXHA.max_players
    options = YAXHA.options

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> State:
        return YAXHA.new_state(players, options, seed)

    def parse_action(self, data: Any) -> Action:
        return YAXHA.parse_action(data)

    def describe_action(self, action: Action) -> str:
        return YAXHA.describe_action(action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        return YAXHA.render_text(view)
