"""A small fixed arena run on a real game: rotation, duplicate deals, records, outputs."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from meeplehall.ai.arena import BotSpec, run_arena, schedule
from meeplehall.ai.arena_stats import summarize
from meeplehall.cli import app
from meeplehall.core.record import MatchRecord
from tests.ai.positions import GAMES

pytestmark = pytest.mark.skipif(not GAMES, reason="no game is registered yet")


def _game_name() -> str:
    names = [game.name for game in GAMES]
    return "yaxha" if "yaxha" in names else names[0]


def test_arena_swaps_seats_on_the_same_deal_and_records_replay_to_the_result():
    specs = [BotSpec(1), BotSpec(2)]
    outcomes = run_arena(_game_name(), 2, {}, specs, schedule(2, 2, 4, base_seed=7))
    assert [(o.plan.seed, o.plan.seats) for o in outcomes] == [
        (7, (0, 1)), (7, (1, 0)), (8, (0, 1)), (8, (1, 0)),
    ]
    for outcome in outcomes:
        rebuilt = MatchRecord.from_json(outcome.record.to_json()).replay()
        assert rebuilt.is_over()
        assert rebuilt.result().scores == outcome.scores
    random_bot, greedy_bot = summarize(specs, outcomes)
    assert random_bot.seats == greedy_bot.seats == 4
    assert random_bot.wins + greedy_bot.wins == pytest.approx(4)
    assert greedy_bot.decisions > 0


def test_arena_in_two_worker_processes_plays_the_same_games():
    specs = [BotSpec(1), BotSpec(2)]
    plans = schedule(2, 2, 2, base_seed=3)
    here = run_arena(_game_name(), 2, {}, specs, plans)
    there = run_arena(_game_name(), 2, {}, specs, plans, workers=2)
    assert [o.record.actions for o in here] == [o.record.actions for o in there]
    assert [o.scores for o in here] == [o.scores for o in there]


def test_arena_command_writes_games_summary_and_chart(tmp_path):
    result = CliRunner().invoke(
        app,
        ["arena", _game_name(), "--bots", "1,2", "--games", "4", "--players", "2",
         "--out", str(tmp_path), "--plot"],
    )
    assert result.exit_code == 0, result.output
    stem = f"{_game_name()}-2p-1-vs-2"
    games = json.loads((tmp_path / f"{stem}-games.json").read_text())
    assert len(games["games"]) == 4
    assert games["games"][1]["bots"] == ["2", "1"]
    with (tmp_path / f"{stem}-summary.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [row["bot"] for row in rows] == ["1", "2"]
    assert sum(float(row["wins"]) for row in rows) == pytest.approx(4)
    assert (tmp_path / f"{stem}.png").read_bytes()[:4] == b"\x89PNG"


def test_arena_command_rejects_an_unknown_bot_level(tmp_path):
    result = CliRunner().invoke(
        app, ["arena", _game_name(), "--bots", "1,9", "--games", "2", "--out", str(tmp_path)]
    )
    assert result.exit_code != 0
    assert "no bot of level 9" in result.output
