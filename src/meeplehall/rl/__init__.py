"""Research adapters: every registered game for PettingZoo, Gymnasium and OpenSpiel.

Needs the ``rl`` extra (``pip install 'meeplehall[rl]'``). Each adapter reaches games only
through the registry and the protocol, with the fixed action indexing and observation layout
each game's research wing declares (``meeplehall.core.registry.research_encoding``);
``docs/research.md`` documents them.

- :func:`pettingzoo_env` — an AEC environment; :func:`parallel_env` — its parallel form;
- :func:`gym_env` — one learner seat against the project's bots or any policy;
- :func:`vector_env` — n such matches stepped together, with numpy batches;
- ``import meeplehall.rl.openspiel`` registers ``meeplehall_<game>`` with ``pyspiel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from meeplehall.rl.aec import MeepleHallEnv
    from meeplehall.rl.gym import MeepleHallGymEnv
    from meeplehall.rl.opponents import OpponentSpec
    from meeplehall.rl.parallel import MeepleHallParallelEnv
    from meeplehall.rl.vector import MeepleHallVectorEnv


def pettingzoo_env(game: str, players: int, reward: str = "score_diff",
                   render_mode: str | None = None,
                   opponents: Mapping[int, OpponentSpec] | None = None,
                   **options: Any) -> MeepleHallEnv:
    from meeplehall.rl.aec import pettingzoo_env as make

    return make(game, players, reward, render_mode, opponents, **options)


def parallel_env(game: str, players: int, reward: str = "score_diff",
                 render_mode: str | None = None,
                 opponents: Mapping[int, OpponentSpec] | None = None,
                 **options: Any) -> MeepleHallParallelEnv:
    from meeplehall.rl.parallel import parallel_env as make

    return make(game, players, reward, render_mode, opponents, **options)


def gym_env(game: str, opponents: str | Sequence[OpponentSpec] = "2", seat: int | None = 0,
            reward: str = "score_diff", illegal: str = "lose", render_mode: str | None = None,
            info_view: bool = False, **options: Any) -> MeepleHallGymEnv:
    from meeplehall.rl.gym import gym_env as make

    return make(game, opponents, seat, reward, illegal, render_mode, info_view, **options)


def vector_env(game: str, n: int, opponents: str | Sequence[OpponentSpec] = "2",
               seat: int | None = 0, reward: str = "score_diff", illegal: str = "lose",
               **options: Any) -> MeepleHallVectorEnv:
    from meeplehall.rl.vector import vector_env as make

    return make(game, n, opponents, seat, reward, illegal, **options)


__all__ = ["gym_env", "parallel_env", "pettingzoo_env", "vector_env"]
