"""Level 3: information-set Monte Carlo tree search over determinizations.

Every iteration samples a world from what the seat may know (``determinize``), walks one shared
tree down it and plays out the rest. Because worlds differ, an action is scored by how often it
was *available* as well as how often it was tried (availability-aware UCB), and actions are told
apart by their JSON form. Chance and hidden information never split the tree: the tree branches
on actions only, and each world supplies its own chance outcomes.

Simultaneous steps (several seats to move, such as a secret market pick) are decoupled: at such a
node each seat picks from its own statistics, blind to what the others pick, then all the picks
are played together. No seat's choice is ever conditioned on a rival's secret choice.

Playouts are short: a few random (or epsilon-greedy) actions, then the game's heuristic judges the
position, squashed into a win estimate; a finished match is judged by its result. The root's
actions are seeded with a one-ply heuristic prior, so a thin search never does worse than a
sensible greedy first guess. Both read the heuristic a game offers its searches
(``State.search_heuristic``, via ``evaluation.search_value``) where it has one: Yaxha's plain
heuristic charges the cubes a seat still holds mid-build, a term meant for the greedy bot only.

The budget (time, iterations, or both) is per turn: where a game says its turn holds several
decisions, each gets an equal share of it (see ``budget``), so a Pyramido turn of take, reveal
and place costs about one budget, like a turn of a game with one decision a turn.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from meeplehall.ai.budget import turn_decisions
from meeplehall.ai.evaluation import margin, search_value, squash, win_share
from meeplehall.ai.greedy import greedy_action, value_after
from meeplehall.ai.keys import action_key, bot_actions
from meeplehall.core import Action, IllegalAction, State

#: How many iterations run between two checks of whether the choice is already settled.
CHECK_EVERY = 32

#: An edge's statistics: [visits, total reward, times available].
Edge = list[float]


@dataclass(frozen=True)
class RootStat:
    """One root candidate after a search: its visits (the greedy prior's virtual ones included),
    its mean reward (the search's win estimate, 0..1) and the mean final margin in points of the
    playouts through it (the heuristic lead where a playout stopped before the end)."""

    action: Action
    visits: float
    win: float
    margin: float


class Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        # seat -> action key -> edge: decoupled statistics, one table per seat to move here.
        self.stats: dict[int, dict[str, Edge]] = {}
        # the (seat, action key) pairs played together -> the node they lead to.
        self.children: dict[tuple[tuple[int, str], ...], Node] = {}


class MctsBot:
    """Information-set MCTS with a time budget, an iteration budget, or both (first one hit).

    ``seconds`` and ``iterations`` are budgets per turn, shared by a turn's decisions.
    """

    level = 3

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = 0.5,
        iterations: int | None = None,
        exploration: float = 0.7,
        playout_depth: int = 12,
        playout_epsilon: float = 1.0,
        prior_visits: int = 4,
        root_width: int = 12,
    ) -> None:
        if seconds is None and iterations is None:
            raise ValueError("an MCTS bot needs a time budget, an iteration budget, or both")
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.playout_depth = playout_depth
        self.playout_epsilon = playout_epsilon
        self.prior_visits = prior_visits
        self.root_width = root_width
        # The width (in points) of the logistic that turns a heuristic lead into a win
        # estimate: learnt from the leads this bot meets, since games score on different scales.
        self.scale = 10.0
        self._lead_sum = 0.0
        self._lead_count = 0
        self.last_iterations = 0
        self._margins: dict[str, list[float]] = {}
        self._prior_margins: dict[str, float] = {}

    def choose(self, state: State, seat: int) -> Action:
        legal = bot_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        return self._search(state, seat, legal, turn_share=True, settle=True)[0].action

    def evaluate(self, state: State, seat: int, include: Sequence[Action] = (),
                 floor_share: float = 0.0) -> list[RootStat]:
        """Search ``seat``'s decision with the whole iteration budget (no early stop, no share
        of a turn) and report every root candidate, most visited first.

        ``include`` are actions kept among the candidates whatever the root's cut says (the
        move actually played, when analysing a game); one not in ``bot_actions`` (a take-back)
        is added to them. With ``floor_share``, each of them and the most visited candidate get
        at least that share of the iterations as playouts of their own (see ``_focus``), within
        the same budget, so their estimates do not rest on a handful of playouts."""
        legal = bot_actions(state, seat)
        known = {action_key(action) for action in legal}
        legal += [action for action in include if action_key(action) not in known]
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        return self._search(state, seat, legal, turn_share=False, settle=False,
                            include=frozenset(action_key(action) for action in include),
                            floor_share=floor_share)

    def _search(
        self,
        state: State,
        seat: int,
        legal: list[Action],
        turn_share: bool,
        settle: bool,
        include: frozenset[str] = frozenset(),
        floor_share: float = 0.0,
    ) -> list[RootStat]:
        shares = turn_decisions(state, seat) if turn_share else 1
        seconds = None if self.seconds is None else self.seconds / shares
        limit = math.inf if self.iterations is None else max(1, self.iterations // shares)
        root = Node()
        candidates = self._seed_root(root, state, seat, legal, include)
        # The mean final margin through each root candidate: [playouts, sum of margins].
        self._margins = {}
        started = time.perf_counter()
        deadline = math.inf if seconds is None else started + seconds
        # A floor needs a known number of iterations to come, so only an iteration budget has one.
        floor = int(limit * floor_share) if limit < math.inf else 0
        # A take-back is never played out (bot_actions leaves it out), so it cannot be focused.
        playable = candidates & {action_key(action) for action in bot_actions(state, seat)}
        focus = include & playable
        done = 0
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            forced = self._focus(root.stats[seat], playable, focus, floor, limit - done)
            self._iterate(root, state.determinize(seat, self.rng), seat,
                          candidates if forced is None else frozenset((forced,)))
            done += 1
            if settle and done % CHECK_EVERY == 0 and self._settled(
                root.stats[seat], candidates, done, limit, started, seconds
            ):
                break
        self.last_iterations = done
        if self._lead_count:
            self.scale = max(1.0, self._lead_sum / self._lead_count)
        table = root.stats[seat]
        ranked = sorted(
            (a for a in legal if action_key(a) in candidates),
            key=lambda a: (table[action_key(a)][0], table[action_key(a)][1]),
            reverse=True,
        )
        stats = []
        for action in ranked:
            key = action_key(action)
            visits, total, _available = table[key]
            playouts, margins = self._margins.get(key, (0.0, 0.0))
            mean_margin = margins / playouts if playouts else self._prior_margins.get(key, 0.0)
            stats.append(RootStat(action, visits, total / visits if visits else 0.0, mean_margin))
        return stats

    def _focus(self, table: dict[str, Edge], playable: frozenset[str], focus: frozenset[str],
               floor: int, remaining: float) -> str | None:
        """The root action the next iteration must play out, or None for a free one.

        The focus is ``focus`` (the played move) and the most visited of the ``playable``
        candidates (the best so far). The search runs free until the iterations left are just
        enough to bring each of them to ``floor`` playouts of its own; from then on each
        iteration goes through the one furthest below its floor. The budget stays the same, and
        the choice depends on nothing but the statistics, so the search stays deterministic
        given its seed.
        """
        if floor <= 0 or not playable:
            return None
        best = max(sorted(playable), key=lambda key: (table[key][0], table[key][1]))
        needs = {key: floor - self._margins.get(key, (0.0, 0.0))[0]
                 for key in sorted(focus | {best})}
        short = {key: need for key, need in needs.items() if need > 0}
        if not short or sum(short.values()) < remaining:
            return None
        return max(short, key=lambda key: short[key])

    def _settled(
        self,
        table: dict[str, Edge],
        candidates: frozenset[str],
        done: int,
        limit: float,
        started: float,
        seconds: float | None,
    ) -> bool:
        """Whether the rest of the budget can no longer change the choice.

        The choice is the most visited candidate at the root. When its lead in visits exceeds the
        iterations still to come (the iteration budget left, or the time left at the rate so
        far), no rival can catch up, so searching on would spend time and change nothing.
        """
        visits = sorted((table[key][0] for key in candidates), reverse=True)
        if len(visits) < 2:
            return True
        remaining = limit - done
        if seconds is not None:
            now = time.perf_counter()
            rate = done / max(now - started, 1e-9)
            remaining = min(remaining, rate * (started + seconds - now))
        return visits[0] - visits[1] > remaining

    def _seed_root(
        self,
        root: Node,
        state: State,
        seat: int,
        legal: list[Action],
        include: frozenset[str] = frozenset(),
    ) -> frozenset[str]:
        """Value the root's actions by a one-ply greedy look, and keep the best few.

        Each kept action starts with a few virtual visits worth its greedy value, so a thin
        search never does worse than a sensible first guess; a wide root (hundreds of
        placements) is cut to the ``root_width`` most promising, so the search goes deep enough
        to tell them apart. Actions in ``include`` are kept whatever their rank.
        """
        world = state.determinize(seat, self.rng)
        values = [value_after(world, seat, action, self.rng, search=True) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: values[i], reverse=True)
        kept = order[: max(1, self.root_width)]
        kept += [i for i in order[len(kept):] if action_key(legal[i]) in include]
        table = root.stats.setdefault(seat, {})
        self._prior_margins = {}
        for index in kept:
            value = values[index]
            # A win's large bonus is no margin: a margin is points (the bonus left out).
            self._prior_margins[action_key(legal[index])] = value - 1e6 if value >= 1e5 else value
            # An immediate win carries terminal_value's large bonus: a sure reward of 1.
            reward = 1.0 if value >= 1e5 else squash(value, self.scale)
            visits = float(self.prior_visits)
            table[action_key(legal[index])] = [visits, visits * reward, visits]
        return frozenset(action_key(legal[index]) for index in kept)

    def _iterate(self, root: Node, world: State, seat: int, candidates: frozenset[str]) -> None:
        node = root
        path: list[tuple[Node, list[tuple[int, str]]]] = []
        while not world.is_over():
            movers = sorted(world.to_move())
            picks: list[tuple[int, str, Action]] = []
            fresh = False
            for mover in movers:
                legal = bot_actions(world, mover)
                if node is root and mover == seat:
                    legal = [a for a in legal if action_key(a) in candidates] or legal
                key, action, untried = self._select(node, mover, legal)
                picks.append((mover, key, action))
                fresh = fresh or untried
            played = self._play_together(node, world, picks)
            path.append((node, played))
            joint = tuple(played)
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = Node()
                break
            node = child
            if fresh:
                break
        acted = {seat for _, moves in path for seat, _ in moves}
        rewards, margins = self._evaluate_after_playout(world, acted)
        if path and path[0][0] is root:
            for mover, key in path[0][1]:
                if mover == seat:
                    tally = self._margins.setdefault(key, [0.0, 0.0])
                    tally[0] += 1
                    tally[1] += margins[seat]
        for visited, moves in path:
            for mover, key in moves:
                edge = visited.stats[mover][key]
                edge[0] += 1
                edge[1] += rewards[mover]

    def _select(self, node: Node, seat: int, legal: list[Action]) -> tuple[str, Action, bool]:
        """UCB over the actions available now; an untried action first, at random."""
        table = node.stats.get(seat)
        if table is None:
            table = node.stats[seat] = {}
        untried: list[tuple[str, Action]] = []
        keyed: list[tuple[str, Action, Edge]] = []
        for action in legal:
            key = action_key(action)
            edge = table.get(key)
            if edge is None:
                edge = table[key] = [0.0, 0.0, 0.0]
            edge[2] += 1
            if edge[0] == 0:
                untried.append((key, action))
            keyed.append((key, action, edge))
        if untried:
            key, action = untried[self.rng.randrange(len(untried))]
            return key, action, True
        c = self.exploration
        best_score = -math.inf
        best: tuple[str, Action] = (keyed[0][0], keyed[0][1])
        for key, action, edge in keyed:
            visits, total, available = edge
            score = total / visits + c * math.sqrt(math.log(available) / visits)
            if score > best_score:
                best_score, best = score, (key, action)
        return best[0], best[1], False

    def _play_together(
        self, node: Node, world: State, picks: list[tuple[int, str, Action]]
    ) -> list[tuple[int, str]]:
        """Play the seats' picks in seat order; a pick an earlier one made illegal is redrawn."""
        played: list[tuple[int, str]] = []
        for mover, key, action in picks:
            if world.is_over() or mover not in world.to_move():
                continue
            try:
                world.apply(mover, action)
            except IllegalAction:
                legal = bot_actions(world, mover)
                action = legal[self.rng.randrange(len(legal))]
                key = action_key(action)
                node.stats[mover].setdefault(key, [0.0, 0.0, 1.0])
                world.apply(mover, action)
            played.append((mover, key))
        return played

    def _evaluate_after_playout(
        self, world: State, seats: Iterable[int]
    ) -> tuple[dict[int, float], dict[int, float]]:
        """Each seat's reward (0..1) and margin in points (the final one, or the heuristic lead
        where the playout stopped short of the end)."""
        rng = self.rng
        for _ in range(self.playout_depth):
            if world.is_over():
                break
            movers = sorted(world.to_move())
            mover = movers[rng.randrange(len(movers))] if len(movers) > 1 else movers[0]
            if self.playout_epsilon < 1.0 and rng.random() >= self.playout_epsilon:
                action = greedy_action(world, mover, rng)
            else:
                legal = bot_actions(world, mover)
                action = legal[rng.randrange(len(legal))]
            world.apply(mover, action)
        if world.is_over():
            result = world.result()
            margins = {seat: margin(result, seat) for seat in seats}
            return {
                seat: 0.9 * win_share(result, seat) + 0.1 * squash(margins[seat], self.scale)
                for seat in seats
            }, margins
        rewards: dict[int, float] = {}
        leads: dict[int, float] = {}
        for seat in seats:
            lead = leads[seat] = search_value(world, seat)
            self._lead_sum += abs(lead)
            self._lead_count += 1
            rewards[seat] = squash(lead, self.scale)
        return rewards, leads
