"""Display names are normalised (NFKC, trimmed) and may not hide or reorder text: control,
format (bidi overrides, zero-width) and invisible-only names are refused; Japanese, Korean and
Arabic names work."""

from __future__ import annotations

import secrets

import httpx
import pytest

from tests.people import ask_as_guest
from tests.server.api.test_api_errors import refusal
from tests.server.conftest import ServerProcess

REFUSED_CHARACTERS = [
    ("Ann\u202eelgoog", "U+202E"),  # right-to-left override: "Anngoogle" shown reversed
    ("\u202aAnn", "U+202A"),  # left-to-right embedding
    ("Ann\u2066x\u2069", "U+2066"),  # isolates too: the client isolates names itself
    ("Ann\u200bBob", "U+200B"),  # zero-width space
    ("Ann\u200dBob", "U+200D"),  # zero-width joiner
    ("A\u00adnn", "U+00AD"),  # soft hyphen
    ("Ann\x07", "U+0007"),  # a control character
    ("Ann\u3164", "U+3164"),  # Hangul filler: shown as nothing
    ("Ann\ue000", "U+E000"),  # private use
]

INVISIBLE_ONLY = ["\u3000\u3000", " \u2003 ", "\u0301"]


@pytest.mark.parametrize(("name", "char"), REFUSED_CHARACTERS)
def test_names_with_hiding_or_reordering_characters_are_refused(
        server: ServerProcess, name: str, char: str) -> None:
    body = refusal(ask_as_guest(server, name), 422, "name_bad_character")
    assert body["params"] == {"char": char}
    registered = httpx.post(f"{server.base}/api/auth/register",
                            json={"name": name, "password": "long enough"})
    assert refusal(registered, 422, "name_bad_character")["params"] == {"char": char}


@pytest.mark.parametrize("name", INVISIBLE_ONLY)
def test_names_with_nothing_visible_are_refused(server: ServerProcess, name: str) -> None:
    refusal(ask_as_guest(server, name), 422, "guest_name_blank")
    registered = httpx.post(f"{server.base}/api/auth/register",
                            json={"name": name, "password": "long enough"})
    refusal(registered, 422, "name_blank")


@pytest.mark.parametrize(("given", "kept"), [
    ("  山田太郎  ", "山田太郎"),
    ("김민준", "김민준"),
    ("\u1100\u1161\u11a8", "\uac01"),  # Hangul jamo are composed into the syllable
    ("ｱﾝﾅ", "アンナ"),  # half-width katakana become full-width
    ("ＡＮＮ", "ANN"),  # full-width letters become plain ones
    ("Zoë", "Zoë"),
    ("Zoe\u0308", "Zoë"),  # a combining mark after a letter is fine (and composed)
    ("محمد", "محمد"),  # right-to-left letters are fine: clients isolate names
    ("Ann\u3000Lee", "Ann Lee"),  # an ideographic space is a space
])
def test_names_are_normalised_and_real_names_kept(server: ServerProcess, given: str,
                                                  kept: str) -> None:
    answer = ask_as_guest(server, given)
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == kept


def test_a_name_that_grows_past_the_limit_when_normalised_is_refused(
        server: ServerProcess) -> None:
    grows = "\ufdfa" * 2  # one character each, eighteen once normalised
    body = refusal(ask_as_guest(server, grows), 422, "name_too_long")
    assert body["params"] == {"max": 32}


def test_login_names_match_whatever_width_they_are_typed_in(server: ServerProcess) -> None:
    name = f"Wide{secrets.token_hex(3)}"
    httpx.post(f"{server.base}/api/auth/register",
               json={"name": name, "password": "long enough"}).raise_for_status()
    wide = "".join(chr(ord(c) + 0xFEE0) for c in name)  # the full-width spelling
    answer = httpx.post(f"{server.base}/api/auth/login",
                        json={"name": wide, "password": "long enough"})
    assert answer.status_code == 200, answer.text
    taken = httpx.post(f"{server.base}/api/auth/register",
                       json={"name": wide, "password": "long enough"})
    refusal(taken, 409, "name_taken")
