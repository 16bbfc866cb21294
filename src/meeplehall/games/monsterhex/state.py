"""The Monster Hex state: a position with the protocol's moves.

How an action flows: :meth:`MonsterHexState.apply` checks it against the step the match waits for
(a draft pick, a placement, an ability's use, a Rush, a slot choice) and hands it to the rules
modules (:mod:`placement`, :mod:`abilities`, :mod:`gems`, :mod:`turns`), which change the
position; :meth:`MonsterHexState.result` reads the score sheet (:mod:`scoresheet`). The data
itself is :class:`~meeplehall.games.monsterhex.position.Position`, below every rules module; the
views, the determinization and the bots' evaluation read a state, so they sit above it, and
:class:`~meeplehall.games.monsterhex.match.MonsterHexMatch` (what the game hands out) adds them.
A new match is dealt by :mod:`setup`.
"""

from __future__ import annotations

from typing import Any, Self

from meeplehall.core import Event, IllegalAction, Result
from meeplehall.games.monsterhex.abilities import (
    ability_options,
    apply_effect,
    draftable,
    pick_ability,
    rush_possible,
)
from meeplehall.games.monsterhex.actions import Action, Pass, Pick, Place, TakeSlot
from meeplehall.games.monsterhex.gems import check_gems, take
from meeplehall.games.monsterhex.placement import (
    place,
    placement_refusal,
    placements,
    quick_legal,
    skirmish_relaxation,
)
from meeplehall.games.monsterhex.position import ABILITY, OVER, OWN, PLACE, RUSH, SLOT, Position
from meeplehall.games.monsterhex.scoresheet import detailed_breakdown
from meeplehall.games.monsterhex.turns import end_turn


