"""The client address a table's owner created it from, kept while the table is unfinished.

A table's bot decisions take the turn of that address (an IPv4 address or an IPv6 /64) in the
fair bot queue before the owner's own turn, so many guest accounts of one address share one
address's turn. Tables from before this revision have none and count under their owner alone.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("owner_address", sa.String(64)))


def downgrade() -> None:
    op.drop_column("tables", "owner_address")
