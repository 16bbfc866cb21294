"""``meeplehall analyse``: a saved match's analysis as a table or JSON, the same as the library's;
an unfinished or unreadable match refused in one line; the arena's ``--analyse``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeplehall.ai.analysis import analyse_record, analysis_json
from meeplehall.ai.arena import BotSpec, play_game, schedule
from meeplehall.cli import app
from meeplehall.core.record import MatchRecord


def _saved(tmp_path: Path) -> tuple[Path, MatchRecord]:
    plan = schedule(2, 2, 1, 4)[0]
    record = play_game("monsterhex", 2, {}, [BotSpec.parse("1"), BotSpec.parse("2")],
                       plan).record
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()))
    return path, record


def test_the_json_is_the_librarys_analysis_and_the_table_names_the_marks(tmp_path: Path) -> None:
    path, record = _saved(tmp_path)
    result = CliRunner().invoke(app, ["analyse", str(path), "--iterations", "6", "--json"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed == {"iterations": 6, **analysis_json(2, analyse_record(record, 6))}
    table = CliRunner().invoke(app, ["analyse", str(path), "--iterations", "6", "--all"],
                               env={"COLUMNS": "120"})
    assert table.exit_code == 0, table.output
    assert "per seat" in table.output and "average loss" in table.output
    for decision in printed["decisions"]:
        if decision["mark"] is not None:
            assert decision["mark"] in table.output


def test_an_unfinished_or_broken_record_is_refused(tmp_path: Path) -> None:
    path, record = _saved(tmp_path)
    unfinished = MatchRecord(record.game, record.players, record.seed, record.options,
                             record.actions[:5], record.generator)
    path.write_text(json.dumps(unfinished.to_json()))
    result = CliRunner().invoke(app, ["analyse", str(path)])
    assert result.exit_code != 0 and "not over" in result.output
    path.write_text("{not json")
    result = CliRunner().invoke(app, ["analyse", str(path)])
    assert result.exit_code != 0 and "cannot read a match record" in result.output


def test_the_arena_writes_each_games_analysis_beside_its_records(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "monsterhex", "--bots", "1,2", "--games", "2",
                                      "--out", str(tmp_path), "--analyse",
                                      "--analysis-iterations", "4"])
    assert result.exit_code == 0, result.output
    games = json.loads((tmp_path / "monsterhex-2p-1-vs-2-games.json").read_text())["games"]
    analysed = json.loads((tmp_path / "monsterhex-2p-1-vs-2-analysis.json").read_text())
    assert [game["index"] for game in analysed["games"]] == [game["index"] for game in games]
    for game, analysis in zip(games, analysed["games"], strict=True):
        record = MatchRecord.from_json(game["record"])
        assert analysis["decisions"] == analysis_json(2, analyse_record(record, 4))["decisions"]
