"""The arena's table fits 80 columns with every bot label and interval whole, and a run never
replaces an earlier run's files unless told to."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from meeplehall.cli import app

SLOW_LABEL = "3:iterations=30"  # a label with settings


def _arena(out: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        app,
        ["arena", "yaxha", "--bots", f"1,{SLOW_LABEL}", "--games", "2", "--out", str(out),
         *extra],
        env={"COLUMNS": "80"},
    )
    return result.exit_code, result.output


def test_the_table_fits_80_columns_without_cutting_labels_or_intervals(tmp_path: Path) -> None:
    code, output = _arena(tmp_path)
    assert code == 0, output
    table = output[output.index("Yaxha, 2 players"):].splitlines()
    assert all(len(line) <= 80 for line in table), "\n".join(table)
    rows = [line for line in table if re.search(r"\d+\.\d%-\d+\.\d%", line)]
    assert len(rows) == 2, "\n".join(table)  # each interval whole on its bot's line
    labels = "".join(line.split()[0] for line in table if line.strip())
    assert SLOW_LABEL in labels  # folded over lines at worst, never cut with an ellipsis
    assert "…" not in "\n".join(table)


def test_a_second_run_refuses_to_overwrite_the_first_run_files(tmp_path: Path) -> None:
    code, output = _arena(tmp_path)
    assert code == 0, output
    games = next(tmp_path.glob("*-games.json"))
    first = games.read_text()
    code, output = _arena(tmp_path, "--seed", "9")
    assert code == 2 and "--overwrite" in output and "Traceback" not in output
    assert games.read_text() == first
    code, output = _arena(tmp_path, "--seed", "9", "--overwrite")
    assert code == 0, output
    assert games.read_text() != first


def test_arena_results_are_ignored_by_git() -> None:
    ignored = (Path(__file__).resolve().parents[2] / ".gitignore").read_text().splitlines()
    assert "/arena-results/" in ignored
