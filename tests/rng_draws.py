"""Comparing generators in tests by what they would draw, not by their insides."""

from __future__ import annotations

from meeplehall.core import Rng


def next_draws(rng: Rng, count: int = 4) -> tuple[int, ...]:
    """The next ``count`` words ``rng`` would give, drawn from a clone so it stays untouched."""
    twin = rng.clone()
    return tuple(twin.next64() for _ in range(count))
