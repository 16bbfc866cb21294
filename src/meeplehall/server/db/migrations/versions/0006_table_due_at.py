"""Tables load lazily: when a table in play needs a server process with nobody connected,
and when the hall was last seen running.

``due_at`` is the earliest time a table in play needs a process of its own accord: now when a
bot is to move, else when the first running clock runs out; NULL when it waits for people with
no clock. The scheduler loads tables whose time is near, so a process starts by loading those
alone. Tables in play before this revision are all marked due now: each is looked at once, its
real time written, and it is dropped from memory again when idle.

``hall_clock`` is one row, renewed every second by every running process: a process that starts
while it is stale knows for how long no process ran, and live clocks do not count that time.

Revision ID: 0006
Revises: 0005
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("due_at", sa.Float))
    op.create_index("ix_tables_due_at", "tables", ["due_at"])
    tables = sa.table("tables", sa.column("status", sa.String), sa.column("due_at", sa.Float))
    op.execute(tables.update().where(tables.c.status == "playing").values(due_at=time.time()))
    clock = op.create_table(
        "hall_clock",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("alive_at", sa.Float),
    )
    op.bulk_insert(clock, [{"id": 1, "alive_at": None}])


def downgrade() -> None:
    op.drop_table("hall_clock")
    op.drop_index("ix_tables_due_at", "tables")
    op.drop_column("tables", "due_at")
