"""Password hashes (argon2), a hash of no one's password to verify against when the name is
unknown, so a failed login takes as long whether or not the name exists."""

from __future__ import annotations

import hashlib
import secrets
from functools import cache

from argon2 import PasswordHasher

hasher = PasswordHasher()


@cache
def dummy_hash() -> str:
    """A hash of no one's password, with the hasher's settings (made once, on first use)."""
    return hasher.hash(secrets.token_urlsafe(16))


def unusable_hash() -> str:
    """The hash of a random secret nobody is told: no password logs in until a new one is set
    (an administrator's reset; the user chooses the new one through a link mailed to them)."""
    return hasher.hash(secrets.token_urlsafe(32))


def fingerprint(password_hash: str | None) -> str:
    """A short digest of a password hash, carried by a password-reset link: a new password
    changes it, so a link works once, and a newer reset voids the links before it."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:32]
