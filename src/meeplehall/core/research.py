"""What a game declares for research adapters: a fixed action indexing and observation layout.

Reinforcement-learning libraries want every action as an index into a fixed-size space and every
observation as a fixed-shape tensor. A game offers both through its optional protocol member
``Game.research_encoding(players, options) -> ResearchEncoding``, built from declarations in
this module, so the adapters (``meeplehall.rl``) never need to know any game. Everything here is
pure Python: numbers come out as lists of floats (or, from a game's ``encode``, as the float32
bytes of the same list), and the adapters turn them into arrays.

Actions are indexed through their JSON form: an :class:`ActionKind` per action ``type`` lists its
fields and every value each field may take, and the index is the kind's offset plus the
mixed-radix number of the field values (the first field varies slowest). The layout is therefore
readable from the declaration alone, which is how ``docs/research.md`` documents it.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import prod
from typing import Any


@dataclass(frozen=True)
class ActionField:
    """One field of an action's JSON form and every value it may take, in index order.

    ``name`` may also be a tuple of field names whose values only come in a few combinations;
    ``values`` then lists those combinations as tuples, so no index is wasted on the others.
    """

    name: str | tuple[str, ...]
    values: tuple[Any, ...]

    def read(self, data: Mapping[str, Any]) -> Any:
        if isinstance(self.name, str):
            return data[self.name]
        return tuple(data[name] for name in self.name)

    def write(self, value: Any, into: dict[str, Any]) -> None:
        if isinstance(self.name, str):
            into[self.name] = value
        else:
            into.update(zip(self.name, value, strict=True))


@dataclass(frozen=True)
class ActionKind:
    """Every action of one JSON ``type``: its fields span ``prod(len(values))`` indices."""

    type: str
    fields: tuple[ActionField, ...] = ()

    @property
    def size(self) -> int:
        return prod(len(f.values) for f in self.fields)


class UnindexedAction(ValueError):
    """An action outside the declared index: the game's declaration misses one of its moves."""


@dataclass(frozen=True)
class ActionIndex:
    """A fixed numbering of every action a game may offer: ``0 .. size-1``."""

    kinds: tuple[ActionKind, ...]
    _offsets: dict[str, int] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, ActionKind] = field(init=False, repr=False, compare=False)
    _positions: dict[str, tuple[dict[Any, int], ...]] = field(
        init=False, repr=False, compare=False
    )
    _size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        offsets: dict[str, int] = {}
        positions: dict[str, tuple[dict[Any, int], ...]] = {}
        offset = 0
        for kind in self.kinds:
            offsets[kind.type] = offset
            positions[kind.type] = tuple(
                {value: i for i, value in enumerate(f.values)} for f in kind.fields
            )
            offset += kind.size
        object.__setattr__(self, "_offsets", offsets)
        object.__setattr__(self, "_kinds", {kind.type: kind for kind in self.kinds})
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_size", offset)

    @property
    def size(self) -> int:
        return self._size  # adapters ask at every step, for each mask

    def index(self, data: Mapping[str, Any]) -> int:
        """The index of an action given by its JSON form; UnindexedAction if it has none."""
        try:
            kind = self._kinds[data["type"]]
            local = 0
            for f, positions in zip(kind.fields, self._positions[kind.type], strict=True):
                local = local * len(f.values) + positions[f.read(data)]
        except (KeyError, TypeError):
            raise UnindexedAction(
                f"action {dict(data)!r} has no index in this game's declared action space"
            ) from None
        return self._offsets[kind.type] + local

    def action_json(self, index: int) -> dict[str, Any]:
        """The JSON form of the action numbered ``index`` (whether legal now or not)."""
        if not 0 <= index < self.size:
            raise UnindexedAction(f"action index {index} is outside 0..{self.size - 1}")
        for kind in self.kinds:
            if index < kind.size:
                data: dict[str, Any] = {"type": kind.type}
                for f in reversed(kind.fields):
                    index, position = divmod(index, len(f.values))
                    f.write(f.values[position], data)
                return data
            index -= kind.size
        raise AssertionError("unreachable: the index was checked against the size")


@dataclass(frozen=True)
class Section:
    """One named block of the observation vector, with its shape and what it holds."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return prod(self.shape)


@dataclass(frozen=True)
class ResearchEncoding:
    """A game's fixed action indexing and observation layout for one player count and options.

    ``observe(view)`` turns ``State.view(seat)`` (never the hidden state) into a flat list of
    ``observation_size`` floats laid out section after section, each in row-major order. It is
    the reference: a game may also give ``encode(state, seat)``, the float32 bytes of exactly
    ``observe(state.view(seat))`` (``bytes``, or a fresh ``bytearray`` the caller may keep),
    built without drawing the whole view (research adapters read a tensor at every step, and a
    view is many times dearer than a move). An ``encode`` reads only what ``view(seat)`` shows,
    and the game's tests hold it equal to ``observe`` over many random matches, for every seat
    at every step.
    ``simultaneous`` says whether ``to_move()`` may hold several seats at once, ``max_actions``
    bounds the actions of one match, and ``score_bound`` bounds the absolute value of any score
    (so of any score difference), which game-theory libraries ask for up front.
    """

    actions: ActionIndex
    sections: tuple[Section, ...]
    observe: Callable[[Mapping[str, Any]], list[float]]
    simultaneous: bool
    max_actions: int
    score_bound: int
    encode: Callable[[Any, int], bytes | bytearray] | None = None

    @cached_property
    def observation_size(self) -> int:
        return sum(section.size for section in self.sections)


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """A list with 1.0 at ``value``'s place in ``choices`` (all zeros when it is absent)."""
    return [1.0 if value == choice else 0.0 for choice in choices]


def float32_bytes(values: Iterable[float]) -> bytes:
    """``values`` as packed float32 numbers (the machine's byte order), as ``encode`` gives them."""
    return array("f", values).tobytes()
