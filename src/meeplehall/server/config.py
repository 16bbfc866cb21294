"""Server settings, given by the ``serve`` command or by tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Settings:
    data_dir: Path = field(default_factory=lambda: Path("data"))
    #: SQLAlchemy URL; empty means one SQLite file in ``data_dir``.
    database_url: str = ""
    #: Redis URL for running several server processes over one PostgreSQL database.
    redis_url: str = ""
    #: Worker processes that run bot decisions and hints off the event loop.
    bot_workers: int = 1
    #: Largest WebSocket message handled with an error reply; larger closes the socket.
    max_message_bytes: int = 16 * 1024
    #: Failed logins allowed per name, and per client address, within the window.
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window_seconds: float = 300.0
    #: Seconds a session cookie lives.
    session_seconds: int = 30 * 24 * 3600
    #: Static web client folder; None means the package's ``web`` folder.
    web_dir: Path | None = None

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'meeplehall.db').resolve()}"
