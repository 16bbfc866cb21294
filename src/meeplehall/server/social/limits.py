"""How fast one user may send friend requests and invitations: one token bucket per user,
charged the same whether the name asked for exists or not."""

from __future__ import annotations

import math

from meeplehall.server.errors import ApiError
from meeplehall.server.guards.ratelimit import MakeBudget, local_budget


class FriendLimits:
    def __init__(self, per_hour: int, make: MakeBudget = local_budget) -> None:
        self.budget = make("friend-requests", per_hour / 3600.0, float(per_hour))

    def take(self, user_id: int, count: int = 1) -> None:
        """Spend ``count`` requests of the user's; refused with 429 (nothing spent) when fewer
        are left."""
        wait = self.budget.spend(str(user_id), float(count)) if count else 0.0
        if wait:
            seconds = max(1, math.ceil(wait))
            raise ApiError(429, "too_many_requests",
                           f"too many friend requests and invitations; try again in {seconds} "
                           "seconds", {"seconds": seconds}, headers={"Retry-After": str(seconds)})
