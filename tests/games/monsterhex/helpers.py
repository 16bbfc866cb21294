"""Building hand-made Monster Hex positions through the engine's own placement code."""

from __future__ import annotations

from typing import Any

from meeplehall.games.monsterhex import GAME, MonsterHexState
from meeplehall.games.monsterhex.actions import Place
from meeplehall.games.monsterhex.placement import place
from meeplehall.games.monsterhex.position import FIELDS
from meeplehall.games.monsterhex.turns import round_order
from tests.rng_draws import next_draws


def new(players: int = 4, seed: int = 0, **options: Any) -> MonsterHexState:
    return GAME.new_state(players, options, seed)


def unit_index(state: MonsterHexState, uid: str) -> int:
    return state.cfg.comp.unit_index[uid]


def put(state: MonsterHexState, owner: int, uid: str, q: int, r: int, rotation: int = 0) -> None:
    """Put a unit on the board directly (no turn, no legality check, no gem check)."""
    hand = [unit_index(state, uid)]
    place(state, owner if owner < state.cfg.players else 0, owner, hand, Place(uid, q, r, rotation))
    state.last_cells = []


def set_hand(state: MonsterHexState, seat: int, uids: list[str], shared: bool = False) -> None:
    hands = state.shared_hands if shared else state.hands
    hands[seat] = [unit_index(state, u) for u in uids]


def set_turn(state: MonsterHexState, seat: int) -> None:
    """Make ``seat`` the one to place now, in a base game."""
    state.first = seat
    state.order = round_order(state.cfg, seat)
    state.step = 0


def rotation_facing(state: MonsterHexState, uid: str, direction: int, power: int) -> int:
    """A rotation that makes unit ``uid`` show ``power`` towards ``direction``."""
    facing = state.cfg.comp.facing[unit_index(state, uid)]
    for k in range(6):
        if facing[k][direction] == power:
            return k
    raise ValueError(f"{uid} never shows {power}")


def fingerprint(state: MonsterHexState) -> str:
    """Everything mutable in a state, for checking that a rejected action changed nothing."""
    parts = []
    for name in FIELDS:
        if name == "cfg":
            continue
        value = getattr(state, name)
        # A generator is compared by what it would draw next (a clone leaves it as it is).
        parts.append(repr(next_draws(value) if name == "rng" else value))
    return "|".join(parts)


def play(state: MonsterHexState, seat: int, data: dict[str, Any]) -> list[dict[str, Any]]:
    return state.apply(seat, GAME.parse_action(data))
