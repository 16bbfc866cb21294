"""The Yaxha state machine: secret market choice, tie resolution, simultaneous building.

The bottom of the game: it reads only the placement and scoring rules, which work on masks and
counts, never on a state. The views, determinization and the bots' evaluation read a state, so
they sit above it, and :class:`~meeplehall.games.yaxha.match.YaxhaMatch` (what the game hands
out) adds them to it.

Phases per round: SELECT (simultaneous, secret) -> PICK (pending players after ties, one at a
time; only when a tie leaves two or more of them) -> BUILD (simultaneous) -> next round.

Per seat, a pyramid is a tuple of five colour masks (see geometry) and a hand is a tuple of five
counts; both are immutable, so clone() copies only the outer lists and undo keeps snapshots.
"""

from __future__ import annotations

import itertools
from typing import Any, Self

from meeplehall.core import Event, IllegalAction, Result
from meeplehall.core.untrusted import MALFORMED
from meeplehall.games.yaxha.actions import CONFIRM, UNDO, ChooseTile, Confirm, Place, Undo
from meeplehall.games.yaxha.components import (
    COLOUR_INDEX,
    COLOUR_NAMES,
    CUBES_PER_TILE,
    NUM_COLOURS,
    ROUNDS,
)
from meeplehall.games.yaxha.geometry import BASE, UPPER, base_shift, bit_of
from meeplehall.games.yaxha.placement import (
    BASE_MOVES_CACHE,
    PLACE_UP,
    base_moves,
    can_place_any,
    is_legal,
    refusal,
)
from meeplehall.games.yaxha.scoring import explained, score_pyramids

SELECT, PICK, BUILD, OVER = 0, 1, 2, 3
PHASE_NAMES = ("select", "pick", "build", "over")
_BASE, _UPPER = BASE, UPPER
EMPTY_PYRAMID: tuple[int, ...] = (0,) * NUM_COLOURS
EMPTY_HAND: tuple[int, ...] = (0,) * NUM_COLOURS
CHOOSE = tuple(ChooseTile(t) for t in range(8))
#: For every possible hand (counts per colour), the colours it holds.
_HAND_COLOURS: dict[tuple[int, ...], tuple[int, ...]] = {
    hand: tuple(c for c in range(NUM_COLOURS) if hand[c])
    for hand in itertools.product(range(CUBES_PER_TILE + 1), repeat=NUM_COLOURS)
    if sum(hand) <= CUBES_PER_TILE
}
#: For every possible hand, the hand left after playing one cube of each colour it holds.
_HAND_AFTER: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {
    hand: {c: tuple(n - (i == c) for i, n in enumerate(hand)) for c in colours}
    for hand, colours in _HAND_COLOURS.items()
}
#: Per table size and current choice (-1 = none), the tiles a seat may choose.
_CHOICES: dict[tuple[int, int], tuple[ChooseTile, ...]] = {
    (n, mine): tuple(CHOOSE[t] for t in range(n) if t != mine)
    for n in range(2, 5)
    for mine in range(-1, n)
}

Memo = tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]]
# One undo entry: the seat's pyramid, occupancy, hand and legal-move memo before a placement.
UndoEntry = tuple[tuple[int, ...], int, tuple[int, ...], Memo | None]


