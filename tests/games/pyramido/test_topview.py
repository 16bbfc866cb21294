"""The top view and areas on the quarter grid (rules 4.3, 6.1, 6.2), through the public API."""

from meeplehall.games.pyramido import areas, top_view

from .helpers import domino_set

# d1: red block A with an icon in its bottom-right quarter; blue block B, icon top-left.
# d2: green/green, an icon in A's top-left quarter.
# d3: red/red, no icons. d4: red block A, icon top-right; purple block B.
SET = domino_set(
    d1=("red", ["BR"], "blue", ["TL"]),
    d2=("green", ["TL"], "green", []),
    d3=("red", [], "red", []),
    d4=("red", ["TR"], "purple", []),
)


def test_icons_turn_with_the_domino_quarter_by_quarter():
    # rotation 1 (B below): A's BR icon goes to BL; B lies at block (0, 1)
    view = top_view([(1, 1, 0, 0, 1)], SET)
    icons = sorted(cell for cell, data in view.items() if data["icon"])
    assert icons == [(0, 1), (1, 2)]  # A: BR -> BL = (0, 1); B (anchor (0, 2)): TL -> TR
    assert view[(0, 3)]["colour"] == "blue"
    # rotation 2 (B on the left): A's BR -> TL, B's TL -> BR
    view = top_view([(1, 1, 1, 0, 2)], SET)
    assert sorted(c for c, d in view.items() if d["icon"]) == [(1, 1), (2, 0)]


def test_higher_stage_covers_the_quarters_below_but_not_the_rim():
    placements = [
        (1, 1, 0, 0, 0),  # red A at quarters (0..1, 0..1), icon at (1, 1)
        (3, 1, 0, 1, 0),  # red row below
        (2, 2, 0, 0, 0),  # stage 2 block (0, 0) sits at quarters (1..2, 1..2)
    ]
    view = top_view(placements, SET)
    assert view[(0, 0)] == {"colour": "red", "icon": False, "stage": 1, "domino": 1}
    assert view[(1, 1)] == {"colour": "green", "icon": True, "stage": 2, "domino": 2}
    assert view[(1, 0)]["stage"] == 1  # top row of the base stays visible
    assert view[(3, 2)]["colour"] == "green" and view[(3, 2)]["stage"] == 2


def test_a_covered_icon_no_longer_counts_but_a_visible_one_does():
    base = [(1, 1, 0, 0, 0), (3, 1, 0, 1, 0)]
    red = [a for a in areas(base, SET) if a["colour"] == "red"]
    assert [a["icons"] for a in red] == [1]
    covered = [a for a in areas([*base, (2, 2, 0, 0, 0)], SET) if a["colour"] == "red"]
    assert sum(a["icons"] for a in covered) == 0


def test_areas_merge_across_stages_through_visible_quarters():
    # Base: red d3 at blocks (0,0)-(1,0); d4 red A at (2,0), purple B at (3,0).
    # Stage 2 d3 (red/red) at frame block (0,0) -> quarters (1..4, 1..2): red touches red.
    placements = [(3, 1, 0, 0, 0), (4, 1, 2, 0, 0), (3, 2, 0, 0, 0)]
    found = areas(placements, SET)
    red = [a for a in found if a["colour"] == "red"]
    assert len(red) == 1
    assert red[0]["icons"] == 1  # d4's TR icon at quarter (5, 0) stays visible
    assert (5, 0) in red[0]["cells"] and (1, 2) in red[0]["cells"]
    # base rows 0-1 over x 0..5 (12 quarters) plus the stage-2 row y = 2 over x 1..4
    assert len(red[0]["cells"]) == 16


def test_diagonal_contact_does_not_join_areas():
    diagonal = domino_set(d1=("red", [], "blue", []), d2=("blue", [], "red", []))
    found = areas([(1, 1, 0, 0, 0), (2, 1, 0, 1, 0)], diagonal)
    assert sorted(len(a["cells"]) for a in found) == [4, 4, 4, 4]


def test_same_colour_blocks_of_two_dominoes_form_one_area_with_all_their_icons():
    # d1 at (0,0) B to the right: red (0,0), blue (1,0); d1 at (3,0) B to the left: red (3,0),
    # blue (2,0). The two blue blocks touch: one blue area holding both blue icons.
    found = areas([(1, 1, 0, 0, 0), (1, 1, 3, 0, 2)], SET)
    blue = [a for a in found if a["colour"] == "blue"]
    red = [a for a in found if a["colour"] == "red"]
    assert len(blue) == 1 and len(blue[0]["cells"]) == 8 and blue[0]["icons"] == 2
    assert sorted(a["icons"] for a in red) == [1, 1]
