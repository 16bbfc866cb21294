"""The Monster Hex state machine: placement, abilities, gem resolution, turn order, the end.

Cells are indices into the board's cell table. A cell holds a unit when ``owner[c] >= 0``;
``EMPTY`` and ``COUNTER`` (a green counter gem) are the other two cases. ``need[c]`` is a
bitmask of (direction, power) pairs the neighbours of an empty cell ask for, so a placement
matches when ``need[c] & match_mask[unit][rotation]`` is not zero.
"""

from __future__ import annotations

import random
from typing import Any

from meeplehall.core import Event, IllegalAction, Result, Rng
from meeplehall.games.monsterhex.actions import (
    Action,
    DrawObjective,
    Pass,
    Pick,
    Place,
    Rotate,
    TakeSlot,
    Target,
)
from meeplehall.games.monsterhex.config import (
    BIG,
    CATEGORIES,
    COLOUR,
    COUNTER,
    OBJECTIVES,
    OWN,
    REWARD,
    SHARED,
    SMALL,
    Config,
)

EMPTY = -1
COUNTER_CELL = -2

# Phases: what the seats to move are asked for.
DRAFT = "draft"
PLACE = "place"
ABILITY = "ability"
RUSH = "rush"
SLOT = "slot"
OVER = "over"

_STATE_FIELDS = (
    "cfg", "owner", "unit", "rot", "white", "black", "need", "crystal", "placed_by", "filled",
    "resolved", "taken", "records", "hands", "decks", "shared_hands", "shared_decks", "colour",
    "ability", "scores", "breakdown", "common", "personal", "pile", "placed_own", "round",
    "first", "order", "step", "phase", "pending", "ctx", "rng", "draft_order", "site_tile",
    "units_on_board", "holds_seven", "last_cells",
)


