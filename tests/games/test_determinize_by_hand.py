"""Determinization against hidden truths built by hand, game by game.

For each game a second state is made from a real one by editing its secret fields directly (a
rival's market choice or unconfirmed placements, the order and faces of face-down dominoes, hands,
deck order and personal objectives): the seat's view is the same, so a bot's sample of the world
from the same generator must be the same too, whatever the truth is. The twin never comes from
``determinize`` itself, so a determinization that copies a secret through cannot pass. Each game
also checks that samples do not reproduce the real secret every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from meeplehall.core import SplitMix64
from meeplehall.core.registry import get_game
from meeplehall.games.yaxha.actions import ChooseTile, Confirm, Place
from tests.games.test_determinize import everything
from tests.rng_draws import next_draws

SAMPLES = 6  # generators tried per pair of states
TRIES = 40  # samples looked at for "the real secret is not reproduced every time"


def same_samples(state: Any, twin: Any, seat: int, players: int) -> None:
    """``state`` and ``twin`` look alike to ``seat``: so must every sample drawn for it, now and
    after both play on alike (hidden order shows only later, in the next draws)."""
    assert state.view(seat) == twin.view(seat), "the twin was meant to look the same"
    for k in range(SAMPLES):
        mine = state.determinize(seat, random.Random(k))
        theirs = twin.determinize(seat, random.Random(k))
        assert everything(mine, players) == everything(theirs, players)
        moves = random.Random(k)
        for _ in range(60):
            if mine.is_over():
                break
            mover = moves.choice(sorted(mine.to_move()))
            pick = moves.randrange(len(mine.legal_actions(mover)))
            mine.apply(mover, mine.legal_actions(mover)[pick])
            theirs.apply(mover, theirs.legal_actions(mover)[pick])
        assert everything(mine, players) == everything(theirs, players)


def not_always_the_truth(state: Any, seat: int, secret: Callable[[Any], Any]) -> None:
    """Among many samples, some differ from the real secret (a copy of it would never)."""
    truth = secret(state)
    samples = [secret(state.determinize(seat, random.Random(k))) for k in range(TRIES)]
    assert any(sample != truth for sample in samples)


# --- Yaxha ------------------------------------------------------------------------------------

YAXHA = get_game("yaxha")


def test_yaxha_a_rivals_secret_market_choice():
    for players in (2, 3, 4):
        state = YAXHA.new_state(players, None, 5)
        state.apply(1, ChooseTile(0))
        twin = state.clone()
        twin.choice[1] = players - 1  # a different tile, chosen in secret
        assert twin.choice[1] != state.choice[1]
        for seat in range(players):
            if seat != 1:
                same_samples(state, twin, seat, players)
                not_always_the_truth(state, seat, lambda s: s.choice[1])


def _yaxha_building(players: int, seed: int) -> Any:
    state = YAXHA.new_state(players, None, seed)
    for seat in range(players):
        state.apply(seat, ChooseTile(seat))  # no tie: everyone goes straight to building
    assert state.phase_name() == "build"
    return state


def _places(state: Any, seat: int) -> list[Place]:
    return [a for a in state.legal_actions(seat) if isinstance(a, Place)]


def test_yaxha_a_rivals_unconfirmed_placements():
    for players in (2, 3):
        state = _yaxha_building(players, 11)
        twin = state.clone()
        # The rival placed one cube in the real state, another cube elsewhere in the twin, and
        # nothing in a third state: the seat sees the same pyramid (last round's) in all three.
        first = _places(state, 1)[0]
        state.apply(1, first)
        twin.apply(1, _places(twin, 1)[-1])
        assert twin.pyramid[1] != state.pyramid[1]
        untouched = _yaxha_building(players, 11)
        for seat in range(players):
            if seat != 1:
                same_samples(state, twin, seat, players)
                same_samples(state, untouched, seat, players)
                not_always_the_truth(state, seat, lambda s: s.pyramid[1])


def test_yaxha_a_rivals_confirmed_placements():
    state = _yaxha_building(2, 3)
    twin = state.clone()
    # Both place all three cubes and confirm, each in a different way.
    for build, middle in ((state, False), (twin, True)):
        while _places(build, 1):
            moves = _places(build, 1)
            build.apply(1, moves[len(moves) // 2 if middle else 0])
        build.apply(1, Confirm())
    assert twin.pyramid[1] != state.pyramid[1]
    same_samples(state, twin, 0, 2)
    not_always_the_truth(state, 0, lambda s: s.pyramid[1])


# --- Pyramido ---------------------------------------------------------------------------------

PYRAMIDO = get_game("pyramido")


def _pyramido_twin(state: Any) -> Any:
    """The same exploration area to every eye, with a different truth underneath."""
    twin = state.clone()
    piles = twin.area.piles
    # Two face-down dominoes deep in two piles change places ...
    piles[0][0], piles[1][0] = piles[1][0], piles[0][0]
    # ... two more within one pile (a face-down top stays: in this set its back names it) ...
    piles[2][1], piles[2][-2] = piles[2][-2], piles[2][1]
    # ... and the bag will draw in another order.
    twin.area.rng = SplitMix64(12345)
    assert twin.area.piles != state.area.piles
    return twin


def test_pyramido_face_down_dominoes_and_the_bag():
    for players in (2, 3, 4):
        state = PYRAMIDO.new_state(players, None, players)
        twin = _pyramido_twin(state)
        for seat in range(players):
            same_samples(state, twin, seat, players)
            not_always_the_truth(state, seat, lambda s: s.area.piles)
            not_always_the_truth(state, seat, lambda s: next_draws(s.area.rng))


# --- Monster Hex ------------------------------------------------------------------------------

MONSTERHEX = get_game("monsterhex")


def _monsterhex_twin(state: Any, seat: int) -> Any:
    """The same match to ``seat``, with rivals' hands, every deck's order and rivals' personal
    objectives dealt otherwise."""
    twin = state.clone()
    for p in range(len(twin.hands)):
        twin.decks[p].reverse()  # nobody sees a deck's order, not even its owner
        if p == seat:
            continue
        hand, deck = twin.hands[p], twin.decks[p]
        swap = next(i for i, card in enumerate(deck) if card not in hand)
        hand[0], deck[swap] = deck[swap], hand[0]
        twin.personal[p][0], twin.pile[0] = twin.pile[0], twin.personal[p][0]
    assert twin.hands != state.hands and twin.personal != state.personal
    return twin


def test_monsterhex_hands_decks_and_personal_objectives():
    for players in (2, 3, 4):
        state = MONSTERHEX.new_state(players, {"objectives": True}, players)
        for seat in range(players):
            twin = _monsterhex_twin(state, seat)
            same_samples(state, twin, seat, players)
            rivals = [p for p in range(players) if p != seat]

            def hands(s: Any, rivals: list[int] = rivals) -> Any:
                return [sorted(s.hands[p]) for p in rivals]

            def personal(s: Any, rivals: list[int] = rivals) -> Any:
                return [s.personal[p] for p in rivals]

            not_always_the_truth(state, seat, hands)
            not_always_the_truth(state, seat, personal)
            not_always_the_truth(state, seat, lambda s: s.decks)
