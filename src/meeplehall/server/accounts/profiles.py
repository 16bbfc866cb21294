"""Public profiles: the random ids that name them.

A registered user's profile (name, ratings, history of public tables) is public, but it is
reached only by a random id given out where the user already shows up (a table's seats, a
leaderboard, a friend list), never by the sequential user id: counting ids lists nobody.
"""

from __future__ import annotations

import re
import secrets

#: 9 random bytes, 12 URL-safe characters: far too many to guess one.
PUBLIC_ID_BYTES = 9
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{12}")


def new_public_id() -> str:
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


def is_public_id(text: str) -> bool:
    """Whether ``text`` has the form of a public id (anything else names nobody)."""
    return PUBLIC_ID.fullmatch(text) is not None
