"""Chat limits and guest names: what the per-table and per-user chat caps, the chat retention
sweep and the guest name check look things up by.

- ``chat_messages (table_id, user_id)``: one user's messages at one table are counted before
  each message (the per-user cap).
- ``tables.finished_at``: the retention sweep finds the tables that ended long ago.
- ``users.guest_key``: a guest's display name as a login key (``accounts/names.py``,
  ``login_key``), NULL for a registered user: a registration may not take the name of a
  current guest, and a guest may not take a registered name. Filled in here for every guest.

Revision ID: 0008
Revises: 0007
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

#: Guests read and updated per round trip while the keys are filled in.
BATCH = 1000


def _key(name: str) -> str:
    """``accounts.names.login_key`` as of this revision (a migration does not follow code)."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).lower()


def upgrade() -> None:
    op.create_index("ix_chat_messages_table_user", "chat_messages", ["table_id", "user_id"])
    op.create_index("ix_tables_finished_at", "tables", ["finished_at"])
    # Wider than a name: lower-casing may lengthen one (U+0130 becomes two characters).
    op.add_column("users", sa.Column("guest_key", sa.String(64)))
    op.create_index("ix_users_guest_key", "users", ["guest_key"])
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("login", sa.String), sa.column("guest_key", sa.String))
    connection = op.get_bind()
    after = 0
    while True:
        rows = connection.execute(
            sa.select(users.c.id, users.c.name)
            .where(users.c.login.is_(None), users.c.id > after)
            .order_by(users.c.id).limit(BATCH)
        ).all()
        if not rows:
            break
        for user_id, name in rows:
            connection.execute(users.update().where(users.c.id == user_id)
                               .values(guest_key=_key(name)))
        after = rows[-1][0]


def downgrade() -> None:
    op.drop_index("ix_users_guest_key", "users")
    op.drop_column("users", "guest_key")
    op.drop_index("ix_tables_finished_at", "tables")
    op.drop_index("ix_chat_messages_table_user", "chat_messages")
