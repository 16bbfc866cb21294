"""A single-agent Gymnasium environment: the learner plays one seat against opponents.

``gym_env("pyramido", opponents="2,2")`` seats the learner at seat 0 (``seat=None``: a seat
drawn anew each episode) against two level-2 bots, so the match has three players. Opponents
(:mod:`meeplehall.rl.opponents`) are bot levels, level 3 on an iteration budget (``"3@200"``),
or any policy, the learner's own included (self-play). They move whenever the match waits for
them; at a simultaneous step, seats act in seat order and nobody sees a rival's choice of the
same step. Observations are the same dict as PettingZoo's; the reward is 0 until the end, then
the learner's final reward (``score_diff`` or ``win_loss``). The same seed gives the same
episode (with clock-free opponents and deterministic policies).

The info is empty unless ``info_view=True`` asks for the learner's view under ``"view"``
(drawn only when read): Gymnasium's vector environments merge infos key by key at every step,
which would draw the view each time, and a view's nested fields change type from step to step.
``action_masks()`` gives the learner's mask as booleans, as sb3-contrib's MaskablePPO asks.

An action that is not legal ends the episode as a loss by default (``illegal="lose"``: the
worst reward, ``info["illegal_action"]`` says which, and the match itself is left unchanged), as
PettingZoo's classic board games do; ``illegal="raise"`` raises ValueError instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeplehall.rl.aec import spaces_of
from meeplehall.rl.opponents import OpponentSpec, parse_opponents, play_opponents
from meeplehall.rl.table import Table

ILLEGAL = ("lose", "raise")


class MeepleHallGymEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    def __init__(self, game: str, opponents: str | Sequence[OpponentSpec] = "2",
                 seat: int | None = 0, reward: str = "score_diff", illegal: str = "lose",
                 render_mode: str | None = None, info_view: bool = False,
                 **options: Any) -> None:
        self.opponents = parse_opponents(opponents)
        players = 1 + len(self.opponents)
        if illegal not in ILLEGAL:
            raise ValueError(f"unknown illegal-action rule {illegal!r}; rules are lose, raise")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player match")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}; the only one is 'ansi'")
        self.table = Table(game, players, options, reward)
        self.fixed_seat = seat
        self.seat = seat or 0
        self.illegal = illegal
        self.info_view = info_view
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"meeplehall_{game}_gym_v0"}
        observation_space, self.action_space = spaces_of(self.table)
        self.observation_space: spaces.Space[Any] = observation_space
        self.worst = -1.0 if reward == "win_loss" else -float(self.table.encoding.score_bound)
        self.players: dict[int, Callable[[Table, int], int]] = {}

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        table, seat = self.table, self.seat
        observation = {"observation": table.tensor(seat), "action_mask": table.mask(seat)}
        return observation, table.view_info(seat) if self.info_view else {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (sb3-contrib's MaskablePPO reads it)."""
        return self.table.mask(self.seat).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        players = self.table.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(draw(players))
        others = [s for s in range(players) if s != self.seat]
        self.players = {s: opponent.seat_player(int(draw(1 << 62)))
                        for s, opponent in zip(others, self.opponents, strict=True)}
        self.table.reset(int(draw(1 << 62)))
        play_opponents(self.table, self.players)
        return self._observe()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.is_over():
            raise ValueError("the episode is over: call reset() first")
        index = int(action)
        if index not in table.legal(self.seat):
            if self.illegal == "raise":
                table.play(self.seat, index)  # raises ValueError naming the legal actions
            observation, info = self._observe()
            return observation, self.worst, True, False, {**info, "illegal_action": index}
        table.play(self.seat, index)
        play_opponents(table, self.players)
        observation, info = self._observe()
        over = table.is_over()
        reward = table.returns()[self.seat] if over else 0.0
        return observation, reward, over, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state.view(None))


def gym_env(game: str, opponents: str | Sequence[OpponentSpec] = "2", seat: int | None = 0,
            reward: str = "score_diff", illegal: str = "lose", render_mode: str | None = None,
            info_view: bool = False, **options: Any) -> MeepleHallGymEnv:
    """The learner's seat against opponents, e.g. ``gym_env("pyramido", opponents="2,2")``."""
    return MeepleHallGymEnv(game, opponents, seat, reward, illegal, render_mode, info_view,
                            **options)
