"""Analyses of finished tables: one row per table, written as the analysis goes.

``status`` is queued, running, done or failed; ``done`` of ``total`` log entries are analysed,
and ``result`` holds the decisions analysed so far (``{"decisions": [...]}``), so an analysis a
restart interrupts resumes where it stopped. ``heartbeat`` is when its runner last saved
progress: a row still running with an old heartbeat has lost its runner.

Revision ID: 0015
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("iterations", sa.Integer, nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("error", sa.String(200)),
        sa.Column("requested_by", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("requested_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float),
        sa.Column("finished_at", sa.Float),
        sa.Column("heartbeat", sa.Float),
    )
    op.create_index("ix_analyses_status", "analyses", ["status", "requested_at"])
    op.create_index("ix_analyses_requested_by", "analyses", ["requested_by"])


def downgrade() -> None:
    op.drop_index("ix_analyses_requested_by", "analyses")
    op.drop_index("ix_analyses_status", "analyses")
    op.drop_table("analyses")
