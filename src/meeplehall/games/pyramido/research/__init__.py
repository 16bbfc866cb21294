"""Pyramido's research wing: what research adapters (``meeplehall.rl``) see of the game.

- :mod:`layout`: the fixed action indexing and the observation layout, read from ``view(seat)``;
- :mod:`encode`: the same tensor straight from the state.

The wing sits on top of the game: it reads the game's modules, and nothing in the game imports
it. :func:`meeplehall.core.registry.research_encoding` finds it by name (the ``research`` module
of the package the game's entry point names) and calls :func:`encoding`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import ResearchEncoding
from meeplehall.games.pyramido import GAME
from meeplehall.games.pyramido.components import GEM_KINDS
from meeplehall.games.pyramido.geometry import STAGE_TURNS, STAGES
from meeplehall.games.pyramido.research.encode import encode
from meeplehall.games.pyramido.research.layout import ACTIONS, MAX_AREAS, observe, sections


def encoding(players: int, options: Mapping[str, Any] | None = None) -> ResearchEncoding:
    """The action indexing and observation layout for ``players`` and ``options``; a bad player
    count or option is refused (InvalidOption) first."""
    GAME.new_state(players, options)
    del options  # the layout is the same under every option
    turns = sum(STAGE_TURNS)
    return ResearchEncoding(
        actions=ACTIONS,
        sections=sections(players),
        observe=lambda view: observe(view, players),
        simultaneous=True,
        # Per turn: take, split, reveal, place; per stage end: every area, finish, discards.
        max_actions=players * (turns * 4 + STAGES * (MAX_AREAS + 1 + len(GEM_KINDS) * 9)),
        score_bound=400,
        encode=encode,
    )
