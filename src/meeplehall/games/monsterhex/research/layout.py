"""Monster Hex's fixed action indexing and observation layout for research adapters.

Both follow the board and component data the options choose: cells are numbered in the board's
order (row by row, ``r`` then ``q``, as the view lists them), units and abilities in the data's
order. Everything observed is read from ``view(seat)``, with owners turned so that the observing
seat is owner 0 (the shared faction, when there is one, is the last owner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeplehall.core.research import (
    ActionField,
    ActionIndex,
    ActionKind,
    Section,
    one_hot,
)
from meeplehall.games.monsterhex.components import RANKS, Components
from meeplehall.games.monsterhex.position import ABILITY, DRAFT, OVER, PLACE, RUSH, SLOT, Config

PHASES = (DRAFT, PLACE, ABILITY, RUSH, SLOT, OVER)
ROTATIONS = tuple(range(6))
#: Per cell: owner (one-hot over owners), rank (S, A, B, C), six rotated powers/5,
#: white and black markers, counter gem, start cell, outer cell, pending cell.
CELL_EXTRA = len(RANKS) + 6 + 6
#: Ranks in their one-hot order: S, A, B, C.
RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}
SEAT_FIELDS = ("score", "hand", "deck", "shared_hand", "shared_deck", "placed", "objectives",
               "holds_seven")


def actions(comp: Components, cells: tuple[tuple[int, int], ...]) -> ActionIndex:
    """Every action of a match on these cells with these components, numbered."""
    where = ActionField(("q", "r"), cells)
    return ActionIndex(
        (
            ActionKind(
                "place",
                (ActionField("unit", tuple(u.id for u in comp.units)), where,
                 ActionField("rotation", ROTATIONS)),
            ),
            ActionKind("take_slot", (ActionField("slot", (0, 1)),)),
            ActionKind("pass"),
            ActionKind("target", (where,)),
            ActionKind("rotate", (where, ActionField("rotation", ROTATIONS))),
            ActionKind("draw_objective"),
            ActionKind("pick", (ActionField("ability", tuple(a.id for a in comp.abilities)),)),
        )
    )


def sections(cfg: Config) -> tuple[Section, ...]:
    """The observation's sections for a match of this setup (board and component data)."""
    comp, board = cfg.comp, cfg.board
    owners = cfg.owners
    cells = board.cells
    factions = comp.factions
    abilities = tuple(a.id for a in comp.abilities)
    units = tuple(u.id for u in comp.units)
    return (
        Section("cells", (len(cells), owners + CELL_EXTRA),
                "per board cell: owner of its unit (me first, shared last), rank, the six "
                "rotated powers/5, white and black markers, counter gem, start, outer, and 1 "
                "for the cell a pending ability or rush is about"),
        Section("gems", (len(board.sites), 3 + 2 * (owners + 1)),
                "per gem site: big, resolved, value/7; per slot (big gems; a small gem's "
                "winner is slot 0): value/7 and who took it (owners, one-hot)"),
        Section("seats", (cfg.players, len(SEAT_FIELDS) + len(factions) + len(abilities)),
                "per seat (me first): score/50, hand, deck, shared hand and deck sizes/10, "
                "units placed/10, personal objectives/3, holds the 7, colour and ability "
                "(one-hot)"),
        Section("hand", (2, len(units)), "units in my hand and in my shared hand, by id"),
        Section("phase", (len(PHASES) + 2,),
                "draft, place, ability, rush, slot, over (one-hot); own turn, shared turn"),
        Section("draft", (len(abilities),), "abilities still to draft"),
        Section("progress", (3,), "round/rounds, I am to move, my score if it ended now/50"),
    )

def observe(view: Mapping[str, Any], players: int, owners: int, comp: Components) -> list[float]:
    me = view["you"] or 0

    def owner_slot(owner: Any) -> int:
        if owner is None or owner == "shared":
            return owners - 1
        return int((owner - me) % players)

    pending = view["pending"] or {}
    at = (pending.get("q"), pending.get("r")) if pending.get("kind") in (ABILITY, RUSH) else None
    # The cells are most of the tensor: written in place, row by row, for speed.
    width = owners + CELL_EXTRA
    powers_at = owners + len(RANKS)
    cell_rows = [0.0] * (len(view["cells"]) * width)
    for number, cell in enumerate(view["cells"]):
        base = number * width
        unit = cell["unit"]
        if unit is not None:
            cell_rows[base + owner_slot(unit["owner"])] = 1.0
            cell_rows[base + owners + RANK_ORDER[unit["rank"]]] = 1.0
            start = base + powers_at
            cell_rows[start : start + 8] = [
                *(p / 5 for p in unit["powers"]), float(unit["white"]), float(unit["black"])
            ]
        cell_rows[base + width - 4 : base + width] = [
            float(cell["counter_gem"]), float(cell["start"]), float(cell["outer"]),
            float((cell["q"], cell["r"]) == at),
        ]
    gem_rows: list[float] = []
    for gem in view["gems"]:
        big = gem["kind"] == "big"
        if big:
            slots = gem["slots"]
            value = slots[0]["value"]
        else:
            slots = [{"value": gem["value"], "taken_by": gem["won_by"]}]
            value = gem["value"]
        row = [float(big), float(gem["resolved"]), value / 7]
        for k in range(2):
            if k < len(slots):
                taken = slots[k]["taken_by"]
                row += [slots[k]["value"] / 7]
                row += one_hot(None if taken is None else owner_slot(taken), range(owners))
            else:
                row += [0.0] * (owners + 1)
        gem_rows += row
    seats = [view["players"][(me + k) % players] for k in range(players)]
    factions = comp.factions
    abilities = tuple(a.id for a in comp.abilities)
    seat_rows: list[float] = []
    for seat in seats:
        seat_rows += [
            seat["score"] / 50, seat["hand_size"] / 10, seat["deck_size"] / 10,
            seat["shared_hand_size"] / 10, seat["shared_deck_size"] / 10, seat["placed"] / 10,
            seat["personal_objectives"] / 3, float(seat["holds_seven"]),
        ]
        seat_rows += one_hot(seat["colour"], factions) + one_hot(seat["ability"], abilities)
    units = tuple(u.id for u in comp.units)
    mine = seats[0]
    hand = [0.0] * (2 * len(units))
    for k, key in enumerate(("hand", "shared_hand")):
        for unit_id in mine.get(key, ()):
            hand[k * len(units) + units.index(unit_id)] += 1.0
    phase = one_hot(view["phase"], PHASES)
    phase += [float(view["turn_kind"] == "own"), float(view["turn_kind"] == "shared")]
    draft = [0.0] * len(abilities)
    if pending.get("kind") == DRAFT:
        draft = [float(a in pending["available"]) for a in abilities]
    score_now = mine.get("score_now", {}).get("score", 0)
    progress = [view["round"] / view["rounds"], float(me in view["to_move"]), score_now / 50]
    return cell_rows + gem_rows + seat_rows + hand + phase + draft + progress
