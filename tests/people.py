"""People at a test server, made one way for every test: guests, registered people, logins.

``server`` is anything listening on loopback (``tests.live_server.OnLoopback``: a server
process, an in-process server, a proxy in front of them). ``address`` makes the requests come
from that loopback address (any 127.x.y.z is this machine), for the limits kept per address.
"""

from __future__ import annotations

import secrets

import httpx

from tests.live_server import OnLoopback
from tests.server.client import Player

#: The password every registered test person has unless a test says otherwise.
PASSWORD = "correct horse"


def client(server: OnLoopback, address: str | None = None, timeout: float = 30) -> httpx.Client:
    """A new cookie jar talking to ``server``, from ``address`` when one is given."""
    transport = httpx.HTTPTransport(local_address=address) if address else None
    return httpx.Client(base_url=server.base, timeout=timeout, transport=transport)


def nobody(server: OnLoopback, address: str | None = None) -> Player:
    """A visitor who has not signed in."""
    return Player(server.base, server.ws_base, client(server, address))


def guest(server: OnLoopback, name: str = "guest", address: str | None = None) -> Player:
    return nobody(server, address).guest(name)


def guests(server: OnLoopback, *names: str) -> list[Player]:
    return [guest(server, name) for name in names]


def registered(server: OnLoopback, name: str | None = None, password: str = PASSWORD,
               address: str | None = None) -> Player:
    """A newly registered person, with a unique name unless ``name`` is given."""
    return nobody(server, address).register(name or f"p{secrets.token_hex(4)}", password)


def login(server: OnLoopback, name: str, password: str = PASSWORD,
          address: str | None = None) -> httpx.Response:
    """The answer to a login from a new cookie jar."""
    with client(server, address) as http:
        return http.post("/api/auth/login", json={"name": name, "password": password})


def ask_as_guest(to: OnLoopback | httpx.Client, name: str) -> httpx.Response:
    """The answer to asking for a guest name (for the tests of its refusals), from a cookie jar
    or a new one."""
    return _ask(to, "/api/auth/guest", {"name": name})


def ask_to_register(to: OnLoopback | httpx.Client, name: str,
                    password: str = PASSWORD) -> httpx.Response:
    """The answer to asking to register (for the tests of its refusals)."""
    return _ask(to, "/api/auth/register", {"name": name, "password": password})


def _ask(to: OnLoopback | httpx.Client, path: str, body: dict[str, str]) -> httpx.Response:
    if isinstance(to, httpx.Client):
        return to.post(path, json=body)
    with client(to) as http:
        return http.post(path, json=body)
