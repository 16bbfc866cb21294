"""Level 3's budget is per turn: a turn of several decisions shares one budget.

A game whose turn holds several decisions of one seat (Pyramido: take, reveal, place) says so
through the state's optional member ``decisions_in_turn(seat) -> int``: how many decisions with a
real choice the seat's current turn (or step) holds in all, this one included. Each of them then
gets that share of the budget, so a whole turn costs about one budget. The count may only use
what ``seat`` can see, like everything else a bot reads. A game that declares None has one
decision a turn, and each decision gets the whole budget.

The share is worked out afresh at every decision, from the position alone: a bot need not
remember its earlier decisions, so the server can build a new bot for every move.
"""

from __future__ import annotations

from meeplehall.core import State


def turn_decisions(state: State, seat: int) -> int:
    """How many decisions share the budget of ``seat``'s current turn (1 if the game declares
    None, and at least 1 whatever it counts)."""
    count = state.decisions_in_turn
    if count is None:
        return 1
    return max(1, int(count(seat)))
