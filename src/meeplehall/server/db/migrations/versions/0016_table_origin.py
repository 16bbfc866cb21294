"""Where a practice table came from: "play from here" opens a table at a position of a finished
one.

``tables.origin_table_id`` names the finished table and ``tables.origin_step`` the number of its
actions the new table starts after. The new table's own log holds copies of those actions (and
its seed is the source's), so it replays, resumes and exports like any other table even if the
source is deleted later: then ``origin_table_id`` becomes NULL and the step stays.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place on SQLite too (no batch copy of ``tables``: seats, actions and chat point at it).
    op.add_column("tables", sa.Column("origin_table_id", sa.Integer))
    op.add_column("tables", sa.Column("origin_step", sa.Integer))


def downgrade() -> None:
    op.drop_column("tables", "origin_step")
    op.drop_column("tables", "origin_table_id")
