"""The CLI's seeds: a saved match names its generator and replays; a negative seed is refused."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core.rng import KEYED


def test_a_saved_match_names_its_generator_and_replays(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", "yaxha", "--seat", "none", "--bots", "1",
                                 "--seed", "7", "--save", str(saved)])
    assert played.exit_code == 0, played.output
    assert json.loads(saved.read_text())["generator"] == KEYED
    replayed = runner.invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output


def test_a_negative_seed_is_refused_with_a_reason() -> None:
    result = CliRunner().invoke(app, ["play", "yaxha", "--seat", "none", "--seed", "-1"])
    assert result.exit_code == 2
    assert "--seed" in result.output
