"""An objective card's count and the cells it points at come from one definition, and agree.

For every card of the data, every seat and positions all along random games (every mode,
options and both rules editions), the cells a card gives are the seat's own units, and their
number matches the count as the card's kind says:

- cards that count units (each place one unit): as many cells as the count;
- O03 (X = the largest group's size less one): one cell more than X, or none;
- cards that count groups of at least k units: at least k cells per group, none without one;
- cards that count pairs side by side: two to twice the count, none without a pair;
- cards that count gem contests entered or won: a cell for each contest at least, since a
  contest is entered with a unit, but one unit may enter several contests;
- cards that count a shape or an absence: no cells.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeplehall.games.monsterhex import GAME, MonsterHexState
from meeplehall.games.monsterhex.objectives import CARDS, objective_cells, objective_count

UNITS = {"O04", "O06", "O07", "O10", "O15", "O16", "O20"}
GROUPS = {"O05": 2, "O19": 3}
PAIRS = {"O14", "O18"}
CONTESTS = {"O01", "O02", "O11"}
NOTHING = {"O08", "O09", "O12", "O13", "O17"}
LARGEST_GROUP = "O03"

MODES = st.sampled_from([(1, False), (2, False), (2, True), (3, False), (4, False)])
OPTIONS = st.fixed_dictionaries(
    {
        "random_gems": st.booleans(),
        "abilities": st.sampled_from(["off", "random", "draft"]),
        "rules": st.sampled_from(["2026-11", "2024"]),
    }
)


def test_every_card_of_the_data_has_one_definition_and_one_agreement_rule() -> None:
    ids = {card.id for card in GAME.new_state(4).cfg.comp.objectives}
    assert set(CARDS) == ids
    rules = [UNITS, set(GROUPS), PAIRS, CONTESTS, NOTHING, {LARGEST_GROUP}]
    assert sorted(oid for rule in rules for oid in rule) == sorted(ids)


def check_agreement(state: MonsterHexState) -> None:
    for card in state.cfg.comp.objectives:
        for seat in range(state.cfg.players):
            oid = card.id
            count = objective_count(state, seat, oid)
            cells = objective_cells(state, seat, oid)
            where = f"{oid}, seat {seat}: count {count}, cells {cells}"
            assert cells == sorted(set(cells)), where
            assert all(state.owner[c] == seat for c in cells), where
            assert count >= 0, where
            if oid in UNITS:
                assert len(cells) == count, where
            elif oid == LARGEST_GROUP:
                assert len(cells) == (count + 1 if cells else 0), where
            elif oid in GROUPS:
                assert len(cells) >= GROUPS[oid] * count and bool(cells) == bool(count), where
            elif oid in PAIRS:
                assert len(cells) <= 2 * count and bool(cells) == bool(count), where
            elif oid in CONTESTS:
                assert bool(cells) == bool(count), where
            else:
                assert oid in NOTHING and cells == [], where


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=MODES, options=OPTIONS, seed=st.integers(0, 2**32), every=st.integers(1, 6))
def test_a_card_s_cells_agree_with_its_count_all_along_random_games(mode, options, seed, every):
    players, shared = mode
    state = GAME.new_state(players, {**options, "shared_faction": shared}, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        if steps % every == 0:
            check_agreement(state)
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    check_agreement(state)
