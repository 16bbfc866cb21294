from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.cli.bench import bench_engine
from meeplehall.core.registry import all_games


def test_engine_benchmark_measures_every_game_and_the_calls_bots_make():
    for game in all_games():
        figures = bench_engine(game, game.min_players + 1, None, runs=1, games_per_run=2)
        assert figures.games_per_second > 0 and figures.actions_per_second > 0
        assert set(figures.call_us) == {
            "clone()", "legal_actions()", "determinize()", "heuristic()", "view()"
        }
        assert all(micros > 0 for micros in figures.call_us.values())


def test_bench_command_prints_the_figures():
    result = CliRunner().invoke(app, ["bench", "yaxha", "--runs", "1", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output and "determinize()" in result.output
