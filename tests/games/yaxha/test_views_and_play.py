"""Views, determinization, the end result of a hand-built position, the heuristic, the text
rendering and terminal play through the generic CLI."""

from __future__ import annotations

import json
import random
import re

from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core.playout import random_playout
from meeplehall.games.yaxha import GAME
from meeplehall.games.yaxha.actions import ChooseTile, Confirm, Place, Undo
from tests.games.yaxha.helpers import act, cells, new, place, set_pyramid, start_building


def finished(players: int, seed: int):
    state = new(players, seed=seed)
    random_playout(state, random.Random(seed))
    return state


def test_view_lists_phase_round_market_initiative_cards_and_pyramids_as_json():
    state = new(3, seed=2)
    view = state.view(1)
    json.dumps(view)
    assert view["phase"] == "select" and view["round"] == 1 and view["rounds"] == 10
    assert [tile["tile"] for tile in view["market"]] == [0, 1, 2]
    assert all(len(tile["cubes"]) == 3 for tile in view["market"])
    assert sorted(view["initiative_order"]) == [0, 1, 2]
    assert len(view["bonus_cards"]) == 3 and all("text" in c for c in view["bonus_cards"])
    assert view["to_move"] == [0, 1, 2]
    assert "hand" in view["seats"][1] and "hand" not in view["seats"][0]
    assert "bag" not in view and view["bag_left"] == 120 - 9
    assert view["colours"][0] == {"name": "orange", "letter": "O", "hex": "#da6e2d"}


def test_spectator_view_shows_no_hand_and_no_choice():
    state = new(2)
    act(state, 0, {"type": "tile", "tile": 1})
    view = state.view(None)
    assert all("hand" not in s and "choice" not in s for s in view["seats"])
    assert view["seats"][0]["chosen"] is True


def test_view_pyramid_cubes_have_explicit_coordinates_colours_and_visibility():
    state = new(2)
    set_pyramid(state, 0, cells("OOOO/OYYO/OYYO/OOOO", "WWW/WWW/WWW"))
    cubes = state.view(1)["seats"][0]["pyramid"]
    hidden = {(c["level"], c["x"], c["y"]) for c in cubes if not c["visible"]}
    assert hidden == {(0, 1, 1), (0, 2, 1), (0, 1, 2), (0, 2, 2)}
    assert {c["colour"] for c in cubes} == {"orange", "yellow", "white"}
    assert state.view(1)["seats"][0]["score"]["colours"]["yellow"]["size"] == 0


def test_determinize_keeps_own_secrets_and_resamples_only_hidden_things():
    state = new(3, seed=8)
    act(state, 0, {"type": "tile", "tile": 2})
    act(state, 1, {"type": "tile", "tile": 0})
    copy = state.determinize(2, random.Random(1))
    assert copy.view(2) == state.view(2)
    assert copy.bag[: copy.bag_pos] == state.bag[: state.bag_pos]
    assert sorted(copy.bag) == sorted(state.bag)
    assert all(copy.choice[s] >= 0 for s in (0, 1))
    mine = state.determinize(0, random.Random(1))
    assert mine.choice[0] == 2


def test_determinize_during_building_replaces_other_seats_unconfirmed_work():
    state = new(2)
    set_pyramid(state, 0, cells("O"))
    set_pyramid(state, 1, cells("B"))
    start_building(state, {0: "Y", 1: "WG"})
    act(state, 1, place("white", 0, 1, 0))
    copy = state.determinize(0, random.Random(2))
    assert copy.view(0) == state.view(0)
    assert copy.placed[1] == 0 and sum(copy.hand[1]) == 2
    act(state, 1, place("green", 0, 0, 1))
    act(state, 1, {"type": "confirm"})
    copy = state.determinize(0, random.Random(2))
    assert copy.view(0) == state.view(0)
    assert copy.confirmed[1] and copy.placed[1] == 2
    assert copy.legal_actions(0)  # seat 0 still builds in the copy


def test_result_breaks_down_colours_and_cards_of_a_hand_built_end():
    state = new(2)
    # Seat 0: yellow ring of 12 (36), white level 2 of 8 (18), green 4 (6), blue apex 1 (1); the
    # orange centre is hidden. Seat 1: one orange pyramid of 25 visible cubes (36).
    set_pyramid(state, 0, cells("YYYY/YOOY/YOOY/YYYY", "WWW/WWW/WWW", "GG/GG", "B"))
    set_pyramid(state, 1, cells("OOOO/OOOO/OOOO/OOOO", "OOO/OOO/OOO", "OO/OO", "O"))
    # Card 8 (more yellow than the next seat) pays seat 0; card 10 (largest group) pays seat 1.
    state.cards = (8, 10)
    state.phase = 3  # over
    result = state.result()
    assert list(result.scores) == [61 + 5, 36 + 5]
    assert result.winners == {0}
    sizes = [{c: e["size"] for c, e in part["colours"].items()} for part in result.breakdown]
    assert sizes == [
        {"orange": 0, "yellow": 12, "blue": 1, "green": 4, "white": 8},
        {"orange": 25, "yellow": 0, "blue": 0, "green": 0, "white": 0},
    ]
    points = [{c: e["points"] for c, e in part["colours"].items()} for part in result.breakdown]
    assert points[0] == {"orange": 0, "yellow": 36, "blue": 1, "green": 6, "white": 18}
    assert points[1]["orange"] == 36
    met = [{k: v["met"] for k, v in part["bonus"].items()} for part in result.breakdown]
    assert met == [{"8": True, "10": False}, {"8": False, "10": True}]
    assert [part["bonus"]["8"]["points"] for part in result.breakdown] == [5, 0]
    json.dumps(result.to_json())


