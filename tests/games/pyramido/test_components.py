import json
import random
from collections import Counter
from pathlib import Path

import pytest

from meeplehall.core import InvalidOption
from meeplehall.games.pyramido import GAME
from meeplehall.games.pyramido.components import (
    DATA_PATH_VARIABLE,
    DEFAULT_DOMINOES,
    DominoFileError,
    load_dominoes,
    parse_domino_records,
    quarter_names,
)

from .helpers import records


def test_bundled_set_has_ninety_dominoes_with_ids_1_to_90():
    assert [d.id for d in DEFAULT_DOMINOES.dominoes] == list(range(1, 91))


def test_placeholder_set_matches_section_1_4_totals():
    blocks = Counter()
    icons = Counter()
    per_block = Counter()
    for d in DEFAULT_DOMINOES.dominoes:
        for colour, mask in ((d.a_colour, d.a_icons), (d.b_colour, d.b_icons)):
            blocks[colour] += 1
            icons[colour] += bin(mask).count("1")
            per_block[bin(mask).count("1")] += 1
    assert blocks == {c: 36 for c in range(5)}
    assert icons == {c: 36 for c in range(5)}
    assert per_block == {0: 50, 1: 80, 2: 50}


def test_placeholder_icon_quarters_follow_the_cyclic_rule_of_the_examples():
    first, second = DEFAULT_DOMINOES[1], DEFAULT_DOMINOES[2]
    assert first.to_json() == {
        "id": 1, "a_colour": "orange", "a_icons": ["TL"], "b_colour": "orange", "b_icons": []
    }
    assert quarter_names(second.a_icons) == ["TR"] and quarter_names(second.b_icons) == ["BL"]
    # id 21 is the first mixed pair (orange, blue) with pattern (1, 0)
    assert DEFAULT_DOMINOES[21].to_json()["a_colour"] == "orange"
    assert DEFAULT_DOMINOES[21].to_json()["b_colour"] == "blue"


def test_back_shows_colours_and_icon_counts_per_block_but_not_positions():
    back = DEFAULT_DOMINOES[2].back_json()
    assert back == {"a_colour": "orange", "a_icons": 1, "b_colour": "orange", "b_icons": 1}


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "dominoes.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_domino_file_with_89_records_is_refused_with_the_count():
    with pytest.raises(DominoFileError, match="has 89 dominoes; the game needs exactly 90"):
        parse_domino_records({"dominoes": records()[:89]}, "short.json")


def test_domino_file_record_with_unknown_colour_is_named():
    recs = records()
    recs[41]["b_colour"] = "pink"
    with pytest.raises(DominoFileError, match=r"record 42 \(id 42\): b_colour is 'pink'"):
        parse_domino_records({"dominoes": recs}, "bad.json")


def test_domino_file_record_with_a_repeated_quarter_is_named():
    recs = records()
    recs[6]["a_icons"] = ["TL", "TL"]
    with pytest.raises(DominoFileError, match=r"record 7 \(id 7\): a_icons names quarter TL twice"):
        parse_domino_records({"dominoes": recs}, "bad.json")


def test_domino_file_record_with_unknown_quarter_or_missing_field_is_named():
    recs = records()
    recs[0]["a_icons"] = ["MID"]
    with pytest.raises(DominoFileError, match=r"record 1 \(id 1\): a_icons has 'MID'"):
        parse_domino_records({"dominoes": recs}, "bad.json")
    recs = records()
    del recs[3]["b_icons"]
    with pytest.raises(DominoFileError, match=r"record 4 \(id 4\): missing b_icons"):
        parse_domino_records({"dominoes": recs}, "bad.json")


def test_domino_file_with_a_repeated_id_is_refused():
    recs = records()
    recs[10]["id"] = 10
    with pytest.raises(DominoFileError, match="id 10 appears twice"):
        parse_domino_records({"dominoes": recs}, "bad.json")


def test_domino_option_points_the_game_at_another_file_by_name(tmp_path, monkeypatch):
    recs = records(d1=("red", ["BR"], "green", ["TL", "TR"]))
    _write(tmp_path, {"dominoes": recs})
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    state = GAME.new_state(2, {"dominoes": "dominoes"}, seed=3)
    assert state.dominoes[1].to_json()["a_colour"] == "red"
    assert state.view(0)["domino_set"] == "dominoes.json"
    assert load_dominoes("dominoes").dominoes[0].b_icons == 0b11
    rng = random.Random(3)
    while not state.is_over():  # the engine assumes nothing about the bundled set
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(state.result().scores) == 2


def test_domino_option_with_a_bad_record_is_an_invalid_option_naming_it(tmp_path, monkeypatch):
    recs = records()
    recs[4]["a_colour"] = 7
    _write(tmp_path, {"dominoes": recs})
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    with pytest.raises(InvalidOption, match=r"record 5 \(id 5\): a_colour is 7"):
        GAME.new_state(2, {"dominoes": "dominoes"})


def test_domino_option_with_a_missing_or_broken_file_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    with pytest.raises(InvalidOption, match="no data called 'nowhere'"):
        GAME.new_state(2, {"dominoes": "nowhere"})
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(InvalidOption, match="not valid JSON"):
        GAME.new_state(2, {"dominoes": "broken"})


def test_domino_option_never_opens_a_path_a_player_names(tmp_path, monkeypatch):
    path = _write(tmp_path, {"dominoes": records()})
    monkeypatch.setenv(DATA_PATH_VARIABLE, str(tmp_path))
    for value in (path, "../dominoes", "/etc/passwd"):
        with pytest.raises(InvalidOption, match="not a path"):
            GAME.new_state(2, {"dominoes": value})
