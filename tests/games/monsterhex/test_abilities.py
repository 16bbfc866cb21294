"""The eight abilities: trigger on a red-letter unit, effect, timing, and refusals."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction, events_for
from meeplehall.games.monsterhex.actions import Pass, Place, Rotate, Target
from meeplehall.games.monsterhex.placement import recompute_need

from .helpers import fingerprint, new, play, put, rotation_facing, set_hand, set_turn
from .test_gems import CENTRE_RING


def with_ability(ability, players=4, seed=0, **options):
    state = new(players, seed=seed, abilities="random", **options)
    comp = state.cfg.comp
    index = comp.ability_index[ability]
    faction = comp.factions.index(comp.abilities[index].faction)
    for p in range(players):
        if state.colour[p] == faction:
            state.colour[p] = state.colour[0]
            state.ability[p] = comp.ability_index[
                next(a.id for a in comp.abilities if a.faction == comp.factions[state.colour[0]])
            ]
    state.ability[0] = index
    state.colour[0] = faction
    put(state, 1, "A1", 1, -1, 0)  # shows 2 west, towards (0,-1)
    set_turn(state, 0)
    set_hand(state, 0, ["B1", "S", "C2", "A3"])
    return state


def place_red(state, unit="B1", q=0, r=-1):
    """Place a red-letter unit legally on (0,-1), next to the A1 on (1,-1)."""
    legal = [a for a in state.legal_actions(0) if a.unit == unit and (a.q, a.r) == (q, r)]
    return state.apply(0, legal[0])


def test_reinforce_puts_one_white_counter_on_an_own_unit_with_a_red_b():
    state = with_ability("reinforce")
    place_red(state)
    assert state.phase == "ability" and state.to_move() == {0}
    legal = state.legal_actions(0)
    assert legal == [Pass(), Target(0, -1)]  # the only own unit is the one just placed
    play(state, 0, {"type": "target", "q": 0, "r": -1})
    assert state.white[state.cell_of(0, -1)] == 1
    assert state.phase == "place" and state.to_move() == {1}


def test_reinforce_star_puts_two_white_counters():
    state = with_ability("reinforce")
    place_red(state, "S", 1, -2)
    play(state, 0, {"type": "target", "q": 1, "r": -2})
    assert state.white[state.cell_of(1, -2)] == 2


def test_reinforce_is_resolved_before_the_gem_check_of_the_same_turn():
    state = with_ability("reinforce")
    # Fill the centre ring except (0,-1); the A1 on (1,-1) is P1's.
    for ((q, r), d), owner in zip(CENTRE_RING, [1, None, None, 0, 0, 1], strict=True):
        if owner is not None:
            put(state, owner, "A1", q, r, rotation_facing(state, "A1", d, 2))
    place_red(state)  # B1 on (0,-1) completes the ring
    assert state.phase == "ability"
    events = play(state, 0, {"type": "target", "q": 0, "r": -1})
    resolved = next(e for e in events if e["type"] == "gem_resolved")
    printed = sum(
        state.power(state.cell_of(q, r), d) for (q, r), d in CENTRE_RING
        if state.owner[state.cell_of(q, r)] == 0
    )
    assert resolved["totals"]["0"] == printed + 1


def test_abilities_are_optional_and_pass_changes_nothing_else():
    state = with_ability("curse")
    place_red(state)
    play(state, 0, {"type": "pass"})
    assert state.black == [0] * len(state.black) and state.to_move() == {1}


def test_curse_puts_black_counters_on_an_enemy_unit_only():
    state = with_ability("curse")
    place_red(state)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="not a use of your curse"):
        play(state, 0, {"type": "target", "q": 0, "r": -1})  # own unit
    assert fingerprint(state) == before
    play(state, 0, {"type": "target", "q": 1, "r": -1})
    assert state.black[state.cell_of(1, -1)] == 1


def test_curse_star_puts_two_black_counters():
    state = with_ability("curse")
    place_red(state, "S", 1, -2)
    play(state, 0, {"type": "target", "q": 1, "r": -1})
    assert state.black[state.cell_of(1, -1)] == 2


def test_units_without_a_red_letter_trigger_nothing():
    state = with_ability("curse")
    rotation = rotation_facing(state, "C2", 0, 2)
    play(state, 0, {"type": "place", "unit": "C2", "q": 0, "r": -1, "rotation": rotation})
    assert state.phase == "place" and state.to_move() == {1}


def test_an_ability_cannot_be_used_when_not_triggered():
    state = with_ability("curse")
    before = fingerprint(state)
    for data in ({"type": "target", "q": 1, "r": -1}, {"type": "pass"}):
        with pytest.raises(IllegalAction, match="place a unit"):
            play(state, 0, data)
    assert fingerprint(state) == before


def test_confuse_turns_an_adjacent_enemy_unit_and_updates_matching():
    state = with_ability("confuse")
    put(state, 2, "C3", 3, -3, 0)  # far away, not adjacent
    place_red(state)
    legal = state.legal_actions(0)
    targets = {(a.q, a.r) for a in legal if isinstance(a, Rotate)}
    assert targets == {(1, -1)}
    play(state, 0, {"type": "rotate", "q": 1, "r": -1, "rotation": 3})
    assert state.rot[state.cell_of(1, -1)] == 3
    # The empty cell east of (1,-1) now needs what rotation 3 shows, not rotation 0.
    east = state.cell_of(2, -2)
    recompute_need(state, east)
    wanted = state.need[east]
    assert wanted & (1 << (4 * 8 + state.power(state.cell_of(1, -1), 1)))


def test_confuse_star_reaches_any_enemy_unit():
    state = with_ability("confuse")
    put(state, 2, "C3", 3, -3, 0)
    place_red(state, "S", 1, -2)
    targets = {(a.q, a.r) for a in state.legal_actions(0) if isinstance(a, Rotate)}
    assert targets == {(1, -1), (3, -3)}


def test_scheme_draws_a_secret_objective_even_without_the_objective_option():
    state = with_ability("scheme")
    pile = len(state.pile)
    place_red(state)
    events = play(state, 0, {"type": "draw_objective"})
    assert len(state.personal[0]) == 1 and len(state.pile) == pile - 1
    seen_by_rival = [e["type"] for e in events_for(events, 1)]
    assert "ability_used" in seen_by_rival and "objective_drawn" not in seen_by_rival
    assert "objective_drawn" in [e["type"] for e in events_for(events, 0)]
    assert state.view(0)["players"][0]["objectives"][0]["id"]
    assert "objectives" not in state.view(1)["players"][0]


def test_skirmish_red_b_ignores_matching_but_must_touch_a_unit():
    state = with_ability("skirmish")
    legal = state.legal_actions(0)
    b1_at_west = {a.rotation for a in legal if a.unit == "B1" and (a.q, a.r) == (0, -1)}
    c2_at_west = {a.rotation for a in legal if a.unit == "C2" and (a.q, a.r) == (0, -1)}
    assert b1_at_west == set(range(6))
    assert c2_at_west != set(range(6))
    assert not any(a.unit == "B1" and (a.q, a.r) == (3, -3) for a in legal)


def test_skirmish_star_s_may_go_on_any_empty_cell():
    state = with_ability("skirmish")
    assert Place("S", 3, -3, 0) in state.legal_actions(0)
    play(state, 0, {"type": "place", "unit": "S", "q": 3, "r": -3, "rotation": 0})
    assert state.owner[state.cell_of(3, -3)] == 0


def test_skirmish_placement_counts_as_legal_so_no_fallback():
    state = with_ability("skirmish")
    put(state, 2, "S", -1, 0, 1)
    set_hand(state, 0, ["B1"])
    cells = {(a.q, a.r) for a in state.legal_actions(0)}
    assert cells and all(state.need[state.cell_of(q, r)] for q, r in cells)


def test_rush_places_a_second_unit_right_away_then_the_turn_passes():
    state = with_ability("rush")
    place_red(state)
    assert state.phase == "rush"
    legal = state.legal_actions(0)
    assert legal[0] == Pass() and all(isinstance(a, Place) for a in legal[1:])
    second = next(a for a in legal[1:] if a.unit != "S")
    state.apply(0, second)
    assert state.placed_own[0] == 2 and state.to_move() == {1}


def test_rush_second_unit_cannot_trigger_rush_again():
    state = with_ability("rush")
    place_red(state)
    second = next(a for a in state.legal_actions(0)[1:] if a.unit == "S")
    state.apply(0, second)
    assert state.phase == "place" and state.to_move() == {1}


def test_rush_player_skips_turns_once_the_quota_is_placed():
    state = with_ability("rush")
    state.placed_own[0] = state.cfg.board.rounds - 2
    place_red(state)
    state.apply(0, state.legal_actions(0)[1])
    assert state.placed_own[0] == state.cfg.board.rounds
    events = []
    while state.to_move() != {0} and not state.is_over():
        (seat,) = state.to_move()
        events += state.apply(seat, state.legal_actions(seat)[0])
        if any(e["type"] == "turn_skipped" and e["seat"] == 0 for e in events):
            break
    assert any(e["type"] == "turn_skipped" and e["seat"] == 0 for e in events)


def test_reward_adds_points_when_winning_a_big_gem_with_the_red_unit_beside_it():
    state = new(4, abilities="random")
    state.ability[0] = state.cfg.comp.ability_index["reward"]
    set_turn(state, 0)
    powers = [(0, 5), (0, 1), (0, 1), (1, 2), (2, 1), (3, 1)]
    units = ["S", "B1", "A1", "A1", "A1", "A1"]
    for ((q, r), d), (owner, power), unit in zip(CENTRE_RING, powers, units, strict=True):
        put(state, owner, unit, q, r, rotation_facing(state, unit, d, power))
    state.last_cells = [state.cell_of(0, 1)]
    events = []
    state._after_placements(events)
    assert state.breakdown[0][4] == 3  # S gives 2, the red B gives 1
    assert {"type": "award", "seat": 0, "points": 3, "reason": "reward", "site": [0, 0]} in events


def test_crystallize_makes_a_counter_gem_that_resolves_when_surrounded():
    state = with_ability("crystallize")
    place_red(state)
    targets = {(a.q, a.r) for a in state.legal_actions(0) if isinstance(a, Target)}
    assert (1, -2) in targets
    play(state, 0, {"type": "target", "q": 1, "r": -2})
    cell = state.cell_of(1, -2)
    assert state.owner[cell] == -2 and state.crystal[cell] == 1
    assert all((a.q, a.r) != (1, -2) for a in state.legal_actions(1))
    # Fill its other neighbours; P0's B1 on (0,-1) and P1's A1 on (1,-1) already touch it.
    for q, r in [(2, -3), (1, -3), (0, -2), (2, -2)]:
        if state.owner[state.cell_of(q, r)] < 0:
            put(state, 3, "C3", q, r, 0)
    state.last_cells = [state.cell_of(2, -2)]
    events = []
    state._after_placements(events)
    counter = next(e for e in events if e["type"] == "gem_resolved")
    assert counter["kind"] == "counter" and counter["value"] == 1
    assert state.owner[cell] == -1 and state.crystal[cell] == 0
    assert counter["winner"] >= 0 and state.breakdown[counter["winner"]][3] == 1


def test_crystallize_may_not_take_the_last_empty_cell_a_gem_needs():
    state = with_ability("crystallize")
    for (q, r), _d in CENTRE_RING:
        if (q, r) not in {(1, -1), (0, -1), (0, 1)}:
            put(state, 3, "C3", q, r, 0)
    place_red(state)  # (0,-1) filled: (0,1) is now the centre gem's last empty cell
    targets = {(a.q, a.r) for a in state.legal_actions(0) if isinstance(a, Target)}
    assert (0, 1) not in targets and targets


def test_rush_first_units_gems_resolve_before_the_second_placement():
    state = with_ability("rush")
    # The centre ring lacks only (0,-1); P0 leads it once its B1 arrives there.
    for ((q, r), d), owner in zip(CENTRE_RING, [0, None, None, 0, 0, 2], strict=True):
        if owner is not None:
            put(state, owner, "A1", q, r, rotation_facing(state, "A1", d, 5 if owner == 0 else 1))
    events = place_red(state)
    assert any(e["type"] == "gem_resolved" for e in events)
    assert state.phase == "slot" and state.to_move() == {0}
    events = play(state, 0, {"type": "take_slot", "slot": 0})
    assert state.phase == "rush" and state.to_move() == {0}
    assert {"type": "ability_ready", "seat": 0, "ability": "rush"} in events
    placed = state.placed_own[0]
    state.apply(0, state.legal_actions(0)[1])
    assert state.placed_own[0] == placed + 1 and state.to_move() == {1}


def test_scheme_objective_scores_as_a_personal_card_at_the_end():
    from meeplehall.games.monsterhex.turns import finish

    state = with_ability("scheme")
    place_red(state)
    play(state, 0, {"type": "draw_objective"})
    state.personal[0] = [state.cfg.comp.objective_index["O13"]]  # S/A apart: met by P0
    # A personal card needs its owner alone: every rival has two S/A units side by side.
    put(state, 1, "A2", 2, -2, 0)  # beside P1's A1 on (1,-1)
    for seat, cells in ((2, [(-3, 3), (-2, 3)]), (3, [(1, -3), (2, -3)])):
        for q, r in cells:
            put(state, seat, "A1", q, r, 0)
    events = []
    finish(state, events)
    assert {"type": "award", "seat": 0, "points": 2, "reason": "objectives", "objective": "O13",
            "places": 1} in events
    assert state.is_over()


def test_curse_counts_at_the_gem_check_of_the_same_turn():
    state = with_ability("curse")
    for ((q, r), d), owner in zip(CENTRE_RING, [1, None, None, 0, 0, 1], strict=True):
        if owner is not None:
            put(state, owner, "A1", q, r, rotation_facing(state, "A1", d, 2))
    place_red(state)
    events = play(state, 0, {"type": "target", "q": 1, "r": 0})  # P1's unit on the ring
    resolved = next(e for e in events if e["type"] == "gem_resolved")
    cursed = state.cell_of(1, 0)
    printed = sum(
        state.power(state.cell_of(q, r), d) for (q, r), d in CENTRE_RING
        if state.owner[state.cell_of(q, r)] == 1
    )
    assert state.black[cursed] == 1
    assert resolved["totals"]["1"] == printed - 1
