"""The seeded generators kept inside game states, and the seed that names one.

A match is rebuilt bit for bit from its seed, so whoever knows the seed knows every draw to
come: the deals, the bag, the face-down piles. Matches therefore draw from
:class:`Blake2bCounter`, keyed BLAKE2b in counter mode under a secret of 128 bits or more:
watching any amount of play tells nothing about the draws still to come, and the seed is
published only once the match is over.

:class:`SplitMix64` is the generator matches used before. Its outputs can be inverted, so it
stays only where secrecy does not matter: replaying matches recorded with it (bit for bit), and
the bots' own samples of hidden information, where its speed counts.
"""

from __future__ import annotations

import hashlib
import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

#: Generator names, as records and the server store them.
KEYED = "blake2b"
LEGACY = "splitmix64"

#: The keyed generator's key is the seed as this many big-endian bytes (BLAKE2b takes up to 64).
KEY_BYTES = 32
#: A keyed seed needs at least this many bits of secret to be safe; the server draws this many.
SECRET_BITS = 128


class Rng(ABC):
    """A stream of 64-bit words and the draws games make from it."""

    __slots__ = ()

    @abstractmethod
    def next64(self) -> int:
        """The next uniform integer in ``range(2**64)``."""

    @abstractmethod
    def clone(self) -> Rng:
        """An independent copy that continues the same stream."""

    @abstractmethod
    def spawn(self) -> Rng:
        """A child stream drawn from this one (so replays spawn the same child)."""

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1); the bias of 64-bit scaling is negligible."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


class SplitMix64(Rng):
    """splitmix64: one 64-bit integer of state, fast in pure Python, not for secrets."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def clone(self) -> SplitMix64:
        return SplitMix64(self.state)

    def spawn(self) -> SplitMix64:
        # Exactly how legacy matches reseeded a child from one draw.
        return SplitMix64(self.next64())


_WORDS = struct.Struct("<8Q").unpack
_BLOCK = 64  # bytes per BLAKE2b-512 output: eight words
_PERSON = b"meeplehall.rng"


class Blake2bCounter(Rng):
    """Word ``i`` comes from block ``i // 8`` = BLAKE2b-512(key=seed, message=``i // 8``).

    Knowing any number of words leaves the others unpredictable without the key. The keyed
    hash object is made once and copied per block, which skips the key's compression; it is
    never updated itself, so clones share it and copy only the counter and the current block.
    """

    __slots__ = ("_block", "_counter", "_keyed", "_pos", "_seed")

    _seed: int
    _keyed: hashlib.blake2b
    _counter: int
    _block: tuple[int, ...]
    _pos: int

    def __init__(self, seed: int) -> None:
        if not 0 <= seed < 1 << (8 * KEY_BYTES):
            raise ValueError(f"a keyed seed is an integer in [0, 2**{8 * KEY_BYTES})")
        self._seed = seed
        self._keyed = hashlib.blake2b(
            key=seed.to_bytes(KEY_BYTES, "big"), digest_size=_BLOCK, person=_PERSON
        )
        self._counter = 0
        self._block = ()
        self._pos = 8

    def next64(self) -> int:
        pos = self._pos
        if pos == 8:
            block = self._keyed.copy()
            block.update(self._counter.to_bytes(8, "little"))
            self._counter += 1
            self._block = _WORDS(block.digest())
            pos = 0
        self._pos = pos + 1
        return self._block[pos]

    def clone(self) -> Blake2bCounter:
        twin = Blake2bCounter.__new__(Blake2bCounter)
        twin._seed = self._seed
        twin._keyed = self._keyed
        twin._counter = self._counter
        twin._block = self._block
        twin._pos = self._pos
        return twin

    def __reduce__(self) -> tuple[object, tuple[int, int, tuple[int, ...], int]]:
        # Hash objects do not pickle, and states go to bot worker processes: rebuild from the
        # seed and carry the position.
        return _restore_blake2b, (self._seed, self._counter, self._block, self._pos)

    def spawn(self) -> Blake2bCounter:
        # Four words make a full 256-bit key: the child is as secret as its parent.
        key = 0
        for _ in range(4):
            key = (key << 64) | self.next64()
        return Blake2bCounter(key)


def _restore_blake2b(
    seed: int, counter: int, block: tuple[int, ...], pos: int
) -> Blake2bCounter:
    rng = Blake2bCounter(seed)
    rng._counter, rng._block, rng._pos = counter, block, pos
    return rng


_GENERATORS: dict[str, Callable[[int], Rng]] = {KEYED: Blake2bCounter, LEGACY: SplitMix64}


@dataclass(frozen=True)
class Seed:
    """A match's seed with the generator it feeds: everything its randomness comes from."""

    value: int
    generator: str = KEYED

    def __post_init__(self) -> None:
        if self.generator not in _GENERATORS:
            known = ", ".join(sorted(_GENERATORS))
            raise ValueError(f"unknown generator {self.generator!r} (known: {known})")
        if self.value < 0:
            raise ValueError("a seed is a non-negative integer")

    def hex(self) -> str:
        """The value as lower-case hex, at least 32 digits: how seeds are stored and published."""
        return f"{self.value:032x}"

    @classmethod
    def from_hex(cls, digits: str, generator: str) -> Seed:
        if not digits or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise ValueError(f"not a hex seed: {digits!r}")
        return cls(int(digits, 16), generator)


def rng_for(seed: int | Seed) -> Rng:
    """The generator a match starts from; a plain int is a seed of the keyed generator."""
    if isinstance(seed, int):
        return Blake2bCounter(seed)
    return _GENERATORS[seed.generator](seed.value)
