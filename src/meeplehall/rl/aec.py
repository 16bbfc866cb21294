"""Every registered game as a PettingZoo AEC environment.

Agents are ``player_0 .. player_{n-1}`` (seat order). At a simultaneous step (Yaxha's market
choice and building, Pyramido's stage scoring) the seats act one after another in seat order,
and each sees only its own ``view``, so nobody learns a rival's secret choice of the same step.
Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}``; the info of the
agent to act holds ``"view"``, the raw view JSON its tensor shows, drawn only when read
(:class:`~meeplehall.rl.viewinfo.ViewInfo`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from meeplehall.rl.opponents import OpponentSpec, parse_seat_opponents, play_opponents
from meeplehall.rl.table import Table, fresh_seed

#: Observation tensors hold counts and values scaled to about 0..1; this bound is loose.
OBS_BOUND = 1000.0


def spaces_of(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (tensor and action mask) and the action space of every agent."""
    encoding = table.encoding
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (encoding.observation_size,),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.actions.size,), np.int8),
        }
    )
    return observation, spaces.Discrete(encoding.actions.size)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class MeepleHallEnv(AECEnv):  # type: ignore[misc]
    def __init__(self, game: str, players: int, reward: str = "score_diff",
                 render_mode: str | None = None,
                 opponents: Mapping[int, OpponentSpec] | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}; the only one is 'ansi'")
        self.table = Table(game, players, options, reward)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False,
                         "name": f"meeplehall_{game}_v0"}
        #: Seats played inside the environment (bots or policies): they are not agents.
        self.opponents = parse_seat_opponents(opponents, players)
        self._players: dict[int, Callable[[Table, int], int]] = {}
        self.possible_agents = [agent_name(seat) for seat in range(players)
                                if seat not in self.opponents]
        self._seats = {name: int(name.removeprefix("player_")) for name in self.possible_agents}
        self._observation_space, self._action_space = spaces_of(self.table)
        self._seeds = random.Random()
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 - one space object per agent, as asked
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # --- episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self._players = {seat: opponent.seat_player(fresh_seed(self._seeds))
                         for seat, opponent in sorted(self.opponents.items())}
        self.table.reset(fresh_seed(self._seeds))
        play_opponents(self.table, self._players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        """Point agent_selection at the seat to act, or end the episode for everyone."""
        table = self.table
        if table.is_over():
            returns = table.returns()
            for agent in self.possible_agents:
                value = returns[self._seats[agent]]
                if agent in self.agents:
                    self.rewards[agent] = value
                    self.terminations[agent] = True
                    self.infos[agent] = table.view_info(self._seats[agent])
            self.agent_selection = self.agents[0]
            return
        infos = self.infos
        for agent in self.agents:
            infos[agent] = {}
        self._select_mover()

    def _select_mover(self) -> None:
        """The match goes on: the seat to act is selected and given its info. Only the agent
        that held the last info needs an empty one again (the others' were emptied when it
        was given), which saves a dict per agent at every step."""
        table = self.table
        seat = min(table.state.to_move())  # Table.mover, inlined: this runs at every step
        infos = self.infos
        infos[self.agent_selection] = {}
        selected = self.agent_selection = agent_name(seat)
        infos[selected] = table.view_info(seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        table = self.table
        return {"observation": table.tensor(seat), "action_mask": table.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        table.play(self._seats[agent], action)
        if self._players:
            play_opponents(table, self._players)
        # Rewards stay 0 until the match ends: only then is there anything to clear and add.
        if table.state.is_over():
            self._clear_rewards()
            self._select()
            self._accumulate_rewards()
        else:
            self._select_mover()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state.view(None))

    def close(self) -> None:
        pass


def pettingzoo_env(game: str, players: int, reward: str = "score_diff",
                   render_mode: str | None = None,
                   opponents: Mapping[int, OpponentSpec] | None = None,
                   **options: Any) -> MeepleHallEnv:
    """The AEC environment of a registered game, e.g. ``pettingzoo_env("yaxha", players=4)``;
    ``opponents={1: "3@200"}`` plays seat 1 inside the environment (it is then no agent)."""
    return MeepleHallEnv(game, players, reward, render_mode, opponents, **options)
