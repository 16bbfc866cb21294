"""A tiny simultaneous-bid game with a hidden deck, for unit tests of the search machinery.

Each round a prize card is turned up; every seat secretly bids one card from its hand; the highest
bid alone takes the prize (tied bids take nothing). The prize deck's order and a rival's pending
bid are hidden. It lives in the tests only: the bots meet the real games everywhere else.

It subclasses ``State``, so it has the protocol's optional members with their defaults (one
decision a turn, no take-backs) without declaring them.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from meeplehall.core import IllegalAction, Result, State


@dataclass(frozen=True, slots=True)
class Bid:
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"bid": self.card}


class Goofspiel(State):
    def __init__(self, players: int = 2, cards: int = 5, seed: int = 0) -> None:
        prizes = list(range(1, cards + 1))
        Random(seed).shuffle(prizes)
        self.players = players
        self.hands = [set(range(1, cards + 1)) for _ in range(players)]
        self.deck = prizes[1:]
        self.prize: int | None = prizes[0]
        self.scores = [0] * players
        self.bids: dict[int, int] = {}

    def to_move(self) -> frozenset[int]:
        if self.prize is None:
            return frozenset()
        return frozenset(s for s in range(self.players) if s not in self.bids)

    def legal_actions(self, seat: int) -> list[Bid]:
        if seat not in self.to_move():
            return []
        return [Bid(card) for card in sorted(self.hands[seat])]

    def apply(self, seat: int, action: Bid) -> list[dict[str, Any]]:
        if seat not in self.to_move() or action.card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} cannot bid {action.card} now")
        self.bids[seat] = action.card
        if len(self.bids) < self.players:
            return [{"type": "bid", "seat": seat}]
        top = max(self.bids.values())
        takers = [s for s, card in self.bids.items() if card == top]
        if len(takers) == 1 and self.prize is not None:
            self.scores[takers[0]] += self.prize
        for s, card in self.bids.items():
            self.hands[s].discard(card)
        self.bids = {}
        self.prize = self.deck.pop(0) if self.deck else None
        return [{"type": "resolved"}]

    def is_over(self) -> bool:
        return self.prize is None

    def result(self) -> Result:
        return Result.ranked(self.scores, [{} for _ in self.scores])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hands": [sorted(hand) for hand in self.hands],
            "unseen_prizes": sorted(self.deck),
            "prize": self.prize,
            "scores": list(self.scores),
            "has_bid": sorted(self.bids),
            "my_bid": self.bids.get(seat) if seat is not None else None,
        }

    def clone(self) -> Goofspiel:
        other = Goofspiel.__new__(Goofspiel)
        other.players = self.players
        other.hands = [set(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.prize = self.prize
        other.scores = list(self.scores)
        other.bids = dict(self.bids)
        return other

    def determinize(self, seat: int, rng: Random) -> Goofspiel:
        world = self.clone()
        world.deck = sorted(world.deck)
        rng.shuffle(world.deck)
        for other in sorted(world.bids):
            if other != seat:
                world.bids[other] = rng.choice(sorted(world.hands[other]))
        return world

    def heuristic(self, seat: int) -> float:
        rivals = [score for s, score in enumerate(self.scores) if s != seat]
        return float(self.scores[seat] - max(rivals))
