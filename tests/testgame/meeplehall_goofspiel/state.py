"""Goofspiel's match data and moves: the bottom of the game, needing nothing above it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeplehall.core import Event, IllegalAction, Result, State
from meeplehall_goofspiel.actions import Bid
from meeplehall_goofspiel.rounds import taker

#: A revealed round: the prize, each seat's bid, the seat that took the prize (None: a tie).
Reveal = tuple[int, tuple[int, ...], int | None]


class GoofspielState(State):
    """One match: the hands, the prize deck, the pending bids, the scores.

    ``prizes`` is the dealt prize deck, in the order its cards will be turned up.
    """

    def __init__(self, players: int, prizes: Sequence[int]) -> None:
        self.players = players
        self.cards = len(prizes)
        self.hands = [set(range(1, self.cards + 1)) for _ in range(players)]
        self.prize: int | None = prizes[0]
        #: The prizes still face down, the next one first (hidden from everyone).
        self.deck = list(prizes[1:])
        self.scores = [0] * players
        #: The prizes each seat took, in the order it took them.
        self.won: list[list[int]] = [[] for _ in range(players)]
        #: This round's bids so far (each secret from the others until the last is in).
        self.bids: dict[int, int] = {}
        self.last: Reveal | None = None

    def to_move(self) -> frozenset[int]:
        if self.prize is None:
            return frozenset()
        return frozenset(seat for seat in range(self.players) if seat not in self.bids)

    def legal_actions(self, seat: int) -> list[Bid]:  # type: ignore[override]
        if seat not in self.to_move():
            return []
        return [Bid(card) for card in sorted(self.hands[seat])]

    def apply(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, Bid):
            raise IllegalAction(f"{action!r} is not a Goofspiel action")
        if seat not in self.to_move():
            raise IllegalAction(f"seat {seat} has no bid to make now", "not_your_turn")
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} holds no card {action.card}", "no_such_card",
                                {"card": action.card})
        self.bids[seat] = action.card
        if len(self.bids) < self.players:
            return [{"type": "bid", "seat": seat, "card": action.card, "private": [seat]},
                    {"type": "seat_has_bid", "seat": seat}]
        return self._reveal()

    def _reveal(self) -> list[Event]:
        """Every bid is in: show them, give the prize, spend the cards, turn the next prize."""
        assert self.prize is not None
        prize, bids = self.prize, self.bids
        events: list[Event] = [{"type": "bid_revealed", "seat": seat, "card": bids[seat]}
                               for seat in range(self.players)]
        took = taker(bids)
        if took is None:
            events.append({"type": "prize_discarded", "prize": prize})
        else:
            self.scores[took] += prize
            self.won[took].append(prize)
            events.append({"type": "prize_taken", "seat": took, "prize": prize})
        for seat, card in bids.items():
            self.hands[seat].discard(card)
        self.last = (prize, tuple(bids[seat] for seat in range(self.players)), took)
        self.bids = {}
        self.prize = self.deck.pop(0) if self.deck else None
        if self.prize is not None:
            events.append({"type": "prize_turned", "prize": self.prize})
        return events

    def is_over(self) -> bool:
        return self.prize is None

    def result(self) -> Result:
        return Result.ranked(self.scores, [{"prizes": list(won)} for won in self.won])

    def clone(self) -> GoofspielState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [set(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.scores = list(self.scores)
        other.won = [list(won) for won in self.won]
        other.bids = dict(self.bids)
        return other
