"""Agents at the table: accounts of programs, their API tokens, a table's "agents welcome" and
the agents' ladder.

``users.kind`` is "person" for every user so far, or "agent"; an agent's ``owner_id`` is the
registered person who made it. ``agent_tokens`` keeps the SHA-256 of each agent's one live
token. ``tables.agents`` says whether agents may sit at a table: on for the unrated tables so
far, off for the rated ones (agents never play rated). ``ladder_ratings`` holds the agents'
ladder of each game, apart from people's ``ratings``.

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place on SQLite too (no batch copy of ``users``: most tables point at it); the owner's
    # key is written in the column itself, which SQLite allows when adding one.
    op.add_column("users", sa.Column("kind", sa.String(8), nullable=False,
                                     server_default="person"))
    # A SQLite database taken down to 0016 and up again still has the column (see downgrade).
    if "owner_id" not in {column["name"] for column in sa.inspect(op.get_bind())
                          .get_columns("users")}:
        op.add_column("users", sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id")),
                      inline_references=True)
    op.create_index("ix_users_owner_id", "users", ["owner_id"])
    op.add_column("tables", sa.Column("agents", sa.Boolean, nullable=False,
                                      server_default=sa.true()))
    tables = sa.table("tables", sa.column("agents", sa.Boolean), sa.column("rated", sa.Boolean))
    op.execute(tables.update().where(tables.c.rated.is_(True)).values(agents=False))
    op.create_table(
        "agent_tokens",
        sa.Column("agent_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ladder_ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("entrant", sa.String(24), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE")),
        sa.Column("bot_level", sa.Integer),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_index("ix_ladder_ratings_user_id", "ladder_ratings", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_ladder_ratings_user_id", "ladder_ratings")
    op.drop_table("ladder_ratings")
    op.drop_table("agent_tokens")
    op.drop_column("tables", "agents")
    op.drop_index("ix_users_owner_id", "users")
    # SQLite cannot drop a column that holds a key (and copying ``users``, which most tables
    # point at, is not worth it): there the column stays, NULL everywhere once agents are gone.
    if op.get_bind().dialect.name != "sqlite":
        op.drop_column("users", "owner_id")
    else:
        op.execute(sa.text("UPDATE users SET owner_id = NULL"))
    op.drop_column("users", "kind")
