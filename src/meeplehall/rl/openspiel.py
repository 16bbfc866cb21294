"""Every registered game as an OpenSpiel Python game: ``pyspiel.load_game("meeplehall_yaxha")``.

Importing this module registers ``meeplehall_<name>`` for each game with a research encoding.
Parameters: ``players``; ``options`` (the table options as a JSON object in a string);
``reward`` (``score_diff`` or ``win_loss``); ``seed`` (-1: every new initial state deals anew
from a stream seeded by ``deal_stream``; otherwise the same deal every time) and ``turn_based``.

Chance is *sampled stochastic*: the deal and later draws come from each match's own seeded
generator, so there are no chance nodes. A fixed ``seed`` makes the game deterministic (its type
says so), which is also the form OpenSpiel can pickle: pickling a sampled-stochastic game asks it
for its random generator's state, which the Python-game bridge gives no way to supply.

Games whose steps may be simultaneous (Yaxha, Pyramido) have simultaneous dynamics: a node
where several seats are awaited is a simultaneous node, where a seat the step does not wait for
has no legal action (its entry of the joint action is ignored, as OpenSpiel's simulations send 0
for it). With ``turn_based=true`` those seats act one after another in seat order instead, each
seeing only its own view: OpenSpiel's generic ``convert_to_turn_based`` cannot carry
``resample_from_infostate`` (our ``determinize``), which information-set MCTS needs, so the
adapter offers its own.

A resampled state is a *world* drawn for one player: it holds what that player may know and
the part drawn again, never the true deal. Its match has no seed (it is kept, cloned and
pickled as its state, which the game's ``determinize`` gives a fresh generator), its log keeps
only that player's own moves (a rival's may be secret), and it belongs to a copy of the game
whose ``seed`` and ``deal_stream`` are fresh, so that nothing reachable from it names the true
deal.
"""

from __future__ import annotations

import ctypes
import functools
import json
import secrets
from random import Random
from typing import Any

import numpy as np
import pyspiel

from meeplehall.ai.keys import is_take_back
from meeplehall.core import Action, Game, State
from meeplehall.core.registry import all_games, get_game, research_factory
from meeplehall.core.research import ResearchEncoding
from meeplehall.rl.samestep import Steps
from meeplehall.rl.table import REWARDS, Table, check_reward, final_rewards

PREFIX = "meeplehall_"
#: OpenSpiel's integer parameters are C ints: a fresh ``seed`` or ``deal_stream`` lies below this.
PARAMETER_LIMIT = 1 << 31


class Match:
    """The match inside an OpenSpiel state: built lazily, cloned with ``State.clone``.

    OpenSpiel clones a Python state by making a fresh initial state and deep-copying its
    attributes, and serializes it by pickling them: a dealt match is rebuilt by replaying its
    log from its seed. A resampled world has no seed (``seed`` is None): no seed deals it, and
    the true one must not travel with it, so it is copied and pickled as its state itself.
    """

    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: int | None,
                 state: State | None = None, log: list[tuple[int, int]] | None = None,
                 lead: int | None = None) -> None:
        if seed is None and state is None:
            raise ValueError("a match without a seed needs its state")
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self._state = state
        self.log: list[tuple[int, int]] = log or []
        #: The seat a world was drawn for acts first at a simultaneous step it is part of: in
        #: its world the rivals have not yet made the moves it could not see.
        self.lead = lead
        self._steps: Steps | None = None

    @property
    def state(self) -> State:
        if self._state is None:
            assert self.seed is not None  # checked when made
            self._state = self.game.new_state(self.players, self.options, self.seed)
        return self._state

    @property
    def steps(self) -> Steps:
        """Holds a simultaneous step's moves back from the other seats until it is complete."""
        if self._steps is None:
            self._steps = Steps(self.state)
        return self._steps

    def seen(self, seat: int) -> State:
        """The match as ``seat`` may see it (see :mod:`meeplehall.rl.samestep`)."""
        return self.steps.seen(self.state, seat)

    def play(self, seat: int, index: int, action: Action) -> None:
        steps = self.steps  # made before the move: it may begin at the state before it
        self.state.apply(seat, action)
        self.log.append((seat, index))
        steps.played(self.state, seat, action)

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        state = None if self._state is None else self._state.clone()
        twin = Match(self.game, self.players, self.options, self.seed, state, self.log[:],
                     self.lead)
        twin._steps = None if self._steps is None else self._steps.copy()
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        if self.seed is None:
            return (_restore_world, (self.game.name, self.players, self.options, self.state,
                                     self.log, self.lead, self._steps))
        return (_rebuild, (self.game.name, self.players, self.options, self.seed, self.log))

    def __str__(self) -> str:
        dealt = "a resampled world" if self.seed is None else f"seed={self.seed}"
        return f"{self.game.name} players={self.players} {dealt} actions={self.log}"


