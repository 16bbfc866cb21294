"""One match seen the way research adapters see it: indexed actions, masks and tensors.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) plays through a :class:`Table`, which reaches the
game only through the registry and the protocol: ``view(seat)`` for what a seat sees,
``legal_actions(seat)`` for what it may do, and the game's research encoding for the numbering.
Take-backs (Yaxha's undo) are never offered: a learner gains nothing by them and could loop.

Tensors come from the game's ``encode(state, seat)`` when it has one (the same numbers as its
``observe(view(seat))``, which stays the reference and is what :meth:`Table.reference_tensor`
gives), since drawing the whole view at every step would cost many times the move itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from random import Random
from typing import Any

import numpy as np

from meeplehall.ai.keys import is_take_back
from meeplehall.core import Action, Game, State
from meeplehall.core.errors import UnknownGame
from meeplehall.core.registry import get_game, research_encoding
from meeplehall.core.research import ResearchEncoding
from meeplehall.core.rng import Seed
from meeplehall.rl.samestep import Steps
from meeplehall.rl.viewinfo import ViewInfo

#: Past this many cached action indices the cache starts afresh, so a long run stays small.
INDEX_CACHE_LIMIT = 100_000
#: Reward modes: the final score minus the best rival's, or +1 / 0 (shared win) / -1.
REWARDS = ("score_diff", "win_loss")


def encoding_of(game: Game, players: int, options: Mapping[str, Any]) -> ResearchEncoding:
    """The game's research encoding (MissingEncoding when it has no research wing)."""
    return research_encoding(game.name, players, options)


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; rewards are {', '.join(REWARDS)}")
    return reward


Indices = tuple[dict[Action, int], dict[int, tuple[int, Action]]]
_INDICES: dict[tuple[str, int, str], Indices] = {}


def shared_indices(game_name: str, players: int, options: Mapping[str, Any]) -> Indices:
    """The action-index caches of every table of this game, player count and options."""
    key = (game_name, players, json.dumps(options, sort_keys=True, default=repr))
    known = _INDICES.get(key)
    if known is None:
        known = _INDICES[key] = ({}, {})
    return known


