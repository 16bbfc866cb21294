"""Level 3's budget is per turn: a turn of several decisions shares one budget.

A game whose turn holds several decisions of one seat (Pyramido: take, reveal, place) may say so
through an optional state method, ``decisions_in_turn(seat) -> int``: how many decisions with a
real choice the seat's current turn (or step) holds in all, this one included. Each of them then
gets that share of the budget, so a whole turn costs about one budget. The count may only use
what ``seat`` can see, like everything else a bot reads. A game without the method has one
decision a turn, and each decision gets the whole budget, as before.

The share is worked out afresh at every decision, from the position alone: a bot need not
remember its earlier decisions, so the server can build a new bot for every move.
"""

from __future__ import annotations

from meeplehall.core import State


def turn_decisions(state: State, seat: int) -> int:
    """How many decisions share the budget of ``seat``'s current turn (1 if the game is silent)."""
    count = getattr(state, "decisions_in_turn", None)
    if count is None:
        return 1
    return max(1, int(count(seat)))
