"""Text presentation for terminal play: action labels, a drawing of a view (rich markup), and
the sentences of the terminal's log, menu and result (the web log's English wording; seats and
area numbers count from 1, as in the web client).

Colour is never the only cue: each colour has a letter (O B P G R, M for mythical gems), each
quarter shows its stage digit, and ``*`` marks a gem icon.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    a,
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
        f"  phase: {view['phase']}  start player: seat {view['start_player'] + 1}",
        "letters: O orange, B blue, P purple, G green, R red, M mythical.",
        "A domino is two blocks, A | B, each a colour letter and its gem icons: face up, the "
        "quarters that show one (O[TL] = orange, an icon top left; TR top right, BL bottom "
        "left, BR bottom right; B[] = blue, none); face down, only how many (B(2) = blue, two "
        "icons). Gems: Px1 = one purple gem.",
        "In a pyramid each quarter is its colour letter, its stage digit and * when it shows "
        "a gem icon; the axes number the blocks (i, j) of the stage being played.",
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
            f"[bold]Seat {player['seat'] + 1}{me}[/bold]: score {player['score']} "
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
                        f"    area {area['area'] + 1}: "
                        + _paint(f"{area['colour']} value {area['value']}", area["colour"])
                        + f", {len(area['cells'])} quarters from block {near}{flag}"
                    )
    if view.get("result"):
        scores = view["result"].get("scores", [])
        lines.append("")
        lines.append(
            "final scores: " + ", ".join(f"seat {s + 1}: {n}" for s, n in enumerate(scores))
        )
    return "\n".join(lines)


# --- the sentences of the terminal's log, menu and result ---------------------------------------

EXPLORER = "the Legendary Explorer"
SIDE_WORDS = ("to its right", "below it", "to its left", "above it")


def _gem(kind: str | None) -> str:
    return kind if kind else "no gem"


def action_text(action: Action, view: Mapping[str, Any] | None = None) -> str:
    """What an action does, as the web client says it; with the deciding seat's view, an
    activation names its area's colour and value."""
    if isinstance(action, Take):
        if action.gem:
            return f"Take space {action.space}'s domino and {a(action.gem)} gem"
        return f"Take space {action.space}'s domino (no gem left)"
    if isinstance(action, Split):
        return f"Move the bottom half of pile {action.pile} to the empty space"
    if isinstance(action, Reveal):
        return f"Turn pile {action.pile} face up"
    if isinstance(action, Place):
        side = SIDE_WORDS[action.rotation]
        return f"Place block A at ({action.i}, {action.j}) with block B {side}"
    if isinstance(action, Activate):
        return _activation_text(action, view)
    if isinstance(action, Finish):
        return "Finish scoring this stage"
    if isinstance(action, Discard):
        return f"Discard {a(action.gem)} gem"
    return str(action)


def _activation_text(action: Activate, view: Mapping[str, Any] | None) -> str:
    area = None
    if view is not None and view.get("seat") is not None:
        scoring = view["players"][view["seat"]].get("scoring") or {}
        area = next((a for a in scoring.get("areas", []) if a["area"] == action.area), None)
    factor = 2 if action.units == 3 else 1
    colour = area["colour"] if area else "the area's colour"
    pay = []
    if action.coloured:
        pay.append(f"{action.coloured} × {colour}")
    if action.mythical:
        pay.append(f"{action.mythical} × mythical")
    paid = " + ".join(pay)
    if area is None:
        return f"Activate area {action.area + 1}, paying {paid} (value ×{factor})"
    return (
        f"Activate the {area['colour']} area worth {area['value']}, paying {paid}: "
        f"+{area['value'] * factor} points"
    )


def event_text(
    event: Mapping[str, Any], name: Callable[[int], str], players: int | None = None
) -> str | None:
    """One event of the match log as a sentence; None for an event this game does not know."""

    def who(seat: int | None) -> str:
        return EXPLORER[0].upper() + EXPLORER[1:] if seat is None else name(seat)

    kind = event.get("type")
    seat = event.get("seat")
    texts: dict[str, Callable[[], str]] = {
        "took": lambda: (
            f"{who(seat)} took the domino of space {event['space']} and a gem: "
            f"{_gem(event.get('gem'))}."
        ),
        "pile_split": lambda: (
            f"{who(seat)}: pile {event['from']} split into space {event['into']} "
            f"(dominoes moved: {event['moved']})."
        ),
        "revealed": lambda: f"{who(seat)}: pile {event['pile']} turned face up.",
        "placed": lambda: f"{who(seat)} placed a domino in stage {event['stage']}.",
        "gems_refilled": lambda: f"The gem area of space {event['space']} was refilled.",
        "bag_refilled": lambda: "The discarded gems went back into the bag.",
        "turn_lost": lambda: f"{who(seat)} had no legal placement and lost the turn.",
        "stage_started": lambda: (
            f"Stage {event['stage']} begins; {who(event.get('start_player'))} starts."
        ),
        "frame_fixed": lambda: (
            f"{who(seat)}'s base is fixed at {event['frame'][0]}×{event['frame'][1]} blocks."
        ),
        "area_activated": lambda: (
            f"{who(seat)} activated {a(_gem(event.get('colour')))} area worth {event['value']}: "
            f"+{event['points']}."
        ),
        "stage_scored": lambda: (
            f"{who(seat)} scored stage {event['stage']}: {event['points']} "
            f"(mythical gems kept: {event['mythical_bonus']})."
        ),
        "gem_discarded": lambda: f"{who(seat)} discarded a gem: {_gem(event.get('gem'))}.",
        "explorer_took": lambda: (
            f"The Legendary Explorer took the domino of space {event['space']} and "
            f"{len(event['gems'])} gems."
        ),
        "explorer_scored": lambda: (
            f"The Legendary Explorer scored stage {event['stage']}: {event['points']}."
        ),
        "explorer_bonus_gem": lambda: (
            f"The Legendary Explorer drew a bonus gem: {_gem(event.get('gem'))}."
        ),
        "game_over": lambda: "The game is over.",
    }
    text = texts.get(str(kind))
    return text() if text else None


def breakdown_rows(part: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """One seat's final breakdown as (plain label, value) rows; the Explorer's own scores are
    the opponent's column, not rows of the seat's."""
    rows = [(str(key), value) for key, value in part.items() if key.startswith("stage")]
    if "gems held" in part:
        rows.append(("gems held (tie-break)", part["gems held"]))
    return rows


def opponent_column(result: Any) -> tuple[str, dict[str, Any]] | None:
    """The Legendary Explorer's column in a solo result, under the same labels."""
    explorer = result.breakdown[0].get("explorer") if len(result.breakdown) == 1 else None
    if not explorer:
        return None
    rows = {key: value for key, value in explorer.items() if key.startswith("stage")}
    return "Legendary Explorer", {**rows, "total": explorer.get("total", "")}


def solo_sentence(result: Any, player: str) -> str:
    """Who won a solo game: "You lost to the Legendary Explorer, 45 to 102." ``player`` is
    "you" or the seat's name."""
    mine = result.scores[0]
    explorer = (result.breakdown[0].get("explorer") or {}).get("total")
    if explorer is None:
        return f"{player[0].upper()}{player[1:]} scored {mine} points."
    if result.winners:
        verb = "beat"
    elif mine == explorer:
        verb = "tied with"  # a tie is no win: the Explorer keeps the title
    else:
        verb = "lost to"
    sentence = f"{player} {verb} {EXPLORER}, {mine} to {explorer}."
    return sentence[0].upper() + sentence[1:]
