"""The CLI's seeds: a saved match names its generator and replays; a negative seed is refused;
without one, a game is a random deal whose seed is printed."""

from __future__ import annotations

import json
import re
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


def test_without_a_seed_each_game_is_another_deal_and_prints_its_seed() -> None:
    """The printed seed plays the same game again; two games without one differ."""
    outputs = [CliRunner().invoke(app, ["play", "yaxha", "--seat", "none"]).output
               for _ in range(2)]
    told = [re.search(r"^Deal (\d+) \(the same deal again: --seed \1\)\.$", output,
                      re.MULTILINE) for output in outputs]
    seeds = [int(match.group(1)) for match in told if match is not None]
    assert len(seeds) == 2, outputs
    assert seeds[0] != seeds[1] and outputs[0].split("\n", 1)[1] != outputs[1].split("\n", 1)[1]
    again = CliRunner().invoke(app, ["play", "yaxha", "--seat", "none", "--seed", str(seeds[0])])
    assert again.output == outputs[0]
