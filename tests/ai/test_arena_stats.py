"""The arena's statistics and schedule, on hand-made outcomes and known values."""

from __future__ import annotations

from collections import Counter

import pytest

from meeplehall.ai.arena import BotSpec, GameOutcome, GamePlan, schedule
from meeplehall.ai.arena_stats import percentile, summarize, wilson_interval, win_credits
from meeplehall.core.record import MatchRecord


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0
    assert high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_interval_is_symmetric_for_losses_and_wins():
    low, high = wilson_interval(340, 400)
    other_low, other_high = wilson_interval(60, 400)
    assert low == pytest.approx(1 - other_high)
    assert high == pytest.approx(1 - other_low)


def test_wilson_interval_accepts_half_wins_from_shared_games():
    low, high = wilson_interval(7.5, 10)
    assert 0 < low < 0.75 < high < 1


def test_wilson_interval_rejects_more_wins_than_games():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def _outcome(index: int, seats: tuple[int, ...], scores: tuple[int, ...]) -> GameOutcome:
    best = max(scores)
    winners = frozenset(s for s, score in enumerate(scores) if score == best)
    ranks = tuple(1 + sum(1 for other in scores if other > score) for score in scores)
    plan = GamePlan(index, seed=index // len(seats), rotation=index % len(seats), seats=seats)
    times = [[0.001 * (spec + 1)] * 3 for spec in seats]
    return GameOutcome(plan, MatchRecord("none", len(seats), plan.seed), scores, ranks, winners,
                       times)


def test_a_shared_win_gives_each_winner_an_equal_share():
    assert win_credits(_outcome(0, (0, 1, 0), (10, 10, 4))) == [0.5, 0.5, 0.0]
    assert win_credits(_outcome(0, (0, 1), (3, 9))) == [0.0, 1.0]


def test_summary_counts_wins_per_seat_with_shared_wins_halved():
    specs = [BotSpec(1), BotSpec(2)]
    outcomes = [
        _outcome(0, (0, 1), (10, 20)),  # bot 2 wins
        _outcome(1, (1, 0), (15, 15)),  # shared
        _outcome(2, (0, 1), (30, 5)),  # bot 1 wins
        _outcome(3, (1, 0), (40, 1)),  # bot 2 wins
    ]
    weak, strong = summarize(specs, outcomes)
    assert (weak.seats, strong.seats) == (4, 4)
    assert weak.wins == pytest.approx(1.5)
    assert strong.wins == pytest.approx(2.5)
    assert weak.win_rate + strong.win_rate == pytest.approx(1.0)
    assert strong.mean_score == pytest.approx((20 + 15 + 5 + 40) / 4)
    assert strong.mean_decision_ms == pytest.approx(2.0)
    assert strong.decisions == 12
    assert strong.mu > weak.mu


def _solo(index: int, score: int, won: bool) -> GameOutcome:
    plan = GamePlan(index, seed=index, rotation=0, seats=(0,))
    return GameOutcome(plan, MatchRecord("none", 1, index), (score,), (1 if won else 2,),
                       frozenset({0}) if won else frozenset(), [[0.002] * 4])


def test_solo_games_count_wins_against_the_games_rival_and_rate_nobody():
    outcomes = [_solo(0, 50, True), _solo(1, 40, False), _solo(2, 30, False)]
    (alone,) = summarize([BotSpec(3)], outcomes)
    assert (alone.seats, alone.wins) == (3, 1.0)
    assert alone.mean_score == pytest.approx(40)
    assert alone.mu == pytest.approx(25)


def test_openskill_rating_rises_for_the_bot_that_keeps_winning():
    specs = [BotSpec(1), BotSpec(3)]
    outcomes = [_outcome(i, (i % 2, 1 - i % 2), (0, 5) if i % 2 == 0 else (5, 0))
                for i in range(20)]
    weak, strong = summarize(specs, outcomes)
    assert strong.wins == 20
    assert strong.ordinal > weak.ordinal
    assert strong.sigma < 25 / 3


def test_schedule_plays_each_deal_in_every_seat_rotation():
    plans = schedule(bots=2, players=2, games=6, base_seed=100)
    assert [(p.seed, p.seats) for p in plans] == [
        (100, (0, 1)), (100, (1, 0)),
        (101, (0, 1)), (101, (1, 0)),
        (102, (0, 1)), (102, (1, 0)),
    ]


def test_schedule_gives_every_bot_every_seat_equally_with_fewer_bots_than_seats():
    plans = schedule(bots=2, players=3, games=9)
    per_seat = Counter((seat, spec) for p in plans for seat, spec in enumerate(p.seats))
    for seat in range(3):  # the lineup is A, B, A: bot A holds two seats of three
        assert (per_seat[(seat, 0)], per_seat[(seat, 1)]) == (6, 3)
    deals = Counter(p.seed for p in plans)
    assert set(deals.values()) == {3}


def test_schedule_meets_every_pair_when_bots_outnumber_seats():
    plans = schedule(bots=3, players=2, games=12)
    pairs = {frozenset(p.seats) for p in plans}
    assert pairs == {frozenset({0, 1}), frozenset({0, 2}), frozenset({1, 2})}


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile([], 0.95) == 0.0


def test_bot_spec_reads_level_and_settings():
    spec = BotSpec.parse("3:seconds=0.2,iterations=50")
    assert spec.level == 3
    assert dict(spec.settings) == {"seconds": 0.2, "iterations": 50}
    assert spec.label == "3:seconds=0.2,iterations=50"


@pytest.mark.parametrize("text", ["x", "9", "3:seconds", "3:seconds=fast", "1:seconds=1"])
def test_bot_spec_rejects_unknown_levels_and_bad_settings(text):
    with pytest.raises(ValueError):
        BotSpec.parse(text)
