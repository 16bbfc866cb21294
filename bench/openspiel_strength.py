"""Level 3 against OpenSpiel's information-set MCTS, at equal time per decision, 2 players.

Both bots play every game through the research adapter (``meeplehall.rl.openspiel``, turn-based
form, a fixed deal per game): OpenSpiel's Python ``ISMCTSBot`` (UCT, random-rollout evaluator)
searches the adapter's states, resampling hidden information with ``resample_from_infostate``
(the game's ``determinize``); level 3 decides from the protocol state inside, through its usual
``choose``. Each deal is played twice with the seats swapped. A win shared by both counts 1/2.

Equal time: OpenSpiel's bot counts simulations, not time, so its simulation count is set before
each decision from its own measured seconds per simulation so far, aiming at ``--ms``; but it
runs at least two, and through the adapter one simulation may cost more than ``ms`` (each node
it visits reads the seat's view to key its information set). So level 3 gets, per decision, the
larger of ``ms`` and the time OpenSpiel's bot has taken per decision lately in the match
(its per-turn budget is set, at each decision, to that times the decisions its turn holds, less
what it has overshot its budget by so far: its one-ply look at the root comes on top of the
search). Level 3 may also stop sooner when no other move can overtake its choice. The measured
mean decision time of both is printed beside the result. Games go one JSON line each into a
journal as they end.

    nice -n 10 python bench/openspiel_strength.py [GAME ...] --games 200 --ms 20 --workers 2
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from meeplehall.ai import make_bot
from meeplehall.ai.arena_stats import wilson_interval
from meeplehall.ai.budget import turn_decisions

GAMES = ("monsterhex", "yaxha", "pyramido")


class TimedIsmcts:
    """OpenSpiel's ISMCTS bot with its simulation count steered towards a time per decision."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng,
            allow_inconsistent_action_sets=True,
        )
        self.seconds = seconds
        #: Seconds per simulation, a moving average over the recent decisions: simulations
        #: get cheaper as the match nears its end and its rollouts shorten.
        self.per_simulation = seconds / 2  # the first search runs the minimum, two
        #: Its recent seconds per decision, a moving average too: what level 3 is given.
        self.recent = seconds

    def step(self, state: Any) -> int:
        count = max(2, int(self.seconds / self.per_simulation))
        # The bot reads its budget from this attribute at each search; there is no public
        # setter, and no time budget to give it instead.
        self.bot._max_simulations = count
        start = time.perf_counter()
        action = int(self.bot.step(state))
        if len(state.legal_actions()) > 1:
            self.recent = 0.5 * self.recent + 0.5 * (time.perf_counter() - start)
            measured = (time.perf_counter() - start) / count
            self.per_simulation = 0.5 * self.per_simulation + 0.5 * measured
        return action


def play(game_name: str, deal: int, ismcts_seat: int, ms: float) -> dict[str, Any]:
    import pyspiel

    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(f"meeplehall_{game_name}",
                             {"players": 2, "seed": deal, "turn_based": True})
    state = game.new_initial_state()
    seconds = ms / 1000
    rival = TimedIsmcts(game, seconds, seed=deal * 2 + ismcts_seat)
    ours = make_bot(3, seed=deal * 2 + 1 - ismcts_seat)
    times: dict[str, list[float]] = {"ismcts": [], "level3": []}
    overshoot = 0.0  # level 3's measured time beyond its budget, a moving average
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        start = time.perf_counter()
        if seat == ismcts_seat:
            index = rival.step(state)
            who = "ismcts"
        else:
            inner = state.match.state
            budget = max(0.002, max(seconds, rival.recent) - overshoot)
            ours.seconds = budget * turn_decisions(inner, seat)  # type: ignore[attr-defined]
            action = ours.choose(inner, seat)
            if len(legal) > 1:
                spent = time.perf_counter() - start
                overshoot = 0.5 * overshoot + 0.5 * max(0.0, spent - budget)
            index = game.encoding.actions.index(action.to_json())
            who = "level3"
        if len(legal) > 1:
            times[who].append(time.perf_counter() - start)
        state.apply_action(index)
    result = state.match.state.result()
    winners = result.winners
    share = 1 / len(winners) if winners else 0.0
    return {
        "game": game_name, "deal": deal, "ismcts_seat": ismcts_seat,
        "scores": list(result.scores),
        "level3_win": share if (1 - ismcts_seat) in winners else 0.0,
        "ismcts_win": share if ismcts_seat in winners else 0.0,
        "times": {who: (sum(t) / len(t) if t else 0.0) for who, t in times.items()},
        "decisions": {who: len(t) for who, t in times.items()},
    }


def report(rows: list[dict[str, Any]], game: str) -> str:
    rows = [r for r in rows if r["game"] == game]
    n = len(rows)
    if not n:
        return f"| {game} | 0 | - | - | - | - | - |"
    out = []
    for who in ("level3", "ismcts"):
        wins = sum(r[f"{who}_win"] for r in rows)
        low, high = wilson_interval(wins, n)
        decisions = sum(r["decisions"][who] for r in rows)
        mean_ms = (
            1000 * sum(r["times"][who] * r["decisions"][who] for r in rows) / decisions
            if decisions else 0.0
        )
        out.append((wins / n, low, high, mean_ms))
    (w3, l3, h3, t3), (_wi, _li, _hi, ti) = out
    ours = sum(r["scores"][1 - r["ismcts_seat"]] for r in rows) / n
    theirs = sum(r["scores"][r["ismcts_seat"]] for r in rows) / n
    return (f"| {game} | {n} | {w3:.1%} | {l3:.1%}-{h3:.1%} | {ours:.1f} vs {theirs:.1f} "
            f"| {t3:.1f} ms | {ti:.1f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games-per", "--games", dest="count", type=int, default=200)
    parser.add_argument("--ms", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--journal", type=Path,
                        default=Path("bench-results/openspiel_strength.jsonl"))
    args = parser.parse_args()
    args.journal.parent.mkdir(parents=True, exist_ok=True)
    done: list[dict[str, Any]] = []
    if args.journal.exists():
        done = [json.loads(line) for line in args.journal.read_text().splitlines() if line]
    have = {(r["game"], r["deal"], r["ismcts_seat"]) for r in done}
    tasks = [
        (game, deal, seat, args.ms)
        for game in args.games for deal in range(args.count // 2) for seat in (0, 1)
        if (game, deal, seat) not in have
    ]
    started = time.time()
    with ProcessPoolExecutor(args.workers) as pool, args.journal.open("a") as journal:
        futures = [pool.submit(play, *task) for task in tasks]
        for future in as_completed(futures):
            row = future.result()
            done.append(row)
            journal.write(json.dumps(row) + "\n")
            journal.flush()
    print(f"{len(tasks)} games played in {time.time() - started:.0f} s, {args.ms:g} ms a decision")
    print("| game | games | level 3 wins | 95% Wilson interval | mean score (3 vs IS-MCTS) "
          "| level 3 per decision | IS-MCTS per decision |")
    print("|---|---|---|---|---|---|---|")
    for game in args.games:
        print(report(done, game))


if __name__ == "__main__":
    main()
