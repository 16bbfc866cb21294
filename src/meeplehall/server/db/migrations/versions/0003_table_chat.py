"""Table chat: its messages, the reports on them, and whether spectators may write.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no table rebuild on SQLite); existing tables allow spectators to chat.
    op.add_column(
        "tables",
        sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_messages_table_id", "chat_messages", ["table_id", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "message_id", sa.Integer, sa.ForeignKey("chat_messages.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("message_id", "reporter_id",
                            name="uq_chat_reports_message_reporter"),
    )
    op.create_index("ix_chat_reports_message_id", "chat_reports", ["message_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_reports_message_id", "chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_table_id", "chat_messages")
    op.drop_table("chat_messages")
    # A plain DROP COLUMN (SQLite 3.35 or later), not a batch rebuild (see 0002).
    op.drop_column("tables", "spectator_chat")
