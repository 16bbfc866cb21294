"""Files an arena run leaves behind: the games as JSON, a CSV summary, and an optional chart."""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from meeplehall.ai.arena import BotSpec, GameOutcome
from meeplehall.ai.arena_stats import BotSummary


def write_games(
    path: Path,
    game: str,
    players: int,
    options: Mapping[str, Any],
    specs: Sequence[BotSpec],
    outcomes: Sequence[GameOutcome],
) -> None:
    """Every game with its match record (replayable by ``meeplehall replay``'s reader)."""
    labels = [spec.label for spec in specs]
    data = {
        "game": game,
        "players": players,
        "options": dict(options),
        "bots": labels,
        "games": [outcome.to_json(labels) for outcome in outcomes],
    }
    path.write_text(json.dumps(data, indent=1))


def write_summary(path: Path, summaries: Sequence[BotSummary]) -> None:
    rows = [summary.row() for summary in summaries]
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else ["bot"])
        writer.writeheader()
        writer.writerows(rows)


def write_chart(path: Path, title: str, summaries: Sequence[BotSummary], players: int) -> None:
    """Win rates with their 95% intervals, and OpenSkill ratings (mu +/- 3 sigma), as a PNG.

    matplotlib is the optional ``plot`` extra, so it is imported only here.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise RuntimeError(
            "the chart needs matplotlib: pip install 'meeplehall[plot]'"
        ) from error
    labels = [f"bot {summary.label}" for summary in summaries]
    rates = [summary.win_rate for summary in summaries]
    # Clamped at 0: rounding can put a bound a hair on the wrong side of a 0% or 100% rate.
    below = [max(0.0, summary.win_rate - summary.win_low) for summary in summaries]
    above = [max(0.0, summary.win_high - summary.win_rate) for summary in summaries]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
    left.bar(labels, rates, yerr=[below, above], capsize=6, color="#4c78a8")
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95% Wilson interval)")
    # A seat's chance of winning when every bot is as strong as the others.
    left.axhline(1 / max(1, players), color="grey", linestyle=":", linewidth=1)
    right.errorbar(
        labels,
        [summary.mu for summary in summaries],
        yerr=[3 * summary.sigma for summary in summaries],
        fmt="o",
        capsize=6,
        color="#f58518",
    )
    right.set_ylabel("OpenSkill mu (+/- 3 sigma)")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
