"""Terminal rendering of a Yaxha view as rich console markup.

Every cube shows its colour's letter on its colour (upper case when visible from above, lower
case when hidden), so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeplehall.games.yaxha.components import COLOUR_INDEX, COMPONENTS

_DARK_TEXT = {"yellow", "green", "white"}
CELL_WIDTH = 3
LEVEL_GAP = "   "


def cube(colour: str, visible: bool = True) -> str:
    data = COMPONENTS.colours[COLOUR_INDEX[colour]]
    ink = "black" if colour in _DARK_TEXT else "white"
    letter = data.letter if visible else data.letter.lower()
    return f"[{ink} on {data.hex}] {letter} [/]"


def _cubes(colours: Sequence[str]) -> str:
    return "".join(cube(c) for c in colours) if colours else "[dim]-[/dim]"


def _level_block(cubes: Sequence[Mapping[str, Any]], z: int) -> list[tuple[str, int]]:
    """Lines of one level as (markup, printed width): a title, x labels, then one row per y."""
    size = 4 - z
    at = {(c["x"], c["y"]): c for c in cubes if c["level"] == z}
    width = 3 + CELL_WIDTH * size
    lines = [(f"[bold]level {z + 1}[/bold]".ljust(width + 13), width)]
    header = "y\\x" + "".join(f"{x:^{CELL_WIDTH}}" for x in range(size))
    lines.append((f"[dim]{header}[/dim]", width))
    for y in range(size - 1, -1, -1):
        row = f"[dim]{y:>2} [/dim]"
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
        + (", ".join(f"seat {s}" for s in view["to_move"]) or "nobody"),
        "bonus cards: "
        + "; ".join(f"[bold]#{c['id']}[/bold] {c['name']}" for c in view["bonus_cards"]),
        "initiative: "
        + "  ".join(f"{i + 1}. seat {s}" for i, s in enumerate(view["initiative_order"])),
        "[bold]market[/bold]",
    ]
    for tile in view["market"]:
        taken = f"  taken by seat {tile['taken_by']}" if tile["taken_by"] is not None else ""
        lines.append(f"  tile {tile['tile']}: {_cubes(tile['cubes'])}{taken}")
    if view["choices"] is not None:
        lines.append(
            "revealed choices: "
            + ", ".join(f"seat {s} -> tile {t}" for s, t in enumerate(view["choices"]))
        )
    if view["pending"]:
        lines.append(
            "still to pick after the tie: " + ", ".join(f"seat {s}" for s in view["pending"])
        )
    for entry in view["seats"]:
        lines.append("")
        lines.append(_seat_header(entry, me, view["phase"]))
        lines.extend(pyramid_lines(entry["pyramid"]))
    if "result" in view:
        result = view["result"]
        lines.append("")
        lines.append(
            "final scores: "
            + ", ".join(f"seat {s}: {score}" for s, score in enumerate(result["scores"]))
            + "; winner(s): "
            + ", ".join(f"seat {s}" for s in result["winners"])
        )
    return "\n".join(lines)


def _seat_header(entry: Mapping[str, Any], me: Any, phase: str) -> str:
    seat = entry["seat"]
    parts = [f"[bold]seat {seat}[/bold]" + (" (you)" if seat == me else "")]
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
        parts.append(f"your choice: tile {entry['choice']}")
    if entry["discarded"]:
        parts.append(f"discarded {entry['discarded']}")
    return "  ".join(parts)
