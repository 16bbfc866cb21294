"""Row ids as clients may send them."""

from __future__ import annotations

#: Ids are 32-bit integers in the database (PostgreSQL's ``integer``); a larger one names
#: nothing, and could not even be sent to SQLite beyond 64 bits.
MAX_ID = 2**31 - 1


def is_id(value: int) -> bool:
    """Whether ``value`` can be the id of a row (else it names nothing)."""
    return 0 < value <= MAX_ID
