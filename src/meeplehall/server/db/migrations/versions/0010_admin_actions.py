"""Operators' actions kept: who (an admin, or the command line) did what to whom, and when.

Each row is written in the transaction of the action itself, so a refused action leaves none.
The actor's name is kept as it was, and the row stays if that user is deleted.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "admin_actions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("actor_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(24), nullable=False),
        sa.Column("target", sa.String(40), nullable=False),
        sa.Column("details", sa.JSON, nullable=False),
    )
    op.create_index("ix_admin_actions_at", "admin_actions", ["at"])


def downgrade() -> None:
    op.drop_index("ix_admin_actions_at", "admin_actions")
    op.drop_table("admin_actions")