def hand_of(cubes: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * NUM_COLOURS
    for colour in cubes:
        counts[colour] += 1
    return tuple(counts)


class YaxhaState:
    __slots__ = (
        "bag",
        "bag_pos",
        "cards",
        "choice",
        "collected",
        "confirmed",
        "confirmed_pyramid",
        "discarded",
        "discarding",
        "hand",
        "initiative",
        "last_choices",
        "market",
        "memo",
        "n",
        "occupied",
        "options",
        "pending",
        "phase",
        "placed",
        "pyramid",
        "round",
        "taken_by",
        "tie_groups",
        "undo",
        "waiting",
    )

    n: int
    options: dict[str, Any]
    cards: tuple[int, ...]
    bag: list[int]  # never mutated after setup, so clones share it
    bag_pos: int
    round: int
    phase: int
    market: list[tuple[int, ...]]  # per tile, the colours of its cubes
    taken_by: list[int]  # per tile, the seat that collected it this round, or -1
    initiative: list[int]  # per seat, 1 = first
    choice: list[int]  # per seat, the tile chosen in SELECT (-1 = none yet)
    last_choices: tuple[int, ...]  # the revealed choices of this round (empty before reveal)
    pending: list[int]  # seats still to pick after ties, in initiative order
    tie_groups: list[tuple[int, ...]]  # per tied tile, its choosers by initiative
    pyramid: list[tuple[int, ...]]
    occupied: list[int]
    hand: list[tuple[int, ...]]
    collected: list[tuple[int, ...]]  # per seat, the cubes collected this round (public)
    undo: list[tuple[UndoEntry, ...]]
    # Per seat, the placements listed for (pyramid, hand), checked by identity; undo entries
    # keep it so that stepping back does not recompute them.
    memo: list[Memo | None]
    placed: list[int]  # cubes placed this round per seat
    confirmed: list[bool]
    confirmed_pyramid: list[tuple[int, ...]]  # as of the start of this round's building
    discarded: list[tuple[int, ...]]  # per seat, counts per colour, completed rounds
    discarding: list[tuple[int, ...]]  # per seat, this round's discards (secret until all confirm)
    waiting: frozenset[int]

    # --- protocol ------------------------------------------------------------------------------

    def to_move(self) -> frozenset[int]:
        return self.waiting

    def is_over(self) -> bool:
        return self.phase == OVER

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def legal_actions(self, seat: int) -> list[Any]:
        """Every action ``seat`` may play now.

        One deliberate reach beyond to_move(): during the market choice a seat that has already
        chosen is no longer waited for, yet may still change its choice until the last seat
        chooses, so its list holds the other tiles.
        """
        if not 0 <= seat < self.n:
            return []
        phase = self.phase
        if phase == BUILD:
            if self.confirmed[seat]:
                return []
            # The hot path of every playout: the placement rules inlined on the masks
            # (geometry.upper_free and geometry.colour_touch spell out the same shifts).
            pyramid, o, hand = self.pyramid[seat], self.occupied[seat], self.hand[seat]
            memo = self.memo[seat]
            if memo is not None and memo[0] is pyramid and memo[1] is hand:
                moves: list[Any] = list(memo[2])
            else:
                moves = []
                free = ((o & (o >> 1) & (o >> 4) & (o >> 5)) << 16) & _UPPER & ~o
                base = o & _BASE
                base_actions = None
                if base != _BASE:
                    known = BASE_MOVES_CACHE.get(base)
                    base_actions = (known if known is not None else base_moves(base))[1]
                for colour in _HAND_COLOURS[hand]:
                    if base_actions is not None:
                        moves += base_actions[colour]
                    if free:
                        c = pyramid[colour]
                        u = c & _UPPER
                        legal = free & (
                            ((c | (c >> 1) | (c >> 4) | (c >> 5)) << 16)
                            | (u << 1)
                            | (u >> 1)
                            | (u << 4)
                            | (u >> 4)
                        )
                        if legal:
                            table = PLACE_UP[colour]
                            while legal:
                                low = legal & -legal
                                moves.append(table[low.bit_length() - 1])
                                legal ^= low
                if not moves:
                    moves.append(CONFIRM)
                self.memo[seat] = (pyramid, hand, tuple(moves))
            if self.undo[seat]:
                moves.append(UNDO)
            return moves
        if phase == SELECT:
            return list(_CHOICES[self.n, self.choice[seat]])
        if phase == PICK and self.pending and self.pending[0] == seat:
            return [CHOOSE[t] for t in range(self.n) if self.taken_by[t] < 0]
        return []

    def apply(self, seat: int, action: Any) -> list[Event]:
        if seat.__class__ is not int or not 0 <= seat < self.n:
            raise IllegalAction(
                f"there is no seat {seat!r} at this table (seats 0 to {self.n - 1})",
                rule="no_such_seat",
            )
        kind = type(action)
        if kind is Place:
            return self._place(seat, action)
        if kind is ChooseTile:
            return self._choose(seat, action.tile)
        if kind is Confirm:
            return self._confirm(seat)
        if kind is Undo:
            return self._undo(seat)
        raise IllegalAction(f"{action!r} is not a Yaxha action", rule=MALFORMED)

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.n = self.n
        other.options = self.options
        other.cards = self.cards
        other.bag = self.bag
        other.bag_pos = self.bag_pos
        other.round = self.round
        other.phase = self.phase
        other.market = self.market[:]
        other.taken_by = self.taken_by[:]
        other.initiative = self.initiative[:]
        other.choice = self.choice[:]
        other.last_choices = self.last_choices
        other.pending = self.pending[:]
        other.tie_groups = self.tie_groups[:]
        other.pyramid = self.pyramid[:]
        other.occupied = self.occupied[:]
        other.hand = self.hand[:]
        other.collected = self.collected[:]
        other.undo = self.undo[:]
        other.memo = self.memo[:]
        other.placed = self.placed[:]
        other.confirmed = self.confirmed[:]
        other.confirmed_pyramid = self.confirmed_pyramid[:]
        other.discarded = self.discarded[:]
        other.discarding = self.discarding[:]
        other.waiting = self.waiting
        return other

    def result(self) -> Result:
        if self.phase != OVER:
            raise RuntimeError("the match is not over yet")
        breakdowns = self.score_now()
        # The match total is Result.scores; the breakdown lists what makes it up.
        table = [explained(part) for part in breakdowns]
        return Result.ranked([part["total"] for part in breakdowns], table)

    def score_now(self) -> list[dict[str, Any]]:
        """Every seat's breakdown for the current pyramids (final once the match is over)."""
        return score_pyramids(self.pyramid, self.cards, self.options)

    #: Every decision gets a bot's whole budget (``State.decisions_in_turn``).
    decisions_in_turn = None

    def is_take_back(self, action: Any) -> bool:
        """Undo takes back the seat's latest placement (``State.is_take_back``)."""
        return action.__class__ is Undo

    # --- rounds --------------------------------------------------------------------------------

    def start_round(self) -> Event:
        """Lay out the round's market from the bag and open the secret choice (the setup
        starts the first round, the end of a round the next)."""
        n = self.n
        market: list[tuple[int, ...]] = []
        pos, bag = self.bag_pos, self.bag
        for _tile in range(n):
            # Running out cannot happen with 30 draws per seat; if a variant ever does, tiles
            # fill in order with what is left and the bag is not reshuffled.
            market.append(tuple(bag[pos : pos + CUBES_PER_TILE]))
            pos = min(pos + CUBES_PER_TILE, len(bag))
        self.bag_pos = pos
        self.market = market
        self.taken_by = [-1] * n
        self.choice = [-1] * n
        self.last_choices = ()
        self.phase = SELECT
        self.waiting = frozenset(range(n))
        return {
            "type": "round_started",
            "round": self.round,
            "market": [[COLOUR_NAMES[c] for c in tile] for tile in market],
        }

    def _choose(self, seat: int, tile: int) -> list[Event]:
        if tile.__class__ is not int:
            raise IllegalAction(f"a market tile is a whole number, not {tile!r}", rule=MALFORMED)
        phase = self.phase
        if phase == SELECT:
            if not 0 <= tile < self.n:
                raise self._no_tile(tile)
            if self.choice[seat] == tile:
                raise IllegalAction(
                    f"you have already chosen tile {tile}",
                    rule="tile_already_chosen",
                    params={"tile": tile + 1},
                )
            first = self.choice[seat] < 0
            self.choice[seat] = tile
            self.waiting = self.waiting - {seat}
            events: list[Event] = [
                {"type": "tile_chosen", "seat": seat, "tile": tile, "private": [seat]}
            ]
            # Others learn that a seat has chosen, never that it changed its mind.
            if first:
                events.append({"type": "seat_has_chosen", "seat": seat})
            if not self.waiting:
                events.extend(self._reveal())
            return events
        if phase == PICK:
            if not self.pending or self.pending[0] != seat:
                raise IllegalAction(
                    f"it is seat {self.pending[0]}'s pick after the tie, not seat {seat}'s",
                    rule="not_your_pick",
                )
            if not 0 <= tile < self.n:
                raise self._no_tile(tile)
            if self.taken_by[tile] >= 0:
                raise IllegalAction(
                    f"tile {tile} was already collected by seat {self.taken_by[tile]}; "
                    f"pick one of the tiles nobody has collected",
                    rule="tile_taken",
                    params={"tile": tile + 1},
                )
            self.pending.pop(0)
            events = [self._collect(seat, tile, pending=True)]
            events.extend(self._after_collection())
            return events
        raise IllegalAction(
            f"no market tile can be taken now: this is the {PHASE_NAMES[phase]} phase",
            rule="no_tile_now",
        )

    def _no_tile(self, tile: int) -> IllegalAction:
        return IllegalAction(
            f"there is no market tile {tile}; tiles are 0 to {self.n - 1}",
            rule="no_such_tile",
            params={"tiles": self.n},
        )

    def _collect(self, seat: int, tile: int, pending: bool = False) -> Event:
        self.taken_by[tile] = seat
        cubes = self.market[tile]
        self.collected[seat] = cubes
        self.hand[seat] = hand_of(cubes)
        return {"type": "tile_collected", "seat": seat, "tile": tile, "after_tie": pending}

    def _reveal(self) -> list[Event]:
        n, initiative = self.n, self.initiative
        choosers: list[list[int]] = [[] for _ in range(n)]
        for seat in range(n):
            choosers[self.choice[seat]].append(seat)
        self.last_choices = tuple(self.choice)
        events: list[Event] = [{"type": "choices_revealed", "choices": list(self.choice)}]
        pending: list[int] = []
        groups: list[tuple[int, ...]] = []
        for tile, seats in enumerate(choosers):
            if not seats:
                continue
            seats.sort(key=initiative.__getitem__)
            events.append(self._collect(seats[0], tile))
            if len(seats) > 1:
                groups.append(tuple(seats))
                pending.extend(seats[1:])
        pending.sort(key=initiative.__getitem__)
        self.pending = pending
        self.tie_groups = groups
        events.extend(self._after_collection())
        return events

    def _after_collection(self) -> list[Event]:
        """Auto-assign a last pending pick; once everyone holds a tile, swap and build."""
        events: list[Event] = []
        if len(self.pending) == 1:
            seat = self.pending.pop()
            tile = next(t for t in range(self.n) if self.taken_by[t] < 0)
            events.append(self._collect(seat, tile, pending=True))
        if self.pending:
            self.phase = PICK
            self.waiting = frozenset((self.pending[0],))
            return events
        if self.tie_groups:
            events.append(self._swap_initiative())
        self._start_building()
        events.append({"type": "building_started", "round": self.round})
        return events

    def _swap_initiative(self) -> Event:
        """Each tie group reverses its initiative numbers: 2-way c1<->c2, 3-way c1<->c3,
        4-way c1<->c4 and c2<->c3 (choosers sorted by initiative before the swap)."""
        initiative = self.initiative
        for group in self.tie_groups:
            values = [initiative[seat] for seat in group]
            for seat, value in zip(group, reversed(values), strict=True):
                initiative[seat] = value
        self.tie_groups = []
        return {"type": "initiative_swapped", "initiative": list(initiative)}

    def _start_building(self) -> None:
        n = self.n
        self.phase = BUILD
        self.confirmed = [False] * n
        self.confirmed_pyramid = self.pyramid[:]
        self.undo = [()] * n
        self.memo = [None] * n
        self.placed = [0] * n
        self.waiting = frozenset(range(n))

    # --- building ------------------------------------------------------------------------------

    def _check_building(self, seat: int) -> None:
        if self.phase != BUILD:
            raise IllegalAction(
                f"you cannot build now: this is the {PHASE_NAMES[self.phase]} phase",
                rule="not_building",
            )
        if self.confirmed[seat]:
            raise IllegalAction(
                "you have already confirmed your building for this round", rule="already_confirmed"
            )

    def _place(self, seat: int, action: Place) -> list[Event]:
        if self.phase != BUILD or self.confirmed[seat]:
            self._check_building(seat)
        colour = COLOUR_INDEX.get(action.colour, -1)
        if colour < 0:
            raise IllegalAction(f"unknown cube colour {action.colour!r}", rule=MALFORMED)
        hand = self.hand[seat]
        if not hand[colour]:
            held = ", ".join(COLOUR_NAMES[c] for c in range(NUM_COLOURS) if hand[c]) or "nothing"
            raise IllegalAction(
                f"you have no {action.colour} cube in hand (you hold: {held})",
                rule="colour_not_in_hand",
            )
        pyramid, occupied = self.pyramid[seat], self.occupied[seat]
        z, x, y = action.level, action.x, action.y
        if z.__class__ is not int or x.__class__ is not int or y.__class__ is not int:
            raise IllegalAction("level, x and y must be whole numbers", rule=MALFORMED)
        if z == 0:
            known = BASE_MOVES_CACHE.get(occupied & _BASE)
            legal = (x, y) in (known if known is not None else base_moves(occupied & _BASE))[0]
        else:
            legal = is_legal(pyramid, occupied, colour, z, x, y)
        if not legal:
            raise refusal(pyramid, occupied, colour, z, x, y)
        self.undo[seat] += ((pyramid, occupied, hand, self.memo[seat]),)
        if z == 0 and (x < 0 or y < 0):
            shift = base_shift(x, y)
            pyramid = tuple(mask << shift for mask in pyramid)
            occupied <<= shift
            x, y = max(x, 0), max(y, 0)
        cell = 1 << bit_of(z, x, y)
        masks = list(pyramid)
        masks[colour] |= cell
        self.pyramid[seat] = tuple(masks)
        self.occupied[seat] = occupied | cell
        self.hand[seat] = _HAND_AFTER[hand][colour]
        self.placed[seat] += 1
        return [
            {
                "type": "cube_placed",
                "seat": seat,
                "colour": action.colour,
                "level": action.level,
                "x": action.x,
                "y": action.y,
                "private": [seat],
            }
        ]

    def _undo(self, seat: int) -> list[Event]:
        self._check_building(seat)
        stack = self.undo[seat]
        if not stack:
            raise IllegalAction(
                "there is no placement of this round to undo", rule="nothing_to_undo"
            )
        self.pyramid[seat], self.occupied[seat], self.hand[seat], self.memo[seat] = stack[-1]
        self.undo[seat] = stack[:-1]
        self.placed[seat] -= 1
        return [{"type": "placement_undone", "seat": seat, "private": [seat]}]

    def _confirm(self, seat: int) -> list[Event]:
        self._check_building(seat)
        hand = self.hand[seat]
        if can_place_any(self.pyramid[seat], self.occupied[seat], hand):
            raise IllegalAction(
                "you must place your cubes while one of them still fits somewhere",
                rule="must_place",
            )
        if any(hand):
            self.discarding[seat] = hand
            self.hand[seat] = EMPTY_HAND
        self.confirmed[seat] = True
        self.waiting = self.waiting - {seat}
        events: list[Event] = [{"type": "seat_confirmed", "seat": seat}]
        if not self.waiting:
            events.extend(self._end_round())
        return events

    def _end_round(self) -> list[Event]:
        n = self.n
        events: list[Event] = [
            {
                "type": "round_built",
                "round": self.round,
                "placed": self.placed[:],
                "discarded": [len(self.collected[s]) - self.placed[s] for s in range(n)],
            }
        ]
        self.confirmed_pyramid = self.pyramid[:]
        self.undo = [()] * n
        self.collected = [()] * n
        for seat, thrown in enumerate(self.discarding):
            if any(thrown):
                self.discarded[seat] = tuple(
                    a + b for a, b in zip(self.discarded[seat], thrown, strict=True)
                )
        self.discarding = [EMPTY_HAND] * n
        if self.round == ROUNDS:
            self.phase = OVER
            self.waiting = frozenset()
            events.append({"type": "game_over"})
            return events
        self.round += 1
        events.append(self.start_round())
        return events
