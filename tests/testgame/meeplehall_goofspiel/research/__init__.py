"""Goofspiel's research wing: what research adapters (``meeplehall.rl``) see of the game.

- :mod:`layout`: the fixed action indexing and the observation layout, read from ``view(seat)``;
- :mod:`encode`: the same tensor straight from the state.

The wing sits on top of the game and nothing in the game imports it;
:func:`meeplehall.core.registry.research_encoding` finds it by name (the ``research`` module of
the package the entry point names) and calls :func:`encoding`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import ResearchEncoding
from meeplehall_goofspiel.game import GAME
from meeplehall_goofspiel.research.encode import encode
from meeplehall_goofspiel.research.layout import actions, observe, score_bound, sections


def encoding(players: int, options: Mapping[str, Any] | None = None) -> ResearchEncoding:
    """The action indexing and observation layout for ``players`` and ``options``; a bad player
    count or option is refused (InvalidOption) first."""
    cards = GAME.new_state(players, options).cards
    return ResearchEncoding(
        actions=actions(cards),
        sections=sections(players, cards),
        observe=lambda view: observe(view, players),
        simultaneous=True,
        max_actions=players * cards,
        score_bound=score_bound(cards),
        encode=encode,
    )
