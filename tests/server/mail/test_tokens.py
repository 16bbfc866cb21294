"""E-mail link tokens (server/mail/tokens.py): the purpose is part of what is signed, a token
expires, and one made with another key, or changed in any way, is refused."""

from __future__ import annotations

import time

import pytest

from meeplehall.server.mail import tokens

KEY = "k" * 43
PAYLOAD = {"u": 7, "e": "someone@example.org"}


def test_a_token_gives_back_its_payload_for_its_own_purpose() -> None:
    token = tokens.sign(KEY, "verify", PAYLOAD)
    payload = tokens.verify(KEY, "verify", token, max_age=60)
    assert {key: payload[key] for key in PAYLOAD} == PAYLOAD
    assert abs(payload["at"] - time.time()) < 5


@pytest.mark.parametrize("made_for,used_for", [("unsubscribe", "verify"), ("verify", "reset"),
                                              ("reset", "unsubscribe"), ("verify", "verify ")])
def test_a_token_for_one_purpose_is_refused_for_any_other(made_for: str, used_for: str) -> None:
    with pytest.raises(tokens.BadToken) as refused:
        tokens.verify(KEY, used_for, tokens.sign(KEY, made_for, PAYLOAD))
    assert not isinstance(refused.value, tokens.ExpiredToken)


def test_a_token_signed_with_another_key_is_refused() -> None:
    with pytest.raises(tokens.BadToken):
        tokens.verify(KEY, "verify", tokens.sign("another key", "verify", PAYLOAD))


def test_a_token_with_its_payload_changed_is_refused() -> None:
    body, mac = tokens.sign(KEY, "verify", PAYLOAD).split(".")
    other_body = tokens.sign(KEY, "verify", {**PAYLOAD, "u": 8}).split(".")[0]
    with pytest.raises(tokens.BadToken):
        tokens.verify(KEY, "verify", f"{other_body}.{mac}")
    with pytest.raises(tokens.BadToken):
        tokens.verify(KEY, "verify", f"{body}.{mac[:-2]}")


def test_a_token_older_than_its_link_may_be_is_expired_and_a_younger_one_is_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    token = tokens.sign(KEY, "reset", PAYLOAD)
    made = time.time()
    monkeypatch.setattr(tokens.time, "time", lambda: made + 3600 + 2)
    with pytest.raises(tokens.ExpiredToken):
        tokens.verify(KEY, "reset", token, max_age=3600)
    monkeypatch.setattr(tokens.time, "time", lambda: made + 3600 - 2)
    assert tokens.verify(KEY, "reset", token, max_age=3600)["u"] == 7
    # Without a limit (a caller that checks age itself) it never expires.
    monkeypatch.setattr(tokens.time, "time", lambda: made + 10**9)
    assert tokens.verify(KEY, "reset", token)["u"] == 7


@pytest.mark.parametrize("token", ["", ".", "abc", "a.b.c", "é.x", "a" * 1100 + ".b",
                                   "a b.c", "abc.def"])
def test_a_malformed_or_unsigned_token_is_refused(token: str) -> None:
    with pytest.raises(tokens.BadToken):
        tokens.verify(KEY, "verify", token)
