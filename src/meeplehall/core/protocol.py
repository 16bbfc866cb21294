"""The game protocol: what every game offers to the server, the bots, the CLI and RL adapters.

A game is a :class:`Game` object, registered under the ``meeplehall.games`` entry-point group;
a match in progress is a :class:`State`. A match is fully defined by (game, players, options,
seed, action log), so states never need to be stored: they are rebuilt by replay.

Some members are optional capabilities: a game or state that lacks one says so with ``None``
(``Game.terminal_text``, ``Game.statistics``, ``State.decisions_in_turn``,
``State.is_take_back``, ``State.search_heuristic``), and
``Game.is_secret_move`` answers False for a game without secret moves, and
``Game.mark_thresholds`` holds the analysis's usual thresholds for a game that declares none.
Nothing probes for a member with ``hasattr``: every game and state has all of them. A class that
subclasses :class:`Game` or :class:`State` inherits these defaults; one that only matches the
protocol's shape declares each member itself. :class:`meeplehall.core.game.BaseGame` is a
``Game`` that also builds new matches the usual way, so a game's own class declares only what
differs. A game's research encoding is not a member: it lives in the
game's research wing, on top of the game, which ``core.registry.research_encoding`` finds by
name, so that playing never loads it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol, runtime_checkable

from meeplehall.core.events import Event
from meeplehall.core.marks import DEFAULT_MARKS, MarkThresholds
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
        """
        ...

    @property
    def decisions_in_turn(self) -> Callable[[int], int] | None:
        """``decisions_in_turn(seat) -> int``, or None (the default) for a game whose turn is
        one decision.

        How many decisions with a real choice ``seat``'s current turn holds in all, this one
        included, from what that seat can see: a bot spreads one turn's budget over them
        (``meeplehall.ai.budget``). A state usually declares it as a method.
        """
        return None

    @property
    def is_take_back(self) -> Callable[[Action], bool] | None:
        """``is_take_back(action) -> bool``, or None (the default) for a game without take-backs.

        Whether ``action`` takes back an earlier move of its own seat (Yaxha's undo): bots and
        research adapters leave such actions out, since they gain nothing by them and could
        step back and forth forever. A state usually declares it as a method.
        """
        return None

    @property
    def search_heuristic(self) -> Callable[[int], float] | None:
        """``search_heuristic(seat) -> float``, or None (the default) where a search judges the
        positions it stops at by :meth:`heuristic` itself.

        For a game whose heuristic carries a term meant for the one-ply greedy bot only (Yaxha
        charges the cubes a seat still has to place, so that greedy never loops place/undo): the
        same lead in points without it, which level 3's search reads at its leaves and root.
        """
        return None


@runtime_checkable
class Game(Protocol):
    """One game: its identity, options, rules entry points and text presentation."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    #: From which loss of win chance the analysis of a finished match marks a move an
    #: inaccuracy, a mistake or a blunder (docs/analysis.md). The default (5, 10 and 20
    #: percentage points) holds for a game that declares none.
    mark_thresholds: MarkThresholds = DEFAULT_MARKS

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
        played (``meeplehall.core.visibility.move_for``). The default: no move is secret.

        A secret move's values must not show in the events others see; which steps they hear
        of at all follows from the events alone (``visibility.sees_step``).
        """
        return False

    @property
    def terminal_text(self) -> TerminalText | None:
        """The sentences the terminal uses beyond :meth:`describe_action` and
        :meth:`render_text`, or None (the default): the CLI then says everything its plain way.
        A game usually declares it as a property that imports its renderer when read."""
        return None

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]] | None:
        """``statistics(breakdown) -> {name: number}``, or None (the default) for a game with no
        statistics beyond its score.

        One seat's numbers of a finished match, read from that seat's final breakdown
        (``Result.breakdown[seat]``), such as Yaxha's points from colours and from bonus cards.
        The hall shows them at the end of a game and, averaged and at their best, on a player's
        page; names are ``snake_case`` keys that the game's web texts name for people. Being
        read from the breakdown, they are known for every game ever stored.
        """
        return None


@dataclass(frozen=True)
class TerminalText:
    """A game's sentences for the terminal (``meeplehall play``); each one left None is said the
    CLI's plain way instead."""

    #: ``(action, view) -> str``: an action as the web client names it; ``view`` is the deciding
    #: seat's, or None. Plain: ``Game.describe_action``.
    action_text: Callable[[Any, Mapping[str, Any] | None], str] | None = None
    #: ``(event, seat_name, players) -> str | None``: an event of the log as a sentence, None
    #: for one the game has no sentence for. Plain: its type and raw fields.
    event_text: Callable[[Mapping[str, Any], Callable[[int], str], int], str | None] | None = None
    #: ``(breakdown) -> [(label, value)]``: one seat's final breakdown as rows of the result
    #: table. Plain: nested keys joined by spaces.
    breakdown_rows: Callable[[Mapping[str, Any]], list[tuple[str, Any]]] | None = None
    #: ``(result) -> (name, breakdown) | None``: a solo game's automated opponent, as one more
    #: column of the result table. Plain: no such column.
    opponent_column: Callable[[Result], tuple[str, dict[str, Any]] | None] | None = None
    #: ``(result, player) -> str``: who won a solo game, ``player`` being "you" or the seat's
    #: name. Plain: the sentence every game gets ("Seat 1 won with 42 points.").
    solo_sentence: Callable[[Result, str], str] | None = None
