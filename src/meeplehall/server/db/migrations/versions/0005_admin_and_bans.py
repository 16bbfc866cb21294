"""Operators: an admin role, and bans (when, and why) on users.

Plain ADD COLUMNs with server defaults, so no table is rebuilt on SQLite and every existing
user is an unbanned non-admin.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("is_admin", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("banned_at", sa.Float))
    op.add_column("users", sa.Column("ban_reason", sa.String(200)))


def downgrade() -> None:
    # Plain DROP COLUMNs (SQLite 3.35 or later), as in 0002.
    op.drop_column("users", "ban_reason")
    op.drop_column("users", "banned_at")
    op.drop_column("users", "is_admin")
