"""Password hashes (argon2), and a hash of no one's password to verify against when the name is
unknown, so a failed login takes as long whether or not the name exists."""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher

hasher = PasswordHasher()


@cache
def dummy_hash() -> str:
    """A hash of no one's password, with the hasher's settings (made once, on first use)."""
    return hasher.hash(secrets.token_urlsafe(16))
