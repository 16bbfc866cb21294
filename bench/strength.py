"""Bot strength, measured: 2-player games with seat rotation on shared deals, per game.

For each game: level 2 against level 1 (target: level 2 wins at least 85%), and level 3 at its
default budget against level 2 (target: at least 65%), plus level 3's decision times (target:
95th percentile under 1 s). It prints figures with 95% Wilson intervals; it never asserts.

``--pairing solo`` plays solo series instead, for games with a 1-player mode: each of
``--levels`` alone against the game's automatic rival, one deal per game, with the game options
given by ``-o`` (e.g. ``-o legend=the_legend`` for Pyramido); there is no target.

Run it with nice on a shared machine; --minutes caps each pairing, and the figures say exactly
how many games were played.

Every finished game goes at once into a journal (one JSON line per game, under --out), so a run
that is cut short loses nothing: --resume plays only the games the journal lacks and reports on
all of them. A journal written by other bot or game code (its hash differs) is never resumed.

    nice python bench/strength.py [GAME ...] [--games 400] [--minutes 10] [--workers 2] [--resume]
    nice python bench/strength.py pyramido --pairing solo --levels 3,2 -o legend=the_legend
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import meeplehall
from meeplehall.ai.arena import BotSpec, GameOutcome, GamePlan, play_game, schedule
from meeplehall.ai.arena_output import write_games, write_summary
from meeplehall.ai.arena_stats import percentile, summarize
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import all_games, get_game

PAIRINGS = ((BotSpec(2), BotSpec(1), 0.85), (BotSpec(3), BotSpec(2), 0.65))


def code_hash() -> str:
    """A hash of the code that decides games: the bots, the core and the games with their data."""
    root = Path(meeplehall.__file__).parent
    digest = hashlib.sha256()
    for part in ("ai", "core", "games"):
        for path in sorted((root / part).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class Journal:
    """One JSON line per finished game, after a header naming what was measured."""

    def __init__(self, path: Path, header: dict[str, Any], resume: bool) -> None:
        self.path = path
        self.outcomes: list[GameOutcome] = []
        if resume and path.exists():
            lines = path.read_text().splitlines()
            found = json.loads(lines[0]) if lines else None
            if found != header:
                raise SystemExit(f"{path} was written for {found}, not {header}: not resumed")
            for line in lines[1:]:
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    break  # the last line, cut off by a kill mid-write: that game is replayed
                self.outcomes.append(_outcome(entry))
            kept = lines[: 1 + len(self.outcomes)]
            path.write_text("".join(line + "\n" for line in kept))
        else:
            path.write_text(json.dumps(header) + "\n")

    def add(self, outcome: GameOutcome) -> None:
        self.outcomes.append(outcome)
        entry = {
            "index": outcome.plan.index,
            "seed": outcome.plan.seed,
            "rotation": outcome.plan.rotation,
            "seats": list(outcome.plan.seats),
            "scores": list(outcome.scores),
            "ranks": list(outcome.ranks),
            "winners": sorted(outcome.winners),
            "decision_seconds": [
                [round(seconds, 5) for seconds in times] for times in outcome.decision_seconds
            ],
            "record": outcome.record.to_json(),
        }
        with self.path.open("a") as handle:
            handle.write(json.dumps(entry) + "\n")


def _outcome(entry: dict[str, Any]) -> GameOutcome:
    plan = GamePlan(entry["index"], entry["seed"], entry["rotation"], tuple(entry["seats"]))
    return GameOutcome(
        plan,
        MatchRecord.from_json(entry["record"]),
        tuple(entry["scores"]),
        tuple(entry["ranks"]),
        frozenset(entry["winners"]),
        entry["decision_seconds"],
    )


def measure(
    game: str,
    specs: list[BotSpec],
    plans: list[GamePlan],
    minutes: float,
    workers: int,
    on_game: Callable[[GameOutcome], None],
    players: int = 2,
    options: dict[str, Any] | None = None,
) -> None:
    """Play the planned games until the time is up, always every seating of a deal.

    One pool of worker processes serves the whole pairing; a deal's games are handed out
    together, and no new deal starts once the time is up.
    """
    deals: dict[int, list[GamePlan]] = {}
    for plan in plans:
        deals.setdefault(plan.seed, []).append(plan)
    options = options or {}
    deadline = time.monotonic() + 60 * minutes
    if workers <= 1:
        for seatings in deals.values():
            if time.monotonic() >= deadline:
                break
            for plan in seatings:
                on_game(play_game(game, players, options, specs, plan))
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        waiting: set[Future[GameOutcome]] = set()
        queue = iter(deals.values())
        while True:
            while len(waiting) < workers and time.monotonic() < deadline:
                deal = next(queue, None)
                if deal is None:
                    break
                waiting |= {
                    pool.submit(play_game, game, players, options, specs, plan) for plan in deal
                }
            if not waiting:
                break
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                on_game(future.result())


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
    parser.add_argument("--pairing", choices=["all", "2v1", "3v2", "solo"], default="all")
    parser.add_argument(
        "--levels", default="3,2", help="solo: the bots, one series each (default 3,2)"
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="KEY=VALUE",
        help="solo: a game option, e.g. legend=the_legend",
    )
    parser.add_argument("--out", type=Path, default=Path("bench-results"))
    parser.add_argument(
        "--resume", action="store_true", help="keep the games journalled by an earlier run"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    names = args.names or [game.name for game in all_games()]
    code = code_hash()
    if args.pairing == "solo":
        options = dict(option.split("=", 1) for option in args.option)
        for name in names:
            for level in args.levels.split(","):
                run_solo(name, BotSpec.parse(level), options, code, args)
        return
    for name in names:
        game = get_game(name)
        for strong, weak, target in PAIRINGS:
            tag = f"{strong.level}v{weak.level}"
            if args.pairing not in ("all", tag):
                continue
            stem = f"strength-{name}-{tag}"
            specs = [strong, weak]
            bots = [spec.label for spec in specs]
            header = {"game": name, "bots": bots, "seed": args.seed, "code": code}
            journal = Journal(args.out / f"{stem}.jsonl", header, args.resume)
            kept = {outcome.plan.index for outcome in journal.outcomes}
            plans = schedule(2, 2, args.count - args.count % 2, args.seed)
            started = time.monotonic()
            measure(
                name,
                specs,
                [plan for plan in plans if plan.index not in kept],
                args.minutes,
                args.workers,
                journal.add,
            )
            elapsed = time.monotonic() - started
            outcomes = sorted(journal.outcomes, key=lambda outcome: outcome.plan.index)
            summaries = summarize(specs, outcomes)
            write_games(args.out / f"{stem}-games.json", name, 2, {}, specs, outcomes)
            write_summary(args.out / f"{stem}-summary.csv", summaries)
            top = summaries[0]
            verdict = "met" if top.win_rate >= target else "NOT met"
            print(
                f"{game.name}: level {strong.label} vs level {weak.label}: {len(outcomes)} games "
                f"({len(kept)} from the journal, the rest played in {elapsed:.0f} s)"
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


def run_solo(
    name: str, spec: BotSpec, options: dict[str, str], code: str, args: argparse.Namespace
) -> None:
    """One bot alone against the game's automatic rival: one game per deal, seeds in a row."""
    game = get_game(name)
    if game.min_players > 1:
        raise SystemExit(f"{name} has no solo mode")
    suffix = "".join(f"-{value}" for _, value in sorted(options.items()))
    stem = f"strength-{name}-solo{spec.label}{suffix}"
    header = {
        "game": name, "bots": [spec.label], "players": 1, "options": options,
        "seed": args.seed, "code": code,
    }
    journal = Journal(args.out / f"{stem}.jsonl", header, args.resume)
    kept = {outcome.plan.index for outcome in journal.outcomes}
    plans = schedule(1, 1, args.count, args.seed)
    started = time.monotonic()
    measure(
        name,
        [spec],
        [plan for plan in plans if plan.index not in kept],
        args.minutes,
        args.workers,
        journal.add,
        players=1,
        options=dict(options),
    )
    elapsed = time.monotonic() - started
    outcomes = sorted(journal.outcomes, key=lambda outcome: outcome.plan.index)
    summary = summarize([spec], outcomes)[0]
    write_games(args.out / f"{stem}-games.json", name, 1, options, [spec], outcomes)
    write_summary(args.out / f"{stem}-summary.csv", [summary])
    print(
        f"{game.name} solo {options}: level {spec.label}: {len(outcomes)} games "
        f"({len(kept)} from the journal, the rest played in {elapsed:.0f} s)"
    )
    print(
        f"  wins {summary.wins:.1f}/{summary.seats} = {summary.win_rate:.1%} "
        f"(95% Wilson {summary.win_low:.1%}-{summary.win_high:.1%}); "
        f"mean score {summary.mean_score:.1f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
