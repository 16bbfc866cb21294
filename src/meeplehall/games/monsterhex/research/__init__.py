"""Monster Hex's research wing: what research adapters (``meeplehall.rl``) see of the game.

- :mod:`layout`: the fixed action indexing and the observation layout, read from ``view(seat)``;
  both follow the board and component data the options choose;
- :mod:`encode`: the same tensor straight from the state.

The wing sits on top of the game: it reads the game's modules, and nothing in the game imports
it. :func:`meeplehall.core.registry.research_encoding` finds it by name (the ``research`` module
of the package the game's entry point names) and calls :func:`encoding`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import ResearchEncoding
from meeplehall.games.monsterhex.game import GAME
from meeplehall.games.monsterhex.research.encode import encode
from meeplehall.games.monsterhex.research.layout import actions, observe, sections


def encoding(players: int, options: Mapping[str, Any] | None = None) -> ResearchEncoding:
    """The action indexing and observation layout for ``players`` and ``options``; a bad player
    count or option is refused (InvalidOption) first."""
    cfg = GAME.new_state(players, options, 0).cfg  # validates the options, and names the board
    comp, board = cfg.comp, cfg.board
    owners = cfg.owners
    return ResearchEncoding(
        actions=actions(comp, board.cells),
        sections=sections(cfg),
        observe=lambda view: observe(view, players, owners, comp),
        simultaneous=False,
        # Every cell filled once, each followed by at most an ability, a rush and two slot
        # choices, plus the draft and Scheme draws.
        max_actions=len(board.cells) * 5 + players * 4 + len(board.sites) * 2,
        score_bound=250,
        encode=encode,
    )
