"""The terminal says what a game declares in ``Game.terminal_text``, and the plain way whatever
the game leaves out."""

from __future__ import annotations

from meeplehall.cli.terminal import (
    action_line,
    console,
    event_line,
    outcome_sentence,
    print_result,
)
from meeplehall.core import Result
from meeplehall.core.registry import get_game
from tests.core.plain_game import PlainYaxha


def _name(seat: int) -> str:
    return f"Seat {seat + 1}"


def test_a_game_without_terminal_sentences_is_said_the_plain_way() -> None:
    game = PlainYaxha()
    action = game.parse_action({"type": "tile", "tile": 1})
    assert action_line(game, action) == game.describe_action(action) == "take market tile 1"
    event = {"type": "tile_collected", "seat": 0, "tile": 1, "after_tie": False}
    assert event_line(game, event, _name, 2) == (
        "tile collected: seat 0, tile 1, after_tie False")
    assert outcome_sentence(game, Result.ranked([12], [{}]), 0) == "You won with 12 points."
    result = Result.ranked([7, 5], [{"colours": {"orange": 4}, "bonus": 3},
                                    {"colours": {"orange": 5}, "bonus": 0}])
    with console.capture() as capture:
        print_result(game, result)
    text = capture.get()
    assert "colours orange" in text and "bonus" in text
    total = next(line for line in text.splitlines() if "total" in line)
    assert total.split() == ["total", "7", "5"]  # no opponent column


def test_a_game_says_its_own_sentences_where_it_declares_them() -> None:
    yaxha = get_game("yaxha")
    action = yaxha.parse_action({"type": "tile", "tile": 1})
    assert action_line(yaxha, action) == "Take tile 2"
    event = {"type": "tile_collected", "seat": 0, "tile": 1, "after_tie": False}
    assert event_line(yaxha, event, _name, 2) != event_line(PlainYaxha(), event, _name, 2)
    monsterhex = get_game("monsterhex")
    solo = Result.ranked([25], [{"target": 20}])
    assert outcome_sentence(monsterhex, solo, 0) == "You reached the target of 20 points, with 25."
    with console.capture() as capture:
        print_result(monsterhex, solo, 0)
    assert "solo target" in capture.get()


def test_pyramidos_legend_explains_its_notation_and_gems_take_their_article() -> None:
    import re

    from typer.testing import CliRunner

    from meeplehall.cli import app

    shown = CliRunner().invoke(app, ["play", "pyramido", "--players", "2", "--seed", "3"],
                               input="q\n").output
    legend = " ".join(shown.split())
    for told in ("O[TL] = orange, an icon top left", "B(2) = blue, two icons",
                 "A domino is two blocks, A | B", "Px1 = one purple gem"):
        assert told in legend
    assert "Take space 3's domino and an orange gem" in shown  # this deal offers one
    watched = CliRunner().invoke(app, ["play", "pyramido", "--players", "3", "--seat", "none",
                                       "--seed", "5"]).output
    assert not re.search(r"\ba (?:orange|[aeiou])", shown + watched)


def test_monster_hex_placements_show_the_powers_the_unit_will_show() -> None:
    import re

    from typer.testing import CliRunner

    from meeplehall.cli import app

    shown = " ".join(CliRunner().invoke(app, ["play", "monsterhex", "--players", "2",
                                              "--seed", "3"], input="q\n").output.split())
    table = {(unit, int(k)): powers
             for unit, row in re.findall(r"(\S+) by rotation: ((?:r\d \d{6} ?)+)", shown)
             for k, powers in re.findall(r"r(\d) (\d{6})", row)}
    choices = re.findall(r"place (\S+) on \(\S+\) rotation (\d), powers E NE NW W SW SE (\d{6})",
                         shown)
    assert choices and table
    for unit, rotation, powers in choices:
        assert table[unit.rstrip("*"), int(rotation)] == powers
