"""How a game speaks in the terminal: seats, actions and events as the web client words them,
and a finished match's result as a table and a sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeplehall.core import Game, Result, TerminalText

console = Console()


def _terminal(game: Game) -> TerminalText:
    """The sentences the game declares for the terminal (none left None: the plain ways)."""
    return game.terminal_text or TerminalText()


def seat_name(seat: int, human: int | None = None) -> str:
    return f"Seat {seat + 1}" + (" (you)" if seat == human else "")


def action_line(game: Game, action: Any, view: dict[str, Any] | None = None) -> str:
    """An action as the web client names it; ``view`` is the deciding seat's."""
    action_text = _terminal(game).action_text
    if action_text is not None:
        return action_text(action, view)
    return game.describe_action(action)


def event_line(
    game: Game, event: dict[str, Any], name: Callable[[int], str], players: int
) -> str:
    """An event as the web log says it; the raw fields when the game has no sentence for it."""
    event_text = _terminal(game).event_text
    if event_text is not None:
        text = event_text(event, name, players)
        if text:
            return text
    details = ", ".join(f"{key} {value}" for key, value in event.items() if key != "type")
    return f"{str(event.get('type', 'event')).replace('_', ' ')}: {details}"


def _plain_rows(part: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """A breakdown without a game's own labels: nested keys joined by spaces, not dots."""
    if not isinstance(part, dict):
        return [(prefix, part)]
    rows: list[tuple[str, Any]] = []
    for key, value in part.items():
        label = str(key).replace("_", " ")
        rows.extend(_plain_rows(value, f"{prefix} {label}".strip()))
    return rows


def print_result(game: Game, result: Result, human: int | None = None) -> None:
    """The final breakdown as a table (one column per seat, one row per scoring line, the
    largest group of each Yaxha colour as "points (cubes)"), then who won, in a sentence."""
    terminal = _terminal(game)
    rows_of = terminal.breakdown_rows or _plain_rows
    table = Table(title=f"{game.title}: final result", box=box.SIMPLE_HEAD)
    table.add_column("", no_wrap=True)  # the scoring line's name, read whole
    for seat in range(len(result.scores)):  # the winners are in the rank row and the sentence
        table.add_column(escape(seat_name(seat, human)), justify="right")
    per_seat = [dict(rows_of(part)) for part in result.breakdown]
    opponent = terminal.opponent_column(result) if terminal.opponent_column else None
    if opponent is not None:  # a solo game's automated opponent, beside the person
        table.add_column(escape(opponent[0]), justify="right")
    labels: list[str] = []
    for rows in per_seat:
        labels.extend(label for label in rows if label not in labels)
    extra = [opponent[1]] if opponent is not None else []
    for label in labels:
        cells = [rows.get(label, "") for rows in per_seat + extra]
        table.add_row(escape(label), *(escape(str(cell)) for cell in cells))
    totals = [*result.scores, *(rows.get("total", "") for rows in extra)]
    table.add_row("[bold]total[/bold]", *(f"[bold]{score}[/bold]" for score in totals))
    if len(result.scores) > 1:
        table.add_row("rank", *(str(rank) for rank in result.ranks))
    console.print(table)
    console.print(outcome_sentence(game, result, human), markup=False)


def outcome_sentence(game: Game, result: Result, human: int | None) -> str:
    """Who won: "You lost to the Legendary Explorer, 45 to 102." in a solo game (the game
    words it), "Seat 2 won with 42 points." otherwise."""
    solo_sentence = _terminal(game).solo_sentence
    if len(result.scores) == 1 and solo_sentence is not None:
        return solo_sentence(result, "you" if human == 0 else "Seat 1")
    winners = sorted(result.winners)
    if not winners:
        return "Nobody won."
    names = [("you" if seat == human else seat_name(seat)) for seat in winners]
    best = result.scores[winners[0]]
    if len(names) == 1:
        sentence = f"{names[0]} won with {best} points."
    else:
        sentence = f"{', '.join(names[:-1])} and {names[-1]} share the win with {best} points."
    return sentence[0].upper() + sentence[1:]
