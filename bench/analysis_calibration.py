"""Is the analyst right? Calibration of the analysis's win chances, and what its marks mean.

Plays games between level 2 and level 3 (an iteration budget, no clock) with the arena's
machinery, in seat rotation on shared deals, the three games taking turns; analyses every game
with ``--iterations`` per decision; writes one JSON line per game (its decisions' win chances,
marks and the final result) to ``--out`` as it goes, so a run cut short still reports. Then (or
with ``--report`` alone, from an earlier file) prints:

- a reliability table by decile of the predicted win chance of the move played (count, mean
  prediction, observed win rate), per game and overall;
- the Brier score of those predictions against the baseline that always predicts the seat's
  average win rate (per game and seat number, from the same games);
- how often the seat went on to lose after a move marked blunder, and after a move that was the
  best found;
- each bot level's win share in the games played;
- the seconds each analysis took (median per game).

    nice -n 10 python bench/analysis_calibration.py --games 100 --iterations 24 \
        --bot-iterations 24 --workers 2 --out bench/results/analysis-calibration.jsonl
    python bench/analysis_calibration.py --report bench/results/analysis-calibration.jsonl.gz
    nice -n 10 python bench/analysis_calibration.py --cost 50,100,200 --cost-games 3

``--cost`` times instead the analysis of a few typical games of each game (level 2 against
level 3, one process) at each budget, and prints the median CPU seconds per game and per
decision (one core's worth: the wall time on an idle core).

A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

GAMES = ("yaxha", "pyramido", "monsterhex")


def play_and_analyse(game: str, index: int, base_seed: int, bot_iterations: int,
                     iterations: int) -> dict[str, Any]:
    from meeplehall.ai.analysis import analyse_record
    from meeplehall.ai.arena import BotSpec, play_game, schedule
    from meeplehall.ai.evaluation import win_share

    specs = [BotSpec.parse("2"), BotSpec.parse(f"3:seconds=60,iterations={bot_iterations}")]
    plan = schedule(2, 2, index + 1, base_seed)[index]
    outcome = play_game(game, 2, {}, specs, plan)
    started = time.perf_counter()
    decisions = analyse_record(outcome.record, iterations)
    seconds = time.perf_counter() - started
    result = outcome.record.replay().result()
    return {
        "game": game, "index": index, "seats": [specs[s].level for s in plan.seats],
        "shares": [win_share(result, seat) for seat in range(2)],
        "actions": len(outcome.record.actions), "seconds": round(seconds, 3),
        "decisions": [[d.seat, round(d.played.win, 4), d.mark,
                       d.played.action == d.best.action] for d in decisions],
    }


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    names = (args.only,) if args.only else GAMES
    jobs = [(game, index) for index in range(args.games) for game in names]
    with ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool, \
            out.open("a") as sink:
        futures = [pool.submit(play_and_analyse, game, index, args.seed, args.bot_iterations,
                               args.iterations) for game, index in jobs]
        for done, future in enumerate(as_completed(futures), 1):
            row = future.result()
            row["iterations"] = args.iterations
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{done}/{len(jobs)} {row['game']} #{row['index']} "
                  f"{row['seconds']:.1f}s", flush=True)


def report(path: Path) -> None:
    text = (gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz"
            else path.read_text())
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    print(f"{len(rows)} games from {path}: "
          + ", ".join(f"{g} {sum(r['game'] == g for r in rows)}" for g in GAMES))
    iterations = sorted({r.get("iterations") for r in rows}, key=str)
    print(f"analysis iterations per decision: {iterations}")
    for scope in (*GAMES, "all"):
        chosen = [r for r in rows if scope in ("all", r["game"])]
        if chosen:
            _report_scope(scope, chosen)


def _report_scope(scope: str, rows: list[dict[str, Any]]) -> None:
    # The baseline: each (game, seat number)'s average win share over these games.
    shares: dict[tuple[str, int], list[float]] = defaultdict(list)
    for row in rows:
        for seat, share in enumerate(row["shares"]):
            shares[(row["game"], seat)].append(share)
    base = {key: statistics.fmean(values) for key, values in shares.items()}
    points: list[tuple[float, float, float]] = []  # prediction, outcome, baseline
    after: dict[str, list[float]] = defaultdict(list)  # mark -> the seat's losses (1 = lost)
    # The same per bot level: a stronger bot both wins more and strays more from the analysis's
    # own choice, which colours the marks' figures when both levels are pooled.
    by_level: dict[tuple[int, str], list[float]] = defaultdict(list)
    for row in rows:
        for seat, win, mark, best in row["decisions"]:
            outcome = row["shares"][seat]
            points.append((win, outcome, base[(row["game"], seat)]))
            lost = 1.0 if outcome == 0 else 0.0
            label = mark or ("best" if best else "unmarked, not best")
            after[label].append(lost)
            by_level[(row["seats"][seat], label)].append(lost)
    if not points:
        return
    print(f"\n== {scope}: {len(rows)} games, {len(points)} analysed decisions ==")
    print(f"{'decile':>10} {'n':>6} {'predicted':>10} {'observed':>9}")
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        bucket = [(p, o) for p, o, _ in points if low <= p < high or (decile == 9 and p == 1.0)]
        if bucket:
            print(f"{low:.1f}-{high:.1f} {len(bucket):>6} "
                  f"{statistics.fmean(p for p, _ in bucket):>10.3f} "
                  f"{statistics.fmean(o for _, o in bucket):>9.3f}")
    brier = statistics.fmean((p - o) ** 2 for p, o, _ in points)
    baseline = statistics.fmean((b - o) ** 2 for _, o, b in points)
    print(f"Brier score {brier:.4f}; baseline (seat's average win rate) {baseline:.4f}; "
          + (f"skill {1 - brier / baseline:+.3f}" if baseline else "skill -"))
    for mark in ("best", "unmarked, not best", "inaccuracy", "mistake", "blunder"):
        values = after.get(mark, [])
        if values:
            print(f"  after a move marked {mark:<19} the seat lost {statistics.fmean(values):.3f}"
                  f" of {len(values)}")
    for level in sorted({level for level, _ in by_level}):
        cells = [f"{mark} {statistics.fmean(by_level[(level, mark)]):.3f} "
                 f"({len(by_level[(level, mark)])})"
                 for mark in ("best", "inaccuracy", "mistake", "blunder")
                 if by_level.get((level, mark))]
        print(f"  level {level}'s moves, share lost after: " + "; ".join(cells))
    # What the games themselves say: how strong each level was in them (the bots, not the analysis).
    won: dict[int, list[float]] = defaultdict(list)
    for row in rows:
        for seat, level in enumerate(row["seats"]):
            won[level].append(row["shares"][seat])
    print("  games won (win share) by level: " + "; ".join(
        f"level {level} {statistics.fmean(values):.3f}" for level, values in sorted(won.items())))
    seconds = [row["seconds"] for row in rows]
    print(f"analysis seconds per game: median {statistics.median(seconds):.1f}, "
          f"max {max(seconds):.1f}; actions per game median "
          f"{statistics.median(r['actions'] for r in rows):.0f}")


def cost(budgets: list[int], games: int, bot_iterations: int,
         names: tuple[str, ...] = GAMES) -> None:
    from meeplehall.ai.analysis import analyse_record
    from meeplehall.ai.arena import BotSpec, play_game, schedule

    specs = [BotSpec.parse("2"), BotSpec.parse(f"3:seconds=60,iterations={bot_iterations}")]
    print(f"{'game':<11} {'budget':>6} {'s/game':>7} {'ms/decision':>12} {'actions':>8}")
    for game in names:
        records = [play_game(game, 2, {}, specs, plan).record
                   for plan in schedule(2, 2, games, 1000)]
        for budget in budgets:
            times, per_decision = [], []
            for record in records:
                # CPU seconds of this process: the analysis is one thread, so on an idle core
                # this is its wall time, whatever else the machine runs meanwhile.
                started = time.process_time()
                decisions = analyse_record(record, budget)
                elapsed = time.process_time() - started
                times.append(elapsed)
                per_decision.append(1000 * elapsed / max(1, len(decisions)))
            print(f"{game:<11} {budget:>6} {statistics.median(times):>7.1f} "
                  f"{statistics.median(per_decision):>12.0f} "
                  f"{statistics.median(len(r.actions) for r in records):>8.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game (each of three)")
    parser.add_argument("--iterations", type=int, default=24, help="analysis budget")
    parser.add_argument("--bot-iterations", type=int, default=24, help="level 3's budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="bench/results/analysis-calibration.jsonl")
    parser.add_argument("--report", metavar="FILE", help="only report on an earlier run's file")
    parser.add_argument("--cost", metavar="BUDGETS",
                        help="time the analysis at these budgets (comma-separated) instead")
    parser.add_argument("--cost-games", type=int, default=3, help="games per game for --cost")
    parser.add_argument("--only", choices=GAMES, help="this game only")
    args = parser.parse_args()
    if args.cost:
        cost([int(b) for b in args.cost.split(",")], args.cost_games, args.bot_iterations,
             (args.only,) if args.only else GAMES)
        return
    if args.report:
        report(Path(args.report))
        return
    run(args)
    report(Path(args.out))


if __name__ == "__main__":
    main()
