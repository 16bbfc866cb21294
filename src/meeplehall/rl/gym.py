"""A single-agent Gymnasium environment: the learner plays one seat against the project's bots.

``gym_env("pyramido", opponents="2,2")`` seats the learner at seat 0 (``seat=None``: a seat
drawn anew each episode) against two level-2 bots, so the match has three players. Bots move
whenever the match waits for them (at a simultaneous step, seats act in seat order, and nobody
sees a rival's choice of the same step). Observations are the same dict as PettingZoo's; the
reward is 0 until the end, then the learner's final reward (``score_diff`` or ``win_loss``).

An action that is not legal ends the episode as a loss by default (``illegal="lose"``: the
worst reward, ``info["illegal_action"]`` says which, and the match itself is left unchanged), as
PettingZoo's classic board games do; ``illegal="raise"`` raises ValueError instead.
"""

from __future__ import annotations

import copy
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeplehall.ai import Bot, make_bot
from meeplehall.rl.aec import OBS_BOUND
from meeplehall.rl.table import Table

ILLEGAL = ("lose", "raise")


def parse_opponents(opponents: str | list[int] | tuple[int, ...]) -> list[int]:
    """Bot levels from "2,2" or [2, 2] ("" for none); ValueError naming a bad part."""
    if isinstance(opponents, str):
        parts = opponents.split(",") if opponents.strip() else []  # "": solo, no bots
    else:
        parts = [str(level) for level in opponents]
    levels = []
    for part in parts:
        try:
            level = int(str(part).strip())
        except ValueError:
            raise ValueError(f"opponent {part!r} is not a bot level (1, 2 or 3)") from None
        if level not in (1, 2, 3):
            raise ValueError(f"no bot of level {level}; levels are 1, 2 and 3")
        levels.append(level)
    return levels


class MeepleHallGymEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    def __init__(self, game: str, opponents: str | list[int] = "2", seat: int | None = 0,
                 reward: str = "score_diff", illegal: str = "lose",
                 render_mode: str | None = None, **options: Any) -> None:
        self.levels = parse_opponents(opponents)
        players = 1 + len(self.levels)
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
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"meeplehall_{game}_gym_v0"}
        encoding = self.table.encoding
        self.observation_space: spaces.Space[Any] = spaces.Dict(
            {
                "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (encoding.observation_size,),
                                          np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.actions.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoding.actions.size)
        self.worst = -1.0 if reward == "win_loss" else -float(encoding.score_bound)
        self.bots: dict[int, Bot] = {}

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        observation = {"observation": self.table.tensor(self.seat),
                       "action_mask": self.table.mask(self.seat)}
        return observation, {"view": self.table.view(self.seat)}

    def _bots_move(self) -> None:
        """Let the bots play until the match waits for the learner or ends."""
        table = self.table
        while not table.is_over():
            seat = table.mover()
            assert seat is not None
            if seat == self.seat:
                return
            action = self.bots[seat].choose(table.state, seat)
            table.play(seat, table.index_of(action))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        players = self.table.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(draw(players))
        others = [s for s in range(players) if s != self.seat]
        self.bots = {s: make_bot(level, int(draw(1 << 62)))
                     for s, level in zip(others, self.levels, strict=True)}
        self.table.reset(int(draw(1 << 62)))
        self._bots_move()
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
            # The match did not change, so its view is the one already handed out: a copy
            # keeps the two from being one object.
            info = {"view": copy.deepcopy(info["view"]), "illegal_action": index}
            return observation, self.worst, True, False, info
        table.play(self.seat, index)
        self._bots_move()
        observation, info = self._observe()
        over = table.is_over()
        reward = table.returns()[self.seat] if over else 0.0
        return observation, reward, over, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state.view(None))


def gym_env(game: str, opponents: str | list[int] = "2", seat: int | None = 0,
            reward: str = "score_diff", illegal: str = "lose", render_mode: str | None = None,
            **options: Any) -> MeepleHallGymEnv:
    """The learner's seat against bots, e.g. ``gym_env("pyramido", opponents="2,2")``."""
    return MeepleHallGymEnv(game, opponents, seat, reward, illegal, render_mode, **options)
