"""A base for a game's own class: new matches built the usual way, and the protocol's defaults.

Every game checks a new match the same way before it deals: the player count (named by the
game's title), then the options (defaults filled in, unknown keys refused), then the generator
the seed names. :class:`BaseGame` does that once and hands the checked options and the
generator to the game's ``new_match`` (its ``setup.new_match``), so a game's class declares only
what differs. It subclasses :class:`~meeplehall.core.protocol.Game`, and so inherits the
optional members' defaults too. Nothing requires it: a game that only matches the protocol's
shape works everywhere a ``BaseGame`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from meeplehall.core.options import check_players, validate_options
from meeplehall.core.protocol import Game, State
from meeplehall.core.rng import Rng, Seed, rng_for

#: The class of the game's matches, so that ``new_state`` says what it returns.
M = TypeVar("M", bound=State)


class BaseGame(Game, Generic[M]):
    """A game that builds its matches with ``new_match(players, options, rng)``.

    A subclass sets ``new_match`` (usually ``staticmethod(setup.new_match)``), and declares
    the protocol's other members: its identity, ``options``, ``parse_action``,
    ``describe_action``, ``render_text`` and whichever optional members it offers.
    """

    #: ``new_match(players, options, rng) -> match``: the deal, given a valid player count and
    #: every option validated (defaults filled in); every draw comes from ``rng``.
    new_match: Callable[[int, dict[str, Any], Rng], M]

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> M:
        check_players(self.title, players, self.min_players, self.max_players)
        chosen = validate_options(self.options, options)
        return self.new_match(players, chosen, rng_for(seed))
