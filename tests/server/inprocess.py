"""A real server on loopback run by uvicorn in a thread of the test process, for tests that
need settings of their own or must look at the server's state (its rooms and connections).

Clients still talk to it over real sockets; ``call`` runs a function on the server's event loop,
so reading its state never races with it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import uvicorn

from meeplehall.server.app import create_app
from meeplehall.server.config import Settings
from meeplehall.server.play.manager import TableManager
from meeplehall.server.transport import UVICORN_OPTIONS
from tests.live_server import OnLoopback, free_port

T = TypeVar("T")


class _Server(uvicorn.Server):
    loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().startup(sockets)


class InProcessServer(OnLoopback):
    def __init__(self, data_dir: Path, *, root_path: str = "",
                 wrap: Callable[[Any], Any] | None = None,
                 uvicorn_options: dict[str, Any] | None = None, **settings: Any) -> None:
        """``root_path`` as ``serve --root-path``; ``wrap(app)`` is what uvicorn serves (a
        stand-in for what a proxy changes in the requests); ``uvicorn_options`` in place of
        those of ``meeplehall serve``."""
        # Bots answer people at once unless a test asks for a pace (as ServerProcess does).
        settings.setdefault("bot_move_delay", 0.0)
        # Every test client comes from 127.0.0.1: the HTTP limits only where a test asks.
        settings.setdefault("http_limits", False)
        self.settings = Settings(data_dir=data_dir, **settings)
        self.app = create_app(self.settings)
        self.port = free_port()
        # The same HTTP and WebSocket settings as ``meeplehall serve``.
        config = uvicorn.Config(wrap(self.app) if wrap is not None else self.app,
                                host="127.0.0.1", port=self.port,
                                **(UVICORN_OPTIONS if uvicorn_options is None
                                   else uvicorn_options),
                                log_level="warning", lifespan="on", root_path=root_path)
        self.server = _Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the server thread died while starting")
            self.thread.join(0.05)

    def call(self, function: Callable[[], T]) -> T:
        """``function()`` on the server's event loop; its result."""
        assert self.server.loop is not None

        async def run() -> T:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self.server.loop).result(30)

    def call_async(self, function: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """``await function()`` on the server's event loop; its result."""
        assert self.server.loop is not None
        return asyncio.run_coroutine_threadsafe(function(), self.server.loop).result(30)

    @property
    def manager(self) -> TableManager:
        manager: TableManager = self.app.state.hall.manager
        return manager

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
