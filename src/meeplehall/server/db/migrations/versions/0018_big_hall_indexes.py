"""Indexes for a big hall (100,000 finished tables and more), where the lobby's lists, the
players' histories and the leaderboards read a page of rows instead of many.

``ix_tables_status_visibility`` (status, visibility, id): a page of the public tables in one
status, newest first, comes from the index alone, however deep the page. ``ix_seats_user_table``
(user_id, table_id) replaces ``ix_seats_user_id``: a person's tables come from the index alone.
``ix_ratings_game``: a game's leaderboard reads that game's ratings only (the key starts with
the user).

Building them reads the three tables once (seconds for 100,000 tables); nothing else changes.

Revision ID: 0018
Revises: 0017
"""

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_status_visibility", "tables", ["status", "visibility", "id"])
    op.create_index("ix_seats_user_table", "seats", ["user_id", "table_id"])
    op.drop_index("ix_seats_user_id", "seats")
    op.create_index("ix_ratings_game", "ratings", ["game"])


def downgrade() -> None:
    op.drop_index("ix_ratings_game", "ratings")
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.drop_index("ix_seats_user_table", "seats")
    op.drop_index("ix_tables_status_visibility", "tables")
