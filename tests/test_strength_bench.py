"""bench/strength.py journals every game: a cut-short run resumes, losing and redoing none."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "strength.py"


def _run(out: Path, games: int, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), "yaxha", "--pairing", "2v1", "--games", str(games)]
    return subprocess.run(
        [*command, "--out", str(out), *extra], capture_output=True, text=True, timeout=300
    )


def _results(out: Path) -> list[tuple[int, list[int], list[object]]]:
    games = json.loads((out / "strength-yaxha-2v1-games.json").read_text())["games"]
    return [(game["index"], game["scores"], game["record"]["actions"]) for game in games]


def test_a_resumed_run_plays_only_the_missing_games_and_ends_as_a_fresh_one(tmp_path):
    fresh, resumed = tmp_path / "fresh", tmp_path / "resumed"
    assert _run(fresh, 6).returncode == 0
    assert _run(resumed, 4).returncode == 0
    journal = resumed / "strength-yaxha-2v1.jsonl"
    # A kill in the middle of writing the last game leaves half a line: that game is replayed.
    journal.write_text(journal.read_text()[:-40])
    printed = _run(resumed, 6, "--resume").stdout
    assert "6 games (3 from the journal" in printed
    assert _results(resumed) == _results(fresh)
    assert len(journal.read_text().splitlines()) == 1 + 6


def test_a_journal_for_other_settings_is_not_resumed(tmp_path):
    assert _run(tmp_path, 2).returncode == 0
    done = _run(tmp_path, 4, "--seed", "7", "--resume")
    assert done.returncode != 0
    assert "not resumed" in done.stderr
