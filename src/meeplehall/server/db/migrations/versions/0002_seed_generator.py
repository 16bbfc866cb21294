"""Tables name the generator their seed feeds, and keep seeds of any size (as hex).

Rows stored until now were dealt by the legacy generator (splitmix64) from the integer seed:
they are marked so and get that seed as hex, and replay exactly as before. The integer column
stays (SQLite cannot drop it without rebuilding ``tables``, and a rebuild's drop of the old
table would cascade to the seats and the action log); nothing reads it any more.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no table rebuild on SQLite); the default marks every existing row.
    op.add_column(
        "tables",
        sa.Column("generator", sa.String(16), nullable=False, server_default="splitmix64"),
    )
    op.add_column(
        "tables", sa.Column("seed_hex", sa.String(64), nullable=False, server_default="")
    )
    tables = sa.table("tables", sa.column("id"), sa.column("seed"), sa.column("seed_hex"))
    connection = op.get_bind()
    rows = connection.execute(sa.select(tables.c.id, tables.c.seed)).all()
    if rows:
        connection.execute(
            tables.update()
            .where(tables.c.id == sa.bindparam("row"))
            .values(seed_hex=sa.bindparam("digits")),
            [{"row": row.id, "digits": f"{row.seed:032x}"} for row in rows],
        )


def downgrade() -> None:
    # Only legacy rows can go back: a keyed seed does not fit the integer column.
    connection = op.get_bind()
    keyed = connection.execute(
        sa.text("SELECT count(*) FROM tables WHERE generator <> 'splitmix64'")
    ).scalar()
    if keyed:
        raise RuntimeError(f"{keyed} tables use a keyed seed the old schema cannot hold")
    # Plain DROP COLUMNs (SQLite 3.35 or later), not a batch rebuild: see above.
    op.drop_column("tables", "seed_hex")
    op.drop_column("tables", "generator")
