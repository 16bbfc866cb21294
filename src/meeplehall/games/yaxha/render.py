"""Terminal rendering of Yaxha: the view as rich console markup, and the sentences of the match
log, the action menu and the result table.

Every cube shows its colour's letter on its colour (upper case when visible from above, lower
case when hidden), so colour is never the only cue. Seats, tiles, rows and columns count from 1,
as in the web client; the sentences are the web log's English ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.games.yaxha.actions import ChooseTile, Confirm, Place, Undo
from meeplehall.games.yaxha.components import COLOUR_INDEX, COMPONENTS

_DARK_TEXT = {"yellow", "green", "white"}
CELL_WIDTH = 3
LEVEL_GAP = "   "
SeatName = Callable[[int], str]


def cube(colour: str, visible: bool = True) -> str:
    data = COMPONENTS.colours[COLOUR_INDEX[colour]]
    ink = "black" if colour in _DARK_TEXT else "white"
    letter = data.letter if visible else data.letter.lower()
    return f"[{ink} on {data.hex}] {letter} [/]"


def legend() -> str:
    """What the letters mean: a newcomer cannot guess the lower case."""
    letters = ", ".join(f"{c.letter} {c.name}" for c in COMPONENTS.colours)
    return f"[dim]cubes: {letters}\nlower case: hidden from above (covered by four cubes)[/dim]"


def _cubes(colours: Sequence[str]) -> str:
    return "".join(cube(c) for c in colours) if colours else "[dim]-[/dim]"


def _seat(seat: int) -> str:
    return f"seat {seat + 1}"


def _level_block(cubes: Sequence[Mapping[str, Any]], z: int) -> list[tuple[str, int]]:
    """Lines of one level as (markup, printed width): a title, column numbers, then one row per
    y from the top, as the web client's level strip draws it."""
    size = 4 - z
    at = {(c["x"], c["y"]): c for c in cubes if c["level"] == z}
    width = 3 + CELL_WIDTH * size
    lines = [(f"[bold]level {z + 1}[/bold]", width)]
    header = "   " + "".join(f"{x + 1:^{CELL_WIDTH}}" for x in range(size))
    lines.append((f"[dim]{header}[/dim]", width))
    for y in range(size):
        row = f"[dim]{y + 1:>2} [/dim]"
        for x in range(size):
            found = at.get((x, y))
            row += cube(found["colour"], found["visible"]) if found else "[dim] · [/dim]"
        lines.append((row, width))
    return lines


def pyramid_lines(cubes: Sequence[Mapping[str, Any]]) -> list[str]:
    blocks = [_level_block(cubes, z) for z in range(4)]
    height = max(len(b) for b in blocks)
    out = []
    for i in range(height):
        parts = []
        for block in blocks:
            if i < len(block):
                markup, width = block[i]
                plain = len(_strip(markup))
                parts.append(markup + " " * max(0, width - plain))
            else:
                parts.append(" " * block[0][1])
        out.append("  " + LEVEL_GAP.join(parts))
    return out


def _strip(markup: str) -> str:
    out, depth = [], 0
    for ch in markup:
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def render_text(view: Mapping[str, Any]) -> str:
    me = view.get("seat")
    lines = [
        f"[bold]Yaxha[/bold]  round {view['round']}/{view['rounds']}  "
        f"phase: [bold]{view['phase']}[/bold]  to move: "
        + (", ".join(_seat(s) for s in view["to_move"]) or "nobody"),
        "bonus cards: "
        + "; ".join(f"[bold]#{c['id']}[/bold] {c['name']}" for c in view["bonus_cards"]),
        "initiative: "
        + "  ".join(f"{i + 1}. {_seat(s)}" for i, s in enumerate(view["initiative_order"])),
        "[bold]market[/bold]",
    ]
    for tile in view["market"]:
        taken = (
            f"  taken by {_seat(tile['taken_by'])}" if tile["taken_by"] is not None else ""
        )
        lines.append(f"  tile {tile['tile'] + 1}: {_cubes(tile['cubes'])}{taken}")
    if view["choices"] is not None:
        lines.append(
            "revealed choices: "
            + ", ".join(f"{_seat(s)} -> tile {t + 1}" for s, t in enumerate(view["choices"]))
        )
    if view["pending"]:
        lines.append("still to pick after the tie: " + ", ".join(_seat(s) for s in view["pending"]))
    for entry in view["seats"]:
        lines.append("")
        lines.append(_seat_header(entry, me, view["phase"]))
        lines.extend(pyramid_lines(entry["pyramid"]))
    lines.append(legend())
    if "result" in view:
        result = view["result"]
        lines.append("")
        lines.append(
            "final scores: "
            + ", ".join(f"{_seat(s)}: {score}" for s, score in enumerate(result["scores"]))
            + "; winner(s): "
            + ", ".join(_seat(s) for s in result["winners"])
        )
    return "\n".join(lines)


