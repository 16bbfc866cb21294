"""Limits on creating things: guests, accounts and tables, per client address and per user.

Each limit is a token bucket per key: ``burst`` creations at once, then ``per_hour`` an hour. A
bucket that has filled up again is forgotten (it behaves like a new one), so a stream of new
addresses cannot grow the tables for good. A user may also own only so many waiting tables at
once. ``serve --no-creation-limits`` turns all of them off (load tests on one address).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Table
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.ratelimit import Budget, MakeBudget, local_budget


@dataclass(frozen=True)
class Rate:
    burst: int
    per_hour: float

    def budget(self, make: MakeBudget, name: str) -> Budget:
        """One token bucket per key at this rate."""
        return make(name, self.per_hour / 3600, self.burst)


@dataclass(frozen=True)
class CreationSettings:
    guests_per_address: Rate = Rate(burst=20, per_hour=60)
    accounts_per_address: Rate = Rate(burst=5, per_hour=10)
    tables_per_user: Rate = Rate(burst=10, per_hour=60)
    tables_per_address: Rate = Rate(burst=30, per_hour=180)
    #: Waiting tables one user may own at once.
    waiting_tables_per_user: int = 5


def _seconds(wait: float) -> int:
    return max(1, math.ceil(min(wait, 24 * 3600)))


class CreationLimits:
    def __init__(self, settings: CreationSettings, enabled: bool = True,
                 make: MakeBudget = local_budget) -> None:
        self.settings = settings
        self.enabled = enabled
        self.guests = settings.guests_per_address.budget(make, "guests")
        self.accounts = settings.accounts_per_address.budget(make, "accounts")
        self.tables_by_user = settings.tables_per_user.budget(make, "tables-by-user")
        self.tables_by_address = settings.tables_per_address.budget(make, "tables-by-address")

    def guest(self, address: str) -> None:
        wait = self.guests.spend(address) if self.enabled else 0
        if wait:
            seconds = _seconds(wait)
            raise ApiError(429, "too_many_guests",
                           f"too many guests from your address; try again in {seconds} seconds",
                           {"seconds": seconds}, headers={"Retry-After": str(seconds)})

    def account(self, address: str) -> None:
        wait = self.accounts.spend(address) if self.enabled else 0
        if wait:
            seconds = _seconds(wait)
            raise ApiError(429, "too_many_registrations",
                           f"too many registrations from your address; try again in {seconds} "
                           "seconds", {"seconds": seconds}, headers={"Retry-After": str(seconds)})

    def table(self, session: Session, user_id: int, address: str) -> None:
        if not self.enabled:
            return
        limit = self.settings.waiting_tables_per_user
        waiting = session.scalar(select(func.count()).select_from(Table).where(
            Table.owner_id == user_id, Table.status == "waiting"))
        if waiting is not None and waiting >= limit:
            raise ApiError(409, "too_many_waiting_tables",
                           f"you already have {limit} tables waiting for players; start or "
                           "leave one first", {"limit": limit})
        wait = max(self.tables_by_user.spend(str(user_id)), self.tables_by_address.spend(address))
        if wait:
            seconds = _seconds(wait)
            raise ApiError(429, "too_many_tables",
                           f"too many new tables; try again in {seconds} seconds",
                           {"seconds": seconds}, headers={"Retry-After": str(seconds)})
