"""Playing in the terminal: seats count from 1, events read as sentences, the result table has
plain labels and says who won, and q keeps the action log."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rich.text import Text
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core.record import MatchRecord

FIRSTS = "\n".join(["1"] * 600) + "\n"  # always the first legal action


def _play(args: list[str], answers: str = FIRSTS) -> str:
    result = CliRunner().invoke(app, ["play", *args], input=answers)
    assert result.exit_code == 0, result.output[-3000:]
    return result.output


def test_seats_count_from_one_as_in_the_web_client() -> None:
    output = _play(["yaxha", "--players", "2", "--seat", "2", "--seed", "3"])
    assert "You play seat 2 of 2" in output
    assert "Seat 2 (you) to move" in output
    assert "Seat 3" not in output and "seat 0" not in output.lower()


def test_yaxha_events_are_sentences_and_its_letters_have_a_legend() -> None:
    output = _play(["yaxha", "--players", "3", "--seat", "1", "--seed", "4"])
    assert "Round 2 begins: the market is refilled." in output
    assert re.search(r"Choices revealed: Seat 1 \(you\) → \d, Seat 2 → \d, Seat 3 → \d\.", output)
    assert re.search(r"Seat 1 \(you\) placed a cube on level 1: \w+\.", output)
    assert "The game is over: pyramids are scored." in output
    assert "=" not in "".join(line for line in output.splitlines() if line.startswith("Seat "))
    assert "lower case: hidden from above" in output
    assert re.search(r"Place an? \w+ cube on level 1, row \d, column \d", output)


def test_the_result_table_has_plain_labels_and_a_sentence_says_who_won() -> None:
    output = _play(["yaxha", "--players", "2", "--seat", "none", "--seed", "7"])
    assert "colours.orange" not in output and "bonus." not in output
    assert "orange: points (cubes)" in output and "colour points" in output
    assert re.search(r"card \d+: ", output)
    assert re.search(r"(Seat \d won with \d+ points\.|share the win with \d+ points\.)$",
                     output.strip())


def test_a_solo_result_says_who_won_against_the_legendary_explorer() -> None:
    output = _play(["pyramido", "--players", "1", "--seat", "1", "--seed", "2"])
    assert re.search(
        r"You (lost to|beat|tied with) the Legendary Explorer, \d+ to \d+\.", output
    ), output[-1500:]
    assert "explorer.stage 1" not in output and "Legendary Explorer" in output
    assert "Seat 1 (you) took the domino of space" in output


def test_q_saves_the_action_log_before_quitting(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    # Two moves, then q: the log holds the moves played so far and replays to that point.
    result = CliRunner().invoke(
        app, ["play", "yaxha", "--seat", "1", "--seed", "5", "--save", str(saved)],
        input="1\n1\nq\n",
    )
    assert result.exit_code == 0, result.output
    record = MatchRecord.from_json(json.loads(saved.read_text()))
    assert [seat for seat, _ in record.actions].count(0) == 2
    assert not record.replay().is_over()
    replayed = CliRunner().invoke(app, ["replay", str(saved)])
    assert "the match is not over" in replayed.output


def test_the_end_of_input_saves_the_action_log_too(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = CliRunner().invoke(
        app, ["play", "pyramido", "--seat", "1", "--save", str(saved)], input="1\n"
    )
    assert result.exit_code == 0, result.output
    assert MatchRecord.from_json(json.loads(saved.read_text())).actions


def _bots_match(path: Path) -> MatchRecord:
    result = CliRunner().invoke(
        app, ["play", "yaxha", "--seat", "none", "--seed", "11", "--save", str(path)])
    assert result.exit_code == 0, result.output[-3000:]
    return MatchRecord.from_json(json.loads(path.read_text()))


def test_play_from_a_saved_match_starts_at_that_step_and_keeps_its_first_actions(
        tmp_path: Path) -> None:
    source = _bots_match(tmp_path / "source.json")
    # A step where seat 2 alone is to move: the person sees that position before any bot moves.
    step = next(n for n in range(len(source.actions) // 2, len(source.actions))
                if MatchRecord(source.game, source.players, source.seed, source.options,
                               source.actions[:n], source.generator).replay().to_move() == {1})
    position = MatchRecord(source.game, source.players, source.seed, source.options,
                           source.actions[:step], source.generator).replay()
    saved = tmp_path / "practice.json"
    output = _play(["--from", str(tmp_path / "source.json"), "--step", str(step), "--seat", "2",
                    "--save", str(saved)])
    assert f"after {step} of its actions" in output
    first_turn = output.split("Seat 2 (you) to move", 1)[1]
    # The position's first line (round, phase, who is to move) heads the person's first turn.
    drawn = Text.from_markup(source.resolve_game().render_text(position.view(1))).plain
    assert first_turn.lstrip("─ \n").startswith(drawn.splitlines()[0] + "\n")
    record = MatchRecord.from_json(json.loads(saved.read_text()))
    assert record.actions[:step] == source.actions[:step]
    assert (record.seed, record.generator) == (source.seed, source.generator)
    assert record.replay().is_over()


def test_play_from_refuses_a_step_past_the_end_a_finished_position_and_a_wrong_game(
        tmp_path: Path) -> None:
    path = tmp_path / "source.json"
    source = _bots_match(path)
    total = len(source.actions)
    cases = [
        (["--from", str(path), "--step", str(total + 1)], f"the record has {total} actions"),
        (["--from", str(path), "--step", str(total)], "the match is over"),
        (["--from", str(path)], "the match is over"),
        (["pyramido", "--from", str(path), "--step", "1"], "is a match of yaxha, not pyramido"),
        (["--from", str(path), "--seed", "3"], "leave out --players, --option and --seed"),
        (["yaxha", "--step", "3"], "--step is a position of a record"),
        (["--from", str(tmp_path / "missing.json")], "cannot read"),
        ([], "name a game to play"),
    ]
    for args, reason in cases:
        result = CliRunner().invoke(app, ["play", *args], input=FIRSTS)
        assert result.exit_code == 2, (args, result.output)
        assert reason in " ".join(result.output.split()), (args, result.output)
