"""The game protocol every game implements, and the pure helpers around it.

Nothing in ``core`` performs I/O or imports a game: games import ``core``, and everything
else reaches games through :mod:`meeplehall.core.registry`.
"""

from meeplehall.core.errors import IllegalAction, InvalidOption, UnknownGame
from meeplehall.core.events import Event
from meeplehall.core.game import BaseGame
from meeplehall.core.marks import MarkThresholds
from meeplehall.core.options import OptionSpec, check_players, validate_options
from meeplehall.core.protocol import Action, Game, State, TerminalText
from meeplehall.core.replay import replay, replay_steps
from meeplehall.core.result import Result
from meeplehall.core.rng import Blake2bCounter, Rng, Seed, SplitMix64, rng_for
from meeplehall.core.visibility import events_for

__all__ = [
    "Action",
    "BaseGame",
    "Blake2bCounter",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "MarkThresholds",
    "OptionSpec",
    "Result",
    "Rng",
    "Seed",
    "SplitMix64",
    "State",
    "TerminalText",
    "UnknownGame",
    "check_players",
    "events_for",
    "replay",
    "replay_steps",
    "rng_for",
    "validate_options",
]
