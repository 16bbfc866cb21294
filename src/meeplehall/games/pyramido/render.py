"""Text presentation for terminal play: action labels and a drawing of a view (rich markup).

Colour is never the only cue: each colour has a letter (O B P G R, M for mythical gems), each
quarter shows its stage digit, and ``*`` marks a gem icon.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from meeplehall.games.pyramido.actions import (
    Action,
    Activate,
    Discard,
    Finish,
    Place,
    Reveal,
    Split,
    Take,
)
from meeplehall.games.pyramido.components import COLOUR_LETTERS, COLOURS, GEM_KINDS, GEM_LETTERS

STYLES = {
    "orange": "dark_orange",
    "blue": "blue",
    "purple": "magenta",
    "green": "green",
    "red": "red",
    "mythical": "white",
}
LETTERS = dict(zip(GEM_KINDS, GEM_LETTERS, strict=True))
SIDES = ("B to the right", "B below", "B to the left", "B above")


def describe_action(action: Action) -> str:
    if isinstance(action, Take):
        gem = f"a {action.gem} gem" if action.gem else "no gem (the area is empty)"
        return f"take space {action.space}'s domino and {gem}"
    if isinstance(action, Split):
        return f"move the bottom half of pile {action.pile} to the empty space"
    if isinstance(action, Reveal):
        return f"reveal pile {action.pile}"
    if isinstance(action, Place):
        return f"place block A at ({action.i}, {action.j}), {SIDES[action.rotation]}"
    if isinstance(action, Activate):
        paid = []
        if action.coloured:
            paid.append(f"{action.coloured} coloured")
        if action.mythical:
            paid.append(f"{action.mythical} mythical")
        return (
            f"activate area {action.area} with {action.units} unit(s) "
            f"({' + '.join(paid)}) for {'double' if action.units == 3 else 'its'} value"
        )
    if isinstance(action, Finish):
        return "finish activating areas"
    if isinstance(action, Discard):
        return f"discard a {action.gem} gem"
    return str(action)


_TAG_LIKE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def _escape(text: str) -> str:
    """Keep text that looks like a markup tag ('[down]') from being read as one."""
    return _TAG_LIKE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)


def _paint(text: str, colour: str) -> str:
    return f"[{STYLES.get(colour, 'white')}]{text}[/]"


def _gems(gems: Mapping[str, int]) -> str:
    if not gems:
        return "none"
    return " ".join(_paint(f"{LETTERS[kind]}x{count}", kind) for kind, count in gems.items())


def _domino(data: Mapping[str, Any] | None) -> str:
    """A face ('O[TL] | B[]') or a back ('O(1) | B(0)', icon counts only)."""
    if data is None:
        return "empty"
    parts = []
    for block in ("a", "b"):
        colour = data[f"{block}_colour"]
        letter = COLOUR_LETTERS[COLOURS.index(colour)]
        icons = data[f"{block}_icons"]
        shown = f"({icons})" if isinstance(icons, int) else f"[{' '.join(icons)}]"
        parts.append(_paint(f"{letter}{shown}", colour))
    return " | ".join(parts)


def _block_label(quarter: int, stage: int) -> str:
    """The current stage's block number starting at this quarter, or blank."""
    offset = quarter - (stage - 1)
    return f"{offset // 2:>4}" if offset % 2 == 0 else "    "


def _pyramid(cells: list[Mapping[str, Any]], stage: int) -> list[str]:
    """The top view, one 4-character column per quarter; the axes number the blocks of the
    stage being played, so a placement (i, j) can be read off the drawing."""
    if not cells:
        return ["  (empty)"]
    by_cell = {(c["x"], c["y"]): c for c in cells}
    xs = [c["x"] for c in cells]
    ys = [c["y"] for c in cells]
    left, right, top, bottom = min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2
    lines = ["     " + "".join(_block_label(x, stage) for x in range(left, right + 1))]
    for y in range(top, bottom + 1):
        row = []
        for x in range(left, right + 1):
            cell = by_cell.get((x, y))
            if cell is None:
                row.append("  · ")
            else:
                letter = COLOUR_LETTERS[COLOURS.index(cell["colour"])]
                mark = "*" if cell["icon"] else " "
                row.append(" " + _paint(f"{letter}{cell['stage']}{mark}", cell["colour"]))
        lines.append(_block_label(y, stage) + " " + "".join(row))
    return lines


def render_text(view: Mapping[str, Any]) -> str:
    lines = [
        f"[bold]Pyramido[/bold]  stage {view['stage']} ({view['turns_per_player']} turns each)"
        f"  phase: {view['phase']}  start player: seat {view['start_player']}",
        "letters: O orange, B blue, P purple, G green, R red, M mythical; digit = stage; "
        "* = gem icon. The axes number the blocks (i, j) of the stage being played.",
        "",
        "[bold]Exploration area[/bold] "
        f"(bag {view['bag']}, discard {_gems(view['discard'])})",
    ]
    for space in view["exploration"]:
        side = "face up  " if space["face_up"] else "face down"
        lines.append(
            f"  space {space['space']} ({side}) {_domino(space['top'])}  "
            f"gems: {_gems(space['gems'])}  ({space['size']} in pile)"
        )
    if view.get("held_domino"):
        lines.append(f"  in hand: {_domino(view['held_domino'])}")
    if view.get("explorer"):
        explorer = view["explorer"]
        lines.append(
            f"[bold]Legendary Explorer[/bold] ({view.get('legend')}): "
            f"top {_domino(explorer['top'])}, gems {_gems(explorer['gems'])}, "
            f"score {explorer['score']} {explorer['stage_scores']}"
        )
    for player in view["players"]:
        me = " (you)" if player["seat"] == view.get("seat") else ""
        frame = player["frame"]
        lines.append("")
        lines.append(
            f"[bold]Seat {player['seat']}{me}[/bold]: score {player['score']} "
            f"{player['stage_scores']}, gems {_gems(player['gems'])}"
            + (f", frame {frame[0]}x{frame[1]}" if frame else "")
        )
        lines.extend(_pyramid(player["top"], view["stage"]))
        scoring = player.get("scoring")
        if scoring and (view.get("seat") in (None, player["seat"])):
            lines.append(f"  scoring: {scoring['status']}, {scoring['points']} point(s) so far")
            for area in scoring["areas"]:
                if area["value"]:
                    flag = " (activated)" if area["activated"] else ""
                    x, y = min(area["cells"], key=lambda c: (c[1], c[0]))
                    near = (x - view["stage"] + 1) // 2, (y - view["stage"] + 1) // 2
                    lines.append(
                        f"    area {area['area']}: "
                        + _paint(f"{area['colour']} value {area['value']}", area["colour"])
                        + f", {len(area['cells'])} quarters from block {near}{flag}"
                    )
    if view.get("result"):
        lines.append("")
        lines.append(_escape(f"result: {view['result']}"))
    return "\n".join(lines)
