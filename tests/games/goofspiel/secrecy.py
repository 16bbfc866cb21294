"""Goofspiel's rules hide a seat's pending bid from the others until every bid is in, and the
prize deck's order from everyone (which prizes it holds is public)."""

from __future__ import annotations

from typing import Any

from meeplehall_goofspiel.state import GoofspielState

from tests.games.secrecy import Secrecy, dicts, lists, seat_entries

#: Only the bidder may read its pending bid: its own bid event, and its view's ``my_bid``.
OWN_KEYS = {"my_bid"}
SECRET_EVENTS = {"bid"}


def goofspiel_leaks(frame: Any, viewer: int | None, state: GoofspielState) -> list[str]:
    found = seat_entries(frame, viewer, state.players, OWN_KEYS, SECRET_EVENTS)
    pending = {seat: card for seat, card in state.bids.items() if seat != viewer}
    for item in dicts(frame):
        if item.get("my_bid") is not None and item.get("seat") != viewer:
            found.append(f"a pending bid in a view for seat {item.get('seat')}")
        if item.get("type") == "bid_revealed" and item.get("seat") in pending:
            found.append(f"seat {item['seat']}'s bid revealed before every bid is in")
    # The deck in its order (three prizes or more, when that order is not the sorted one).
    if len(state.deck) >= 3 and state.deck != sorted(state.deck):
        found += [f"the prize deck in order {values}" for values in lists(frame)
                  if values == state.deck]
    return found


SECRECY = Secrecy(goofspiel_leaks, tables=((2, {}, 1), (3, {"cards": 5}, 2)))
