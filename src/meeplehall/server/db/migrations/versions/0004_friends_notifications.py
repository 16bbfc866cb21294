"""Friends, notifications and e-mail: contacts, friend requests, friendships, notifications,
the e-mails sent (for their rate limit) and the key that signs e-mail links.

Revision ID: 0004
Revises: 0003
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _user_key(name: str) -> sa.Column:  # type: ignore[type-arg]
    """A user id that is (part of) the row's key; the row goes with its user."""
    return sa.Column(name, sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                     primary_key=True)


def upgrade() -> None:
    keys = op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    # Made once here, so every process over this database signs with the same key.
    op.bulk_insert(keys, [{"name": "mail_links", "value": secrets.token_hex(32)}])
    op.create_table(
        "contacts",
        _user_key("user_id"),
        sa.Column("email", sa.String(254)),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("opt_in", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(2), nullable=False, server_default="en"),
        sa.Column("last_seen_at", sa.Float),
    )
    op.create_table(
        "friend_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("to_key", sa.String(32), nullable=False),
        sa.Column("to_name", sa.String(32), nullable=False),
        sa.Column("to_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("from_id", "to_key", name="uq_friend_requests_pair"),
    )
    op.create_table(
        "friendships",
        _user_key("user_id"),
        _user_key("friend_id"),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("read", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "mail_sent",
        _user_key("user_id"),
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("sent_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("mail_sent", "notifications", "friendships", "friend_requests", "contacts",
                 "server_keys"):
        op.drop_table(name)
