"""The 2026-11 rules corrections, each on a hand-built position, and the rules edition that lets a
table begun under the first edition finish by it."""

from __future__ import annotations

import pytest

from meeplehall.core import InvalidOption, validate_options
from meeplehall.games.monsterhex import GAME
from meeplehall.games.monsterhex.actions import Target
from meeplehall.games.monsterhex.objectives import objective_count, objective_points
from meeplehall.games.monsterhex.options import CURRENT, FIRST
from meeplehall.games.monsterhex.position import COUNTER, COUNTER_CELL, EMPTY, REWARD

from .helpers import new, put, rotation_facing, set_turn
from .test_abilities import place_red, with_ability

#: Every option as the server stored it before the corrections: no "rules" key.
STORED_BEFORE_THE_CORRECTIONS = {
    "random_gems": False, "objectives": False, "abilities": "off", "shared_faction": False,
    "colours": "seat", "solo_target": 20, "components": "standard",
}


def four_player(rules: str = CURRENT):
    state = new(4, colours="seat", rules=rules)  # P0 red, P1 blue, P2 yellow, P3 green
    set_turn(state, 0)
    return state


def counter_gem(state, q: int, r: int, counters: int) -> int:
    """Turn an empty cell into a counter gem, as Crystallize does."""
    cell = state.cell_of(q, r)
    state.owner[cell] = COUNTER_CELL
    state.crystal[cell] = counters
    return cell


def place_last(state, owner: int, unit: str, q: int, r: int, rotation: int) -> list[dict]:
    """Put a unit and run the turn's gem check for it, as a placement does."""
    put(state, owner, unit, q, r, rotation)
    state.last_cells = [state.cell_of(q, r)]
    events: list[dict] = []
    state._after_placements(events)
    return events


def counter_results(events) -> dict[tuple[int, int], int]:
    return {(e["q"], e["r"]): e["winner"] for e in events
            if e["type"] == "gem_resolved" and e["kind"] == "counter"}


# -- 1. one snapshot per gem check -----------------------------------------------------------------

def two_counter_gems_one_cell_from_done(rules: str):
    """Counter gems on (1,-2) (1 counter) and (2,-2) (2 counters), side by side; their only
    empty neighbour left is (2,-3). P0 surrounds the first, P1 is far stronger at the second."""
    state = four_player(rules)
    first, second = counter_gem(state, 1, -2, 1), counter_gem(state, 2, -2, 2)
    for q, r in [(1, -3), (0, -2), (0, -1)]:
        put(state, 0, "C2", q, r, 0)
    put(state, 0, "A1", 1, -1, rotation_facing(state, "A1", 1, 1))  # 1 towards (2,-2)
    put(state, 1, "S", 3, -2, rotation_facing(state, "S", 3, 5))
    put(state, 1, "S", 3, -3, rotation_facing(state, "S", 4, 5))
    return state, first, second


def test_two_counter_gems_completed_by_one_placement_both_resolve_now():
    state, first, second = two_counter_gems_one_cell_from_done(CURRENT)
    events = place_last(state, 0, "A1", 2, -3, rotation_facing(state, "A1", 5, 1))
    # Each is decided on the board the placement left: the other counter cell is not empty.
    assert counter_results(events) == {(1, -2): 0, (2, -2): 1}
    assert state.owner[first] == state.owner[second] == EMPTY
    assert state.breakdown[0][COUNTER] == 1 and state.breakdown[1][COUNTER] == 2


def test_the_first_edition_resolved_one_and_reopened_the_other():
    state, first, second = two_counter_gems_one_cell_from_done(FIRST)
    events = place_last(state, 0, "A1", 2, -3, rotation_facing(state, "A1", 5, 1))
    assert counter_results(events) == {(1, -2): 0}
    assert state.owner[first] == EMPTY and state.owner[second] == COUNTER_CELL


# -- 2. the Crystallize limit counts empty cells only ----------------------------------------------

def centre_gem_with_a_counter_cell(rules: str):
    """Around the centre gem: four units, a counter gem on (0,1), and (-1,1) still empty."""
    state = with_ability("crystallize", rules=rules)
    put(state, 3, "C3", 1, 0, 0)
    put(state, 3, "C3", -1, 0, 0)
    counter_gem(state, 0, 1, 1)
    place_red(state)  # P0's B1 on (0,-1), next to P1's A1 on (1,-1)
    return {(a.q, a.r) for a in state.legal_actions(0) if isinstance(a, Target)}


def test_crystallize_may_not_take_a_gems_only_empty_neighbour_beside_a_counter_cell():
    targets = centre_gem_with_a_counter_cell(CURRENT)
    assert (-1, 1) not in targets and targets


def test_the_first_edition_let_crystallize_take_it():
    assert (-1, 1) in centre_gem_with_a_counter_cell(FIRST)


def test_the_limit_still_leaves_a_cell_a_gem_needs_among_two_empty_ones():
    state = with_ability("crystallize")
    put(state, 3, "C3", 1, 0, 0)
    counter_gem(state, 0, 1, 1)
    place_red(state)  # the centre gem still has two empty neighbours: (-1,0) and (-1,1)
    targets = {(a.q, a.r) for a in state.legal_actions(0) if isinstance(a, Target)}
    assert {(-1, 0), (-1, 1)} <= targets


# -- 3. a counter cell is a big-gem cell for O01, O11, O16, O20 and Reward -------------------------

