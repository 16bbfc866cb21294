"""Monster Hex's rules hide a seat's hand, its shared hand, its draws and its personal objectives
from the others, and the order of every deck and the objective pile from everyone."""

from __future__ import annotations

from typing import Any

from meeplehall.games.monsterhex.state import MonsterHexState
from tests.games.secrecy import Secrecy, dicts, lists, seat_entries, strings

#: Keys that only the seat itself may see in its own entry.
MONSTERHEX_OWN_KEYS = {"hand", "shared_hand", "objectives", "units"}
#: Events about a seat that only that seat may receive: which units it drew.
MONSTERHEX_SECRET_EVENTS = {"draw"}


def monsterhex_leaks(frame: Any, viewer: int | None, state: MonsterHexState) -> list[str]:
    """Another seat's hands (own and shared units) and personal objectives; and from everyone,
    the order of every deck and the objective cards not dealt face up."""
    players = state.cfg.players
    comp = state.cfg.comp
    found = seat_entries(frame, viewer, players, MONSTERHEX_OWN_KEYS, MONSTERHEX_SECRET_EVENTS)
    secret_cards = {comp.objectives[i].id: "the objective pile" for i in state.pile}
    hands: list[tuple[str, list[str]]] = []
    decks: list[tuple[str, list[str]]] = []
    own: list[list[str]] = []
    for seat in range(players):
        mine = sorted(comp.units[u].id for u in state.hands[seat])
        mine_shared = sorted(comp.units[u].id for u in state.shared_hands[seat])
        decks.append((f"seat {seat}'s deck", [comp.units[u].id for u in state.decks[seat]]))
        decks.append((f"seat {seat}'s shared deck",
                      [comp.units[u].id for u in state.shared_decks[seat]]))
        if seat == viewer:
            own += [mine, mine_shared]
            continue
        hands += [(f"seat {seat}'s hand", mine), (f"seat {seat}'s shared hand", mine_shared)]
        for i in state.personal[seat]:
            secret_cards[comp.objectives[i].id] = f"seat {seat}'s personal objective"
    # Unit names repeat from faction to faction: a list of the viewer's own (its hands, its
    # draws) may match another seat's by chance, and is no leak.
    own += [sorted(item["units"]) for item in dicts(frame)
            if item.get("type") == "draw" and item.get("seat") == viewer]
    for text in strings(frame):
        if text in secret_cards:
            found.append(f"{secret_cards[text]} {text}")
    for values in lists(frame):
        if not values or not all(isinstance(v, str) for v in values) or sorted(values) in own:
            continue
        for what, hand in hands:
            if sorted(values) == hand:
                found.append(f"{what} {values}")
        for what, deck in decks:
            # Four or more: a shorter list of unit names would match by chance.
            if len(deck) >= 4 and values == deck:
                found.append(f"{what} in order {values}")
    return found


# Objectives and abilities (Scheme draws objectives); then the shared faction's hands.
SECRECY = Secrecy(monsterhex_leaks, tables=(
    (3, {"objectives": True, "abilities": "random"}, 5),
    (2, {"objectives": True, "abilities": "draft", "shared_faction": True}, 6),
))
