import pytest

from meeplehall.core import InvalidOption, OptionSpec, check_players, validate_options

SPECS = (
    OptionSpec("rounds", "int", 10, minimum=1, maximum=20),
    OptionSpec("variant", "choice", "basic", choices=("basic", "expert")),
    OptionSpec("open_hands", "bool", False),
    OptionSpec("title", "str", ""),
)


def test_defaults_fill_every_missing_option():
    assert validate_options(SPECS, None) == {
        "rounds": 10,
        "variant": "basic",
        "open_hands": False,
        "title": "",
    }


def test_given_values_replace_defaults():
    options = validate_options(SPECS, {"rounds": 3, "variant": "expert", "open_hands": True})
    assert options["rounds"] == 3 and options["variant"] == "expert" and options["open_hands"]


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"rounds": 0}, "at least 1"),
        ({"rounds": 21}, "at most 20"),
        ({"rounds": "3"}, "whole number"),
        ({"rounds": True}, "whole number"),
        ({"variant": "hard"}, "one of 'basic', 'expert'"),
        ({"open_hands": 1}, "true or false"),
        ({"title": 5}, "text"),
    ],
)
def test_bad_values_are_rejected_with_a_reason(given, words):
    with pytest.raises(InvalidOption) as error:
        validate_options(SPECS, given)
    assert words in error.value.reason


def test_a_custom_check_replaces_the_kind_validation():
    def ids_or_mode(value):
        if value == "random" or (isinstance(value, list) and len(value) == 2):
            return value
        raise InvalidOption("cards must be 'random' or two ids")

    spec = OptionSpec("cards", "choice", "random", choices=("random",), check=ids_or_mode)
    assert validate_options((spec,), {"cards": [1, 2]}) == {"cards": [1, 2]}
    with pytest.raises(InvalidOption, match="two ids"):
        validate_options((spec,), {"cards": [1]})


def test_spec_json_carries_what_a_form_needs():
    data = SPECS[0].to_json()
    assert data == {
        "key": "rounds",
        "kind": "int",
        "default": 10,
        "label": "",
        "help": "",
        "minimum": 1,
        "maximum": 20,
    }
    assert SPECS[1].to_json()["choices"] == ["basic", "expert"]
    assert OptionSpec("solo", "int", 1, players=(1,)).to_json()["players"] == [1]


@pytest.mark.parametrize("players", [0, 5, True, "2", 2.0, None])
def test_a_player_count_outside_the_range_or_not_a_whole_number_is_refused(players):
    with pytest.raises(InvalidOption, match=r"Game is for 1 to 4 players, not"):
        check_players("Game", players, 1, 4)


def test_a_player_count_in_range_is_kept():
    assert [check_players("Game", n, 1, 4) for n in (1, 4)] == [1, 4]
