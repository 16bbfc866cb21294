"""nginx lets go of an idle kept-alive connection to a process before the process would close
it (deploy/nginx/meeplehall-upstream.conf, ``keepalive_timeout``; server/transport.py,
``KEEP_ALIVE_SECONDS``): otherwise a request sent just as the process closes one is reset, and
nginx answers a POST that met it with 502."""

from __future__ import annotations

import re
import subprocess
import time

import httpx

from meeplehall.server.transport import KEEP_ALIVE_SECONDS
from tests.deploy.conftest import ProxiedHall
from tests.nginx_proxy import UPSTREAM


def connections_to(ports: list[int]) -> int:
    """Established TCP connections to these local ports (nginx's, to the processes)."""
    wanted = " or ".join(f"dport = :{port}" for port in ports)
    listed = subprocess.run(["ss", "-tnH", "state", "established", f"( {wanted} )"],
                            check=True, capture_output=True, text=True).stdout
    return len(listed.splitlines())


def nginx_keepalive_seconds() -> float:
    """The shipped upstream's ``keepalive_timeout``."""
    found = re.search(r"^\s*keepalive_timeout (\d+)s;", UPSTREAM.read_text(), re.MULTILINE)
    assert found is not None, "the shipped upstream sets no keepalive_timeout"
    return float(found.group(1))


def test_nginx_closes_an_idle_connection_to_a_process_before_the_process_does(
        proxied_hall: ProxiedHall) -> None:
    assert nginx_keepalive_seconds() < KEEP_ALIVE_SECONDS
    ports = [server.port for server in proxied_hall.servers]
    with httpx.Client(base_url=proxied_hall.nginx.base) as client:
        for _ in range(4):
            assert client.get("/api/me").status_code in (200, 401)
    assert connections_to(ports) >= 1  # kept alive, for the next request
    # Half-way between nginx's time and the process's, neither side's timer is close.
    time.sleep((nginx_keepalive_seconds() + KEEP_ALIVE_SECONDS) / 2)
    assert connections_to(ports) == 0
