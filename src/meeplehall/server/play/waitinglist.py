"""The order of the lobby's public waiting tables, so that fresh guests cannot crowd it.

Opening guests and tables is cheap, and a handful of addresses can open hundreds of tables in
seconds; listed newest first, they would push everyone else's off the page. So the list shows
at most ``per_owner`` tables of each owner (their newest), and ranks the rest in bands:

1. tables among the ``per_address`` newest shown from their creating address, whose owner is
   registered or has been a guest for ``new_guest_seconds`` or more;
2. the same, of brand-new guests;
3. every table past its address's ``per_address`` (the same order inside).

Inside a band the newest come first. The list is read a page at a time: nothing is hidden
(beyond each owner's newest few), crowding only pushes the crowd to later pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, Select, String, and_, case, cast, func, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Table, User


@dataclass(frozen=True)
class WaitingOrder:
    per_owner: int
    per_address: int
    new_guest_seconds: float
    page_size: int


def waiting_page(session: Session, query: Select[Any], order: WaitingOrder, page: int,
                 now: float) -> Sequence[Table]:
    """Page ``page`` (from 1) of the waiting tables ``query`` selects, in the lobby's order."""
    per_owner = func.row_number().over(partition_by=Table.owner_id, order_by=Table.id.desc())
    owned = query.add_columns(per_owner.label("nth_of_owner")).subquery()
    # A table from before addresses were kept counts as an address of its own.
    address = func.coalesce(owned.c.owner_address, cast(owned.c.id, String))
    per_address = func.row_number().over(partition_by=address, order_by=owned.c.id.desc())
    fresh = and_(User.login.is_(None), User.created_at > now - order.new_guest_seconds)
    shown = (
        select(owned.c.id, per_address.label("nth_of_address"),
               cast(case((fresh, 1), else_=0), Integer).label("fresh"))
        .select_from(owned.outerjoin(User, User.id == owned.c.owner_id))
        .where(owned.c.nth_of_owner <= order.per_owner)
        .subquery()
    )
    band = case((shown.c.nth_of_address > order.per_address, 2), else_=0) + shown.c.fresh
    ids = list(session.scalars(
        select(shown.c.id).order_by(band, shown.c.id.desc())
        .offset((page - 1) * order.page_size).limit(order.page_size)
    ))
    tables = {t.id: t for t in session.scalars(select(Table).where(Table.id.in_(ids)))}
    return [tables[table_id] for table_id in ids if table_id in tables]
