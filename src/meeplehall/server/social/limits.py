"""How fast one user may send friend requests and invitations: one token bucket per user,
charged the same whether the name asked for exists or not."""

from __future__ import annotations

import math

from meeplehall.server.errors import ApiError
from meeplehall.server.guards.ratelimit import Buckets


class FriendLimits:
    def __init__(self, per_hour: int) -> None:
        self.buckets: Buckets[int] = Buckets(per_hour / 3600.0, float(per_hour))

    def take(self, user_id: int, count: int = 1) -> None:
        """Spend ``count`` requests of the user's; refused with 429 (nothing spent) when fewer
        are left."""
        if count and not self.buckets.take(user_id, float(count)):
            seconds = max(1, math.ceil(self.buckets.wait(user_id, float(count))))
            raise ApiError(429, "too_many_requests",
                           f"too many friend requests and invitations; try again in {seconds} "
                           "seconds", {"seconds": seconds}, headers={"Retry-After": str(seconds)})