class MonsterHexState(Position):
    """One match's data and moves. Mutated only by :meth:`apply`; :meth:`clone` copies the
    mutable parts."""

    __slots__ = ()

    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        return frozenset((self.mover(),))

    def is_over(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Any]:
        if self.phase == OVER or seat != self.mover():
            return []
        if self.phase == PLACE:
            kind = self.order[self.step][1]
            hand = self.hands[seat] if kind == OWN else self.shared_hands[seat]
            relax = skirmish_relaxation(self, seat) if kind == OWN else 0
            return list(placements(self, hand, relax))
        if self.phase == RUSH:
            return [Pass(), *placements(self, self.hands[seat], 0)]
        if self.phase == SLOT:
            return [TakeSlot(0), TakeSlot(1)]
        if self.phase == ABILITY:
            return [Pass(), *ability_options(self)]
        return [Pick(a.id) for a in draftable(self)]

    # ------------------------------------------------------------------ apply

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule="game_over")
        mover = self.mover()
        if seat != mover:
            raise IllegalAction(f"it is seat {mover}'s turn, not seat {seat}'s",
                                rule="not_your_turn", params={"n": mover + 1})
        if self.phase == PLACE:
            return self._apply_place(seat, action)
        if self.phase == RUSH:
            return self._apply_rush(seat, action)
        if self.phase == SLOT:
            return self._apply_slot(seat, action)
        if self.phase == ABILITY:
            return self._apply_ability(seat, action)
        return self._apply_pick(seat, action)

    def _expect(self, action: Action, kinds: tuple[type, ...], what: str, rule: str) -> None:
        if not isinstance(action, kinds):
            raise IllegalAction(f"now is the time to {what}, not to {type(action).__name__}",
                                rule=rule)

    def _apply_place(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Place,), "place a unit", rule="expect_place")
        assert isinstance(action, Place)
        kind = self.order[self.step][1]
        hand = self.hands[seat] if kind == OWN else self.shared_hands[seat]
        relax = skirmish_relaxation(self, seat) if kind == OWN else 0
        if not quick_legal(self, hand, relax, action):
            refusal = placement_refusal(self, hand, relax, action)
            if refusal is not None:
                raise refusal
        owner = seat if kind == OWN else self.cfg.neutral
        events = place(self, seat, owner, hand, action)
        cell = self.last_cells[-1]
        unit = self.cfg.comp.units[self.unit[cell]]
        if kind == OWN and unit.red_letter and self.ability[seat] >= 0:
            star = 1 if unit.rank == "S" else 0
            ability = self.ability_id(seat)
            if ability == "rush":
                # Gems completed by the first unit resolve (slot choices included) before
                # the second placement is offered.
                self.ctx = (seat, cell, star, self.ability[seat])
                self.rush_waiting = True
            elif ability not in ("reward", "skirmish"):
                self.phase = ABILITY
                self.ctx = (seat, cell, star, self.ability[seat])
                if ability_options(self):
                    events.append({"type": "ability_ready", "seat": seat, "ability": ability})
                    return events
                self.phase = PLACE
        self._after_placements(events)
        return events

    def _apply_rush(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Place, Pass), "place a second unit (Rush) or pass",
                     rule="expect_rush")
        if isinstance(action, Pass):
            events: list[Event] = [{"type": "ability_declined", "seat": seat, "ability": "rush"}]
        else:
            assert isinstance(action, Place)
            hand = self.hands[seat]
            if not quick_legal(self, hand, 0, action):
                refusal = placement_refusal(self, hand, 0, action)
                if refusal is not None:
                    raise refusal
            events = [{"type": "ability_used", "seat": seat, "ability": "rush"}]
            events += place(self, seat, seat, hand, action)
        self.phase = PLACE
        self._after_placements(events)
        return events

    def _apply_ability(self, seat: int, action: Action) -> list[Event]:
        options = ability_options(self)
        if action not in options and not isinstance(action, Pass):
            ability = self.ability_id(seat)
            raise IllegalAction(
                f"{type(action).__name__} is not a use of your {ability} ability here "
                f"(choose one of its targets, or pass)",
                rule="not_an_ability_use",
            )
        events = apply_effect(self, seat, action)
        self.phase = PLACE
        self._after_placements(events)
        return events

    def _apply_pick(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Pick,), "pick an ability", rule="expect_pick")
        assert isinstance(action, Pick)
        return pick_ability(self, seat, action)

    # ------------------------------------------------------------------ gems

    def _after_placements(self, events: list[Event]) -> None:
        """Gem check for the turn's placements, then slot decisions, then the next turn."""
        check_gems(self, events)
        self._continue(events)

    def _continue(self, events: list[Event]) -> None:
        neutral = self.cfg.neutral
        while self.pending and self.pending[0][1] == neutral:
            # The shared faction takes the high slot (rule for a neutral first place).
            take(self, 0, events)
        if self.pending:
            self.phase = SLOT
            return
        if self.rush_waiting:
            self.rush_waiting = False
            seat = self.ctx[0]
            if rush_possible(self, seat):
                self.phase = RUSH
                events.append({"type": "ability_ready", "seat": seat, "ability": "rush"})
                return
        self.phase = PLACE
        end_turn(self, events)

    def _apply_slot(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (TakeSlot,), "take one slot of the gem you won", rule="expect_slot")
        assert isinstance(action, TakeSlot)
        events: list[Event] = []
        take(self, action.slot, events)
        self._continue(events)
        return events

    # ------------------------------------------------------------------ result

    def result(self) -> Result:
        cfg = self.cfg
        breakdown = [detailed_breakdown(self, p) for p in range(cfg.players)]
        if cfg.mode == "solo":
            won = self.scores[0] >= cfg.solo_target
            breakdown[0]["target"] = cfg.solo_target
            return Result((self.scores[0],), (1,), frozenset({0}) if won else frozenset(),
                          tuple(breakdown))
        tiebreak = [[1 if self.holds_seven[p] else 0] for p in range(cfg.players)]
        return Result.ranked(self.scores, breakdown, tiebreak)

    # ------------------------------------------------------------------ copies

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.cfg = self.cfg
        new.owner = self.owner[:]
        new.unit = self.unit[:]
        new.rot = self.rot[:]
        new.white = self.white[:]
        new.black = self.black[:]
        new.need = self.need[:]
        new.crystal = self.crystal[:]
        new.placed_by = self.placed_by[:]
        new.filled = self.filled[:]
        new.resolved = self.resolved[:]
        new.taken = self.taken[:]
        new.records = self.records[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.shared_hands = [h[:] for h in self.shared_hands]
        new.shared_decks = [d[:] for d in self.shared_decks]
        new.colour = self.colour[:]
        new.ability = self.ability[:]
        new.scores = self.scores[:]
        new.breakdown = [b[:] for b in self.breakdown]
        new.common = self.common
        new.personal = [p[:] for p in self.personal]
        new.pile = self.pile[:]
        new.placed_own = self.placed_own[:]
        new.round = self.round
        new.first = self.first
        new.order = self.order
        new.step = self.step
        new.phase = self.phase
        new.pending = self.pending[:]
        new.ctx = self.ctx
        new.rng = self.rng.clone()
        new.draft_order = self.draft_order[:]
        new.site_tile = self.site_tile
        new.units_on_board = self.units_on_board
        new.holds_seven = self.holds_seven[:]
        new.last_cells = self.last_cells[:]
        new.rush_waiting = self.rush_waiting
        new.awards = self.awards  # a tuple, replaced (never changed) when points are won
        return new

    #: Every decision gets a bot's whole budget, and no move is ever taken back (the optional
    #: members of ``State``).
    decisions_in_turn = None
    is_take_back = None

