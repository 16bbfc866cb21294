"""The deployment of docs/deploy.md, sections 4 and 5, on loopback: a real nginx with the
shipped files installed as the doc says (tests/nginx_proxy.py), on a port other than 80, in
front of two ``meeplehall serve`` processes over one fresh PostgreSQL database reached over
its socket by peer authentication (tests/deploy/peer.py), with Redis between
them. nginx, PostgreSQL, Redis or root missing: the tests are skipped, except under ``CI=true``
where they fail."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.nginx_proxy import DEBIAN, NginxProcess, nginx_binary
from tests.registry_games import without_test_games
from tests.server.conftest import (  # noqa: F401 - the fixtures the servers are made with
    server_env,
    two_server_processes,
)
from tests.services import require

from .peer import peer_database

#: Seconds a bot's move waits after a move a person saw (serve --bot-move-delay), for the
#: hall whose bot's turn must still be pending when its process is killed.
PACED_BOT_DELAY = 0.3


@dataclass
class ProxiedHall:
    nginx: NginxProcess
    servers: tuple[ServerProcess, ServerProcess]

    def server_at(self, address: str) -> ServerProcess:
        """The process behind an upstream address as nginx names it (127.0.0.1:PORT)."""
        return next(s for s in self.servers if f"127.0.0.1:{s.port}" == address)

    def address(self, server: ServerProcess) -> str:
        return f"127.0.0.1:{server.port}"

    def others(self, server: ServerProcess) -> list[str]:
        return [self.address(other) for other in self.servers if other is not server]


@pytest.fixture
def nginx() -> str:
    binary = nginx_binary()
    require(binary is not None, "nginx",
            "nginx is not installed (apt-get install nginx): the deployment tests need it")
    assert binary is not None
    require((DEBIAN / "nginx.conf").is_file(), "Debian's /etc/nginx",
            "/etc/nginx/nginx.conf is missing: the files are installed into a copy of "
            "Debian's nginx tree")
    return binary


@contextmanager
def _proxied(env: dict[str, str], folder: Path, subpath: bool = False,
             **settings: Any) -> Iterator[ProxiedHall]:
    """With ``subpath``, the processes serve under /games and nginx adds the sub-path snippet
    to its site."""
    with peer_database() as url:
        def the_database(backend: str) -> tuple[str, Path]:
            return url, folder

        extra = ["--root-path", "/games"] if subpath else []
        # A browser walks these halls too, and the web client draws no test game.
        env = without_test_games(env)
        with two_server_processes(the_database, env, extra, **settings) as servers:
            proxy = NginxProcess(folder / "nginx", [server.port for server in servers],
                                 subpath=subpath)
            try:
                proxy.start()
                yield ProxiedHall(proxy, servers)
            finally:
                proxy.stop()


@pytest.fixture
def proxied_hall(nginx: str, server_env: dict[str, str],  # noqa: F811
                 tmp_path: Path) -> Iterator[ProxiedHall]:
    """Bots move at once, as in the other server tests."""
    with _proxied(server_env, tmp_path) as hall:
        yield hall


@pytest.fixture
def paced_hall(nginx: str, server_env: dict[str, str],  # noqa: F811
               tmp_path: Path) -> Iterator[ProxiedHall]:
    """Served under /games/ (meeplehall-subpath.conf)."""
    with _proxied(server_env, tmp_path, subpath=True, bot_move_delay=PACED_BOT_DELAY) as hall:
        yield hall