class Table:
    """A game's match with its encoding: who acts, their legal indices, tensors and rewards."""

    def __init__(self, game_name: str, players: int, options: Mapping[str, Any] | None = None,
                 reward: str = "score_diff") -> None:
        try:
            self.game = get_game(game_name)
        except UnknownGame as error:  # a KeyError in the registry; the adapters promise this
            raise ValueError(error.reason) from None
        self.players = players
        self.options = dict(options or {})
        self.reward = check_reward(reward)
        self.encoding = encoding_of(self.game, players, self.options)
        self.state: State = self.game.new_state(players, self.options, 0)
        self.seed: int | Seed = 0
        #: (seat, action) as played; :attr:`log` gives their JSON, made only when asked.
        self._played: list[tuple[int, Action]] = []
        #: Per seat at this step: index -> action (dropped at every move).
        self._legal: dict[int, dict[int, Action]] = {}
        #: Action -> index, kept across steps: games reuse equal actions all match long; and
        #: the same for legal lists, by the action object's identity (games list the same
        #: interned actions step after step, and hashing each would cost more than the move),
        #: with -1 for a take-back. An entry keeps its action alive, so no id is reused in it.
        #: Both are shared by every table of the same game, players and options in the process
        #: (indices depend on nothing else), so that new environments start warm.
        self._index_of, self._offered = shared_indices(game_name, players, self.options)
        self._no_mask = bytes(self.encoding.actions.size)
        self._encode = self.encoding.encode
        self._views: dict[int, dict[str, Any]] = {}
        #: Holds a simultaneous step's moves back from the other seats until it is complete.
        self.steps = Steps(self.state)

    # --- the match ----------------------------------------------------------------------------

    def reset(self, seed: int | Seed) -> None:
        self.seed = seed
        self.state = self.game.new_state(self.players, self.options, seed)
        self._played = []
        self.steps = Steps(self.state)
        self._forget()

    @property
    def log(self) -> list[tuple[int, dict[str, Any]]]:
        """The match's moves so far as (seat, action JSON), as ``core.replay`` takes them."""
        return [(seat, action.to_json()) for seat, action in self._played]

    def _forget(self) -> None:
        self._legal.clear()
        self._views.clear()

    def mover(self) -> int | None:
        """The seat to act: the first in seat order of those the match waits for."""
        seats = self.state.to_move()
        return min(seats) if seats else None

    def movers(self) -> list[int]:
        return sorted(self.state.to_move())

    def is_over(self) -> bool:
        return self.state.is_over()

    def legal(self, seat: int) -> dict[int, Action]:
        """Index -> action for every legal action of ``seat`` now (none unless it is to move)."""
        known = self._legal.get(seat)
        if known is None:
            known = {}
            state = self.state
            if seat in state.to_move():
                actions = state.legal_actions(seat)
                # An entry keeps its action alive, so an identity found there is that action.
                try:
                    known = dict(map(self._offered.get, map(id, actions)))  # type: ignore[arg-type]
                except TypeError:  # an action not offered before (its entry is None)
                    known = dict(map(self._entry, actions))
                known.pop(-1, None)  # a take-back
            self._legal[seat] = known
        return known

    def _entry(self, action: Action) -> tuple[int, Action]:
        return self._offered.get(id(action)) or self._offer(action)

    def _offer(self, action: Action) -> tuple[int, Action]:
        entry = (-1 if is_take_back(self.state, action) else self.index_of(action), action)
        if len(self._offered) >= INDEX_CACHE_LIMIT:
            self._offered.clear()
        self._offered[id(action)] = entry
        return entry

    def index_of(self, action: Action) -> int:
        try:
            return self._index_of[action]
        except KeyError:
            pass
        index = self.encoding.actions.index(action.to_json())
        if len(self._index_of) >= INDEX_CACHE_LIMIT:
            self._index_of.clear()
        self._index_of[action] = index
        return index

    def mask(self, seat: int) -> np.ndarray:
        """The seat's action mask (a fresh array: callers may keep or change it)."""
        mask = bytearray(self._no_mask)
        for index in self.legal(seat):
            mask[index] = 1
        return np.frombuffer(mask, np.int8)

    def play(self, seat: int, index: int) -> None:
        """Play action ``index`` for ``seat``; ValueError (and no change) if it is not legal."""
        legal = self._legal.get(seat)
        action = (self.legal(seat) if legal is None else legal).get(int(index))
        if action is None:
            allowed = sorted(self.legal(seat))
            shown = allowed if len(allowed) <= 20 else [*allowed[:20], "..."]
            raise ValueError(
                f"action {index} is not legal for seat {seat} now; legal: {shown}"
            )
        self.apply_logged(seat, action)

    def apply_logged(self, seat: int, action: Action) -> None:
        """Make a move of a recorded match, take-backs included (the game checks it)."""
        self.state.apply(seat, action)
        self._played.append((seat, action))
        self.steps.played(self.state, seat, action)
        self._forget()

    # --- what a seat sees ---------------------------------------------------------------------

    def seen(self, seat: int) -> State:
        """The match as ``seat`` may see it: without the other seats' moves of a simultaneous
        step that is not complete yet (see :mod:`meeplehall.rl.samestep`)."""
        return self.steps.seen(self.state, seat)

    def view(self, seat: int) -> dict[str, Any]:
        known = self._views.get(seat)
        if known is None:
            known = self._views[seat] = self.seen(seat).view(seat)
        return known

    def tensor(self, seat: int) -> np.ndarray:
        """The seat's observation tensor (a fresh array: callers may keep or change it)."""
        encode = self._encode
        if encode is None:
            return self.reference_tensor(seat)
        data = encode(self.steps.seen(self.state, seat), seat)
        # A bytearray is the encoder's own fresh buffer: no copy needed to hand it out.
        return np.frombuffer(data if data.__class__ is bytearray else bytearray(data), np.float32)

    def reference_tensor(self, seat: int) -> np.ndarray:
        """The tensor built from ``view(seat)``: what ``tensor`` must always equal."""
        return np.asarray(self.encoding.observe(self.view(seat)), dtype=np.float32)

    def view_info(self, seat: int) -> ViewInfo:
        """An info holding the seat's view of now, drawn only if it is read (see ViewInfo)."""
        return ViewInfo(partial(self._view_at, seat, self.state, self._played,
                                len(self._played), self.seed))

    def _view_at(self, seat: int, state: State, played: list[tuple[int, Action]], count: int,
                 seed: int | Seed) -> dict[str, Any]:
        """The seat's view (as it may see the match) at the step when the match was ``state``
        with ``count`` moves of ``played`` made, from ``seed``."""
        if self.state is state and len(played) == count:
            return self.view(seat)
        # The match has moved on (or was reset): rebuild the step the info was made at.
        state = self.game.new_state(self.players, self.options, seed)
        steps = Steps(state)
        for mover, action in played[:count]:
            state.apply(mover, action)
            steps.played(state, mover, action)
        return steps.seen(state, seat).view(seat)

    # --- the outcome --------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Per seat: 0 until the match ends, then the reward the chosen mode gives."""
        return final_rewards(self.state, self.players, self.reward)


def final_rewards(state: State, players: int, reward: str) -> list[float]:
    """Per seat: 0 until the match ends; then the score minus the best rival's (``score_diff``;
    alone, the score itself), or +1 for a sole winner, 0 for a shared win, -1 otherwise."""
    if not state.is_over():
        return [0.0] * players
    result = state.result()
    if reward == "win_loss":
        won = result.winners
        return [(1.0 if len(won) == 1 else 0.0) if seat in won else -1.0 for seat in range(players)]
    scores = result.scores
    out = []
    for seat in range(players):
        rivals = [score for other, score in enumerate(scores[:players]) if other != seat]
        out.append(float(scores[seat] - max(rivals)) if rivals else float(scores[seat]))
    return out


def fresh_seed(rng: Random) -> int:
    return rng.getrandbits(63)
