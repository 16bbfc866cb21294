"""What an arena run says about each bot: wins with a Wilson interval, scores, time, ratings.

Win counting: every seat a bot sat in is one trial. A seat among the winners scores 1/k when k
seats share the win, so the win credits of one game add up to 1, and in a two-player run the
two bots' win rates add up to 1 with a shared win counting half to each.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from meeplehall.ai.arena import BotSpec, GameOutcome

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and the number of trials")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_credits(outcome: GameOutcome) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners, 0 for the others."""
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores))]


@dataclass(frozen=True)
class BotSummary:
    label: str
    seats: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    decisions: int
    mean_decision_ms: float
    p95_decision_ms: float
    mu: float
    sigma: float
    ordinal: float

    def row(self) -> dict[str, str | int | float]:
        return {
            "bot": self.label,
            "seats": self.seats,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 4),
            "win_low95": round(self.win_low, 4),
            "win_high95": round(self.win_high, 4),
            "mean_score": round(self.mean_score, 3),
            "decisions": self.decisions,
            "mean_decision_ms": round(self.mean_decision_ms, 3),
            "p95_decision_ms": round(self.p95_decision_ms, 3),
            "openskill_mu": round(self.mu, 3),
            "openskill_sigma": round(self.sigma, 3),
            "openskill_ordinal": round(self.ordinal, 3),
        }


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summarize(specs: Sequence[BotSpec], outcomes: Sequence[GameOutcome]) -> list[BotSummary]:
    """One summary per bot spec, over the outcomes in plan order."""
    count = len(specs)
    seats = [0] * count
    wins = [0.0] * count
    scores: list[list[int]] = [[] for _ in range(count)]
    times: list[list[float]] = [[] for _ in range(count)]
    for outcome in outcomes:
        credits = win_credits(outcome)
        for seat, spec in enumerate(outcome.plan.seats):
            seats[spec] += 1
            wins[spec] += credits[seat]
            scores[spec].append(outcome.scores[seat])
            times[spec].extend(outcome.decision_seconds[seat])
    ratings = openskill_ratings(count, outcomes)
    summaries = []
    for spec in range(count):
        low, high = wilson_interval(wins[spec], seats[spec])
        mu, sigma = ratings[spec]
        summaries.append(
            BotSummary(
                label=specs[spec].label,
                seats=seats[spec],
                wins=wins[spec],
                win_rate=wins[spec] / seats[spec] if seats[spec] else 0.0,
                win_low=low,
                win_high=high,
                mean_score=statistics.fmean(scores[spec]) if scores[spec] else 0.0,
                decisions=len(times[spec]),
                mean_decision_ms=1000 * statistics.fmean(times[spec]) if times[spec] else 0.0,
                p95_decision_ms=1000 * percentile(times[spec], 0.95),
                mu=mu,
                sigma=sigma,
                ordinal=mu - 3 * sigma,
            )
        )
    return summaries


def openskill_ratings(bots: int, outcomes: Sequence[GameOutcome]) -> list[tuple[float, float]]:
    """(mu, sigma) per bot after rating every game in order with Plackett-Luce.

    Each seat is a one-player team ranked by the game's ranks (ties share a rank). A bot in
    several seats of one game enters with the same rating in each, and takes the mean of the
    updated ratings afterwards. A solo game (one seat, against the game's own rival) rates
    nobody: there is no other bot to be ranked against.
    """
    model = PlackettLuce()
    ratings = [model.rating(name=str(bot)) for bot in range(bots)]
    for outcome in outcomes:
        seated = outcome.plan.seats
        if len(seated) < 2:
            continue
        teams = [[model.rating(mu=ratings[spec].mu, sigma=ratings[spec].sigma)] for spec in seated]
        updated = model.rate(teams, ranks=[float(rank) for rank in outcome.ranks])
        for spec in set(seated):
            mine = [team[0] for team, s in zip(updated, seated, strict=True) if s == spec]
            ratings[spec] = model.rating(
                mu=statistics.fmean(r.mu for r in mine),
                sigma=statistics.fmean(r.sigma for r in mine),
            )
    return [(rating.mu, rating.sigma) for rating in ratings]
