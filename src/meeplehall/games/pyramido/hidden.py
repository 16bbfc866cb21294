"""Determinization: a copy of the match where what no seat can see is resampled.

Pyramido has no per-seat secret, only what nobody sees: every pile below its top (face up or
not), the face-down tops themselves, of which everybody sees the back (colours and icon counts),
and the order of the gem bag.
"""

from __future__ import annotations

from random import Random
from typing import TypeVar

from meeplehall.core import SplitMix64
from meeplehall.games.pyramido.state import PyramidoState

#: The state's own class comes back: a match's copy is a match.
S = TypeVar("S", bound=PyramidoState)


def determinize(state: S, seat: int, rng: Random) -> S:
    """Reshuffle what no seat can see: every pile below a face-up top, keeping each
    face-down top's back (its colours and icon counts), and the bag's future draws."""
    twin = state.clone()
    area = twin.area
    dominoes = state.dominoes
    hidden: list[int] = []
    for pile, cards in enumerate(area.piles):
        hidden.extend(cards[:-1] if area.face_up[pile] else cards)
    # Sorted first: the result must depend on what the seat knows and on rng alone, never
    # on the true order of the piles (a bot then decides the same either way).
    hidden.sort()
    rng.shuffle(hidden)
    new_tops: dict[int, int] = {}
    for pile, cards in enumerate(area.piles):
        if cards and not area.face_up[pile]:
            backs = dominoes.backs
            back = backs[cards[-1]]
            matching = [d for d in hidden if backs[d] == back]
            pick = rng.choice(matching)
            hidden.remove(pick)
            new_tops[pile] = pick
    for pile, cards in enumerate(area.piles):
        below = len(cards) - 1 if cards else 0
        if cards and not area.face_up[pile]:
            area.piles[pile] = [*hidden[:below], new_tops[pile]]
        elif cards:
            area.piles[pile] = [*hidden[:below], cards[-1]]
        else:
            continue
        del hidden[:below]
    # A bot's own sample: the fast generator will do, nothing here is secret.
    area.rng = SplitMix64(rng.getrandbits(64))
    return twin
