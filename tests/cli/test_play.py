"""Playing in the terminal: seats count from 1, events read as sentences, the result table has
plain labels and says who won, and q keeps the action log."""

from __future__ import annotations

import json
import re
from pathlib import Path

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
