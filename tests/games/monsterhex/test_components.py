"""Component data: the standard file passes every check; broken files are named precisely."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from meeplehall.games.monsterhex.components import (
    DATA_PATH_VARIABLE,
    ComponentError,
    load_components,
    parse_components,
)

from .helpers import new


def standard():
    text = resources.files("meeplehall.games.monsterhex").joinpath("components.json").read_text()
    return json.loads(text)


def test_standard_boards_have_the_spec_counts_and_gem_neighbourhoods():
    comp = load_components()
    expected = {"4p": (32, 4, 4, 8), "3p": (30, 4, 3, 10), "2p": (18, 3, 0, 9)}
    for key, (cells, big, small, rounds) in expected.items():
        board = comp.boards[key]
        assert len(board.cells) == cells and board.rounds == rounds
        assert sum(1 for s in board.sites if s.big) == big
        assert sum(1 for s in board.sites if not s.big) == small
        assert all(len(s.cells) == (6 if s.big else 2) for s in board.sites)
        assert len(board.outer) + len(board.inland) == cells
    assert len(comp.boards["2p"].inland) == 3


def test_standard_units_tiles_objectives_formations_abilities():
    comp = load_components()
    assert [u.id for u in comp.units][:2] == ["S", "A1"]
    assert sum(u.red_letter for u in comp.units) == 3
    assert comp.gem_tiles["T7"] == ((7, "red"), (3, "green"))
    assert len(comp.objectives) == 20 and len(comp.abilities) == 8
    assert sorted(comp.formations) == ["A", "B", "C"]
    # Facing powers at rotation k: power towards direction d is edge (d - k) mod 6.
    assert comp.facing[0][1] == (1, 5, 5, 4, 3, 4)


def _broken(mutate):
    data = copy.deepcopy(standard())
    mutate(data)
    with pytest.raises(ComponentError) as error:
        parse_components(data)
    return error.value.reason


def test_a_board_with_the_wrong_cell_count_is_refused():
    def drop(data):
        data["boards"]["4p"]["rows"][0]["q"].pop()
    assert "board '4p'" in _broken(drop) and "32" in _broken(drop)


def test_a_small_gem_without_exactly_two_placeable_neighbours_is_refused():
    def move(data):
        data["boards"]["4p"]["small"][0] = [5, 5]
    reason = _broken(move)
    assert "small gem (5, 5)" in reason and "exactly 2" in reason


def test_a_big_gem_without_six_placeable_neighbours_is_refused():
    def move(data):
        data["boards"]["3p"]["big"][1]["at"] = [3, -3]
    reason = _broken(move)
    assert "big gem (3, -3)" in reason and "needs 6" in reason


def test_disconnected_cells_are_refused():
    def split(data):
        rows = data["boards"]["2p"]["rows"]
        rows[0]["q"] = [7, 8]  # same count, far away
    assert "not all connected" in _broken(split)


def test_bad_unit_records_are_named():
    def edges(data):
        data["units"][3]["edges"] = [1, 2, 3, 4, 5, 9]
    assert "unit A3" in _broken(edges)

    def rank(data):
        data["units"][1]["rank"] = "B"
    assert "1 S, 3 A, 3 B, 3 C" in _broken(rank)


def test_unknown_gem_tile_and_bad_outer_ring_are_named():
    def tile(data):
        data["boards"]["4p"]["big"][0]["tile"] = "T9"
    assert "unknown gem tile 'T9'" in _broken(tile)

    def outer(data):
        data["boards"]["4p"]["outer"].pop()
    assert "outer ring" in _broken(outer)


def test_another_component_file_can_be_chosen_by_option(tmp_path, monkeypatch):
    data = standard()
    data["gem_tiles"][0]["slots"][0]["value"] = 9
    (tmp_path / "variant.json").write_text(json.dumps(data))
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    state = new(4, components="variant")
    assert state.cfg.comp.gem_tiles["T7"][0] == (9, "red")
    assert new(4).cfg.comp.gem_tiles["T7"][0] == (7, "red")


def test_a_missing_component_file_is_a_clear_option_error(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    with pytest.raises(ComponentError, match="no data called 'nope'"):
        new(4, components="nope")


def test_a_component_option_naming_a_path_is_refused():
    with pytest.raises(ComponentError, match="not a path"):
        new(4, components="/etc/passwd")
    with pytest.raises(ComponentError, match="not a path"):
        new(4, components="../components")


def test_a_broken_component_file_chosen_by_option_names_the_problem(tmp_path, monkeypatch):
    data = standard()
    data["boards"]["2p"]["small"] = [[9, 9]]
    (tmp_path / "broken.json").write_text(json.dumps(data))
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    with pytest.raises(ComponentError, match=r"board '2p' small gem \(9, 9\)"):
        new(2, components="broken")
