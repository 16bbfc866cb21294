"""What "an address" means to every per-address limit: the client's host as the server sees it
(behind a trusted proxy, the one it forwards: ``serve --forwarded-allow-ips``), and for IPv6 its
/64, the block one subscriber is usually given, so one client cannot count as billions."""

from __future__ import annotations

import ipaddress
from functools import lru_cache


def address_key(host: str | None) -> str:
    """The address limits count by: the host, or its /64 for IPv6 (one subscriber's block); an
    IPv4 address written in IPv6's mapped form is that IPv4 address."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def address_of(connection: object) -> str:
    """The address key of a request or WebSocket (anything with Starlette's ``client``)."""
    client = getattr(connection, "client", None)
    return address_key(client.host if client is not None else None)


@lru_cache(maxsize=4096)
def is_this_machine(host: str | None) -> bool:
    """Whether ``host`` is a loopback address: a client on the hall's own machine."""
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
