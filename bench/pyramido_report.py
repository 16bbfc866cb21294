"""Pyramido journals of ``strength.py`` read again: level 3's time per turn, solo breakdowns.

For every journal (plain or gzipped) it prints level 3's time per turn (its take, split, reveal
and place together; a stage's scoring decisions together), since its budget is per turn. For a
solo journal it also replays every game and prints, per stage, the means over the games of: the
player's activations, activation points, mythical bonus and stage score; the icon value of the
areas left unactivated at the stage end; the Explorer's coloured and mythical gems and stage
score. It explains a win rate; it never asserts.

    python bench/pyramido_report.py bench/results/strength-pyramido-solo3-a_legend.jsonl.gz ...
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from meeplehall.ai.arena_stats import percentile
from meeplehall.core.record import MatchRecord
from meeplehall.games.pyramido.state import PyramidoState

STAGES = 4


def _entries(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as handle:  # type: ignore[operator]
        lines = handle.read().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:] if line.strip()]


def breakdown(record: MatchRecord) -> dict[str, list[float]]:
    """Per stage figures of one solo game, replayed from its record."""
    game = record.resolve_game()
    state = game.new_state(record.players, record.options, record.full_seed)
    assert isinstance(state, PyramidoState)
    figures: dict[str, list[float]] = defaultdict(lambda: [0.0] * STAGES)
    for seat, data in record.actions:
        stage = state.stage - 1
        for event in state.apply(seat, game.parse_action(data)):
            kind = event["type"]
            if kind == "area_activated":
                figures["activations"][stage] += 1
                figures["activation points"][stage] += event["points"]
            elif kind == "stage_scored":
                figures["mythical bonus"][stage] += event["mythical_bonus"]
                figures["player stage score"][stage] += event["points"]
                figures["icons left unactivated"][stage] += sum(
                    found.icons
                    for index, found in enumerate(state.areas[0])
                    if not state.activated[0] >> index & 1
                )
            elif kind == "explorer_scored":
                figures["explorer coloured gems"][stage] += event["coloured"]
                figures["explorer mythical gems"][stage] += event["mythical"]
                figures["explorer stage score"][stage] += event["points"]
    return figures


TURN_TYPES = frozenset({"take", "split", "reveal", "place"})


def turn_seconds(entry: dict[str, Any], seat: int) -> list[float]:
    """The seat's decision times summed per turn (a take starts one) and per scoring step."""
    times = iter(entry["decision_seconds"][seat])
    turns: list[float] = []
    last = ""
    for mover, data in entry["record"]["actions"]:
        if mover != seat:
            continue
        seconds = next(times)
        step = "turn" if data["type"] in TURN_TYPES else "score"
        if data["type"] == "take" or step != last:
            turns.append(0.0)
        turns[-1] += seconds
        last = step
    return turns


def print_turn_times(entries: list[dict[str, Any]], labels: list[str]) -> None:
    if "3" not in labels:
        return
    spec = labels.index("3")
    decisions = [t for e in entries for s, b in enumerate(e["seats"]) if b == spec
                 for t in e["decision_seconds"][s]]
    turns = [t for e in entries for s, b in enumerate(e["seats"]) if b == spec
             for t in turn_seconds(e, s)]
    for name, values in (("decision", decisions), ("turn or scoring step", turns)):
        print(
            f"  level 3 time per {name}: {len(values)}, median "
            f"{1000 * statistics.median(values):.0f} ms, p95 {1000 * percentile(values, 0.95):.0f}"
            f" ms, max {1000 * max(values):.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("journals", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.journals:
        header, entries = _entries(path)
        print(f"{path.name}: bots {header['bots']}, {len(entries)} games, code {header['code']}")
        print_turn_times(entries, header["bots"])
        if header.get("players") != 1:
            print()
            continue
        games = [breakdown(MatchRecord.from_json(entry["record"])) for entry in entries]
        wins = sum(1 for entry in entries if entry["winners"])
        margins = [
            entry["scores"][0] - sum(game["explorer stage score"])
            for entry, game in zip(entries, games, strict=True)
        ]
        print(
            f"  {header['options']}: {wins} won; margin to the Explorer: "
            f"mean {statistics.fmean(margins):+.1f}, best {max(margins):+.0f}"
        )
        print(f"  {'mean per game':32s}" + "".join(f"{f'stage {s + 1}':>9s}" for s in range(4))
              + f"{'total':>9s}")
        for name in games[0]:
            means = [statistics.fmean(game[name][s] for game in games) for s in range(STAGES)]
            print(f"  {name:32s}" + "".join(f"{m:9.1f}" for m in means) + f"{sum(means):9.1f}")
        print()


if __name__ == "__main__":
    main()
