"""The game protocol: what every game offers to the server, the bots, the CLI and RL adapters.

A game is a :class:`Game` object, registered under the ``meeplehall.games`` entry-point group;
a match in progress is a :class:`State`. A match is fully defined by (game, players, options,
seed, action log), so states never need to be stored: they are rebuilt by replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Protocol, runtime_checkable

from meeplehall.core.events import Event
from meeplehall.core.options import OptionSpec
from meeplehall.core.result import Result
from meeplehall.core.rng import Seed


@runtime_checkable
class Action(Protocol):
    """A small immutable value (a NamedTuple or frozen dataclass) a seat plays.

    ``to_json()`` gives the form clients send and the action log stores;
    ``Game.parse_action(action.to_json()) == action`` always holds.
    """

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class State(Protocol):
    """A match in progress. Mutated only by :meth:`apply`."""

    def to_move(self) -> frozenset[int]:
        """Seats the match waits for; several seats means a simultaneous step."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may play now.

        Usually empty for a seat not in :meth:`to_move`, but a game may let such a seat take
        back an optional move (changing a secret choice before the reveal, say): the match does
        not wait for it, and bots only move for seats in :meth:`to_move`.
        """
        ...

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; raise IllegalAction and change nothing if not legal."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> Result:
        """The final scores, breakdown, ranks and winners (only once :meth:`is_over`)."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON; ``None`` is a spectator's public view."""
        ...

    def clone(self) -> State:
        """An independent copy: applying actions to one never changes the other."""
        ...

    def determinize(self, seat: int, rng: Random) -> State:
        """A copy with everything ``seat`` cannot see resampled, consistent with view(seat)."""
        ...

    def heuristic(self, seat: int) -> float:
        """The bots' evaluation: how well ``seat`` is doing, in points, ahead of the best rival.

        Bots call it only on determinized states, so it may read the whole state.

        A state may also offer ``decisions_in_turn(seat) -> int`` (not part of this protocol,
        as most games do not need it): how many decisions the seat's current turn holds, from
        what that seat can see, so a bot spreads one turn's budget over them
        (``meeplehall.ai.budget``).
        """
        ...


@runtime_checkable
class Game(Protocol):
    """One game: its identity, options, rules entry points and text presentation."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> State:
        """A new match; raises InvalidOption for a bad option or player count.

        Every random draw of the match comes from ``rng_for(seed)``; a plain int is a seed of
        the keyed generator.
        """
        ...

    def parse_action(self, data: Any) -> Action:
        """JSON -> Action: the trust boundary. Raises IllegalAction for anything malformed."""
        ...

    def describe_action(self, action: Action) -> str:
        """A short label a player reads in a list of choices."""
        ...

    def render_text(self, view: Mapping[str, Any]) -> str:
        """The view drawn for a terminal, as rich console markup."""
        ...

    def is_secret_move(self, action: Action, events: Sequence[Event]) -> bool:
        """Whether ``action``, just played and answered with ``events``, is secret: every seat
        but its mover, and the spectators, may then learn that the mover moved, not what it
        played (``meeplehall.core.visibility.move_for``).

        A secret move's values must not show in the events others see; which steps they hear
        of at all follows from the events alone (``visibility.sees_step``).
        """
        ...
