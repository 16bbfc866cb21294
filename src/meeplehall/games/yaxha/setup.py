"""A new Yaxha match: the bonus cards dealt, the initiative order drawn, the bag shuffled and the
first round's market laid out.

Every draw comes from the match's generator, in this order (a seed's deal depends on it): the
bonus cards, the initiative order, then the bag.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import InvalidOption, Rng
from meeplehall.games.yaxha.components import CARDS, COMPONENTS
from meeplehall.games.yaxha.match import YaxhaMatch
from meeplehall.games.yaxha.options import CARDS_IN_PLAY, SNAPSHOT_POOL
from meeplehall.games.yaxha.state import EMPTY_HAND, EMPTY_PYRAMID


def deal_bonus_cards(mode: Any, players: int, rng: Rng) -> tuple[int, ...]:
    """The 3 cards of a match, drawn with the match's rng (or the explicit list, checked)."""
    if isinstance(mode, list):
        if players == 2:
            excluded = [i for i in mode if not CARDS[i].two_players]
            if excluded:
                raise InvalidOption(
                    f"bonus card {excluded[0]} compares neighbours and is not used with 2 players"
                )
        return tuple(mode)
    if mode == "beginner":
        pool = [card.id for card in CARDS if card.beginner]
    elif mode == "bga_snapshot":
        pool = list(SNAPSHOT_POOL)
    else:
        pool = [card.id for card in CARDS]
    if players == 2:
        pool = [i for i in pool if CARDS[i].two_players]
    return tuple(sorted(rng.sample(pool, CARDS_IN_PLAY)))


def new_match(players: int, options: dict[str, Any], rng: Rng) -> YaxhaMatch:
    """A match at the start of its first round's market choice."""
    cards = deal_bonus_cards(options["bonus_cards"], players, rng)
    state = YaxhaMatch.__new__(YaxhaMatch)
    n = state.n = players
    state.options = options
    state.cards = cards
    order = list(range(1, n + 1))
    rng.shuffle(order)
    state.initiative = order
    bag = [c.index for c in COMPONENTS.colours for _ in range(c.cubes)]
    rng.shuffle(bag)
    state.bag, state.bag_pos = bag, 0
    state.round = 1
    state.pyramid = [EMPTY_PYRAMID] * n
    state.occupied = [0] * n
    state.hand = [EMPTY_HAND] * n
    state.collected = [()] * n
    state.undo = [()] * n
    state.memo = [None] * n
    state.placed = [0] * n
    state.confirmed = [False] * n
    state.confirmed_pyramid = [EMPTY_PYRAMID] * n
    state.discarded = [EMPTY_HAND] * n
    state.discarding = [EMPTY_HAND] * n
    state.pending = []
    state.tie_groups = []
    state.market = []
    state.start_round()
    return state
