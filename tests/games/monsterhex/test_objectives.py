"""The 20 objective cards: one position that meets each and one that does not, and the
scoring rules for common, personal, "most" and multiple achievement."""

from __future__ import annotations

import pytest

from meeplehall.games.monsterhex.components import DIRECTIONS
from meeplehall.games.monsterhex.gems import take
from meeplehall.games.monsterhex.objectives import (
    objective_count,
    objective_points,
    score_objectives,
)

from .helpers import new, put, rotation_facing, set_turn


def ring(q, r):
    return [((q + dq, r + dr), (d + 3) % 6) for d, (dq, dr) in enumerate(DIRECTIONS)]


def board():
    state = new(4, colours="seat")  # P0 red, P1 blue, P2 yellow, P3 green
    set_turn(state, 0)
    return state


def resolve(state, gem, plan):
    """Surround gem with (owner, unit, power towards the gem) and resolve it."""
    for ((q, r), d), (owner, unit, power) in zip(ring(*gem), plan, strict=True):
        put(state, owner, unit, q, r, rotation_facing(state, unit, d, power))
    state.last_cells = [state.cell_of(*ring(*gem)[-1][0])]
    state._after_placements([])
    while state.phase == "slot":
        take(state, 0, [])
        state._continue([])


def units(state, owner, cells, unit="A1", rotation=0):
    for q, r in cells:
        put(state, owner, unit, q, r, rotation)


def o01(meets):
    s = board()
    resolve(s, (0, 0), [(1, "A1", 3)] * 5 + [(0 if meets else 2, "A1", 1)])
    return s


def o02(meets):
    s = board()
    put(s, 0 if meets else 2, "C1", 2, -3, 0)
    put(s, 1, "C1", 3, -3, 0)
    s.last_cells = [s.cell_of(3, -3)]
    s._after_placements([])
    return s


def o03(meets):
    s = board()
    units(s, 0, [(1, -2), (2, -2), (3, -2)] if meets else [(1, -2), (3, -2)])
    return s


def o04(meets):
    s = board()
    put(s, 0, "B2" if meets else "A1", 1, -1, 0)
    put(s, 0, "C1", 3, -3, 0)  # outer: never counts
    return s


def o05(meets):
    s = board()
    units(s, 0, [(1, -3), (2, -3)] if meets else [(1, -3), (3, -3)])
    return s


def o06(meets):
    s = board()  # the 6 stone sits at (0,2); (0,3) is farther from the centre, (0,1) nearer
    put(s, 0, "S", 0, 3 if meets else 1, 0)
    return s


def o07(meets):
    s = board()
    units(s, 0, [(3, -3)] if meets else [(1, -1)])
    return s


def o08(meets):
    s = board()
    units(s, 0, [(-1, -2), (0, -2), (1, -2)], "C1")
    put(s, 0, "A2" if meets else "C2", 2, -2, 0)
    return s


def o09(meets):
    s = board()  # P0 is red: the red 3 is on the 4 stone at (-2,1)
    resolve(s, (-2, 1), [(1, "A1", 3)] * 5 + [(2 if meets else 0, "A1", 1)])
    return s


def o10(meets):
    s = board()
    units(s, 0, [(1, -3), (3, -1)] if meets else [(1, -3), (2, -3)])
    return s


def o11(meets):
    s = board()
    resolve(s, (0, 0), [(0, "C1", 3), (0, "C2", 3), (0, "C1" if meets else "A1", 3),
                        (1, "A1", 1), (1, "A1", 1), (2, "A1", 1)])
    return s


def o12(meets):
    s = board()  # the arc around the centre gem
    units(s, 0, [(1, 0), (1, -1), (0, -1)], "A1")
    put(s, 0, "C3" if meets else "A2", -1, 0, 0)
    return s


def o13(meets):
    s = board()
    put(s, 0, "S", 1, -3, 0)
    put(s, 0, "A1", 3 if meets else 2, -3, 0)  # (2,-3) touches the S, (3,-3) does not
    return s


def o14(meets):
    s = board()  # B2 on (1,-3) shows edges[0]=3 east; its neighbour faces west
    put(s, 0, "B2", 1, -3, 0)
    put(s, 0, "B3", 2, -3, rotation_facing(s, "B3", 3, 2 if meets else 3))
    return s


def o15(meets):
    s = board()
    second = 2 if meets else 0  # a second P0 unit on the ring spoils it
    resolve(s, (0, 0), [(0, "A1", 3), (1, "A1", 1), (1, "A1", 1), (second, "A1", 1),
                        (2, "A1", 1), (3, "A1", 1)])
    return s


def o16(meets):
    s = board()
    resolve(s, (0, 0), [(0, "A1", 1 if meets else 2)] + [(1, "A1", 4)] * 5)
    return s


def o17(meets):
    s = board()
    units(s, 0, [(-3, 2), (-2, 2), (-3, 3)], "A1")
    put(s, 0, "B1" if meets else "A3", -2, 3, 0)
    return s


