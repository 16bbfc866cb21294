"""Yaxha's fixed action indexing and observation layout for research adapters.

Everything is read from ``view(seat)``, with the seats turned so that the observing seat comes
first (section rows are "me, the next seat, ..."). Pyramid planes are 4x4 per level; level z
uses x, y in 0..3-z, so cells outside it stay 0.
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
from meeplehall.games.yaxha.components import CARDS, COLOUR_NAMES, NUM_COLOURS, ROUNDS
from meeplehall.games.yaxha.geometry import LEVELS

PHASES = ("select", "pick", "build", "over")
#: A base cube may name x or y down to -3 before the base is re-normalised.
COORDS = tuple(range(-3, 4))
MAX_TILES = 4
#: A seat's actions in one round: its choice, a pick after a tie, three cubes and a confirm.
#: Undo has no index: a take-back could loop forever, so the adapters never offer it.
ROUND_ACTIONS = 1 + 1 + 3 + 1

ACTIONS = ActionIndex(
    (
        ActionKind("tile", (ActionField("tile", tuple(range(MAX_TILES))),)),
        ActionKind(
            "place",
            (
                ActionField("colour", COLOUR_NAMES),
                ActionField("level", tuple(range(LEVELS))),
                ActionField("x", COORDS),
                ActionField("y", COORDS),
            ),
        ),
        ActionKind("confirm"),
    )
)
SEAT_FIELDS = ("initiative", "chosen", "confirmed", "discarded", "score", "base_w", "base_h")


def sections(players: int) -> tuple[Section, ...]:
    return (
        Section("pyramids", (players, NUM_COLOURS, LEVELS, 4, 4),
                "1 where a cube of that colour sits at (seat, colour, level, y, x); "
                "another seat's cubes of the round being built appear once it ends"),
        Section("visible", (players, LEVELS, 4, 4), "1 where a cube is seen from outside"),
        Section("hand", (NUM_COLOURS,), "cubes of each colour in my hand"),
        Section("collected", (players, NUM_COLOURS), "cubes of each colour on each seat's tile"),
        Section("market", (MAX_TILES, NUM_COLOURS + 1 + players),
                "per market tile: its cubes per colour, 1 if it exists, who took it (one-hot)"),
        Section("my_choice", (MAX_TILES,), "my secret market choice this round (one-hot)"),
        Section("seats", (players, len(SEAT_FIELDS)),
                "per seat: initiative/players, has chosen, has confirmed, cubes discarded/10, "
                "visible colour points/50, base width/4, base height/4"),
        Section("bonus_cards", (len(CARDS),), "1 for each bonus card on the table"),
        Section("phase", (len(PHASES),), "select, pick, build, over (one-hot)"),
        Section("round", (2,), "round/10, my score if the game ended now/100"),
    )


def _rotated(view: Mapping[str, Any], players: int) -> list[Mapping[str, Any]]:
    me = view["seat"] or 0
    seats: list[Mapping[str, Any]] = view["seats"]
    return [seats[(me + k) % players] for k in range(players)]


def observe(view: Mapping[str, Any], players: int) -> list[float]:
    colour_of = {name: c for c, name in enumerate(COLOUR_NAMES)}
    seats = _rotated(view, players)
    plane = LEVELS * 16
    pyramids = [0.0] * (players * NUM_COLOURS * plane)
    visible = [0.0] * (players * plane)
    for k, seat in enumerate(seats):
        for cube in seat["pyramid"]:
            cell = cube["level"] * 16 + cube["y"] * 4 + cube["x"]
            pyramids[(k * NUM_COLOURS + colour_of[cube["colour"]]) * plane + cell] = 1.0
            if cube["visible"]:
                visible[k * plane + cell] = 1.0
    me = seats[0]
    hand = [0.0] * NUM_COLOURS
    for name in me.get("hand", ()):
        hand[colour_of[name]] += 1.0
    collected = [0.0] * (players * NUM_COLOURS)
    for k, seat in enumerate(seats):
        for name in seat["collected"]:
            collected[k * NUM_COLOURS + colour_of[name]] += 1.0
    me_index = view["seat"] or 0
    market: list[float] = []
    for t in range(MAX_TILES):
        row = [0.0] * (NUM_COLOURS + 1 + players)
        if t < len(view["market"]):
            tile = view["market"][t]
            for name in tile["cubes"]:
                row[colour_of[name]] += 1.0
            row[NUM_COLOURS] = 1.0
            if tile["taken_by"] is not None:
                row[NUM_COLOURS + 1 + (tile["taken_by"] - me_index) % players] = 1.0
        market += row
    seat_rows: list[float] = []
    for seat in seats:
        width, height = seat["base_size"]
        seat_rows += [
            seat["initiative"] / players,
            float(seat["chosen"]),
            float(seat["confirmed"]),
            seat["discarded"] / 10,
            seat["score"]["total"] / 50,
            width / 4,
            height / 4,
        ]
    cards = [0.0] * len(CARDS)
    for card in view["bonus_cards"]:
        cards[card["id"]] = 1.0
    score_now = view.get("score_now", {}).get("score", 0)
    return (
        pyramids + visible + hand + collected + market
        + one_hot(me.get("choice"), range(MAX_TILES)) + seat_rows + cards
        + one_hot(view["phase"], PHASES) + [view["round"] / ROUNDS, score_now / 100]
    )
