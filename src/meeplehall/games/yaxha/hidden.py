"""Determinization: a copy of the state where everything a seat cannot see is resampled.

What a seat cannot see, and how it is resampled consistently with ``view(seat)``:
- the bag order: the cubes not yet drawn are reshuffled (their colours are known by counting);
- during the secret market choice, the tile another seat has already chosen: it stays "chosen"
  (the view shows that much) and is replaced by a uniformly random tile;
- during building, another seat's placements of this round: they are taken back (its hand is
  the public tile it collected). A seat that has already confirmed gets fresh random legal
  placements and stays confirmed, discarding what cannot be placed, as the rules would.
  Nothing of the placements taken back stays behind, not even the legal moves cached for them.
"""

from __future__ import annotations

from random import Random
from typing import TypeVar

from meeplehall.games.yaxha.actions import Place
from meeplehall.games.yaxha.state import BUILD, EMPTY_HAND, SELECT, YaxhaState, hand_of

#: The state's own class comes back: a match's copy is a match.
S = TypeVar("S", bound=YaxhaState)


def determinize(state: S, seat: int, rng: Random) -> S:
    copy = state.clone()
    # Sorted first, so the copy depends on what the seat knows and on rng alone, never on the
    # true bag order: a bot then decides the same whatever the hidden order is.
    rest = sorted(copy.bag[copy.bag_pos :])
    rng.shuffle(rest)
    copy.bag = copy.bag[: copy.bag_pos] + rest
    n = copy.n
    if copy.phase == SELECT:
        for other in range(n):
            if other != seat and copy.choice[other] >= 0:
                copy.choice[other] = rng.randrange(n)
    elif copy.phase == BUILD:
        for other in range(n):
            if other == seat:
                continue
            pyramid = copy.confirmed_pyramid[other]
            occupied = 0
            for mask in pyramid:
                occupied |= mask
            copy.pyramid[other], copy.occupied[other] = pyramid, occupied
            copy.hand[other] = hand_of(copy.collected[other])
            copy.undo[other] = ()
            # Its cached legal placements were listed for the true pyramid and hand.
            copy.memo[other] = None
            copy.placed[other] = 0
            copy.discarding[other] = EMPTY_HAND
            if copy.confirmed[other]:
                copy.confirmed[other] = False
                while True:
                    moves = [m for m in copy.legal_actions(other) if isinstance(m, Place)]
                    if not moves:
                        break
                    copy.apply(other, moves[rng.randrange(len(moves))])
                copy.undo[other] = ()
                copy.discarding[other] = copy.hand[other]
                copy.hand[other] = EMPTY_HAND
                copy.confirmed[other] = True
    return copy
