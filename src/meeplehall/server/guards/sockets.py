"""Limits of the table WebSocket: how many sockets one client address may hold, and how fast
each socket, and each address with all its sockets together, may send messages.

Every message costs tokens (``COSTS``; one by default, more for those that make the server build
a whole view or ask a bot); a message the buckets cannot pay for is refused with a
``rate_limited`` error and dropped, and the server then reads nothing more from that socket
until it could pay: a flood waits in the client's own buffers and costs the server nothing. A
socket refused again and again runs out of "strikes" (a bucket of their own, refilled at one a
second) and is closed. A new socket costs its address tokens too, so reconnecting is no way
around the limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from meeplehall.server.config import Settings
from meeplehall.server.guards.ratelimit import Buckets, TokenBucket

#: Tokens a message costs by type; any other message (even a malformed one) costs one.
COSTS: dict[str, float] = {"sync": 5.0, "watch": 5.0, "hint": 10.0, "chat_report": 5.0,
                           "chat_before": 5.0}

#: Tokens a new socket costs its address (its first sync included).
HANDSHAKE_COST = 5.0
#: How fast a socket's refusals are forgotten.
STRIKES_PER_SECOND = 1.0

#: Close codes (docs/protocol.md).
CLOSE_BAD_QUERY = 4400
CLOSE_TOO_SLOW = 4408
CLOSE_TOO_MANY = 4429


def cost_of(kind: str) -> float:
    return COSTS.get(kind, 1.0)


class Verdict(Enum):
    OK = "ok"
    LIMITED = "limited"  # refuse this message, keep the socket
    FLOOD = "flood"  # close the socket


@dataclass
class Refusal:
    verdict: Verdict
    #: Seconds until the message would be accepted.
    retry: float = 0.0


class SocketGuard:
    """The limits shared by every table socket of one server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.open: dict[str, int] = {}
        self.addresses: Buckets[str] = Buckets(settings.ws_address_rate,
                                               settings.ws_address_burst)

    def admit(self, address: str) -> bool:
        """Count a new socket of ``address``; False (not counted) when it holds too many."""
        cap = self.settings.ws_connections_per_address if self.settings.socket_limits else 0
        held = self.open.get(address, 0)
        if cap > 0 and held >= cap:
            return False
        self.open[address] = held + 1
        return True

    def release(self, address: str) -> None:
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)

    def handshake(self, address: str) -> bool:
        """Charge a new socket to its address; False when the address must wait."""
        if not self.settings.socket_limits or self.settings.ws_address_rate <= 0:
            return True
        return self.addresses.take(address, min(HANDSHAKE_COST, self.addresses.burst))

    def flow(self, address: str) -> Flow:
        return Flow(self, address)


class Flow:
    """One socket's message budget, charged together with its address's."""

    def __init__(self, guard: SocketGuard, address: str) -> None:
        settings = guard.settings
        self.guard = guard
        self.address = address
        self.bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
        self.strikes = TokenBucket(STRIKES_PER_SECOND, settings.ws_flood_strikes)

    def charge(self, cost: float) -> Refusal:
        """Pay ``cost`` tokens from this socket's bucket and its address's, or refuse."""
        if not self.guard.settings.socket_limits:
            return Refusal(Verdict.OK)
        # However big a cost, a full bucket pays it.
        cost = min(cost, self.bucket.burst)
        addresses = self.guard.addresses
        by_address = self.guard.settings.ws_address_rate > 0
        there = min(cost, addresses.burst)
        if by_address:
            if self.bucket.wait(cost) == 0 and addresses.take(self.address, there):
                self.bucket.take(cost)
                return Refusal(Verdict.OK)
        elif self.bucket.take(cost):
            return Refusal(Verdict.OK)
        if not self.strikes.take():
            return Refusal(Verdict.FLOOD)
        retry = self.bucket.wait(cost)
        if by_address:
            retry = max(retry, addresses.wait(self.address, there))
        return Refusal(Verdict.LIMITED, retry)
