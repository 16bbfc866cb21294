"""Handing work to the event loop from a request handler's worker thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any


class LoopBound:
    """Runs callbacks on the event loop it was made on, from any thread."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.get_ident()

    def call(self, function: Callable[..., Any], *args: Any) -> None:
        """``function(*args)`` now on the loop's thread, else soon on the loop."""
        if threading.get_ident() == self.thread:
            function(*args)
        else:
            self.loop.call_soon_threadsafe(function, *args)
