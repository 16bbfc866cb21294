"""Scoring through the stable entry point ``score()``: visibility, 3-D groups, the points table
and every bonus card (one position that meets it and one that does not)."""

from __future__ import annotations

import re

import pytest

from meeplehall.games.yaxha import score
from meeplehall.games.yaxha.scoring import group_points
from tests.games.yaxha.helpers import FULL_BASE, cells

LEVEL2 = "OOO/OOO/OOO"
LEVEL3 = "YY/YY"


def one(pyramid: dict, cards: list[int] | None = None, **options: object) -> dict:
    return score([pyramid], cards or [], options or None)[0]


def bonus(pyramids: list[dict], card: int, **options: object) -> list[bool]:
    return [part["bonus"][card] for part in score(pyramids, [card], options or None)]


def test_points_table_caps_sizes_of_twelve_and_more_at_36():
    assert [group_points(s) for s in range(13)] == [0, 1, 2, 4, 6, 9, 12, 15, 18, 21, 25, 30, 36]
    assert group_points(13) == group_points(25) == 36


def test_complete_single_colour_pyramid_has_25_visible_cubes_in_one_group():
    part = one(cells("OOOO/OOOO/OOOO/OOOO", LEVEL2, "OO/OO", "O"))
    assert part["colours"]["orange"] == {"size": 25, "points": 36}
    assert part["total"] == 36


def test_hidden_centre_cubes_score_nothing():
    part = one(cells("YYYY/YOOY/YOOY/YYYY", "WWW/WWW/WWW", "GG/GG", "B"))
    sizes = {colour: entry["size"] for colour, entry in part["colours"].items()}
    assert sizes == {"orange": 0, "yellow": 12, "blue": 1, "green": 4, "white": 8}
    assert part["total"] == 0 + 36 + 1 + 6 + 18


def test_hidden_cube_does_not_link_two_visible_cubes():
    pyramid = cells("YBYB/OOOB/BYBY/YBYB", "WWW/WWW/WWW", "GG/GG", "G")
    assert one(pyramid)["colours"]["orange"]["size"] == 1


def test_cube_with_three_covers_stays_visible():
    # The level-2 centre is empty, so each orange centre cube has only three of its four
    # covering cells occupied: all four stay visible and form one group.
    pyramid = cells("YYYY/YOOY/YOOY/YYYY", "WWW/W.W/WWW")
    assert one(pyramid)["colours"]["orange"]["size"] == 4


def test_diagonal_contact_does_not_connect():
    assert one(cells("OY/YO"))["colours"]["orange"]["size"] == 1


def test_group_connects_through_a_cube_resting_on_both():
    assert one(cells("OY/YO", "O"))["colours"]["orange"]["size"] == 3


def test_groups_connect_orthogonally_on_an_upper_level():
    pyramid = cells("YYY/YYY/YYY", "OO/..")
    assert one(pyramid)["colours"]["orange"]["size"] == 2
    assert one(pyramid)["colours"]["yellow"]["size"] == 9


def test_total_adds_colour_points_and_five_per_met_card():
    part = one(cells("OOO"), [10, 16])
    assert part["colours"]["orange"]["points"] == 4
    assert part["bonus"] == {10: True, 16: False}
    assert part["total"] == 4 + 5


# --- "most" cards 0-4 and 10-12 ------------------------------------------------------------------

MOST_COLOUR_CARDS = [(0, "O"), (1, "B"), (2, "G"), (3, "Y"), (4, "W")]


@pytest.mark.parametrize(("card", "letter"), MOST_COLOUR_CARDS)
def test_largest_colour_group_card_pays_the_largest(card: int, letter: str):
    assert bonus([cells(letter * 2), cells(letter)], card) == [True, False]


@pytest.mark.parametrize(("card", "letter"), MOST_COLOUR_CARDS)
def test_largest_colour_group_card_pays_every_tied_player(card: int, letter: str):
    assert bonus([cells(letter * 2), cells(letter * 2), cells(letter)], card) == [
        True,
        True,
        False,
    ]


@pytest.mark.parametrize(("card", "letter"), MOST_COLOUR_CARDS)
def test_largest_colour_group_card_pays_everyone_when_nobody_has_the_colour(card: int, letter: str):
    other = "Y" if letter != "Y" else "O"
    assert bonus([cells(other * 3), cells(other)], card) == [True, True]


def test_largest_group_any_colour_card_10():
    assert bonus([cells("OOO"), cells("YY/YY"), cells("BB")], 10) == [False, True, False]


def test_level1_card_11_counts_level1_cubes_of_a_3d_group():
    # Orange (0,0,0), (0,2,0) and (0,1,1) touch only diagonally on level 1, but the two orange
    # cubes above link them: one group with 3 level-1 cubes, against a flat group of 2.
    linked = cells("OYO/YOY", "OO")
    flat = cells("BB")
    assert bonus([linked, flat], 11) == [True, False]
    # Without the linking cubes the orange level-1 cubes are three separate groups of 1.
    assert bonus([cells("OYO/YOY"), flat], 11) == [False, True]


