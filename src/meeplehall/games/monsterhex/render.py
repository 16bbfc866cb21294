"""Terminal presentation: a text drawing of the hex board, and the log's and result's sentences.

Every cell is drawn on two lines. A unit shows its owner (P1..P4, seats counted from 1 as in the
web client, or SH for the shared faction), its id and rotation, then its six facing powers in
the order E NE NW W SW SE.
Colour only repeats what the letters already say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.markup import escape

from meeplehall.games.monsterhex.actions import Place, describe_action

WIDTH = 9
STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green"}


def _colour_letter(colour: str | None) -> str:
    return colour[0].upper() if colour else "?"


def _cell_lines(cell: Mapping[str, Any]) -> tuple[str, str, str | None]:
    """Two text lines for a cell, and the style of the first line."""
    unit = cell["unit"]
    if unit is not None:
        who = "SH" if unit["shared"] else _short(unit["owner"])
        counters = ""
        if unit["white"]:
            counters += f"+{unit['white']}"
        if unit["black"]:
            counters += f"-{unit['black']}"
        top = f"{who}:{unit['id']}{'*' if unit['red_letter'] else ''}r{unit['rotation']}"
        bottom = "".join(str(p) for p in unit["powers"]) + counters
        return top, bottom, STYLE.get(unit["colour"] or "")
    if cell["counter_gem"]:
        return f"{{gem {cell['counter_gem']}}}", f"{cell['q']},{cell['r']}", None
    return f"{cell['q']},{cell['r']}", "start" if cell["start"] else ".", "dim"


def _gem_lines(gem: Mapping[str, Any]) -> tuple[str, str, str | None]:
    if gem["kind"] == "small":
        won = gem["won_by"]
        return "(1)", "open" if won is None else f"->{_short(won)}", None
    slots = gem["slots"]
    top = "<" + "/".join(f"{s['value']}{_colour_letter(s['colour'])}" for s in slots) + ">"
    if not gem["resolved"]:
        return top, "open", "bold"
    return top, " ".join(_short(s["taken_by"]) for s in slots), "bold"


def _short(owner: Any) -> str:
    if owner is None:
        return "-"
    return "SH" if owner == "shared" else f"P{int(owner) + 1}"


def render_board(view: Mapping[str, Any]) -> str:
    items: list[tuple[int, int, tuple[str, str, str | None]]] = []
    for cell in view["cells"]:
        items.append((cell["q"], cell["r"], _cell_lines(cell)))
    for gem in view["gems"]:
        items.append((gem["q"], gem["r"], _gem_lines(gem)))
    xs = {(q, r): 2 * q + r for q, r, _ in items}
    x_min = min(xs.values())
    rows: dict[int, list[tuple[int, tuple[str, str, str | None]]]] = {}
    for q, r, lines in items:
        rows.setdefault(r, []).append((xs[(q, r)] - x_min, lines))
    out = []
    for r in sorted(rows):
        line_top, line_bottom = "", ""
        for column, (top, bottom, style) in sorted(rows[r]):
            pad = column * (WIDTH // 2 + 1) - len(_plain(line_top))
            cell_top = escape(top.center(WIDTH))
            line_top += " " * max(pad, 1) + (f"[{style}]{cell_top}[/]" if style else cell_top)
            line_bottom += " " * max(pad, 1) + escape(bottom.center(WIDTH))
        out.append(f"r={r:+d} " + line_top)
        out.append("     " + line_bottom)
    return "\n".join(out)


def _plain(text: str) -> str:
    """Text without rich markup tags (for column arithmetic)."""
    from rich.text import Text

    return Text.from_markup(text).plain


def _units(view: Mapping[str, Any], ids: list[str]) -> str:
    """Unit ids with their printed edges (E NE NW W SW SE at rotation 0)."""
    types = view["unit_types"]
    return ", ".join(
        f"{uid}{'*' if types[uid]['red_letter'] else ''}"
        f"({''.join(str(e) for e in types[uid]['edges'])})"
        for uid in ids
    ) or "-"


def _powers(view: Mapping[str, Any], uid: str, rotation: int) -> str:
    """The powers (E NE NW W SW SE) a unit shows at a rotation."""
    edges = view["unit_types"][uid]["edges"]
    return "".join(str(edges[(d - rotation) % 6]) for d in range(6))


def _rotations(view: Mapping[str, Any], uid: str) -> str:
    """The powers a hand unit shows at each rotation."""
    return "  ".join(f"r{k} {_powers(view, uid, k)}" for k in range(6))


def action_text(action: Any, view: Mapping[str, Any] | None = None) -> str:
    """As ``describe_action``; with the seat's view, a placement also shows the powers the
    unit will show, so no choice needs the rotation worked out."""
    text = describe_action(action)
    if isinstance(action, Place) and view is not None and action.unit in view.get(
            "unit_types", {}):
        text += f", powers E NE NW W SW SE {_powers(view, action.unit, action.rotation)}"
    return text


def _pending_line(pending: Mapping[str, Any]) -> str:
    who = _short(pending["seat"])
    if pending["kind"] == "slot":
        other = pending["other_slot_to"]
        rest = f"; the other slot goes to {_short(other)}" if other is not None else (
            "; the other slot is lost"
        )
        return f"{who} chooses a slot of the gem at ({pending['q']},{pending['r']}){rest}."
    if pending["kind"] in ("ability", "rush"):
        side = "strong side" if pending["star"] else "normal side"
        return (
            f"{who} may use {pending['ability']} ({side}) after placing on "
            f"({pending['q']},{pending['r']}), or pass."
        )
    return f"{who} picks an ability: {', '.join(pending['available'])}."


def render_text(view: Mapping[str, Any]) -> str:
    parts = [
        f"[bold]Monster Hex[/bold]: {view['board']} board, round {view['round']}/{view['rounds']}"
        f", {view['mode']} game",
        "Units: owner:id (* = red letter) r=rotation; powers E NE NW W SW SE; +n/-n counters.",
        "Big gems <high/low> with colour initials (R red, B blue, Y yellow, G green).",
        "Rotation k turns a unit k steps: its power towards direction d is edge (d - k) mod 6.",
        render_board(view),
    ]
    for player in view["players"]:
        colour = player["colour"] or "no colour yet"
        line = (
            f"{_short(player['seat'])} ({colour}): {player['score']} points"
            f", hand {player['hand_size']}, deck {player['deck_size']}, placed {player['placed']}"
        )
        if player["ability"]:
            line += f", ability {player['ability']}"
        if "hand" in player:
            line += f"; your hand: {_units(view, player['hand'])}"
            if player["shared_hand"]:
                line += f"; shared hand: {_units(view, player['shared_hand'])}"
        style = STYLE.get(player["colour"] or "")
        parts.append(f"[{style}]{escape(line)}[/]" if style else escape(line))
        for uid in sorted({*player.get("hand", []), *player.get("shared_hand", [])}):
            parts.append(escape(f"   {uid} by rotation: {_rotations(view, uid)}"))
        for card in player.get("objectives", []):
            text = f"   your objective {card['id']}: {card['name']} ({card['points']})"
            parts.append(escape(text))
    if view["shared_colour"]:
        parts.append(f"Shared faction (SH): {view['shared_colour']}")
    for card in view["common_objectives"]:
        parts.append(escape(f"Common objective {card['id']}: {card['name']} ({card['points']})"))
    pending = view["pending"]
    if pending:
        parts.append(escape(_pending_line(pending)))
    if view["turn_kind"] == "shared":
        parts.append("This turn places a shared-faction unit.")
    return "\n".join(parts)


# --- the sentences of the terminal's log and result (the web log's English wording) -------------

SHARED = "the shared faction"


def event_text(
    event: Mapping[str, Any], name: Callable[[int], str], players: int | None = None
) -> str | None:
    """One event of the match log as a sentence; None for an event this game does not know.
    A seat past the players' (or "shared") is the shared faction."""

    def who(seat: Any) -> str:
        if seat is None or seat == "shared" or (players and int(seat) >= players):
            return SHARED
        return name(int(seat))

    def at() -> str:
        return f"({event['q']}, {event['r']})"

    kind = event.get("type")
    if kind == "place":
        shared = "the shared unit " if event.get("shared") else ""
        return f"{who(event['seat'])} placed {shared}{event['unit']} at {at()}."
    if kind == "draw":
        return f"{who(event['seat'])} drew {', '.join(event['units'])}."
    if kind == "drew":
        return f"{who(event['seat'])} drew {event['count']} unit(s)."
    if kind == "round":
        return f"Round {event['round']} begins."
    if kind == "gem_resolved":
        return _gem_sentence(event, who, at())
    if kind == "award":
        return f"{who(event['seat'])} scores {event['points']} ({event['reason']})."
    if kind == "discarded":
        return (
            f"{event['points']} points of the shared faction are discarded ({event['reason']})."
        )
    if kind == "overwhelming":
        return f"{who(event['owner'])} overwhelms the gem at {at()} and takes both slots."
    if kind == "turn_skipped":
        return f"{who(event['seat'])} has placed all their units and skips the turn."
    if kind == "ability_picked":
        return f"{who(event['seat'])} picked {event['ability']} ({event['faction']})."
    if kind == "shared_faction":
        return f"The shared faction is {event['faction']}."
    if kind in ("ability_ready", "ability_used", "ability_declined"):
        verb = {"ability_ready": "may use", "ability_used": "used",
                "ability_declined": "did not use"}[kind]
        return f"{who(event['seat'])} {verb} {event['ability']}."
    if kind == "objective_drawn":
        return f"{who(event['seat'])} drew the secret objective {event['objective']}."
    if kind == "game_over":
        return "The game is over: objectives are scored."
    return None