class MonsterHexState:
    """One match. Mutated only by :meth:`apply`; :meth:`clone` copies the mutable parts."""

    __slots__ = _STATE_FIELDS

    cfg: Config
    owner: list[int]
    unit: list[int]
    rot: list[int]
    white: list[int]
    black: list[int]
    need: list[int]
    crystal: list[int]
    placed_by: list[int]
    filled: list[int]
    resolved: list[bool]
    taken: list[tuple[int, int]]
    records: list[tuple[Any, ...]]
    hands: list[list[int]]
    decks: list[list[int]]
    shared_hands: list[list[int]]
    shared_decks: list[list[int]]
    colour: list[int]
    ability: list[int]
    scores: list[int]
    breakdown: list[list[int]]
    common: tuple[int, ...]
    personal: list[list[int]]
    pile: list[int]
    placed_own: list[int]
    round: int
    first: int
    order: list[tuple[int, int]]
    step: int
    phase: str
    pending: list[tuple[int, int, int]]
    ctx: tuple[int, int, int, int]
    rng: Rng
    draft_order: list[int]
    site_tile: tuple[str, ...]
    units_on_board: int
    holds_seven: list[bool]
    last_cells: list[int]

    # ------------------------------------------------------------------ basic queries

    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        return frozenset((self._mover(),))

    def _mover(self) -> int:
        if self.phase == DRAFT:
            return self.draft_order[0]
        if self.phase == SLOT:
            return self.pending[0][1]
        if self.phase in (ABILITY, RUSH):
            return self.ctx[0]
        return self.order[self.step][0]

    def is_over(self) -> bool:
        return self.phase == OVER

    def turn_kind(self) -> int:
        """OWN or SHARED: which hand the seat to move places from."""
        return self.order[self.step][1] if self.phase == PLACE else OWN

    def ability_id(self, seat: int) -> str:
        index = self.ability[seat]
        return self.cfg.comp.abilities[index].id if index >= 0 else ""

    def cell_of(self, q: int, r: int) -> int:
        return self.cfg.board.index.get((q, r), -1)

    def power(self, cell: int, direction: int) -> int:
        """Printed power the unit on ``cell`` shows towards ``direction``."""
        return self.cfg.comp.facing[self.unit[cell]][self.rot[cell]][direction]

    def effective_power(self, cell: int, direction: int) -> int:
        """Power at a gem resolution: printed, plus white counters, minus black ones, floor 0."""
        value = self.power(cell, direction) + self.white[cell] - self.black[cell]
        return value if value > 0 else 0

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self._mover():
            return []
        if self.phase == PLACE:
            kind = self.order[self.step][1]
            hand = self.hands[seat] if kind == OWN else self.shared_hands[seat]
            relax = self._skirmish_relaxation(seat) if kind == OWN else 0
            return list(self._placements(hand, relax))
        if self.phase == RUSH:
            return [Pass(), *self._placements(self.hands[seat], 0)]
        if self.phase == SLOT:
            return [TakeSlot(0), TakeSlot(1)]
        if self.phase == ABILITY:
            return [Pass(), *self._ability_options()]
        return [Pick(a.id) for a in self._draftable()]

    def _skirmish_relaxation(self, seat: int) -> int:
        """0 none; 1 = red B/C may ignore matching; 2 = the S may go on any empty cell."""
        return 1 if self.ability_id(seat) == "skirmish" else 0

    def _placements(self, hand: list[int], relax: int) -> list[Place]:
        """Every legal placement from ``hand``, with the fallback when nothing is legal."""
        cfg = self.cfg
        table = cfg.place_table
        owner = self.owner
        kinds = sorted(set(hand))
        out: list[Place] = []
        if self.units_on_board == 0:
            for cell in cfg.board.start:
                if owner[cell] == EMPTY:
                    for u in kinds:
                        out.extend(table[cell][u])
            if out:
                return out
        else:
            masks = cfg.comp.match_mask
            need = self.need
            for cell in range(len(owner)):
                if owner[cell] != EMPTY:
                    continue
                wanted = need[cell]
                if wanted:
                    for u in kinds:
                        row = table[cell][u]
                        if relax and cfg.comp.units[u].red_letter:
                            out.extend(row)
                            continue
                        m = masks[u]
                        for k in range(6):
                            if m[k] & wanted:
                                out.append(row[k])
                elif relax:
                    for u in kinds:
                        unit = cfg.comp.units[u]
                        if unit.red_letter and unit.rank == "S":
                            out.extend(table[cell][u])
            if out:
                return out
        # Fallback: nothing is legal, so any unit goes on a free start cell, else anywhere.
        cells = [c for c in cfg.board.start if owner[c] == EMPTY]
        if not cells:
            cells = [c for c in range(len(owner)) if owner[c] == EMPTY]
        for cell in cells:
            for u in kinds:
                out.extend(table[cell][u])
        return out

    def _placement_reason(self, hand: list[int], relax: int, action: Place) -> str:
        """Why ``action`` is not legal now ("" when it is)."""
        cfg = self.cfg
        u = cfg.comp.unit_index.get(action.unit, -1)
        if u < 0:
            return f"there is no unit called {action.unit!r}"
        if u not in hand:
            held = ", ".join(cfg.comp.units[x].id for x in sorted(hand)) or "nothing"
            return f"unit {action.unit} is not in the hand you play from (it holds {held})"
        cell = self.cell_of(action.q, action.r)
        if cell < 0:
            site = next(
                (s for s in cfg.board.sites if (s.q, s.r) == (action.q, action.r)), None
            )
            if site is not None:
                return f"({action.q},{action.r}) is a gem site, units go on empty cells"
            return f"({action.q},{action.r}) is not a cell of this board"
        if self.owner[cell] >= 0:
            return f"cell ({action.q},{action.r}) already holds a unit"
        if self.owner[cell] == COUNTER_CELL:
            return f"cell ({action.q},{action.r}) holds a counter gem until it is resolved"
        if cfg.place_table[cell][u][action.rotation] in self._placements(hand, relax):
            return ""
        if self.units_on_board == 0:
            return "the first unit of the game goes on a start cell"
        if not self.need[cell] and relax < 2:
            return f"cell ({action.q},{action.r}) touches no unit"
        return (
            f"unit {action.unit} at rotation {action.rotation} shows no power equal to a "
            f"touching unit's facing edge on ({action.q},{action.r}); a matching placement exists"
        )

    # ------------------------------------------------------------------ apply

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        mover = self._mover()
        if seat != mover:
            raise IllegalAction(f"it is seat {mover}'s turn, not seat {seat}'s")
        if self.phase == PLACE:
            return self._apply_place(seat, action)
        if self.phase == RUSH:
            return self._apply_rush(seat, action)
        if self.phase == SLOT:
            return self._apply_slot(seat, action)
        if self.phase == ABILITY:
            return self._apply_ability(seat, action)
        return self._apply_pick(seat, action)

    def _expect(self, action: Action, kinds: tuple[type, ...], what: str) -> None:
        if not isinstance(action, kinds):
            raise IllegalAction(f"now is the time to {what}, not to {type(action).__name__}")

    def _apply_place(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Place,), "place a unit")
        assert isinstance(action, Place)
        kind = self.order[self.step][1]
        hand = self.hands[seat] if kind == OWN else self.shared_hands[seat]
        relax = self._skirmish_relaxation(seat) if kind == OWN else 0
        if not self._quick_legal(hand, relax, action):
            reason = self._placement_reason(hand, relax, action)
            if reason:
                raise IllegalAction(reason)
        owner = seat if kind == OWN else self.cfg.neutral
        events = self._place(seat, owner, hand, action)
        cell = self.last_cells[-1]
        unit = self.cfg.comp.units[self.unit[cell]]
        if kind == OWN and unit.red_letter and self.ability[seat] >= 0:
            star = 1 if unit.rank == "S" else 0
            ability = self.ability_id(seat)
            if ability == "rush":
                if self._rush_possible(seat):
                    self.phase = RUSH
                    self.ctx = (seat, cell, star, 0)
                    events.append({"type": "ability_ready", "seat": seat, "ability": "rush"})
                    return events
            elif ability not in ("reward", "skirmish"):
                self.phase = ABILITY
                self.ctx = (seat, cell, star, self.ability[seat])
                if self._ability_options():
                    events.append({"type": "ability_ready", "seat": seat, "ability": ability})
                    return events
                self.phase = PLACE
        self._after_placements(events)
        return events

    def _quick_legal(self, hand: list[int], relax: int, action: Place) -> bool:
        """The common case without listing every placement: a normal matching placement."""
        if self.units_on_board == 0 or relax:
            return False
        u = self.cfg.comp.unit_index.get(action.unit, -1)
        cell = self.cell_of(action.q, action.r)
        return (
            u in hand
            and cell >= 0
            and self.owner[cell] == EMPTY
            and bool(self.need[cell] & self.cfg.comp.match_mask[u][action.rotation])
        )

    def _place(self, seat: int, owner: int, hand: list[int], action: Place) -> list[Event]:
        cfg = self.cfg
        u = cfg.comp.unit_index[action.unit]
        cell = cfg.board.index[(action.q, action.r)]
        hand.remove(u)
        self.owner[cell] = owner
        self.unit[cell] = u
        self.rot[cell] = action.rotation
        self.placed_by[cell] = seat
        self.units_on_board += 1
        if owner == seat:
            self.placed_own[seat] += 1
        powers = cfg.comp.facing[u][action.rotation]
        neighbours = cfg.board.neighbours[cell]
        for d in range(6):
            n = neighbours[d]
            if n >= 0:
                self.need[n] |= 1 << (((d + 3) % 6) * 8 + powers[d])
        for site in cfg.board.cell_sites[cell]:
            self.filled[site] += 1
        self.last_cells.append(cell)
        return [{
            "type": "place", "seat": seat, "owner": owner, "shared": owner != seat,
            "unit": action.unit, "q": action.q, "r": action.r, "rotation": action.rotation,
        }]

    def _recompute_need(self, cell: int) -> None:
        mask = 0
        facing = self.cfg.comp.facing
        for d, n in enumerate(self.cfg.board.neighbours[cell]):
            if n >= 0 and self.owner[n] >= 0:
                mask |= 1 << (d * 8 + facing[self.unit[n]][self.rot[n]][(d + 3) % 6])
        self.need[cell] = mask

    def _rush_possible(self, seat: int) -> bool:
        return (
            bool(self.hands[seat])
            and self.placed_own[seat] < self.cfg.board.rounds
            and EMPTY in self.owner
        )

    def _apply_rush(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Place, Pass), "place a second unit (Rush) or pass")
        if isinstance(action, Pass):
            events: list[Event] = [{"type": "ability_declined", "seat": seat, "ability": "rush"}]
        else:
            assert isinstance(action, Place)
            hand = self.hands[seat]
            if not self._quick_legal(hand, 0, action):
                reason = self._placement_reason(hand, 0, action)
                if reason:
                    raise IllegalAction(reason)
            events = [{"type": "ability_used", "seat": seat, "ability": "rush"}]
            events += self._place(seat, seat, hand, action)
        self.phase = PLACE
        self._after_placements(events)
        return events

    # ------------------------------------------------------------------ abilities

    def _ability_options(self) -> list[Action]:
        seat, cell, star, index = self.ctx
        ability = self.cfg.comp.abilities[index].id
        owner = self.owner
        cells = self.cfg.board.cells
        if ability == "reinforce":
            return [Target(*cells[c]) for c in range(len(owner)) if owner[c] == seat]
        if ability == "curse":
            return [
                Target(*cells[c]) for c in range(len(owner)) if owner[c] >= 0 and owner[c] != seat
            ]
        if ability == "crystallize":
            return [Target(*cells[c]) for c in self._crystal_cells()]
        if ability == "confuse":
            if star:
                targets = [c for c in range(len(owner)) if owner[c] >= 0 and owner[c] != seat]
            else:
                targets = [
                    n for n in self.cfg.board.neighbours[cell] if n >= 0 and owner[n] >= 0
                    and owner[n] != seat
                ]
            return [
                Rotate(*cells[c], k) for c in sorted(targets) for k in range(6) if k != self.rot[c]
            ]
        if ability == "scheme":
            return [DrawObjective()] if self.pile else []
        return []

    def _crystal_cells(self) -> list[int]:
        """Empty cells a counter gem may go on: one empty neighbour, no gem's last empty cell."""
        board = self.cfg.board
        owner = self.owner
        out = []
        for c in range(len(owner)):
            if owner[c] != EMPTY:
                continue
            if not any(n >= 0 and owner[n] == EMPTY for n in board.neighbours[c]):
                continue
            last_for_gem = any(
                not self.resolved[s] and self.filled[s] == len(board.sites[s].cells) - 1
                for s in board.cell_sites[c]
            ) or any(
                n >= 0 and owner[n] == COUNTER_CELL
                and sum(1 for m in board.neighbours[n] if m >= 0 and owner[m] == EMPTY) == 1
                for n in board.neighbours[c]
            )
            if not last_for_gem:
                out.append(c)
        return out

    def _apply_ability(self, seat: int, action: Action) -> list[Event]:
        options = self._ability_options()
        if action not in options and not isinstance(action, Pass):
            ability = self.ability_id(seat)
            raise IllegalAction(
                f"{type(action).__name__} is not a use of your {ability} ability here "
                f"(choose one of its targets, or pass)"
            )
        _seat, _cell, star, index = self.ctx
        ability = self.cfg.comp.abilities[index].id
        amount = 2 if star else 1
        events: list[Event]
        if isinstance(action, Pass):
            events = [{"type": "ability_declined", "seat": seat, "ability": ability}]
        elif isinstance(action, Target):
            target = self.cfg.board.index[(action.q, action.r)]
            if ability == "reinforce":
                self.white[target] += amount
            elif ability == "curse":
                self.black[target] += amount
            else:
                self.owner[target] = COUNTER_CELL
                self.crystal[target] = amount
            events = [{"type": "ability_used", "seat": seat, "ability": ability, "q": action.q,
                       "r": action.r, "counters": amount}]
        elif isinstance(action, Rotate):
            target = self.cfg.board.index[(action.q, action.r)]
            self.rot[target] = action.rotation
            for n in self.cfg.board.neighbours[target]:
                if n >= 0 and self.owner[n] < 0:
                    self._recompute_need(n)
            events = [{"type": "ability_used", "seat": seat, "ability": ability, "q": action.q,
                       "r": action.r, "rotation": action.rotation}]
        else:
            drawn = self.pile.pop()
            self.personal[seat].append(drawn)
            events = [
                {"type": "ability_used", "seat": seat, "ability": ability},
                {"type": "objective_drawn", "seat": seat, "private": [seat],
                 "objective": self.cfg.comp.objectives[drawn].id},
            ]
        self.phase = PLACE
        self._after_placements(events)
        return events

    def _draftable(self) -> list[Any]:
        taken = {self.colour[p] for p in range(self.cfg.players) if self.ability[p] >= 0}
        factions = self.cfg.comp.factions
        return [a for a in self.cfg.comp.abilities if factions.index(a.faction) not in taken]

    def _apply_pick(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (Pick,), "pick an ability")
        assert isinstance(action, Pick)
        choices = {a.id: a for a in self._draftable()}
        if action.ability not in choices:
            raise IllegalAction(
                f"ability {action.ability!r} is not available; choose from {', '.join(choices)}"
            )
        ability = choices[action.ability]
        self.ability[seat] = self.cfg.comp.ability_index[ability.id]
        self.colour[seat] = self.cfg.comp.factions.index(ability.faction)
        self.draft_order.pop(0)
        events: list[Event] = [{"type": "ability_picked", "seat": seat, "ability": ability.id,
                                "faction": ability.faction}]
        if not self.draft_order:
            if self.cfg.neutral >= 0:
                free = [f for f in range(4) if f not in self.colour[: self.cfg.players]]
                self.colour[self.cfg.neutral] = free[self.rng.below(len(free))]
                events.append({"type": "shared_faction", "faction":
                               self.cfg.comp.factions[self.colour[self.cfg.neutral]]})
            self.phase = PLACE
        return events

    # ------------------------------------------------------------------ gems

    def _after_placements(self, events: list[Event]) -> None:
        """Gem check for the turn's placements, then slot decisions, then the next turn."""
        cells = self.last_cells
        self.last_cells = []
        board = self.cfg.board
        sites: set[int] = set()
        counters: set[int] = set()
        for cell in cells:
            for s in board.cell_sites[cell]:
                if not self.resolved[s] and self.filled[s] == len(board.sites[s].cells):
                    sites.add(s)
            for n in board.neighbours[cell]:
                if n >= 0 and self.owner[n] == COUNTER_CELL:
                    counters.add(n)
        for s in sorted(sites):
            if board.sites[s].big:
                self._resolve_big(s, events)
            else:
                self._resolve_small(s, events)
        for c in sorted(counters):
            if not any(n >= 0 and self.owner[n] == EMPTY for n in board.neighbours[c]):
                self._resolve_counter(c, events)
        self._continue(events)

    def _continue(self, events: list[Event]) -> None:
        neutral = self.cfg.neutral
        while self.pending and self.pending[0][1] == neutral:
            # The shared faction takes the high slot (rule for a neutral first place).
            self._take(0, events)
        if self.pending:
            self.phase = SLOT
            return
        self.phase = PLACE
        self._end_turn(events)

    def _totals(self, cells: tuple[tuple[int, int], ...]) -> dict[int, int]:
        totals: dict[int, int] = {}
        for cell, d in cells:
            o = self.owner[cell]
            if o >= 0:
                totals[o] = totals.get(o, 0) + self.effective_power(cell, d)
        return totals

    def _resolve_big(self, s: int, events: list[Event]) -> None:
        site = self.cfg.board.sites[s]
        self.resolved[s] = True
        totals = self._totals(site.cells)
        levels = sorted(set(totals.values()), reverse=True)
        g1 = [o for o, t in totals.items() if t == levels[0]]
        g2 = [o for o, t in totals.items() if len(levels) > 1 and t == levels[1]]
        facing = tuple(
            (cell, self.owner[cell], self.power(cell, d), self.unit[cell]) for cell, d in site.cells
        )
        unique = g1[0] if len(g1) == 1 else -1
        self.records.append(("big", s, facing, unique))
        events.append({"type": "gem_resolved", "kind": "big", "q": site.q, "r": site.r,
                       "totals": {str(o): t for o, t in sorted(totals.items())}})
        slots = self.cfg.comp.gem_tiles[self.site_tile[s]]
        if (
            self.cfg.overwhelming and unique >= 0
            and levels[0] - (levels[1] if len(levels) > 1 else 0) >= 2 * slots[0][0]
        ):
            events.append({"type": "overwhelming", "owner": unique, "q": site.q, "r": site.r})
            self._award_slot(s, 0, unique, events)
            self._award_slot(s, 1, unique, events)
        elif unique >= 0:
            self.pending.append((s, unique, g2[0] if len(g2) == 1 else -1))
        elif len(g2) == 1:
            self.pending.append((s, g2[0], -1))
        if unique >= 0 and unique < self.cfg.players and self.ability_id(unique) == "reward":
            bonus = 0
            for cell, _d in site.cells:
                if self.owner[cell] == unique and self.cfg.comp.units[self.unit[cell]].red_letter:
                    bonus += 2 if self.cfg.comp.units[self.unit[cell]].rank == "S" else 1
            if bonus:
                self._award(unique, bonus, REWARD, events, site=[site.q, site.r])

    def _resolve_small(self, s: int, events: list[Event]) -> None:
        site = self.cfg.board.sites[s]
        self.resolved[s] = True
        (a, da), (b, db) = site.cells
        oa, ob = self.owner[a], self.owner[b]
        pa, pb = self.effective_power(a, da), self.effective_power(b, db)
        ranks = self.cfg.comp.units
        if oa == ob:
            winner = oa
        elif pa != pb:
            winner = oa if pa > pb else ob
        elif ranks[self.unit[a]].rank_value != ranks[self.unit[b]].rank_value:
            winner = oa if ranks[self.unit[a]].rank_value > ranks[self.unit[b]].rank_value else ob
        else:
            winner = -1
        self.records.append(("small", s, (oa, ob), winner))
        events.append({"type": "gem_resolved", "kind": "small", "q": site.q, "r": site.r,
                       "powers": [pa, pb], "winner": winner})
        if winner >= 0:
            self.taken.append((s, winner))
            self._award(winner, self.cfg.comp.small_gem_value, SMALL, events, site=[site.q, site.r])

    def _resolve_counter(self, c: int, events: list[Event]) -> None:
        board = self.cfg.board
        cells = tuple(
            (n, (d + 3) % 6) for d, n in enumerate(board.neighbours[c]) if n >= 0
        )
        totals = self._totals(cells)
        levels = sorted(set(totals.values()), reverse=True)
        winner = -1
        if levels:
            g1 = [o for o, t in totals.items() if t == levels[0]]
            g2 = [o for o, t in totals.items() if len(levels) > 1 and t == levels[1]]
            if len(g1) == 1:
                winner = g1[0]
            elif len(g2) == 1:
                winner = g2[0]
        value = self.crystal[c]
        q, r = board.cells[c]
        events.append({"type": "gem_resolved", "kind": "counter", "q": q, "r": r,
                       "value": value, "winner": winner})
        self.crystal[c] = 0
        self.owner[c] = EMPTY
        if winner >= 0:
            self._award(winner, value, COUNTER, events, site=[q, r])

    def _award(self, owner: int, points: int, category: int, events: list[Event],
               **detail: Any) -> None:
        """Points to a player; the shared faction's prizes are discarded."""
        if owner >= self.cfg.players:
            events.append({"type": "discarded", "owner": owner, "points": points,
                           "reason": CATEGORIES[category], **detail})
            return
        self.scores[owner] += points
        self.breakdown[owner][category] += points
        events.append({"type": "award", "seat": owner, "points": points,
                       "reason": CATEGORIES[category], **detail})

    def _award_slot(self, s: int, slot: int, owner: int, events: list[Event]) -> None:
        site = self.cfg.board.sites[s]
        value, colour = self.cfg.comp.gem_tiles[self.site_tile[s]][slot]
        self.taken.append((s * 2 + slot, owner))
        if owner < self.cfg.players and value == 7:
            self.holds_seven[owner] = True
        self._award(owner, value, BIG, events, site=[site.q, site.r], slot=slot)
        if self.cfg.comp.factions[self.colour[owner]] == colour:
            self._award(owner, self.cfg.comp.colour_bonus, COLOUR, events,
                        site=[site.q, site.r], slot=slot)

    def _take(self, slot: int, events: list[Event]) -> None:
        s, chooser, second = self.pending.pop(0)
        self._award_slot(s, slot, chooser, events)
        if second >= 0:
            self._award_slot(s, 1 - slot, second, events)

    def _apply_slot(self, seat: int, action: Action) -> list[Event]:
        self._expect(action, (TakeSlot,), "take one slot of the gem you won")
        assert isinstance(action, TakeSlot)
        events: list[Event] = []
        self._take(action.slot, events)
        self._continue(events)
        return events

    # ------------------------------------------------------------------ turn order

    def _end_turn(self, events: list[Event]) -> None:
        cfg = self.cfg
        mover = self.order[self.step][0]
        if cfg.mode == "base":
            self._draw(mover, self.hands, self.decks, cfg.hand_size, events)
        if self.units_on_board == len(self.owner):
            self._finish(events)
            return
        while True:
            self.step += 1
            if self.step >= len(self.order):
                self._end_round(events)
                if self.phase == OVER:
                    return
            seat, kind = self.order[self.step]
            if kind == SHARED:
                if self.shared_hands[seat]:
                    return
            elif self.placed_own[seat] < cfg.board.rounds and self.hands[seat]:
                return
            events.append({"type": "turn_skipped", "seat": seat})

    def _end_round(self, events: list[Event]) -> None:
        cfg = self.cfg
        if cfg.mode == "shared":
            first, second = self.first, 1 - self.first
            self._draw(first, self.hands, self.decks, 3 - len(self.shared_hands[first]), events)
            self._draw(second, self.shared_hands, self.shared_decks,
                       len(self.shared_hands[second]) + 1, events)
            self.first = second
        elif cfg.mode == "solo":
            self._draw(0, self.hands, self.decks, 2, events)
            self._draw(0, self.shared_hands, self.shared_decks, 1, events)
        self.round += 1
        if self.round > cfg.board.rounds and not any(
            self.placed_own[p] < cfg.board.rounds for p in range(cfg.players)
        ):
            self._finish(events)
            return
        self.order = round_order(cfg, self.first)
        self.step = 0
        events.append({"type": "round", "round": self.round})

    def _draw(self, seat: int, hands: list[list[int]], decks: list[list[int]], size: int,
              events: list[Event]) -> None:
        hand, deck = hands[seat], decks[seat]
        drawn = []
        while len(hand) < size and deck:
            drawn.append(deck.pop())
            hand.append(drawn[-1])
        if drawn:
            units = self.cfg.comp.units
            shared = hands is self.shared_hands
            events.append({"type": "draw", "seat": seat, "shared": shared, "private": [seat],
                           "units": [units[u].id for u in drawn]})
            events.append({"type": "drew", "seat": seat, "shared": shared, "count": len(drawn)})

    def _finish(self, events: list[Event]) -> None:
        from meeplehall.games.monsterhex.objectives import score_objectives

        self.phase = OVER
        if self.common or any(self.personal):
            for seat, points, oid, places in score_objectives(self):
                self._award(seat, points, OBJECTIVES, events, objective=oid, places=places)
        events.append({"type": "game_over", "scores": list(self.scores)})

    # ------------------------------------------------------------------ results and copies

    def result(self) -> Result:
        cfg = self.cfg
        breakdown = [
            {label: self.breakdown[p][i] for i, label in enumerate(CATEGORIES)}
            for p in range(cfg.players)
        ]
        if cfg.mode == "solo":
            won = self.scores[0] >= cfg.solo_target
            breakdown[0]["target"] = cfg.solo_target
            return Result((self.scores[0],), (1,), frozenset({0}) if won else frozenset(),
                          tuple(breakdown))
        tiebreak = [[1 if self.holds_seven[p] else 0] for p in range(cfg.players)]
        return Result.ranked(self.scores, breakdown, tiebreak)

    def clone(self) -> MonsterHexState:
        new = MonsterHexState.__new__(MonsterHexState)
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
        return new

    def determinize(self, seat: int, rng: random.Random) -> MonsterHexState:
        """Redeal what ``seat`` cannot see: others' hands and decks, every deck's order,
        others' personal objectives and the objective pile."""
        new = self.clone()
        for p in range(self.cfg.players):
            if p == seat:
                rng.shuffle(new.decks[p])
                continue
            pool = new.hands[p] + new.decks[p]
            rng.shuffle(pool)
            size = len(new.hands[p])
            new.hands[p], new.decks[p] = pool[:size], pool[size:]
        if self.cfg.neutral >= 0:
            # Shared units: the seat sees only its own shared hand.
            pool = []
            for p in range(self.cfg.players):
                if p != seat:
                    pool += new.shared_hands[p]
                pool += new.shared_decks[p]
            rng.shuffle(pool)
            for p in range(self.cfg.players):
                if p != seat:
                    size = len(new.shared_hands[p])
                    new.shared_hands[p], pool = pool[:size], pool[size:]
            for p in range(self.cfg.players):
                size = len(new.shared_decks[p])
                new.shared_decks[p], pool = pool[:size], pool[size:]
        hidden = new.pile[:]
        for p in range(self.cfg.players):
            if p != seat:
                hidden += new.personal[p]
        rng.shuffle(hidden)
        for p in range(self.cfg.players):
            if p != seat:
                size = len(new.personal[p])
                new.personal[p], hidden = hidden[:size], hidden[size:]
        new.pile = hidden
        return new

    def view(self, seat: int | None) -> dict[str, Any]:
        from meeplehall.games.monsterhex.views import build_view

        return build_view(self, seat)

    def heuristic(self, seat: int) -> float:
        from meeplehall.games.monsterhex.heuristic import evaluate

        return evaluate(self, seat)


def round_order(cfg: Config, first: int) -> list[tuple[int, int]]:
    """The turns of one round: (seat, OWN or SHARED)."""
    if cfg.mode == "shared":
        return [(first, OWN), (1 - first, OWN), (first, SHARED)]
    if cfg.mode == "solo":
        return [(0, OWN), (0, SHARED)]
    return [((first + i) % cfg.players, OWN) for i in range(cfg.players)]
