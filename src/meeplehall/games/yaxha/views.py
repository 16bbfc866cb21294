"""What one seat may know, as JSON for the web renderer, the CLI and the bots.

Secrets kept out of another seat's view: the unrevealed market choices (others only see *that* a
seat has chosen) and this round's placements until every seat has confirmed (others see the
pyramid as of the last completed round, and whether the seat has confirmed). The bag order is
nobody's to see. Pyramids are lists of cubes with explicit level/x/y and colour names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from meeplehall.games.yaxha.components import CARDS, COLOUR_NAMES, COMPONENTS, NUM_COLOURS, ROUNDS
from meeplehall.games.yaxha.geometry import BASE, CELL_OF_BIT, bits, visible_mask
from meeplehall.games.yaxha.scoring import (
    METRICS_KEPT,
    cached_metrics,
    explained,
    group_points,
    score_pyramids,
)
from meeplehall.games.yaxha.state import BUILD, OVER, SELECT, YaxhaState

PHASES = ("select", "pick", "build", "over")


def pyramid_json(pyramid: tuple[int, ...]) -> list[dict[str, Any]]:
    """The cubes of a pyramid, bottom level first; new dicts each time (callers may change
    them), from rows kept per pyramid."""
    return [
        {"level": level, "x": x, "y": y, "colour": colour, "visible": visible}
        for level, x, y, colour, visible in _cube_rows(pyramid)
    ]


@lru_cache(maxsize=METRICS_KEPT)
def _cube_rows(pyramid: tuple[int, ...]) -> tuple[tuple[int, int, int, str, bool], ...]:
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    visible = visible_mask(occupied)
    rows = [
        (*CELL_OF_BIT[bit], COLOUR_NAMES[colour], bool((visible >> bit) & 1))
        for colour, mask in enumerate(pyramid)
        for bit in bits(mask)
    ]
    rows.sort(key=lambda row: row[:3])
    return tuple(rows)


def colour_points(pyramid: tuple[int, ...]) -> dict[str, Any]:
    """Points the visible cubes would score now (no bonus cards): cheap enough for every view."""
    largest = cached_metrics(pyramid).largest
    per_colour = {
        COLOUR_NAMES[c]: {"size": largest[c], "points": group_points(largest[c])}
        for c in range(NUM_COLOURS)
    }
    return {"total": sum(p["points"] for p in per_colour.values()), "colours": per_colour}


def _names(cubes: tuple[int, ...]) -> list[str]:
    return [COLOUR_NAMES[c] for c in cubes]


def _hand_names(hand: tuple[int, ...]) -> list[str]:
    return [COLOUR_NAMES[c] for c in range(NUM_COLOURS) for _ in range(hand[c])]


def build_view(state: YaxhaState, seat: int | None) -> dict[str, Any]:
    n, phase = state.n, state.phase
    # This round's placements stay private until all have confirmed (i.e. while building).
    building = phase == BUILD
    seats: list[dict[str, Any]] = []
    for s in range(n):
        own = s == seat
        pyramid = state.pyramid[s] if own or not building else state.confirmed_pyramid[s]
        entry: dict[str, Any] = {
            "seat": s,
            "initiative": state.initiative[s],
            "chosen": phase == SELECT and state.choice[s] >= 0,
            "confirmed": building and state.confirmed[s],
            "collected": _names(state.collected[s]),
            "pyramid": pyramid_json(pyramid),
            "base_size": _base_size(pyramid),
            "discarded": sum(state.discarded[s]),
            "score": colour_points(pyramid),
        }
        if own:
            entry["hand"] = _hand_names(state.hand[s])
            entry["discarded"] += sum(state.discarding[s])
            entry["placed_this_round"] = state.placed[s] if building else 0
            # Undo is legal only until the seat confirms; its stack lasts until the round ends.
            entry["can_undo"] = building and not state.confirmed[s] and bool(state.undo[s])
            entry["choice"] = state.choice[s] if phase == SELECT and state.choice[s] >= 0 else None
        seats.append(entry)
    market = [
        {
            "tile": t,
            "cubes": _names(cubes),
            "taken_by": state.taken_by[t] if state.taken_by[t] >= 0 else None,
        }
        for t, cubes in enumerate(state.market)
    ]
    view: dict[str, Any] = {
        "game": "yaxha",
        "players": n,
        "seat": seat,
        "phase": PHASES[phase],
        "round": state.round,
        "rounds": ROUNDS,
        "to_move": sorted(state.waiting),
        "market": market,
        "initiative_order": sorted(range(n), key=state.initiative.__getitem__),
        "choices": list(state.last_choices) if state.last_choices else None,
        "pending": list(state.pending),
        "bonus_cards": [CARDS[c].to_json() for c in state.cards],
        "bonus_card_points": COMPONENTS.bonus_card_points,
        "colours": [{"name": c.name, "letter": c.letter, "hex": c.hex} for c in COMPONENTS.colours],
        "seats": seats,
        "bag_left": len(state.bag) - state.bag_pos,
        "options": _json_options(state.options),
    }
    if phase == OVER:
        view["result"] = state.result().to_json()
    elif seat is not None and 0 <= seat < n:
        view["score_now"] = score_now(state, seat)
    return view


def score_now(state: YaxhaState, seat: int) -> dict[str, Any]:
    """``seat``'s score if the game ended now, from what that seat sees: its own pyramid as it
    stands and every other pyramid as its view shows it (this round's cubes of a seat still
    building stay out), scored with the bonus cards on the table."""
    from meeplehall.games.yaxha.state import BUILD

    seen = [
        state.pyramid[s] if s == seat or state.phase != BUILD else state.confirmed_pyramid[s]
        for s in range(state.n)
    ]
    part = score_pyramids(seen, state.cards, state.options, cached_metrics)[seat]
    return {"score": part["total"], "breakdown": explained(part)}


def _base_size(pyramid: tuple[int, ...]) -> list[int]:
    """Width and height of the base footprint (it floats until it spans 4x4)."""
    return list(base_extent(pyramid))


@lru_cache(maxsize=METRICS_KEPT)
def base_extent(pyramid: tuple[int, ...]) -> tuple[int, int]:
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    cells = [CELL_OF_BIT[b] for b in bits(occupied & BASE)]
    if not cells:
        return 0, 0
    return max(c[1] for c in cells) + 1, max(c[2] for c in cells) + 1


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    return {
        key: list(value) if isinstance(value, tuple) else value for key, value in options.items()
    }
