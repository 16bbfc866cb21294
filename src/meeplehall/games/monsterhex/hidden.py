"""Determinization: a copy of the state where what a seat cannot see is redealt.

What a seat cannot see: the others' hands and every deck's order, the shared faction's units
outside its own shared hand, and the others' personal objectives with the objective pile.
"""

from __future__ import annotations

from random import Random
from typing import TypeVar

from meeplehall.core import SplitMix64
from meeplehall.games.monsterhex.state import MonsterHexState

#: The state's own class comes back: a match's copy is a match.
S = TypeVar("S", bound=MonsterHexState)


def determinize(state: S, seat: int, rng: Random) -> S:
    """Redeal what ``seat`` cannot see: others' hands and decks, every deck's order,
    others' personal objectives and the objective pile."""
    # Every pool is sorted before it is shuffled, and the state's own generator reseeded, so
    # the copy depends on what the seat knows and on rng alone, never on the true order (a
    # bot then decides the same whatever the hidden cards are).
    new = state.clone()
    # A bot's own sample: the fast generator will do, nothing here is secret.
    new.rng = SplitMix64(rng.getrandbits(64))
    for p in range(state.cfg.players):
        if p == seat:
            new.decks[p].sort()
            rng.shuffle(new.decks[p])
            continue
        pool = sorted(new.hands[p] + new.decks[p])
        rng.shuffle(pool)
        size = len(new.hands[p])
        new.hands[p], new.decks[p] = pool[:size], pool[size:]
    if state.cfg.neutral >= 0:
        # Shared units: the seat sees only its own shared hand.
        pool = []
        for p in range(state.cfg.players):
            if p != seat:
                pool += new.shared_hands[p]
            pool += new.shared_decks[p]
        pool.sort()
        rng.shuffle(pool)
        for p in range(state.cfg.players):
            if p != seat:
                size = len(new.shared_hands[p])
                new.shared_hands[p], pool = pool[:size], pool[size:]
        for p in range(state.cfg.players):
            size = len(new.shared_decks[p])
            new.shared_decks[p], pool = pool[:size], pool[size:]
    hidden = new.pile[:]
    for p in range(state.cfg.players):
        if p != seat:
            hidden += new.personal[p]
    hidden.sort()
    rng.shuffle(hidden)
    for p in range(state.cfg.players):
        if p != seat:
            size = len(new.personal[p])
            new.personal[p], hidden = hidden[:size], hidden[size:]
    new.pile = hidden
    return new
