"""A person's record: each rated game's rating change, and whether strangers may read their
history.

``rating_changes`` keeps one row per rated seat of a finished table (written in the
transaction that finishes it): the rating before and after, from which the player page draws
the rating's history and the table's result says "+18". Ratings earned before this revision
have no rows: their history starts with the next rated game.

``users.history_private``: the person's games (and what is counted from them) are shown only to
themself and their friends; their current ratings stay public, as on the leaderboard.

Revision ID: 0013
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_changes_user_game", "rating_changes", ["user_id", "game", "id"])
    op.create_index("ix_rating_changes_table_id", "rating_changes", ["table_id"])
    # In place on SQLite too (a batch copy of ``users`` would break the rows pointing at it).
    op.add_column("users", sa.Column("history_private", sa.Boolean, nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_index("ix_rating_changes_table_id", "rating_changes")
    op.drop_index("ix_rating_changes_user_game", "rating_changes")
    op.drop_table("rating_changes")
    # SQLite drops the column in place: a batch copy would drop and recreate ``users``, which
    # the rows of every table that points at it (seats, tables, sessions) forbid.
    op.drop_column("users", "history_private")