def _seat_header(entry: Mapping[str, Any], me: Any, phase: str) -> str:
    seat = entry["seat"]
    parts = [f"[bold]{_seat(seat)}[/bold]" + (" (you)" if seat == me else "")]
    parts.append(f"initiative {entry['initiative']}")
    parts.append(f"colour points {entry['score']['total']}")
    if phase == "select":
        parts.append("has chosen" if entry["chosen"] else "choosing")
    if phase == "build":
        parts.append("confirmed" if entry["confirmed"] else "building")
    if entry["collected"]:
        parts.append("collected " + _cubes(entry["collected"]))
    if "hand" in entry and phase == "build":
        parts.append("in hand " + _cubes(entry["hand"]))
    if entry.get("choice") is not None:
        parts.append(f"your choice: tile {entry['choice'] + 1}")
    if entry["discarded"]:
        parts.append(f"discarded {entry['discarded']}")
    return "  ".join(parts)


# --- the sentences of the terminal's log and menu (the web log's English wording) ---------------


def action_text(action: Any, view: Mapping[str, Any] | None = None) -> str:
    """What an action does, as the web client's menu says it (the view adds nothing here)."""
    if isinstance(action, ChooseTile):
        return f"Take tile {action.tile + 1}"
    if isinstance(action, Place):
        # A base cube left of (or above) the base makes a new first column (row): said so, as
        # the menu has no picture to tell it from the cube placed in the present first column.
        article = "an" if action.colour[0] in "aeiou" else "a"
        row = f"row {action.y + 1}" if action.y >= 0 else "a new row above the others"
        column = f"column {action.x + 1}" if action.x >= 0 else "a new column left of the others"
        return (
            f"Place {article} {action.colour} cube on level {action.level + 1}, {row}, {column}"
        )
    if isinstance(action, Undo):
        return "Undo the last placement"
    if isinstance(action, Confirm):
        return "Confirm building"
    return str(action)


def event_text(
    event: Mapping[str, Any], name: SeatName, players: int | None = None
) -> str | None:
    """One event of the match log as a sentence; None for an event this game does not know."""
    kind = event.get("type")
    if kind == "round_started":
        return f"Round {event['round']} begins: the market is refilled."
    if kind == "tile_chosen":
        return f"{name(event['seat'])} secretly chose tile {event['tile'] + 1}."
    if kind == "seat_has_chosen":
        return f"{name(event['seat'])} has chosen a tile."
    if kind == "choices_revealed":
        chosen = ", ".join(f"{name(s)} → {t + 1}" for s, t in enumerate(event["choices"]))
        return f"Choices revealed: {chosen}."
    if kind == "tile_collected":
        after = " after the tie" if event.get("after_tie") else ""
        return f"{name(event['seat'])} takes tile {event['tile'] + 1}{after}."
    if kind == "initiative_swapped":
        order = ", ".join(f"{name(s)} {v}" for s, v in enumerate(event["initiative"]))
        return f"Initiative swapped after the tie: {order}."
    if kind == "building_started":
        return f"Building of round {event['round']} begins."
    if kind == "cube_placed":
        return (
            f"{name(event['seat'])} placed a cube on level {event['level'] + 1}: "
            f"{event['colour']}."
        )
    if kind == "placement_undone":
        return f"{name(event['seat'])} took back a cube."
    if kind == "seat_confirmed":
        return f"{name(event['seat'])} confirmed their building."
    if kind == "round_built":
        thrown = ", ".join(f"{name(s)} {n}" for s, n in enumerate(event["discarded"]) if n)
        if thrown:
            return f"Round {event['round']} built; discarded: {thrown}."
        return f"Round {event['round']} built."
    if kind == "game_over":
        return "The game is over: pyramids are scored."
    return None


def breakdown_rows(part: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """One seat's final breakdown as (plain label, value) rows, in reading order."""
    rows: list[tuple[str, Any]] = []
    for colour, group in part.get("colours", {}).items():
        rows.append((f"{colour}: points (cubes)", f"{group['points']} ({group['size']})"))
    rows.append(("colour points", part.get("colour_points", 0)))
    for card_id, card in part.get("bonus", {}).items():
        rows.append((f"card {card_id}: {card['name']}", card["points"] if card["met"] else "-"))
    rows.append(("bonus points", part.get("bonus_points", 0)))
    return rows
