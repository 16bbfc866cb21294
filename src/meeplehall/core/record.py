"""A match record: everything needed to rebuild a match, as saved by ``meeplehall play --save``.

A record names the generator its seed feeds; files written before generators had names carry
none, and were dealt by the legacy one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeplehall.core.protocol import Game, State
from meeplehall.core.registry import get_game
from meeplehall.core.replay import replay
from meeplehall.core.rng import KEYED, LEGACY, Seed


@dataclass
class MatchRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, Any]] = field(default_factory=list)
    generator: str = KEYED

    def __post_init__(self) -> None:
        self.full_seed  # noqa: B018 - refuses an unknown generator or a negative seed now

    @property
    def full_seed(self) -> Seed:
        return Seed(self.seed, self.generator)

    def add(self, seat: int, action_json: Any) -> None:
        self.actions.append((seat, action_json))

    def resolve_game(self) -> Game:
        return get_game(self.game)

    def replay(self) -> State:
        return replay(self.resolve_game(), self.players, self.options, self.full_seed, self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "generator": self.generator,
            "options": self.options,
            "actions": [[seat, action] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict):
            raise ValueError("a match record is a JSON object")
        try:
            actions = [(int(seat), action) for seat, action in data.get("actions", [])]
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=actions,
                generator=str(data.get("generator", LEGACY)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a valid match record: {error}") from error
