"""Signed tokens for links in e-mail (verify an address, unsubscribe, choose a new password) that
work without a login.

A token is ``base64url(JSON payload) "." base64url(HMAC-SHA256(key, purpose + payload))``: the
purpose is part of what is signed, so an unsubscribe token cannot verify an address. The key is
made once per database by a migration (``server_keys``), so every process accepts every token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
from typing import Any

from sqlalchemy.orm import Session

from meeplehall.server.db.models import ServerKey


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(key: str, purpose: str, body: str) -> str:
    digest = hmac.new(key.encode(), f"{purpose}\n{body}".encode(), hashlib.sha256).digest()
    return _b64(digest)


def sign(key: str, purpose: str, payload: dict[str, Any]) -> str:
    """A token carrying ``payload`` (and when it was made) for ``purpose``."""
    body = _b64(json.dumps({**payload, "at": int(time.time())}, separators=(",", ":")).encode())
    return f"{body}.{_mac(key, purpose, body)}"


#: The shape of every token made here (two base64url parts); anything else is refused before
#: it is looked at (a character outside ASCII would make the digest comparison raise).
SHAPE = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
#: Longest token accepted.
MAX_LENGTH = 1024


class BadToken(ValueError):
    """A token that is malformed, forged, or made for another purpose."""


class ExpiredToken(BadToken):
    """A true token, older than the link may be."""


def verify(key: str, purpose: str, token: str, max_age: float | None = None) -> dict[str, Any]:
    """The payload of a token made for ``purpose`` with ``key``; ExpiredToken when it is older
    than ``max_age`` seconds (when given), BadToken for anything else wrong with it."""
    if len(token) > MAX_LENGTH or not SHAPE.fullmatch(token):
        raise BadToken("malformed")
    body, mac = token.split(".")
    if not hmac.compare_digest(mac, _mac(key, purpose, body)):
        raise BadToken("not signed with this key for this purpose")
    try:
        payload = json.loads(_unb64(body))
    except ValueError:
        raise BadToken("unreadable") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("at"), int):
        raise BadToken("unreadable")
    if max_age is not None and time.time() - payload["at"] > max_age:
        raise ExpiredToken("too old")
    return payload


def link_key(session: Session) -> str:
    """The key signing e-mail links, made by migration 0004."""
    row = session.get(ServerKey, "mail_links")
    assert row is not None, "the database lacks its mail_links key (migration 0004)"
    return str(row.value)
