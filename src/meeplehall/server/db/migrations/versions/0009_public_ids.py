"""Profiles by opaque public id, and friend requests whose addressee is no longer a foreign
key.

- ``users.public_id``: a random id naming a registered user's public profile
  (``/api/players/{public_id}``), so profiles cannot be listed by walking the sequential ids.
  Every registered user gets one now; guests have none (their profiles are not public).
- ``friend_requests.to_id`` loses its foreign key: storing a request to a user then costs what
  storing one to a name nobody has costs (no check of the users table on insert), so the
  answer's timing tells nothing. Users are never deleted, so the key guarded nothing.

Revision ID: 0009
Revises: 0008
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _friend_requests(with_key: bool) -> sa.Table:
    """The friend_requests table as revision 0004 made it, with or without the key on to_id."""
    to_id = (sa.Column("to_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                       index=True) if with_key else sa.Column("to_id", sa.Integer, index=True))
    metadata = sa.MetaData()
    sa.Table("users", metadata, sa.Column("id", sa.Integer, primary_key=True))
    return sa.Table(
        "friend_requests", metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("to_key", sa.String(32), nullable=False),
        sa.Column("to_name", sa.String(32), nullable=False),
        to_id,
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("from_id", "to_key", name="uq_friend_requests_pair"),
    )


def _to_id_keys() -> list[str]:
    inspector = sa.inspect(op.get_bind())
    return [str(key["name"]) for key in inspector.get_foreign_keys("friend_requests")
            if key["constrained_columns"] == ["to_id"] and key.get("name")]


def _copy_friend_requests(with_key: bool) -> None:
    """SQLite cannot drop or add a constraint: the table is copied, and its indexes made again."""
    with op.batch_alter_table("friend_requests", recreate="always",
                              copy_from=_friend_requests(with_key)):
        pass
    inspector = sa.inspect(op.get_bind())
    present = {index["name"] for index in inspector.get_indexes("friend_requests")}
    for column in ("from_id", "to_id"):
        if f"ix_friend_requests_{column}" not in present:
            op.create_index(f"ix_friend_requests_{column}", "friend_requests", [column])


def upgrade() -> None:
    op.add_column("users", sa.Column("public_id", sa.String(16)))
    op.create_index("ix_users_public_id", "users", ["public_id"], unique=True)
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("login", sa.String),
                     sa.column("public_id", sa.String))
    bind = op.get_bind()
    for (user_id,) in bind.execute(sa.select(users.c.id).where(users.c.login.is_not(None))):
        bind.execute(users.update().where(users.c.id == user_id)
                     .values(public_id=secrets.token_urlsafe(9)))
    if bind.dialect.name == "sqlite":
        _copy_friend_requests(with_key=False)
    else:
        for name in _to_id_keys():
            op.drop_constraint(name, "friend_requests", type_="foreignkey")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _copy_friend_requests(with_key=True)
    else:
        op.create_foreign_key("friend_requests_to_id_fkey", "friend_requests", "users",
                              ["to_id"], ["id"], ondelete="CASCADE")
    op.drop_index("ix_users_public_id", "users")
    op.drop_column("users", "public_id")
