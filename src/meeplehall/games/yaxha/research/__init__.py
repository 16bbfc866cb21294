"""Yaxha's research wing: what research adapters (``meeplehall.rl``) see of the game.

- :mod:`layout`: the fixed action indexing and the observation layout, read from ``view(seat)``;
- :mod:`encode`: the same tensor straight from the state, which the compiled :mod:`kernel`
  (numba, the ``rl`` extra) writes.

The wing sits on top of the game: it reads the game's modules, and nothing in the game imports
it. :func:`meeplehall.core.registry.research_encoding` finds it by name (the ``research`` module
of the package the game's entry point names) and calls :func:`encoding`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeplehall.core.research import ResearchEncoding
from meeplehall.games.yaxha.components import ROUNDS
from meeplehall.games.yaxha.game import GAME
from meeplehall.games.yaxha.research.layout import ACTIONS, ROUND_ACTIONS, observe, sections
from meeplehall.games.yaxha.state import YaxhaState


def encoding(players: int, options: Mapping[str, Any] | None = None) -> ResearchEncoding:
    """The action indexing and observation layout for ``players`` and ``options``; a bad player
    count or option is refused (InvalidOption) first."""
    GAME.new_state(players, options)
    encode: Callable[[YaxhaState, int], bytearray] | None
    try:
        from meeplehall.games.yaxha.research.encode import encode
    except ImportError:  # numba (the research extra) is missing: the view-built tensor
        encode = None

    del options  # the layout is the same under every option
    return ResearchEncoding(
        actions=ACTIONS,
        sections=sections(players),
        observe=lambda view: observe(view, players),
        simultaneous=True,
        max_actions=ROUNDS * players * ROUND_ACTIONS,
        score_bound=200,
        encode=encode,
    )
