"""A Pyramido match in progress: the turn sequence, stage scoring and solo.

The bottom of the game's match: the views (:mod:`views`, with :mod:`score_now`), the
determinization (:mod:`hidden`) and the bots' evaluation (:mod:`heuristic`) read a state, so they
sit above it, and :class:`~meeplehall.games.pyramido.match.PyramidoMatch` (what the game hands
out) adds them. A new match is dealt by :mod:`setup`.

Phases of a turn (rules 3): TAKE (space + gem) -> SPLIT (only when the pile emptied) -> the
refill happens by itself -> REVEAL -> PLACE. A seat with no legal placement loses its turn
before it starts. After the stage's turns every seat scores at once (SCORE, a simultaneous
step): Activate areas one by one, Finish, then Discard down to five gems. Steps with nothing
to decide (no area can be activated, one kind of gem left to discard) happen by themselves.
"""

from __future__ import annotations

from typing import Any, Self

from meeplehall.core import Event, IllegalAction, Result
from meeplehall.core.untrusted import MALFORMED
from meeplehall.games.pyramido.actions import (
    Action,
    Activate,
    Discard,
    Finish,
    Place,
    Reveal,
    Split,
    Take,
)
from meeplehall.games.pyramido.components import (
    COLOURS,
    GEM_KINDS,
    MYTHICAL,
    DominoSet,
)
from meeplehall.games.pyramido.exploration import SPACES, Exploration, gem_names
from meeplehall.games.pyramido.geometry import STAGE_TURNS, STAGES
from meeplehall.games.pyramido.legend import Explorer
from meeplehall.games.pyramido.legend import score_stage as explorer_score
from meeplehall.games.pyramido.legend import stage_start as explorer_stage_start
from meeplehall.games.pyramido.legend import take_turn as explorer_turn
from meeplehall.games.pyramido.phases import (
    ACTIVATING,
    DISCARDING,
    DONE,
    OVER,
    PLACE,
    REVEAL,
    SCORE,
    SPLIT,
    TAKE,
)
from meeplehall.games.pyramido.pyramid import Pyramid
from meeplehall.games.pyramido.scoring import (
    COLOUR_CAP,
    HAND_LIMIT,
    MYTHICAL_CAP,
    PAYMENTS,
    activation_options,
    activation_points,
    can_activate_any,
    check_activation,
    final_result,
    next_start_player,
    solo_result,
)
from meeplehall.games.pyramido.topview import Area

#: Interned actions, so listing legal actions allocates nothing new.
TAKES = tuple(
    (*(Take(space + 1, gem) for gem in GEM_KINDS), Take(space + 1, None))
    for space in range(SPACES)
)
SPLITS = tuple(Split(pile + 1) for pile in range(SPACES))
REVEALS = tuple(Reveal(pile + 1) for pile in range(SPACES))
DISCARDS = tuple(Discard(gem) for gem in GEM_KINDS)
FINISH = Finish()
_EMPTY: frozenset[int] = frozenset()
#: The action each phase of a turn expects.
_TURN_ACTIONS: dict[str, type] = {TAKE: Take, SPLIT: Split, REVEAL: Reveal, PLACE: Place}
_SEATS = tuple(frozenset({seat}) for seat in range(4))


_ACTIVATIONS: dict[tuple[int, int, int, int], Activate] = {}


def _activate_action(area: int, units: int, coloured: int, mythical: int) -> Activate:
    """Interned Activate actions: the same few recur at every stage end."""
    key = (area, units, coloured, mythical)
    action = _ACTIVATIONS.get(key)
    if action is None:
        action = _ACTIVATIONS[key] = Activate(area, units, coloured, mythical)
    return action


_ACTIVATION_ROWS: dict[tuple[int, int, int], tuple[Activate, ...]] = {}


def _activations(area: int, coloured: int, mythical: int) -> tuple[Activate, ...]:
    """Every Activate of one area for gems clamped to the payment caps (activation_options),
    built once: stage scoring lists them again after every activation."""
    key = (area, coloured, mythical)
    row = _ACTIVATION_ROWS.get(key)
    if row is None:
        row = _ACTIVATION_ROWS[key] = tuple(
            _activate_action(area, *option) for option in PAYMENTS[coloured][mythical]
        )
    return row


