"""``meeplehall analyse``: the analysis of a saved match, decision by decision, with a summary
per seat (ai/analysis.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from meeplehall.cli.errors import refuse
from meeplehall.cli.terminal import action_line, console, seat_name
from meeplehall.core.record import MatchRecord

MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def load_record(file: Path) -> MatchRecord:
    """A match record from ``play --save``, or one game of an arena's games file (its
    ``record``)."""
    try:
        data = json.loads(file.read_text())
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            data = data["record"]
        record = MatchRecord.from_json(data)
        state = record.replay()
    except (OSError, ValueError, KeyError, TypeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise refuse("FILE", f"cannot read a match record from {file}: {reason}") from None
    if not state.is_over():
        raise refuse("FILE", f"{file}: the match is not over; only finished ones are analysed")
    return record


def analyse_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a match record (play --save)")],
    iterations: Annotated[int, typer.Option(min=1, help="search iterations per decision")] = 200,
    as_json: Annotated[bool, typer.Option("--json", help="print the analysis as JSON")] = False,
    all_moves: Annotated[
        bool, typer.Option("--all", help="list every decision, not only the marked ones")
    ] = False,
) -> None:
    """Analyse a finished match: each decision judged from its seat's information only."""
    from meeplehall.ai.analysis import analyse_record, analysis_json

    record = load_record(file)
    decisions = analyse_record(record, iterations)
    document = {"iterations": iterations, **analysis_json(record.players, decisions)}
    if as_json:
        typer.echo(json.dumps(document))
        return
    game = record.resolve_game()
    view = game.new_state(record.players, record.options, record.full_seed).view(None)
    table = Table(title=f"{game.title}: analysis ({iterations} iterations a decision)",
                  box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for column in ("step", "seat", "played", "win", "best", "win ", "mark"):
        table.add_column(column, justify="right" if column.startswith("win") else "left")
    for decision in document["decisions"]:
        if decision["mark"] is None and not all_moves:
            continue
        table.add_row(str(decision["index"] + 1), seat_name(decision["seat"]),
                      escape(_label(game, decision["played"], view)),
                      f"{decision['played']['win']:.0%}",
                      escape(_label(game, decision["best"], view)),
                      f"{decision['best']['win']:.0%}", _mark(decision["mark"]))
    console.print(table)
    summary = Table(title="per seat", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for column in ("seat", "average loss", "inaccuracies", "mistakes", "blunders"):
        summary.add_column(column, justify="left" if column == "seat" else "right")
    for seat in document["seats"]:
        summary.add_row(seat_name(seat["seat"]), f"{seat['average_loss']:.1%}",
                        str(seat["inaccuracy"]), str(seat["mistake"]), str(seat["blunder"]))
    console.print(summary)


def _label(game: Any, move: dict[str, Any], view: Any) -> str:
    try:
        return action_line(game, game.parse_action(move["action"]), view)
    except Exception:  # a label is a courtesy: the JSON form says the same
        return json.dumps(move["action"])


def _mark(mark: str | None) -> str:
    return "" if mark is None else f"[{MARK_STYLES[mark]}]{mark}[/]"
