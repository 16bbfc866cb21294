"""Bot strength, measured: 2-player games with seat rotation on shared deals, per game.

For each game: level 2 against level 1 (target: level 2 wins at least 85%), and level 3 at its
default budget against level 2 (target: at least 65%), plus level 3's decision times (target:
95th percentile under 1 s). It prints figures with 95% Wilson intervals; it never asserts.

Run it with nice on a shared machine; --minutes caps each pairing, and the figures say exactly
how many games were played.

    nice python bench/strength.py [GAME ...] [--games 400] [--minutes 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path

from meeplehall.ai.arena import BotSpec, GameOutcome, play_game, run_arena, schedule
from meeplehall.ai.arena_output import write_games, write_summary
from meeplehall.ai.arena_stats import percentile, summarize
from meeplehall.core.registry import all_games, get_game

PAIRINGS = ((BotSpec(2), BotSpec(1), 0.85), (BotSpec(3), BotSpec(2), 0.65))


def measure(
    game: str, strong: BotSpec, weak: BotSpec, games: int, minutes: float, workers: int, seed: int
) -> list[GameOutcome]:
    """Play up to ``games`` games until the time is up, always both seatings of a deal.

    One pool of worker processes serves the whole pairing; a deal's two games are handed out
    together, and no new deal starts once the time is up.
    """
    plans = schedule(2, 2, games - games % 2, seed)
    deals = [plans[i : i + 2] for i in range(0, len(plans), 2)]
    specs = [strong, weak]
    deadline = time.monotonic() + 60 * minutes
    if workers <= 1:
        outcomes: list[GameOutcome] = []
        for deal in deals:
            if time.monotonic() >= deadline:
                break
            outcomes += run_arena(game, 2, {}, specs, deal)
        return outcomes
    finished: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        waiting: set[Future[GameOutcome]] = set()
        queue = iter(deals)
        while True:
            while len(waiting) < workers and time.monotonic() < deadline:
                deal = next(queue, None)
                if deal is None:
                    break
                waiting |= {pool.submit(play_game, game, 2, {}, specs, plan) for plan in deal}
            if not waiting:
                break
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            finished += [future.result() for future in done]
    return sorted(finished, key=lambda outcome: outcome.plan.index)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "names", nargs="*", metavar="GAME", help="game names (default: every registered game)"
    )
    parser.add_argument("--games", type=int, default=400, dest="count", help="games per pairing")
    parser.add_argument("--minutes", type=float, default=10.0, help="time cap per pairing")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1_000)
    parser.add_argument("--pairing", choices=["all", "2v1", "3v2"], default="all")
    parser.add_argument("--out", type=Path, default=Path("bench-results"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    names = args.names or [game.name for game in all_games()]
    for name in names:
        game = get_game(name)
        for strong, weak, target in PAIRINGS:
            tag = f"{strong.level}v{weak.level}"
            if args.pairing not in ("all", tag):
                continue
            started = time.monotonic()
            outcomes = measure(
                name, strong, weak, args.count, args.minutes, args.workers, args.seed
            )
            elapsed = time.monotonic() - started
            summaries = summarize([strong, weak], outcomes)
            stem = f"strength-{name}-{tag}"
            write_games(args.out / f"{stem}-games.json", name, 2, {}, [strong, weak], outcomes)
            write_summary(args.out / f"{stem}-summary.csv", summaries)
            top = summaries[0]
            verdict = "met" if top.win_rate >= target else "NOT met"
            print(
                f"{game.name}: level {strong.label} vs level {weak.label}: {len(outcomes)} games "
                f"({len(outcomes) // 2} deals x 2 seatings) in {elapsed:.0f} s"
            )
            print(
                f"  level {strong.label} wins {top.wins:.1f}/{top.seats} = {top.win_rate:.1%} "
                f"(95% Wilson {top.win_low:.1%}-{top.win_high:.1%}); target {target:.0%}: "
                f"{verdict}; lower bound {'above' if top.win_low >= target else 'below'} target"
            )
            print(
                f"  mean score {top.mean_score:.1f} vs {summaries[1].mean_score:.1f}; "
                f"OpenSkill mu {top.mu:.1f} vs {summaries[1].mu:.1f}"
            )
            if strong.level == 3:
                times = [t for o in outcomes for seat, spec in enumerate(o.plan.seats)
                         if spec == 0 for t in o.decision_seconds[seat]]
                print(
                    f"  level 3 decision time over {len(times)} decisions: "
                    f"median {1000 * statistics.median(times) if times else 0:.0f} ms, "
                    f"p95 {1000 * percentile(times, 0.95):.0f} ms, "
                    f"max {1000 * max(times, default=0):.0f} ms (target p95 < 1000 ms)"
                )
            print(flush=True)


if __name__ == "__main__":
    main()
