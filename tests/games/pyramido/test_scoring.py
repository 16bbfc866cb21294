"""Stage scoring: activations, the mythical bonus, the five-gem limit, start player, ranking."""

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.pyramido.actions import Activate, Discard, Finish, Take
from meeplehall.games.pyramido.phases import DISCARDING, DONE, SCORE
from meeplehall.games.pyramido.scoring import best_area_value, final_result, next_start_player

from .helpers import build, domino_set, fingerprint, gem_totals, gems, scoring_state

# d1: red block (2 icons) beside a blue block (1 icon); d5: green/green without icons.
SET = domino_set(d1=("red", ["TL", "BR"], "blue", ["TR"]), d5=("green", [], "green", []))


def small_pyramid():
    pyramid = build(1, [(0, 0, 0)], domino=1, dominoes=SET)
    return build(1, [(0, 1, 0)], pyramid, domino=5, dominoes=SET)


def area_of(state, seat, colour):
    (index,) = [i for i, a in enumerate(state.areas[seat]) if a.colour == colour and a.icons]
    return index


RED, BLUE = 4, 1


def test_one_red_gem_activates_a_red_area_for_its_value():
    state, _ = scoring_state([small_pyramid(), small_pyramid()], [gems(red=1, blue=1)] * 2, SET)
    red = area_of(state, 0, RED)
    events = state.apply(0, Activate(red, 1, 1, 0))
    assert events[0]["points"] == 2
    assert state.gems[0] == gems(blue=1)
    assert state.area.discard == gems(red=1)


def test_three_units_score_double_the_value():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=3, blue=1), gems()], SET)
    state.apply(0, Activate(area_of(state, 0, RED), 3, 3, 0))
    assert state.stage_points[0] == 4


def test_a_pair_of_mythical_gems_is_one_unit_of_any_colour():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(mythical=2, blue=1), gems()], SET)
    state.apply(0, Activate(area_of(state, 0, RED), 1, 0, 2))
    assert state.stage_points[0] == 2
    assert state.gems[0] == gems(blue=1)


def test_mixed_units_one_red_and_two_mythical_pairs_make_three_units():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=1, mythical=5), gems()], SET)
    events = state.apply(0, Activate(area_of(state, 0, RED), 3, 1, 4))
    assert events[0]["points"] == 4
    assert state.gems[0] == gems(mythical=1)
    # nothing else can be activated with one mythical gem: the stage closes with its bonus
    assert state.stage_scores[0] == [4 + 1]


def test_finish_adds_one_point_per_mythical_gem_kept_and_records_the_stage():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=1, mythical=3), gems()], SET)
    state.apply(0, Activate(area_of(state, 0, RED), 1, 1, 0))
    events = state.apply(0, Finish())
    assert state.stage_scores[0] == [2 + 3]
    assert events[0]["mythical_bonus"] == 3


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (lambda red: Activate(red, 2, 2, 0), "1 unit or 3 units, not 2"),
        (lambda red: Activate(red, 1, 0, 1), "mythical gems count in pairs"),
        (lambda red: Activate(red, 3, 1, 2), "make 2 units, not 3"),
        (lambda red: Activate(red, 3, 3, 0), "you hold 2 red gem"),
        (lambda red: Activate(red, 1, 0, 4), "make 2 units, not 1"),
        (lambda red: Activate(99, 1, 1, 0), "there is no area 99"),
    ],
)
def test_bad_activations_are_refused_with_a_reason_and_change_nothing(action, reason):
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=2, blue=3, mythical=1), gems()],
                             SET)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(0, action(area_of(state, 0, RED)))
    assert fingerprint(state) == before


def test_blue_gems_cannot_activate_a_red_area():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(blue=3, mythical=1), gems(red=1)],
                             SET)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="you hold 0 red gem"):
        state.apply(0, Activate(area_of(state, 0, RED), 1, 1, 0))
    assert fingerprint(state) == before


def test_an_area_scores_at_most_once_per_stage():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=2, blue=1), gems()], SET)
    red = area_of(state, 0, RED)
    state.apply(0, Activate(red, 1, 1, 0))
    with pytest.raises(IllegalAction, match="already activated"):
        state.apply(0, Activate(red, 1, 1, 0))