def _rebuild(name: str, players: int, options: dict[str, Any], seed: int,
             log: list[tuple[int, int]]) -> Match:
    game = get_game(name)
    encoding = _encoding(game, players, json.dumps(options, sort_keys=True))
    match = Match(game, players, options, seed)
    for seat, index in log:
        match.play(seat, index, game.parse_action(encoding.actions.action_json(index)))
    return match


def _restore_world(name: str, players: int, options: dict[str, Any], state: State,
                   log: list[tuple[int, int]], lead: int | None, steps: Steps | None) -> Match:
    match = Match(get_game(name), players, options, None, state, log, lead)
    match._steps = steps
    return match


_ENCODINGS: dict[tuple[str, int, str], ResearchEncoding] = {}


def _encoding(game: Game, players: int, options_json: str) -> ResearchEncoding:
    key = (game.name, players, options_json)
    if key not in _ENCODINGS:
        _ENCODINGS[key] = Table(game.name, players, json.loads(options_json)).encoding
    return _ENCODINGS[key]


def _game_type(game: Game, simultaneous: bool, default_players: int,
               sampled: bool = True) -> pyspiel.GameType:
    dynamics = pyspiel.GameType.Dynamics
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"Meeple Hall {game.title}",
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=chance.SAMPLED_STOCHASTIC if sampled else chance.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": default_players,
            "options": "{}",
            "reward": REWARDS[0],
            "seed": -1,
            "deal_stream": 0,
            "turn_based": False,
        },
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, game: Game, params: dict[str, Any]) -> None:
        players = int(params["players"])
        options = json.loads(params["options"])
        if not isinstance(options, dict):
            raise ValueError(f"options must be a JSON object, not {params['options']!r}")
        self.inner, self.players = game, players
        self.options = options
        self.reward = check_reward(params["reward"])
        #: Refuses a bad player count or option; its action -> index cache serves every state.
        self.table = Table(game.name, players, options, self.reward)
        self.encoding = self.table.encoding
        self.turn_based = bool(params["turn_based"]) or not self.encoding.simultaneous
        self.fixed_seed = int(params["seed"])
        self.deals = Random(int(params["deal_stream"]))
        self._worlds: SpielGame | None = None
        bound = 1.0 if self.reward == "win_loss" else float(self.encoding.score_bound)
        game_type = _game_type(game, not self.turn_based, players, self.fixed_seed < 0)
        super().__init__(
            game_type,
            pyspiel.GameInfo(
                num_distinct_actions=self.encoding.actions.size,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=None,
                max_game_length=self.encoding.max_actions,
            ),
            params,
        )

    def new_initial_state(self) -> SpielState:
        seed = self.fixed_seed if self.fixed_seed >= 0 else self.deals.getrandbits(63)
        return SpielState(self, Match(self.inner, self.players, self.options, seed))

    def worlds_game(self) -> SpielGame:
        """The game resampled states belong to: this one with a fresh ``seed`` (when fixed)
        and ``deal_stream``, both secret, so that a state's game names nothing of the true
        deal (a fixed seed *is* the deal; a known deal stream lets one replay every deal).
        Made once per game: loading one costs as much as many moves."""
        if self._worlds is None:
            params = dict(self.get_parameters())
            if self.fixed_seed >= 0:
                params["seed"] = secrets.randbelow(PARAMETER_LIMIT)
            params["deal_stream"] = secrets.randbelow(PARAMETER_LIMIT)
            self._worlds = pyspiel.load_game(self.get_type().short_name, params)
        return self._worlds

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)

    def tensor_of(self, state: SpielState, player: int, perfect_recall: bool) -> list[float]:
        """The player's observation (or information state) tensor, as OpenSpiel gives it."""
        encode = self.encoding.encode
        if encode is not None and not perfect_recall:
            tensor: list[float] = np.frombuffer(encode(state.match.seen(player), player),
                                                np.float32).tolist()
            return tensor
        observer = Observer(self, perfect_recall)
        observer.set_from(state, player)
        tensor = observer.tensor.tolist()
        return tensor


class SpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SpielGame, match: Match) -> None:
        super().__init__(game)
        self.match = match

    # --- whose turn ---------------------------------------------------------------------------

    def _spiel_game(self) -> SpielGame:
        game: SpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        state = self.match.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        seats = state.to_move()
        if len(seats) > 1 and not self._spiel_game().turn_based:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        lead = self.match.lead
        return lead if lead in seats else min(seats)

    def _legal(self, player: int) -> dict[int, Any]:
        game = self._spiel_game()
        state = self.match.state
        if player not in state.to_move():
            return {}
        return {
            game.table.index_of(action): action
            for action in state.legal_actions(player)
            if not is_take_back(state, action)
        }

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal(player))

    # --- moves --------------------------------------------------------------------------------

    def _play(self, seat: int, index: int) -> None:
        action = self._legal(seat).get(index)
        if action is None:
            raise ValueError(f"action {index} is not legal for seat {seat} now")
        self.match.play(seat, index, action)

    def _apply_action(self, action: int) -> None:
        self._play(self.current_player(), int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        movers = sorted(self.match.state.to_move())
        chosen = {seat: int(actions[seat]) for seat in movers}
        for seat, index in chosen.items():
            if index not in self._legal(seat):
                raise ValueError(f"action {index} is not legal for seat {seat} now")
        for seat, index in chosen.items():
            # Seats of one simultaneous step decide independently: each plays in seat order.
            self._play(seat, index)

    def _action_to_string(self, player: int, action: int) -> str:
        data = self._spiel_game().encoding.actions.action_json(action)
        return json.dumps(data, sort_keys=True)

    # --- outcome ------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.match.state.is_over()

    def returns(self) -> list[float]:
        return final_rewards(self.match.state, self.match.players, self._spiel_game().reward)

    def resample_from_infostate(self, player: int, sampler: Any) -> SpielState:
        """A world consistent with what ``player`` knows, drawn by the game's ``determinize``
        from ``sampler`` alone: no seed, only ``player``'s own moves in its log (a rival's
        may be secret), and a game that names no true deal (:meth:`SpielGame.worlds_game`)."""
        rng = Random(int(sampler() * (1 << 53)))
        known = self.match
        own = [(seat, index) for seat, index in known.log if seat == player]
        # Drawn from the match as the player may see it: a rival's move of a simultaneous
        # step not yet complete is still to come in the world, after the player's own.
        match = Match(known.game, known.players, known.options, None,
                      known.seen(player).determinize(player, rng), own, lead=player)
        return SpielState(self._spiel_game().worlds_game(), match)

    def __str__(self) -> str:
        return str(self.match)

    # OpenSpiel's bridge answers these by asking the game for the tensor's size first, which
    # for a Python game deals a whole new initial state at every call. Python callers
    # (``rl_environment`` reads one at every step) come here instead: the same list of floats,
    # straight from the encoder.
    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        return self._spiel_game().tensor_of(self, seat, perfect_recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        return self._spiel_game().tensor_of(self, seat, perfect_recall=True)


class Observer:
    """Tensors and strings from what ``view(player)`` shows: the observation (from the game's
    ``encode`` when it has one, equal to ``observe(view)``), or the information state (the
    observation followed by how often the player chose each action index so far)."""

    def __init__(self, game: SpielGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.encoding.observation_size
        extra = game.encoding.actions.size if perfect_recall else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        encoding = self.game.encoding
        size = encoding.observation_size
        if encoding.encode is not None:
            self.tensor[:size] = np.frombuffer(encoding.encode(state.match.seen(player), player),
                                               np.float32)
        else:
            self.tensor[:size] = encoding.observe(state.match.seen(player).view(player))
        if self.perfect_recall:
            played = self.tensor[size:]
            played[:] = 0.0
            for seat, index in state.match.log:
                if seat == player:
                    played[index] += 1.0

    def string_from(self, state: SpielState, player: int) -> str:
        view = json.dumps(state.match.seen(player).view(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        mine = [index for seat, index in state.match.log if seat == player]
        return f"{view}\nplayed={mine}"


#: The factory of each registered game. OpenSpiel's registry keeps a reference to each until
#: the process ends and drops it from C++ after the interpreter is gone; if that were the last
#: one, freeing the factory then would abort the process. So every factory also gets one
#: reference that is never given back (see _keep_forever).
_FACTORIES: dict[str, Any] = {}


def _keep_forever(value: Any) -> Any:
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(value))
    return value


def register_openspiel_games() -> list[str]:
    """Register every game with a research encoding; returns the OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in all_games():
        if research_factory(game.name) is None:
            continue
        name = PREFIX + game.name
        names.append(name)
        if name in registered:
            continue
        encoding = Table(game.name, max(game.min_players, 2)).encoding
        default_players = max(game.min_players, 2)
        _FACTORIES[name] = _keep_forever(functools.partial(SpielGame, game))
        pyspiel.register_game(
            _game_type(game, encoding.simultaneous, default_players), _FACTORIES[name]
        )
    return names


NAMES = register_openspiel_games()