class PyramidoState:
    __slots__ = (
        "_to_move",
        "activated",
        "active",
        "area",
        "areas",
        "dominoes",
        "emptied",
        "explorer",
        "gems",
        "held",
        "legend",
        "phase",
        "players",
        "pyramids",
        "stage",
        "stage_points",
        "stage_scores",
        "start",
        "status",
        "turn",
    )

    dominoes: DominoSet
    players: int
    legend: str
    explorer: Explorer | None
    area: Exploration
    pyramids: list[Pyramid]
    gems: list[list[int]]
    stage_scores: list[list[int]]
    stage: int
    turn: int
    start: int
    active: int
    phase: str
    held: int  # the domino taken this turn, not yet placed
    emptied: int  # the space whose pile emptied, awaiting a split
    status: list[int]
    areas: list[list[Area]]
    activated: list[int]
    stage_points: list[int]
    _to_move: frozenset[int]

    # -- protocol ---------------------------------------------------------------------------

    def to_move(self) -> frozenset[int]:
        return self._to_move

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self._to_move:
            return []
        phase = self.phase
        area = self.area
        if phase == TAKE:
            legal: list[Action] = []
            for space in area.face_up_spaces():
                gems = area.spaces[space]
                takes = TAKES[space]
                if any(gems):
                    legal += [takes[kind] for kind, count in enumerate(gems) if count]
                else:
                    legal.append(takes[-1])
            return legal
        if phase == PLACE:
            return list(self.pyramids[seat].legal_places(self.stage))
        if phase == REVEAL:
            return [REVEALS[pile] for pile in area.face_down()]
        if phase == SPLIT:
            return [SPLITS[pile] for pile in area.splittable(self.emptied)]
        # SCORE
        gems = self.gems[seat]
        if self.status[seat] == DISCARDING:
            return [DISCARDS[kind] for kind, count in enumerate(gems) if count]
        legal = []
        activated = self.activated[seat]
        mythical = min(gems[MYTHICAL], MYTHICAL_CAP)
        # The pyramid's areas are this stage's ``self.areas[seat]``: nothing is placed while
        # the stage scores.
        for index, colour in self.pyramids[seat].icon_areas():
            if not activated >> index & 1:
                legal += _activations(index, min(gems[colour], COLOUR_CAP), mythical)
        legal.append(FINISH)
        return legal

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule="game_over")
        if seat not in self._to_move:
            if not 0 <= seat < self.players:
                raise IllegalAction(f"there is no seat {seat}", rule="no_seat",
                                    params={"seat": seat + 1})
            raise IllegalAction(f"it is not seat {seat}'s turn", rule="not_your_turn")
        kind = type(action)
        events: list[Event] = []
        if self.phase == SCORE:
            if kind is Activate:
                self._activate(seat, action, events)
            elif kind is Finish:
                self._finish(seat, events)
            elif kind is Discard:
                self._discard(seat, action, events)
            else:
                raise IllegalAction("it is stage scoring: activate areas, finish, or discard",
                                    rule="stage_scoring_now")
            return events
        expected = _TURN_ACTIONS[self.phase]
        if kind is not expected:
            raise IllegalAction(f"now seat {seat} must {self.phase}, not {_verb(action)}",
                                rule="wrong_step", params={"step": self.phase})
        if kind is Take:
            self._take(seat, action, events)
        elif kind is Split:
            self._split(seat, action, events)
        elif kind is Reveal:
            self._reveal(seat, action, events)
        else:
            self._place(seat, action, events)
        return events

    # -- a turn -----------------------------------------------------------------------------

    def _take(self, seat: int, action: Take, events: list[Event]) -> None:
        area = self.area
        space = action.space - 1
        pile = area.piles[space]
        if not pile or not area.face_up[space]:
            raise IllegalAction(
                f"space {action.space}'s top is face down: take from a face-up space "
                f"({', '.join(str(s + 1) for s in area.face_up_spaces())})",
                rule="space_face_down", params={"space": action.space},
            )
        gems = area.spaces[space]
        if action.gem is not None and action.gem not in GEM_KINDS:
            raise IllegalAction(f"unknown gem {action.gem!r}; gems are {', '.join(GEM_KINDS)}",
                                rule=MALFORMED)
        if action.gem is None:
            if any(gems):
                raise IllegalAction(f"choose one of the gems in space {action.space}",
                                    rule="choose_a_gem", params={"space": action.space})
            kind = -1
        else:
            kind = GEM_KINDS.index(action.gem)
            if not gems[kind]:
                present = ", ".join(gem_names(gems)) or "none"
                raise IllegalAction(
                    f"space {action.space} has no {action.gem} gem (it has: {present})",
                    rule="gem_not_in_space", params={"space": action.space, "gem": action.gem},
                )
        # Valid: change the state.
        self.held = area.take_top(space)
        if kind >= 0:
            gems[kind] -= 1
            self.gems[seat][kind] += 1
        events.append(
            {
                "type": "took",
                "seat": seat,
                "space": action.space,
                "domino": self.dominoes.face(self.held),
                "gem": action.gem,
            }
        )
        if not area.piles[space] and area.splittable(space):
            self.emptied = space
            self.phase = SPLIT
            return
        # (With 90 dominoes some pile can always be split; a space stays empty otherwise.)
        area.refill(space, events)
        self.phase = REVEAL if area.any_face_down() else PLACE

    def _split(self, seat: int, action: Split, events: list[Event]) -> None:
        area = self.area
        source = action.pile - 1
        if source == self.emptied or source not in area.splittable(self.emptied):
            raise IllegalAction(
                f"pile {action.pile} cannot be split: choose another pile with at least 2 "
                f"dominoes ({', '.join(str(p + 1) for p in area.splittable(self.emptied))})",
                rule="cannot_split", params={"pile": action.pile},
            )
        moved = area.split_into(self.emptied, source)
        events.append(
            {"type": "pile_split", "seat": seat, "into": self.emptied + 1, "from": action.pile,
             "moved": moved}
        )
        area.refill(self.emptied, events)
        self.emptied = -1
        self.phase = REVEAL if area.any_face_down() else PLACE

    def _reveal(self, seat: int, action: Reveal, events: list[Event]) -> None:
        area = self.area
        pile = action.pile - 1
        if not area.is_face_down(pile):
            choices = ", ".join(str(p + 1) for p in area.face_down())
            raise IllegalAction(f"pile {action.pile} is not face down: reveal one of {choices}",
                                rule="not_face_down", params={"pile": action.pile})
        area.face_up[pile] = True
        events.append(
            {"type": "revealed", "seat": seat, "pile": action.pile,
             "domino": self.dominoes.face(area.piles[pile][-1])}
        )
        self.phase = PLACE

    def _place(self, seat: int, action: Place, events: list[Event]) -> None:
        pyramid = self.pyramids[seat]
        pyramid.check_place(self.stage, action)
        pyramid.place(self.stage, action, self.dominoes[self.held])
        events.append(
            {"type": "placed", "seat": seat, "domino": self.held, "stage": self.stage,
             "i": action.i, "j": action.j, "rotation": action.rotation}
        )
        self.held = 0
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.turn += 1
        if self.explorer is not None:
            explorer_turn(self.explorer, self.area, self.dominoes, events)
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """Start the next seat's turn, skipping lost turns; after the last, score the stage."""
        turns = STAGE_TURNS[self.stage - 1] * self.players
        while self.turn < turns:
            seat = (self.start + self.turn) % self.players
            if self.pyramids[seat].can_place(self.stage):
                self.active = seat
                self.phase = TAKE
                self._to_move = _SEATS[seat]
                return
            events.append({"type": "turn_lost", "seat": seat, "stage": self.stage})
            self._end_turn(events)
            return
        self._begin_scoring(events)

    def start_stage(self, events: list[Event]) -> None:
        """Begin the stage: its start, the Explorer's draw in solo, the first turn."""
        self.turn = 0
        events.append({"type": "stage_started", "stage": self.stage, "start_player": self.start})
        if self.explorer is not None:
            explorer_stage_start(self.explorer, self.area, self.legend, events)
        self._next_turn(events)

    # -- stage scoring ----------------------------------------------------------------------

    def _begin_scoring(self, events: list[Event]) -> None:
        if self.stage == 1:
            for seat, pyramid in enumerate(self.pyramids):
                width, height = pyramid.fix_frame()
                events.append({"type": "frame_fixed", "seat": seat, "frame": [width, height]})
        self.phase = SCORE
        self.active = -1
        if self.explorer is not None:
            explorer_score(self.explorer, self.area, self.stage, events)
        for seat in range(self.players):
            self.areas[seat] = self.pyramids[seat].areas()
            self.activated[seat] = 0
            self.stage_points[seat] = 0
            self.status[seat] = ACTIVATING
            if not can_activate_any(self.areas[seat], 0, self.gems[seat]):
                self._close_activations(seat, events)
        self._scoring_progress(events)

    def _activate(self, seat: int, action: Activate, events: list[Event]) -> None:
        if self.status[seat] != ACTIVATING:
            raise IllegalAction("you have finished activating: discard down to five gems",
                                rule="activating_finished")
        areas = self.areas[seat]
        if not 0 <= action.area < len(areas):
            raise IllegalAction(f"there is no area {action.area}; areas are 0..{len(areas) - 1}",
                                rule="no_such_area")
        if self.activated[seat] >> action.area & 1:
            raise IllegalAction(f"area {action.area} is already activated this stage",
                                rule="area_already_activated")
        found = areas[action.area]
        if not found.icons:
            raise IllegalAction(f"area {action.area} shows no gem icon, so it cannot score",
                                rule="area_without_icons")
        gems = self.gems[seat]
        check_activation(found, action.units, action.coloured, action.mythical, gems)
        gems[found.colour] -= action.coloured
        gems[MYTHICAL] -= action.mythical
        discard = self.area.discard
        discard[found.colour] += action.coloured
        discard[MYTHICAL] += action.mythical
        self.activated[seat] |= 1 << action.area
        points = activation_points(found, action.units)
        self.stage_points[seat] += points
        events.append(
            {"type": "area_activated", "seat": seat, "area": action.area,
             "colour": COLOURS[found.colour], "value": found.icons, "units": action.units,
             "coloured": action.coloured, "mythical": action.mythical, "points": points}
        )
        if not can_activate_any(areas, self.activated[seat], gems):
            self._close_activations(seat, events)
        self._scoring_progress(events)

    def _finish(self, seat: int, events: list[Event]) -> None:
        if self.status[seat] != ACTIVATING:
            raise IllegalAction("you have finished activating: discard down to five gems",
                                rule="activating_finished")
        self._close_activations(seat, events)
        self._scoring_progress(events)

    def _close_activations(self, seat: int, events: list[Event]) -> None:
        """Mythical bonus, then the stage score is final; then the five-gem limit (6.4-6.5)."""
        gems = self.gems[seat]
        bonus = gems[MYTHICAL]
        self.stage_points[seat] += bonus
        self.stage_scores[seat].append(self.stage_points[seat])
        events.append(
            {"type": "stage_scored", "seat": seat, "stage": self.stage, "mythical_bonus": bonus,
             "points": self.stage_points[seat]}
        )
        self.status[seat] = DISCARDING
        self._auto_discard(seat, events)

    def _discard(self, seat: int, action: Discard, events: list[Event]) -> None:
        if self.status[seat] != DISCARDING:
            raise IllegalAction("discard comes after activating: activate areas or finish",
                                rule="discard_after_activating")
        if action.gem not in GEM_KINDS:
            raise IllegalAction(f"unknown gem {action.gem!r}; gems are {', '.join(GEM_KINDS)}",
                                rule=MALFORMED)
        kind = GEM_KINDS.index(action.gem)
        if not self.gems[seat][kind]:
            held = ", ".join(gem_names(self.gems[seat])) or "none"
            raise IllegalAction(f"you hold no {action.gem} gem (you hold: {held})",
                                rule="gem_not_held", params={"gem": action.gem})
        self._drop(seat, kind, events)
        self._auto_discard(seat, events)
        self._scoring_progress(events)

    def _drop(self, seat: int, kind: int, events: list[Event]) -> None:
        self.gems[seat][kind] -= 1
        self.area.discard[kind] += 1
        events.append({"type": "gem_discarded", "seat": seat, "gem": GEM_KINDS[kind]})

    def _auto_discard(self, seat: int, events: list[Event]) -> None:
        """Discard by itself when there is nothing to choose: one kind of gem left."""
        gems = self.gems[seat]
        while sum(gems) > HAND_LIMIT:
            kinds = [kind for kind, count in enumerate(gems) if count]
            if len(kinds) > 1:
                return
            self._drop(seat, kinds[0], events)
        self.status[seat] = DONE

    def _scoring_progress(self, events: list[Event]) -> None:
        waiting = frozenset(s for s in range(self.players) if self.status[s] != DONE)
        self._to_move = waiting
        if waiting:
            return
        scores = [scores[-1] for scores in self.stage_scores]
        if self.stage == STAGES:
            self.phase = OVER
            self._to_move = _EMPTY
            events.append({"type": "game_over", "result": self.result().to_json()})
            return
        if self.explorer is None:
            self.start = next_start_player(scores, self.start)
        self.stage += 1
        self.start_stage(events)

    # -- outcome ----------------------------------------------------------------------------

    def totals(self) -> list[int]:
        return [sum(scores) for scores in self.stage_scores]

    def result(self) -> Result:
        held = [sum(gems) for gems in self.gems]
        if self.explorer is not None:
            return solo_result(
                self.totals()[0], held[0], self.stage_scores[0], self.explorer.total,
                self.explorer.stage_scores,
            )
        return final_result(self.totals(), held, self.stage_scores)

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin._to_move = self._to_move
        twin.activated = self.activated[:]
        twin.active = self.active
        twin.area = self.area.copy()
        twin.areas = self.areas[:]
        twin.dominoes = self.dominoes
        twin.emptied = self.emptied
        twin.explorer = None if self.explorer is None else self.explorer.copy()
        twin.gems = [gems[:] for gems in self.gems]
        twin.held = self.held
        twin.legend = self.legend
        twin.phase = self.phase
        twin.players = self.players
        twin.pyramids = [pyramid.copy() for pyramid in self.pyramids]
        twin.stage = self.stage
        twin.stage_points = self.stage_points[:]
        twin.stage_scores = [scores[:] for scores in self.stage_scores]
        twin.start = self.start
        twin.status = self.status[:]
        twin.turn = self.turn
        return twin

    # -- a bot's budget ---------------------------------------------------------------------

    #: No move is ever taken back (``State.is_take_back``).
    is_take_back = None

    def decisions_in_turn(self, seat: int) -> int:
        """How many decisions with a choice ``seat``'s current turn holds in all, this one
        included, from what the seat can see: level 3 shares its budget per turn among them.

        A turn is take, reveal and place, plus a split when a pile emptied. The reveal is a
        choice only when another pile besides the one just taken from lies face down, which is
        already known at the take (and, at the place, from the pile still face down after the
        reveal). Stage scoring counts the areas the gems can still activate, plus the finish;
        the discard counts the gems above the limit.
        """
        phase = self.phase
        if phase == SCORE:
            gems = self.gems[seat]
            if self.status[seat] == DISCARDING:
                return max(1, sum(gems) - HAND_LIMIT)
            activated = self.activated[seat]
            open_areas = sum(
                1
                for index, found in enumerate(self.areas[seat])
                if found.icons and not activated >> index & 1 and activation_options(found, gems)
            )
            return 1 + open_areas
        face_down = len(self.area.face_down())
        if phase == SPLIT:
            return 4
        if phase == REVEAL:
            return 3 if face_down >= 2 else 2
        # TAKE, or PLACE after the reveal
        return 3 if face_down else 2


def _verb(action: Action) -> str:
    return str(action.to_json()["type"])