def test_an_area_without_icons_is_not_offered_and_is_refused():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(green=1, red=1), gems()], SET)
    (green,) = [i for i, a in enumerate(state.areas[0]) if a.colour == 3]
    assert all(getattr(a, "area", None) != green for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="shows no gem icon"):
        state.apply(0, Activate(green, 1, 1, 0))


def test_scoring_is_simultaneous_and_skips_a_seat_with_nothing_to_activate():
    state, events = scoring_state([small_pyramid()] * 3, [gems(red=1), gems(green=2), gems()],
                                  SET)
    assert state.phase == SCORE
    assert state.to_move() == frozenset({0})
    assert [e["seat"] for e in events if e["type"] == "stage_scored"] == [1, 2]


def test_five_gem_limit_lets_the_player_choose_what_to_discard():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=3, blue=3, mythical=2), gems()],
                             SET)
    state.apply(0, Finish())
    assert state.status[0] == DISCARDING
    assert set(state.legal_actions(0)) == {Discard("red"), Discard("blue"), Discard("mythical")}
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="you hold no green gem"):
        state.apply(0, Discard("green"))
    assert fingerprint(state) == before
    state.apply(0, Discard("blue"))
    state.apply(0, Discard("blue"))
    assert state.status[0] == DISCARDING
    state.apply(0, Discard("mythical"))
    assert state.gems[0] == gems(red=3, blue=1, mythical=1)
    assert state.stage_scores[0] == [2]  # the bonus counted before the limit (rules 6.5)
    assert sum(gem_totals(state)) == 63


def test_five_gem_limit_discards_by_itself_when_only_one_kind_is_held():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(green=7), gems()], SET)
    assert state.status[0] == DONE
    assert state.gems[0] == gems(green=5)
    assert state.area.discard == gems(green=2)


def test_lowest_stage_score_starts_the_next_stage():
    assert next_start_player([5, 2, 7], ended_start=0) == 1


def test_start_player_tie_goes_to_the_first_tied_seat_from_the_ended_start():
    assert next_start_player([3, 1, 4, 1], ended_start=2) == 3
    assert next_start_player([3, 1, 4, 1], ended_start=0) == 1
    assert next_start_player([2, 2], ended_start=1) == 1


def test_next_stage_starts_with_the_lowest_scorer_after_everyone_scored():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=1), gems(red=1)], SET)
    state.start = 0
    state.apply(1, Activate(area_of(state, 1, RED), 1, 1, 0))  # seat 1: 2 points
    events = state.apply(0, Finish())  # seat 0: 0 points
    assert state.stage == 2 and state.start == 0 and state.to_move() == frozenset({0})
    assert {"type": "stage_started", "stage": 2, "start_player": 0} in events


def test_final_ranking_breaks_ties_by_gems_held_then_best_stage_then_shares():
    result = final_result(
        [30, 30, 30, 30],
        [2, 3, 3, 3],
        [[10, 10, 5, 5], [12, 8, 5, 5], [9, 9, 9, 3], [12, 6, 6, 6]],
    )
    assert result.ranks == (4, 1, 3, 1)
    assert result.winners == frozenset({1, 3})
    assert result.breakdown[1]["gems held"] == 3


def test_best_area_value_uses_three_units_where_they_pay():
    assert best_area_value([5, 1], 3) == 10  # 3 units on the 5
    assert best_area_value([5, 4, 3], 3) == 12  # one unit each
    assert best_area_value([5, 4], 4) == 14  # 3 on the 5, 1 on the 4


def test_scoring_steps_out_of_order_are_refused_with_a_reason():
    state, _ = scoring_state([small_pyramid()] * 2, [gems(red=3, blue=3, mythical=2), gems()],
                             SET)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="discard comes after activating"):
        state.apply(0, Discard("red"))
    with pytest.raises(IllegalAction, match="it is stage scoring"):
        state.apply(0, Take(1, "red"))
    assert fingerprint(state) == before
    state.apply(0, Finish())
    with pytest.raises(IllegalAction, match="you have finished activating"):
        state.apply(0, Activate(area_of(state, 0, RED), 1, 1, 0))
    with pytest.raises(IllegalAction, match="you have finished activating"):
        state.apply(0, Finish())
