"""The Yaxha Game object: identity, options, new matches, action parsing and text rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core import OptionSpec, Seed, check_players, rng_for, validate_options
from meeplehall.games.yaxha.actions import YaxhaAction, describe_action, parse_action
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


GAME = YaxhaGame()
