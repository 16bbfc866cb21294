"""Play now and tournaments: the queue of people waiting for a table, tournaments, their
entrants and the tables (or byes) of each round.

Revision ID: 0012
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "queue_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("sizes", sa.JSON, nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("bot_level", sa.Integer),
        sa.Column("bot_after_seconds", sa.Float),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE")),
    )
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("system", sa.String(12), nullable=False),
        sa.Column("capacity", sa.Integer, nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("initial_ms", sa.Integer),
        sa.Column("increment_ms", sa.Integer),
        sa.Column("move_deadline_ms", sa.Integer),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("current_round", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("start_by", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float),
        sa.Column("finished_at", sa.Float),
    )
    op.create_index("ix_tournaments_owner_id", "tournaments", ["owner_id"])
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.Integer,
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("registered_at", sa.Float, nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("byes", sa.Integer, nullable=False),
    )
    op.create_index("ix_tournament_entrants_user_id", "tournament_entrants", ["user_id"])
    op.create_table(
        "tournament_rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer,
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="SET NULL")),
        sa.Column("bye_user_id", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("scored", sa.Boolean, nullable=False),
    )
    op.create_index("ix_tournament_rounds_round", "tournament_rounds",
                    ["tournament_id", "round"])


def downgrade() -> None:
    op.drop_index("ix_tournament_rounds_round", "tournament_rounds")
    op.drop_table("tournament_rounds")
    op.drop_index("ix_tournament_entrants_user_id", "tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_index("ix_tournaments_owner_id", "tournaments")
    op.drop_table("tournaments")
    op.drop_table("queue_entries")