def counter_gem_contest(rules: str, p1_power: int = 1, p3_power: int = 1):
    """A counter gem on (1,-2): P0 (Reward) faces it with a red C1 showing 3 and a C2 showing
    1 (4 in all); P1 shows ``p1_power`` and 1, P2 1, P3 ``p3_power``."""
    state = four_player(rules)
    state.ability[0] = state.cfg.comp.ability_index["reward"]
    counter_gem(state, 1, -2, 1)
    plan = [  # (cell, direction to the gem, owner, unit, power)
        ((2, -2), 3, 0, "C1", 3), ((2, -3), 4, 0, "C2", 1), ((1, -3), 5, 1, "A1", p1_power),
        ((0, -2), 0, 1, "A1", 1), ((0, -1), 1, 2, "A1", 1),
    ]
    for (q, r), d, owner, unit, power in plan:
        put(state, owner, unit, q, r, rotation_facing(state, unit, d, power))
    events = place_last(state, 3, "A1", 1, -1, rotation_facing(state, "A1", 2, p3_power))
    return state, events


def test_a_counter_gem_counts_as_a_big_gem_for_the_objectives_and_reward():
    state, events = counter_gem_contest(CURRENT)
    assert counter_results(events) == {(1, -2): 0}
    assert {"type": "award", "seat": 0, "points": 1, "reason": "reward", "site": [1, -2]} in events
    assert state.breakdown[0][REWARD] == 1
    counts = {oid: objective_count(state, 0, oid) for oid in ("O01", "O11", "O16", "O20")}
    assert counts == {"O01": 1, "O11": 1, "O16": 1, "O20": 1}
    assert objective_count(state, 1, "O01") == 1 and objective_count(state, 1, "O16") == 2


def test_a_tied_first_place_at_a_counter_gem_gets_neither_o11_nor_reward():
    # P0 and P1 tie at 4; P3, alone second with 2, takes the prize.
    state, events = counter_gem_contest(CURRENT, p1_power=3, p3_power=2)
    assert counter_results(events) == {(1, -2): 3}
    assert state.breakdown[0][REWARD] == 0
    assert objective_count(state, 0, "O01") == 1 and objective_count(state, 0, "O11") == 0


def test_the_first_edition_left_counter_gems_out_of_big_gem_cards_and_reward():
    state, _events = counter_gem_contest(FIRST)
    assert state.breakdown[0][REWARD] == 0
    assert all(objective_count(state, 0, oid) == 0 for oid in ("O01", "O11", "O16", "O20"))


# -- 5. a personal card scores only when its owner alone meets it ----------------------------------

O03, O18 = 2, 17  # objective indices: the largest group (X), two units touching 5 against 5


def five_against_five(state, owner: int, left: tuple[int, int], unit: str = "S") -> None:
    q, r = left
    put(state, owner, unit, q, r, rotation_facing(state, unit, 0, 5))
    put(state, owner, "A1", q + 1, r, rotation_facing(state, "A1", 3, 5))


def test_a_personal_achieve_card_scores_nothing_when_another_seat_achieves_it_too():
    state = four_player()
    five_against_five(state, 0, (1, -3))
    assert objective_points(state, 0, O18, personal=True) == 3
    five_against_five(state, 1, (-3, 3), unit="A3")
    assert objective_points(state, 0, O18, personal=True) == 0
    assert objective_points(state, 0, O18, personal=False) == 3  # a common card still scores


def test_a_personal_variable_card_needs_the_strictly_highest_x():
    state = four_player()
    for q, r in [(1, -2), (2, -2), (3, -2)]:
        put(state, 0, "A1", q, r, 0)
    for q, r in [(-3, 2), (-3, 3)]:
        put(state, 1, "A1", q, r, 0)
    assert objective_points(state, 0, O03, personal=True) == 2  # X 2 against 1
    put(state, 1, "A1", -2, 3, 0)
    assert objective_points(state, 0, O03, personal=True) == 0  # X 2 against 2
    assert objective_points(state, 0, O03, personal=False) == 2


def test_the_shared_faction_is_no_rival_for_a_personal_card():
    state = new(2, shared_faction=True, colours="seat")
    five_against_five(state, 0, (0, -2))
    five_against_five(state, 2, (-2, 1))  # the shared faction's units
    assert objective_points(state, 0, O18, personal=True) == 3


def test_the_first_edition_scored_personal_achieve_cards_on_the_owner_alone():
    state = four_player(FIRST)
    five_against_five(state, 0, (1, -3))
    five_against_five(state, 1, (-3, 3), unit="A3")
    assert objective_points(state, 0, O18, personal=True) == 3


# -- the rules edition -----------------------------------------------------------------------------

def test_a_new_table_records_the_current_edition_with_its_options():
    stored = validate_options(GAME.options, {"abilities": "draft"})
    assert stored["rules"] == CURRENT
    assert GAME.new_state(2, stored, 0).cfg.revised
    assert GAME.new_state(2, None, 0).cfg.revised
    assert GAME.new_state(2, {"objectives": True}, 0).cfg.revised


def test_a_table_stored_before_the_option_existed_keeps_the_first_edition():
    assert not GAME.new_state(2, STORED_BEFORE_THE_CORRECTIONS, 0).cfg.revised
    stamped = STORED_BEFORE_THE_CORRECTIONS | {"rules": CURRENT}
    assert GAME.new_state(2, stamped, 0).cfg.revised


def test_the_first_edition_dealt_every_objective_in_a_two_player_shared_game():
    stored = STORED_BEFORE_THE_CORRECTIONS | {"objectives": True, "shared_faction": True}
    state = GAME.new_state(2, stored, 1)
    assert len(state.pile) + 2 + 2 == 20


def test_an_unknown_edition_is_refused():
    with pytest.raises(InvalidOption, match="rules"):
        GAME.new_state(2, {"rules": "1999"}, 0)
