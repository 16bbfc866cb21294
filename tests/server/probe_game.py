"""A tiny game used only to exercise the server until the real games are on main.

TEMPORARY: delete this file (and its registration in conftest.py) once real games land.
Each seat holds a secret hand of three cards; each round every seat secretly commits one card
at the same moment (simultaneous step), the cards are revealed, and the round's winner alone
picks a bonus (single-seat step). Highest total after three rounds wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from meeplehall.core import Event, IllegalAction, OptionSpec, Result, Rng, validate_options


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"play": self.card}


@dataclass(frozen=True, slots=True)
class Bonus:
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"bonus": self.points}


class ProbeState:
    def __init__(self, hands: list[list[int]], bonus_points: int) -> None:
        self.hands = hands
        self.committed: dict[int, int] = {}
        self.scores = [0] * len(hands)
        self.winner: int | None = None
        self.round = 0
        self.bonus_points = bonus_points

    def to_move(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        if self.winner is not None:
            return frozenset({self.winner})
        return frozenset(s for s in range(len(self.hands)) if s not in self.committed)

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_move():
            return []
        if self.winner is not None:
            return [Bonus(1), Bonus(self.bonus_points)]
        return [Play(card) for card in self.hands[seat]]

    def apply(self, seat: int, action: Any) -> list[Event]:
        if seat not in self.to_move():
            raise IllegalAction(f"seat {seat} is not to move")
        if self.winner is not None:
            if not isinstance(action, Bonus) or action.points not in (1, self.bonus_points):
                raise IllegalAction("pick a bonus of 1 or the table's bonus")
            self.scores[seat] += action.points
            self.winner = None
            self.round += 1
            return [{"type": "bonus", "seat": seat, "points": action.points}]
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            raise IllegalAction("play a card from your hand")
        self.hands[seat].remove(action.card)
        self.committed[seat] = action.card
        events: list[Event] = [
            {"type": "committed", "seat": seat, "card": action.card, "private": [seat]},
            {"type": "ready", "seat": seat},
        ]
        if len(self.committed) == len(self.hands):
            best = max(self.committed.values())
            self.winner = next(s for s, c in self.committed.items() if c == best)
            self.scores[self.winner] += 1
            events.append({"type": "reveal", "cards": dict(sorted(self.committed.items()))})
            self.committed = {}
        return events

    def is_over(self) -> bool:
        return self.round >= 3

    def result(self) -> Result:
        return Result.ranked(self.scores, [{"points": s} for s in self.scores])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "ready": sorted(self.committed),
            "winner": self.winner,
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "my_commit": self.committed.get(seat) if seat is not None else None,
        }

    def clone(self) -> ProbeState:
        copy = ProbeState([list(h) for h in self.hands], self.bonus_points)
        copy.committed = dict(self.committed)
        copy.scores = list(self.scores)
        copy.winner, copy.round = self.winner, self.round
        return copy

    def determinize(self, seat: int, rng: Random) -> ProbeState:
        return self.clone()

    def heuristic(self, seat: int) -> float:
        return float(self.scores[seat] - max(s for i, s in enumerate(self.scores) if i != seat))


class ProbeGame:
    name = "probe"
    title = "Probe"
    min_players = 2
    max_players = 4
    options = (OptionSpec("bonus", "int", 2, "Bonus", "points of the big bonus", minimum=2,
                          maximum=5),)

    def new_state(self, players: int, options: Mapping[str, Any] | None = None,
                  seed: int = 0) -> ProbeState:
        values = validate_options(self.options, options)
        if not 2 <= players <= 4:
            from meeplehall.core import InvalidOption

            raise InvalidOption("probe is for 2 to 4 players")
        deck = list(range(7001, 7100))
        Rng(seed).shuffle(deck)
        return ProbeState([deck[3 * s: 3 * s + 3] for s in range(players)], values["bonus"])

    def parse_action(self, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("play"), int):
            return Play(data["play"])
        if isinstance(data, dict) and isinstance(data.get("bonus"), int):
            return Bonus(data["bonus"])
        raise IllegalAction("an action is {\"play\": card} or {\"bonus\": points}")

    def describe_action(self, action: Any) -> str:
        return f"play {action.card}" if isinstance(action, Play) else f"bonus {action.points}"

    def render_text(self, view: Mapping[str, Any]) -> str:
        return str(dict(view))


GAME = ProbeGame()
