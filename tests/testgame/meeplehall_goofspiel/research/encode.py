"""Goofspiel's observation tensor straight from the state: ``layout.observe(view(seat))`` as
float32 bytes, without drawing the view. It reads only what the view shows: never the deck's
order (only which prizes are in it), never a rival's pending bid (only that it has bid)."""

from __future__ import annotations

from meeplehall.core.research import float32_bytes
from meeplehall_goofspiel.research.layout import score_bound
from meeplehall_goofspiel.state import GoofspielState


def encode(state: GoofspielState, seat: int) -> bytes:
    cards, players = state.cards, state.players
    order = [(seat + k) % players for k in range(players)]
    out = [0.0] * (cards * (3 + players) + 2 * players)
    if state.prize is not None:
        out[state.prize - 1] = 1.0
    for card in state.deck:
        out[cards + card - 1] = 1.0
    for k, other in enumerate(order):
        for card in state.hands[other]:
            out[cards * (2 + k) + card - 1] = 1.0
    mine = state.bids.get(seat)
    if mine is not None:
        out[cards * (2 + players) + mine - 1] = 1.0
    base, bound = cards * (3 + players), score_bound(cards)
    for k, other in enumerate(order):
        out[base + 2 * k] = state.scores[other] / bound
        out[base + 2 * k + 1] = float(other in state.bids)
    return float32_bytes(out)
