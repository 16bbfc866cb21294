"""The shell's texts files (web/i18n/*.json), read as files: no browser needed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from meeplehall.core.playout import random_playout
from meeplehall.core.registry import get_game
from meeplehall.server.errors import API_ERRORS
from tests.registry_games import with_renderer

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "src" / "meeplehall" / "web" / "i18n"
PROTOCOL = REPO / "docs" / "protocol.md"


def _texts(code: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))
    return texts


def _holes(text: str) -> list[str]:
    return sorted(re.findall(r"\{(\w+)\}", text))


def test_every_shell_text_has_the_same_placeholders_in_each_language() -> None:
    english = _texts("en")
    for code in ("ja", "ko"):
        other = _texts(code)
        differ = [
            key for key in english if key in other and _holes(other[key]) != _holes(english[key])
        ]
        assert differ == [], code


def _protocol_table(header: str) -> list[list[str]]:
    """The cells of each row of the docs/protocol.md table whose header line is ``header``."""
    lines = PROTOCOL.read_text(encoding="utf-8").splitlines()
    start = lines.index(header)
    rows: list[list[str]] = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1:-1])
    return rows


def _error_codes() -> list[str]:
    """The codes of the WebSocket error table ("| `code` | when |")."""
    return [
        code for cells in _protocol_table("| `code` | when |")
        for code in re.findall(r"`([a-z_]+)`", cells[0])
    ]


def test_every_protocol_error_code_has_a_sentence_in_each_language() -> None:
    codes = _error_codes()
    assert "illegal_action" in codes and "stale_seq" in codes
    for code in ("en", "ja", "ko"):
        texts = _texts(code)
        assert [c for c in codes if f"error.{c}" not in texts] == [], code


def _api_error_table() -> dict[str, list[str]]:
    """The HTTP error codes with their params ("| `code` | status | `params` | when |")."""
    table: dict[str, list[str]] = {}
    for cells in _protocol_table("| `code` | status | `params` | when |"):
        (code,) = re.findall(r"`([a-z_]+)`", cells[0])
        table[code] = re.findall(r"`([a-z_]+)`", cells[2])
    return table


def test_the_http_error_codes_documented_are_those_the_server_sends() -> None:
    documented = _api_error_table()
    assert "table_full" in documented and "name_taken" in documented
    registry = {code: list(params) for code, params in API_ERRORS.items()}
    assert documented == registry


def test_every_http_error_code_has_a_sentence_in_each_language_using_only_its_params() -> None:
    for code in ("en", "ja", "ko"):
        texts = _texts(code)
        sentences = {key[4:]: text for key, text in texts.items() if key.startswith("api.")}
        assert sorted(sentences) == sorted(API_ERRORS), code
        unknown = {
            error: hole for error, text in sentences.items() for hole in _holes(text)
            if hole not in API_ERRORS[error]
        }
        assert unknown == {}, code


def test_every_game_statistic_is_named_in_each_language_by_its_renderer() -> None:
    for game in map(get_game, with_renderer()):
        read = game.statistics
        if read is None:
            continue  # nothing beyond the score to name
        state = game.new_state(2, None, 1)
        random_playout(state, random.Random(1))
        keys = read(state.result().breakdown[0])
        source = (REPO / "src" / "meeplehall" / "web" / "games" / game.name / "texts.js").read_text(
            encoding="utf-8")
        blocks = re.split(r"^const (en|ja|ko) = \{$", source, flags=re.MULTILINE)
        named = {code: block for code, block in zip(blocks[1::2], blocks[2::2], strict=True)}
        assert sorted(named) == ["en", "ja", "ko"], game.name
        for code, block in named.items():
            assert [key for key in keys if f'"stats.{key}":' not in block] == [], (game.name, code)