def o18(meets):
    s = board()
    put(s, 0, "S", 1, -3, rotation_facing(s, "S", 0, 5))
    put(s, 0, "A1", 2, -3, rotation_facing(s, "A1", 3, 5 if meets else 4))
    return s


def o19(meets):
    s = board()
    units(s, 0, [(1, -3), (2, -3)], "C1")
    put(s, 0, "C2" if meets else "B2", 3, -3, 0)
    return s


def o20(meets):
    s = board()
    resolve(s, (0, 0), [(0, "A1", 3 if meets else 2)] + [(1, "A1", 4)] * 5)
    return s


BUILDERS = [o01, o02, o03, o04, o05, o06, o07, o08, o09, o10,
            o11, o12, o13, o14, o15, o16, o17, o18, o19, o20]


@pytest.mark.parametrize("build", BUILDERS, ids=[f"O{n:02d}" for n in range(1, 21)])
def test_objective_is_met_by_one_position_and_not_by_another(build):
    oid = build.__name__.upper()
    index = int(oid[1:]) - 1
    met, missed = build(True), build(False)
    assert objective_points(met, 0, index, personal=False) > 0
    assert objective_points(missed, 0, index, personal=False) == 0


def test_a_most_card_common_scores_for_every_tied_leader_but_personal_needs_a_unique_lead():
    s = board()
    units(s, 0, [(3, -3)])
    units(s, 1, [(-3, 3)])
    index = 6  # O07: most units on the outer ring
    assert objective_points(s, 0, index, personal=False) == 4
    assert objective_points(s, 1, index, personal=False) == 4
    assert objective_points(s, 0, index, personal=True) == 0
    units(s, 0, [(-3, 0)])
    assert objective_points(s, 0, index, personal=True) == 4
    assert objective_points(s, 1, index, personal=False) == 0


def test_a_most_card_needs_at_least_one():
    s = board()
    assert objective_points(s, 0, 6, personal=False) == 0


def test_achieving_a_card_at_several_places_multiplies_its_points():
    s = board()
    put(s, 0, "S", 1, -3, rotation_facing(s, "S", 0, 5))
    put(s, 0, "A1", 2, -3, rotation_facing(s, "A1", 3, 5))
    put(s, 0, "A3", -3, 3, rotation_facing(s, "A3", 0, 5))
    put(s, 0, "A1", -2, 3, rotation_facing(s, "A1", 3, 5))
    assert objective_count(s, 0, "O18") == 2
    assert objective_points(s, 0, 17, personal=False) == 6


def test_variable_card_scores_the_largest_group_minus_one():
    s = o03(True)
    assert objective_points(s, 0, 2, personal=True) == 2


def test_formations_count_disjoint_places_only():
    s = board()  # a line of five holds two overlapping lines of four: one place
    units(s, 0, [(-1, -2), (0, -2), (1, -2), (2, -2), (3, -2)], "A1")
    assert objective_count(s, 0, "O08") == 1


def test_shared_faction_units_never_count_for_objectives():
    s = new(2, shared_faction=True, colours="seat")
    units(s, 2, [(3, -2), (3, -1), (3, 0)])
    assert all(objective_count(s, p, "O07") == 0 for p in range(2))


def test_end_of_game_scores_common_and_personal_cards():
    s = o18(True)
    s.common = (17, 6)  # O18 and O07
    s.personal = [[9], [], [], []]  # O10: P0's two units are not isolated -> nothing
    scored = score_objectives(s)
    assert (0, 3, "O18", 1) in scored
    assert (0, 4, "O07", 2) in scored
    assert not any(seat == 0 and oid == "O10" for seat, _p, oid, _c in scored)


def test_two_player_games_and_solo_leave_out_the_marked_cards():
    marked = {"O02", "O09", "O12", "O15"}

    def dealt(s):
        return [s.cfg.comp.objectives[i].id for p in s.personal for i in p] + [
            s.cfg.comp.objectives[i].id for i in [*s.common, *s.pile]]

    for seed in range(20):
        for players, options in ((2, {}), (2, {"shared_faction": True}), (1, {})):
            ids = dealt(new(players, seed=seed, objectives=True, **options))
            assert len(ids) == 16 and not set(ids) & marked, (players, options)
        # The mark follows the player count, not the board: 3 and 4 players keep every card.
        assert len(dealt(new(3, seed=seed, objectives=True))) == 20
    # Scheme draws come from the same pile, with or without the objective option.
    assert not set(dealt(new(2, seed=3, shared_faction=True))) & marked


def test_each_player_gets_one_secret_personal_card_and_two_common_ones():
    s = new(3, seed=4, objectives=True)
    assert [len(p) for p in s.personal] == [1, 1, 1]
    assert len(s.common) == 2
    assert len({*s.common, *(p[0] for p in s.personal)}) == 5
