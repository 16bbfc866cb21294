"""What a seat (or a spectator) may know of a Goofspiel match, as JSON."""

from __future__ import annotations

from typing import Any

from meeplehall_goofspiel.state import GoofspielState


def build_view(state: GoofspielState, seat: int | None) -> dict[str, Any]:
    """Public: the hands (the cards spent are known to all), the prize turned up, which prizes
    are still in the deck (never their order), the scores, who has bid, the last reveal. The
    seat's own pending bid is its alone."""
    last = None
    if state.last is not None:
        prize, bids, took = state.last
        last = {"prize": prize, "bids": list(bids), "taker": took}
    return {
        "seat": seat,
        "cards": state.cards,
        "prize": state.prize,
        "unseen_prizes": sorted(state.deck),
        "seats": [
            {"seat": s, "hand": sorted(state.hands[s]), "score": state.scores[s],
             "won": list(state.won[s]), "has_bid": s in state.bids}
            for s in range(state.players)
        ],
        "my_bid": state.bids.get(seat) if seat is not None else None,
        "last_round": last,
    }
