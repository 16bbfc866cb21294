"""What each seat of a simultaneous step may see while the step is played one seat at a time.

The sequential forms (PettingZoo's AEC, Gymnasium, OpenSpiel's turn-based form) play the seats
of a simultaneous step (Yaxha's market choice and building, Pyramido's stage scoring) one after
another. The match itself then holds the earlier seats' choices when a later seat decides, and a
game's ``view`` may show them (Pyramido shows a rival's activated areas, gems and points). So
until every seat of the step has finished its part, a seat sees the match as it was when the
step began with only its own moves of the step applied: exactly what it would know had all the
seats chosen at once.

A seat's part ends when, in that world of its own, the match no longer waits for it. Its world
is made only when someone else has moved in the step (before that the match itself is it), and
kept up to date from then on.
"""

from __future__ import annotations

from meeplehall.core import Action, State


class SameStep:
    """One simultaneous step: the match at its start, and each seat's own moves since."""

    def __init__(self, state: State) -> None:
        self.start = state.clone()
        self.seats = frozenset(state.to_move())
        self.moves: dict[int, list[Action]] = {}
        self.worlds: dict[int, State] = {}
        self.finished: set[int] = set()

    def _others_moved(self, seat: int) -> bool:
        return any(other != seat for other in self.moves)

    def world(self, seat: int) -> State:
        """The step's start with only ``seat``'s own moves of the step made."""
        world = self.worlds.get(seat)
        if world is None:
            world = self.worlds[seat] = self.start.clone()
            for action in self.moves.get(seat, ()):
                world.apply(seat, action)
        return world

    def seen(self, match: State, seat: int) -> State:
        """The state ``seat`` may be shown now (``match`` itself while nobody else moved)."""
        return self.world(seat) if self._others_moved(seat) else match

    def record(self, match: State, seat: int, action: Action) -> bool:
        """Note ``seat``'s move, already made in ``match``; True once the step is complete."""
        own = seat in self.worlds or self._others_moved(seat)
        self.moves.setdefault(seat, []).append(action)
        if own:
            world = self.worlds.get(seat)
            if world is None:
                world = self.world(seat)  # replays the move just noted
            else:
                world.apply(seat, action)
            waits = seat in world.to_move()
        else:
            waits = seat in match.to_move()
        if not waits:
            self.finished.add(seat)
        return self.finished >= self.seats

    def copy(self) -> SameStep:
        twin = SameStep.__new__(SameStep)
        twin.start = self.start  # never changed: worlds are clones of it
        twin.seats = self.seats
        twin.moves = {seat: moves[:] for seat, moves in self.moves.items()}
        twin.worlds = {seat: world.clone() for seat, world in self.worlds.items()}
        twin.finished = set(self.finished)
        return twin


class Steps:
    """Follows a match move by move and holds each simultaneous step (see the module)."""

    def __init__(self, state: State) -> None:
        self.current: SameStep | None = None
        self.begin(state)

    def begin(self, state: State) -> None:
        self.current = SameStep(state) if len(state.to_move()) > 1 else None

    def seen(self, match: State, seat: int) -> State:
        step = self.current
        return match if step is None else step.seen(match, seat)

    def played(self, match: State, seat: int, action: Action) -> None:
        """``seat`` made ``action`` in ``match``."""
        step = self.current
        if step is None:
            if len(match.to_move()) > 1:
                self.current = SameStep(match)
        elif step.record(match, seat, action):
            self.begin(match)

    def copy(self) -> Steps:
        twin = Steps.__new__(Steps)
        twin.current = None if self.current is None else self.current.copy()
        return twin
