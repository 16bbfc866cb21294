"""Quoting untrusted values in reasons: short, and never failing."""

from __future__ import annotations

import json

import pytest

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import (
    FIELD_LIMIT,
    TEXT_LIMIT,
    action_type,
    short_text,
    shown,
    whole_number,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("fly", "'fly'"),
        (None, "None"),
        (3, "3"),
        (True, "True"),
        (10**4000, "a number of about 4001 digits"),
        (-(10**4000), "a number of about 4001 digits"),
    ],
)
def test_shown_quotes_like_repr_or_names_the_size(value: object, expected: str) -> None:
    assert shown(value) == expected


@pytest.mark.parametrize(
    "value",
    ["x" * 100_000, json.loads("[" * 900 + "]" * 900), {str(i): [i] * 50 for i in range(50)},
     float("nan"), [10**4000]],
)
def test_shown_is_short_for_anything(value: object) -> None:
    assert 0 < len(shown(value)) <= 60


def test_action_type_refuses_unhashable_and_foreign_types() -> None:
    for data in ({"type": []}, {"type": {}}, {"type": 1}, {}, [], "place", None):
        with pytest.raises(IllegalAction, match="action"):
            action_type(data, ("place", "pass"))
    assert action_type({"type": "pass"}, ("place", "pass")) == "pass"


def test_whole_number_bounds_fields_by_default() -> None:
    assert whole_number({"q": -FIELD_LIMIT}, "q") == -FIELD_LIMIT
    for value in (FIELD_LIMIT + 1, 10**4000, True, 1.0, "1", None):
        with pytest.raises(IllegalAction, match="'q' must be"):
            whole_number({"q": value}, "q")
    with pytest.raises(IllegalAction, match="from 0 to 5, not 6"):
        whole_number({"rotation": 6}, "rotation", 0, 5)


def test_short_text_refuses_long_names() -> None:
    assert short_text({"unit": "A1"}, "unit") == "A1"
    with pytest.raises(IllegalAction, match=f"at most {TEXT_LIMIT} characters, not 5000"):
        short_text({"unit": "x" * 5000}, "unit")
    with pytest.raises(IllegalAction, match="non-empty text"):
        short_text({"unit": ""}, "unit")