def _gem_sentence(event: Mapping[str, Any], who: Callable[[Any], str], at: str) -> str:
    if event.get("kind") == "big":
        totals = ", ".join(f"{who(seat)} {total}" for seat, total in event["totals"].items())
        return f"The big gem at {at} is surrounded: {totals}."
    winner = event.get("winner")
    gem = "counter gem" if event.get("kind") == "counter" else "small gem"
    if winner is None or (isinstance(winner, int) and winner < 0):
        return f"Nobody wins the {gem} at {at}."
    value = f" ({event['value']})" if event.get("kind") == "counter" else ""
    return f"{who(winner)} wins the {gem} at {at}{value}."


def breakdown_rows(part: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """One seat's final breakdown as (plain label, value) rows."""
    return [("solo target" if key == "target" else str(key), value) for key, value in part.items()]


def solo_sentence(result: Any, player: str) -> str:
    """Whether a solo game reached its target score, in a sentence."""
    mine = result.scores[0]
    target = result.breakdown[0].get("target")
    if target is None:
        sentence = f"{player} scored {mine} points."
    elif result.winners:
        sentence = f"{player} reached the target of {target} points, with {mine}."
    else:
        sentence = f"{player} missed the target of {target} points, with {mine}."
    return sentence[0].upper() + sentence[1:]