def test_span_card_12_pays_the_group_over_the_most_levels():
    assert bonus([cells("OO/OO", "O"), cells("YY/YY")], 12) == [True, False]
    assert bonus([cells("OO/OO", "Y"), cells("YY/YY")], 12) == [True, True]


# --- neighbour cards 5-9 ------------------------------------------------------------------------

NEIGHBOUR_CARDS = [(5, "O"), (6, "B"), (7, "G"), (8, "Y"), (9, "W")]


@pytest.mark.parametrize(("card", "letter"), NEIGHBOUR_CARDS)
def test_neighbour_card_compares_with_the_next_seat_and_ties_score_by_default(
    card: int, letter: str
):
    pyramids = [cells(letter * 2), cells(letter), cells(letter)]
    # seat 0 (2) vs seat 1 (1): beats; seat 1 (1) vs seat 2 (1): tie; seat 2 (1) vs seat 0 (2).
    assert bonus(pyramids, card) == [True, True, False]


@pytest.mark.parametrize(("card", "letter"), NEIGHBOUR_CARDS)
def test_neighbour_card_tie_does_not_score_when_the_option_is_off(card: int, letter: str):
    pyramids = [cells(letter * 2), cells(letter), cells(letter)]
    assert bonus(pyramids, card, neighbour_ties_score=False) == [True, False, False]


# --- second-largest card 13 ---------------------------------------------------------------------


def test_second_largest_card_13_pays_owners_of_the_second_distinct_size():
    owner_of_both = cells("OOO/YY.")  # groups of 3 (orange) and 2 (yellow)
    small = cells("B")
    assert bonus([owner_of_both, small], 13) == [True, False]


def test_second_largest_card_13_runner_up_mode_pays_the_second_best_player():
    owner_of_both = cells("OOO/YY.")
    small = cells("B")
    assert bonus([owner_of_both, small], 13, second_largest="runner_up_player") == [False, True]


def test_second_largest_card_13_pays_nobody_with_a_single_distinct_size():
    assert bonus([cells("O"), cells("Y")], 13) == [False, False]
    assert bonus([cells("OO"), cells("YY")], 13, second_largest="runner_up_player") == [
        False,
        False,
    ]


# --- own-pyramid cards 14-17 --------------------------------------------------------------------


def test_card_14_five_colours_visible_on_level1():
    assert one(cells(FULL_BASE, LEVEL2), [14])["bonus"][14] is True


def test_card_14_colour_only_in_the_hidden_centre_does_not_count():
    assert one(cells("OYBG/GWWY/YWWO/BOGO", LEVEL2), [14])["bonus"][14] is False


def test_card_17_five_colours_visible_on_level2():
    assert one(cells(FULL_BASE, "OYB/GWO/YBW", LEVEL3), [17])["bonus"][17] is True


def test_card_17_colour_only_in_the_hidden_level2_centre_does_not_count():
    assert one(cells(FULL_BASE, "OYB/GWO/YBO", LEVEL3), [17])["bonus"][17] is False


def test_card_16_exactly_three_visible_colours():
    levels = ("OYBO/YGGB/BGGY/OYBO", "OYB/BGO/YBO", "OY/BO")
    assert one(cells(*levels, "Y"), [16])["bonus"][16] is True
    assert one(cells(*levels, "W"), [16])["bonus"][16] is False


def test_card_15_one_side_in_a_single_colour_including_the_apex():
    levels = ("OYBG/OWYB/OBWY/OGYB", "OYB/OWG/OBY", "OY/OB")
    assert one(cells(*levels, "O"), [15])["bonus"][15] is True
    assert one(cells(*levels, "Y"), [15])["bonus"][15] is False


def test_card_15_face_uses_the_outermost_visible_cube_per_line():
    # Every side of this flat pyramid is mixed except the east one (x = 3, all white).
    assert one(cells("OYBW/YOGW/GBOW/BGYW"), [15])["bonus"][15] is True
    assert one(cells("OYBW/YOGW/GBOW/BGYO"), [15])["bonus"][15] is False


# --- input checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pyramid", "words"),
    [
        ({(0, 4, 0): "orange"}, "outside the pyramid"),
        ({(3, 1, 0): "orange"}, "outside the pyramid"),
        ({(0, 0): "orange"}, "not a (level, x, y) triple"),
        ({(0, 0, 0): "purple"}, "unknown colour"),
    ],
)
def test_score_rejects_bad_pyramids_with_a_reason(pyramid: dict, words: str):
    with pytest.raises(ValueError, match=re.escape(words)):
        score([pyramid], [])


def test_score_rejects_unknown_cards_and_options():
    with pytest.raises(ValueError, match="no bonus card 18"):
        score([{}], [18])
    with pytest.raises(ValueError, match="second_largest"):
        score([{}], [13], {"second_largest": "nope"})
