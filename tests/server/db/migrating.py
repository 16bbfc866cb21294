"""Moving a test database to one revision of the migrations, up or down."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from meeplehall.server.db.engine import MIGRATIONS


def migrate_to(engine: sa.Engine, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)
