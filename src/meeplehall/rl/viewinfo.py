"""An info dict whose ``"view"`` is drawn only when it is read.

Adapters put the acting seat's raw view JSON in its info at every step, but few learners read
it, and drawing a view costs many times a move. A :class:`ViewInfo` is a real ``dict`` (as
PettingZoo's API asks) whose ``"view"`` key is always present; its value is drawn on the first
read through any of the mapping's methods (``info["view"]``, ``get``, ``items``, ``==``,
``dict(info)``, ``json.dumps``, ``copy``, pickling...). The drawing function gives the view of
the step the info was made at, even when it is read after the match moved on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

Draw = Callable[[], dict[str, Any]]


class ViewInfo(dict[str, Any]):
    __slots__ = ("_draw",)

    def __init__(self, draw: Draw) -> None:
        dict.__setitem__(self, "view", None)  # not self[...]: that would drop the drawing
        self._draw: Draw | None = draw

    def _fill(self) -> None:
        draw = self._draw
        if draw is not None:
            self._draw = None
            dict.__setitem__(self, "view", draw())

    # Reads: draw first.
    def __getitem__(self, key: str) -> Any:
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def __iter__(self) -> Iterator[str]:
        # Defined here so that dict(info) and {**info} go through keys() and __getitem__.
        return dict.__iter__(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, ViewInfo):
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(dict.items(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.copy()

    def pop(self, key: str, *default: Any) -> Any:
        self._fill()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        self._fill()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.setdefault(self, key, default)

    # Writes over the view: it is no longer to be drawn.
    def __setitem__(self, key: str, value: Any) -> None:
        if key == "view":
            self._draw = None
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if key == "view":
            self._draw = None
        dict.__delitem__(self, key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._fill()
        dict.update(self, *args, **kwargs)

    def clear(self) -> None:
        self._draw = None
        dict.clear(self)
