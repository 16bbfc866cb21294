"""The component data file: loaded once, validated with messages that name the bad record."""

from __future__ import annotations

import copy
import json
from importlib.resources import files
from typing import Any

import pytest

from meeplehall.games.yaxha.components import (
    CARDS,
    COMPONENTS,
    ComponentDataError,
    parse_components,
)

RAW: dict[str, Any] = json.loads(
    files("meeplehall.games.yaxha").joinpath("data/components.json").read_text("utf-8")
)


def test_data_file_holds_five_colours_of_24_cubes_the_points_table_and_18_cards():
    assert [c.name for c in COMPONENTS.colours] == ["orange", "yellow", "blue", "green", "white"]
    assert all(c.cubes == 24 for c in COMPONENTS.colours)
    assert COMPONENTS.group_points == (0, 1, 2, 4, 6, 9, 12, 15, 18, 21, 25, 30, 36)
    assert [card.id for card in CARDS] == list(range(18))
    assert {c.id for c in CARDS if c.beginner} == {0, 1, 2, 3, 4, 10, 11, 12}
    assert {c.id for c in CARDS if not c.two_players} == {5, 6, 7, 8, 9}
    assert all(card.name and card.text for card in CARDS)


def broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (["bonus_cards", 3, "kind"], "most_pink", "bonus_cards[3] (id 3): unknown kind"),
        (["bonus_cards", 0, "colour"], "pink", "bonus_cards[0] (id 0): unknown colour"),
        (["bonus_cards", 7, "name"], KeyError, "bonus_cards[7] (id 7): missing field 'name'"),
        (["bonus_cards", 14, "level"], 9, "bonus_cards[14] (id 14): level must be 0..3"),
        (["bonus_cards", 2, "id"], 5, "ids must be 0, 1, 2"),
        (["colours", 1, "cubes"], "many", "colours[1]: field 'cubes' must be a whole number"),
        (["colours", 2, "letter"], "BL", "colours[2]: needs a one-letter code"),
        (["group_points", 0], 3, "group_points"),
        (["rounds"], KeyError, "missing field 'rounds'"),
    ],
)
def test_bad_records_are_named_in_the_error(path: list[Any], value: Any, words: str):
    with pytest.raises(ComponentDataError) as caught:
        parse_components(broken(path, value))
    assert words in str(caught.value)


def test_the_shipped_file_parses_to_the_loaded_components():
    assert parse_components(RAW) == COMPONENTS