def test_result_of_a_played_match_is_the_sum_of_its_breakdown():
    state = finished(4, 21)
    result = state.result()
    for seat, part in enumerate(result.breakdown):
        colours = sum(entry["points"] for entry in part["colours"].values())
        cards = sum(entry["points"] for entry in part["bonus"].values())
        assert result.scores[seat] == colours + cards
        assert set(part["colours"]) == {"orange", "yellow", "blue", "green", "white"}


def test_tied_totals_share_the_win():
    state = new(2)
    same = cells("OOOO/YYYY/BBBB/GGGG", "WWW/WWW/WWW", "OO/OO", "O")
    set_pyramid(state, 0, same)
    set_pyramid(state, 1, same)
    state.phase = 3  # over
    result = state.result()
    assert result.scores[0] == result.scores[1] and result.winners == {0, 1}


def test_heuristic_prefers_the_seat_with_more_points_and_is_relative():
    state = new(2, bonus_cards=[14, 15, 16])
    set_pyramid(state, 0, cells("OOOO/OOOO", "OOO"))
    set_pyramid(state, 1, cells("OYBG/WOYB"))
    assert state.heuristic(0) > 0 > state.heuristic(1)
    assert abs(state.heuristic(0) + state.heuristic(1)) < 1e-9


def test_heuristic_values_a_placement_that_grows_a_group():
    state = new(2, bonus_cards=[14, 15, 16])
    set_pyramid(state, 0, cells("OO/YB"))
    start_building(state, {0: "O"})
    values = {}
    for action in state.legal_actions(0):
        after = state.clone()
        after.apply(0, action)
        values[(action.x, action.y)] = after.heuristic(0)
    assert values[(2, 0)] > values[(0, 2)]  # next to the orange pair beats next to blue


def test_heuristic_never_prefers_undoing_a_placement():
    state = new(2, bonus_cards=[0, 1, 2])
    # The only cell for blue is next to nothing blue: a poor placement, but still better
    # than taking it back, since the rules force it.
    set_pyramid(state, 0, cells("OOOO/OOOO/OOOO/OOO."))
    start_building(state, {0: "B"})
    before = state.heuristic(0)
    act(state, 0, place("blue", 0, 3, 3))
    placed = state.heuristic(0)
    act(state, 0, {"type": "undo"})
    assert state.heuristic(0) == before < placed


def test_describe_action_gives_readable_labels():
    assert GAME.describe_action(ChooseTile(2)) == "take market tile 2"
    assert GAME.describe_action(Place("blue", 1, 0, 2)) == "place blue on level 2 at x=0, y=2"
    assert "undo" in GAME.describe_action(Undo())
    assert "confirm" in GAME.describe_action(Confirm())


def test_render_text_draws_every_pyramid_level_with_letters_and_the_market():
    state = new(2)
    set_pyramid(state, 0, cells("OOOO/OYYO/OYYO/OOOO", "WWW/WWW/WWW"))
    text = GAME.render_text(state.view(0))
    plain = re.sub(r"\[[^\]]*\]", "", text)
    assert "round 1/10" in plain and "phase: select" in plain
    assert all(f"level {z}" in plain for z in (1, 2, 3, 4))
    assert " y " in plain  # hidden cubes in lower case
    assert " W " in plain and " O " in plain
    assert "tile 1:" in plain and "tile 2:" in plain
    assert "initiative:" in plain and "bonus cards:" in plain
    assert "seat 1 (you)" in plain


def test_cli_plays_a_bot_only_match_saves_it_and_replays_it(tmp_path):
    runner = CliRunner()
    log = tmp_path / "match.json"
    played = runner.invoke(
        app,
        ["play", "yaxha", "--players", "3", "--seat", "none", "--seed", "7", "--save", str(log)],
    )
    assert played.exit_code == 0, played.output
    assert "final result" in played.output
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    totals = [line for line in played.output.splitlines() if "total" in line]
    assert totals and totals[-1] in replayed.output
