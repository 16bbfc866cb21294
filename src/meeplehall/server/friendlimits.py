"""How fast one user may send friend requests and invitations: one token bucket per user,
charged the same whether the name asked for exists or not."""

from __future__ import annotations

import math

from fastapi import Request

from meeplehall.server.deps import hall_of
from meeplehall.server.errors import ApiError
from meeplehall.server.ratelimit import Buckets


def limits_of(request: Request) -> Buckets[int]:
    state = request.app.state
    buckets: Buckets[int] | None = getattr(state, "friend_limits", None)
    if buckets is None:
        per_hour = hall_of(request).settings.friend_requests_per_hour
        buckets = state.friend_limits = Buckets(per_hour / 3600.0, float(per_hour))
    return buckets


def take_request(request: Request, user_id: int, count: int = 1) -> None:
    """Spend ``count`` requests of the user's; refused with 429 (nothing spent) when fewer
    are left."""
    buckets = limits_of(request)
    if count and not buckets.take(user_id, float(count)):
        seconds = max(1, math.ceil(buckets.wait(user_id, float(count))))
        raise ApiError(429, "too_many_requests",
                       f"too many friend requests and invitations; try again in {seconds} "
                       "seconds", {"seconds": seconds}, headers={"Retry-After": str(seconds)})
