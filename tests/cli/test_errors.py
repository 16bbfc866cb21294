"""Every wrong value on the command line is one line on stderr, never a traceback, and the
checks that can fail come before any game is played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app


def _one_line_error(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


BAD_VALUES = [
    (["play", "nogame"], "GAME"),
    (["play", "yaxha", "--bots", "4"], "--bots"),
    (["play", "yaxha", "--bots", "0"], "--bots"),
    (["play", "yaxha", "--seat", "0"], "--seat"),  # seats count from 1
    (["play", "yaxha", "--seat", "3"], "--seat"),
    (["play", "yaxha", "--seat", "x"], "--seat"),
    (["play", "yaxha", "--players", "9"], "--players"),
    (["play", "yaxha", "--players", "many"], "--players"),
    (["play", "yaxha", "--seed", "-1"], "--seed"),
    (["play", "yaxha", "-o", "bonus_cards"], "--option"),
    (["play", "yaxha", "-o", "nonsense=1"], "--option"),
    (["play", "yaxha", "--seat", "none", "--save", "/nonexistent/match.json"], "--save"),
    (["replay", "/nonexistent/match.json"], "FILE"),
    (["bench", "yaxha", "--players", "9"], "--players"),
    (["bench", "yaxha", "--runs", "0"], "--runs"),
    (["bench", "yaxha", "--games", "0"], "--games"),
    (["arena", "yaxha", "--bots", "9"], "--bots"),
    (["arena", "yaxha", "--bots", "x"], "--bots"),
    (["arena", "yaxha", "--bots", ","], "--bots"),
    (["arena", "yaxha", "--bots", "3:nonsense=1"], "--bots"),
    (["arena", "yaxha", "--games", "0"], "--games"),
    (["arena", "yaxha", "--workers", "0"], "--workers"),
    (["arena", "yaxha", "--players", "9"], "--players"),
    (["arena", "yaxha", "--out", "/proc/arena-results"], "--out"),
    (["serve", "--port", "0"], "--port"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--bot-workers", "0"], "--bot-workers"),
    (["serve", "--bot-cheap-workers", "0"], "--bot-cheap-workers"),
    (["serve", "--max-bot-only-tables", "-1"], "--max-bot-only-tables"),
    (["serve", "--idle-table-minutes", "-5"], "--idle-table-minutes"),
    (["serve", "--database-url", "not a url"], "--database-url"),
    (["serve", "--redis-url", "localhost:6379"], "--redis-url"),
    (["serve", "--allowed-origin", "games.example.org"], "--allowed-origin"),
]


@pytest.mark.parametrize(("args", "option"), BAD_VALUES, ids=[" ".join(a) for a, _ in BAD_VALUES])
def test_a_bad_value_is_one_line_naming_the_option(
    args: list[str], option: str, tmp_path: Path
) -> None:
    if args[0] == "serve":  # a check that passes may create the data folder: not in the checkout
        args = [*args, "--data-dir", str(tmp_path / "data")]
    assert f"'{option}'" in _one_line_error(args)


def test_an_unreadable_replay_and_an_unwritable_data_folder_are_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "match.json"
    broken.write_text('{"game": "yaxha", "players": 2, "seed": 1, "options": {}, '
                      '"actions": [[0, {"type": "nonsense"}]]}')
    assert "cannot replay" in _one_line_error(["replay", str(broken)])
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert "'--data-dir'" in _one_line_error(["serve", "--data-dir", str(blocker / "data")])


def test_arena_outputs_in_a_file_instead_of_a_folder_are_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "results"
    blocker.write_text("")
    assert "'--out'" in _one_line_error(["arena", "yaxha", "--games", "1", "--out", str(blocker)])


def test_plot_without_matplotlib_names_the_install_command_before_playing(
    tmp_path: Path,
) -> None:
    # matplotlib is installed here: a None entry in sys.modules makes its import fail, as on a
    # machine without the plot extra.
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from meeplehall.cli import app\n"
        "app(['arena', 'yaxha', '--games', '400', '--plot', '--out', sys.argv[1]])\n"
    )
    out = tmp_path / "arena"
    run = subprocess.run(
        [sys.executable, "-c", script, str(out)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2, run.stdout + run.stderr
    assert "pip install 'meeplehall[plot]'" in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert not out.exists()  # refused before the first game
