"""Tables stored before the keyed generator keep their seed and replay exactly as before."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from meeplehall.core import Seed, replay
from meeplehall.core.registry import get_game
from meeplehall.core.rng import LEGACY
from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.play.store import load_record
from tests.server.db.migrating import migrate_to

# The rows as revision 0001 had them, written with the columns it knew.
TABLES_0001 = sa.table(
    "tables", *(sa.column(name) for name in (
        "id", "game", "players", "seed", "status", "mode", "visibility", "rated", "hints",
        "seq", "created_at")),
    sa.column("options", sa.JSON),
)
ACTIONS_0001 = sa.table(
    "actions", *(sa.column(name) for name in ("table_id", "seq", "seat", "bot", "created_at")),
    sa.column("action", sa.JSON),
)


def _half_played(name: str, players: int, seed: int) -> list[tuple[int, object]]:
    game = get_game(name)
    state = game.new_state(players, None, Seed(seed, LEGACY))
    rng = random.Random(seed)
    log: list[tuple[int, object]] = []
    for _ in range(10):
        seat = min(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        log.append((seat, action.to_json()))
    return log


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_stored_before_the_keyed_generator_is_marked_legacy_and_replays_as_before(
    backend: str, database_factory: Callable[[str], tuple[str, object]]
) -> None:
    url, _data_dir = database_factory(backend)
    engine = make_engine(url)
    migrate_to(engine, "0001")
    games = {1: ("pyramido", 3, 1_234_567), 2: ("monsterhex", 2, 2**31 - 1)}
    logs = {table_id: _half_played(*spec) for table_id, spec in games.items()}
    now = time.time()
    with engine.begin() as connection:
        for table_id, (name, players, seed) in games.items():
            connection.execute(TABLES_0001.insert().values(
                id=table_id, game=name, options={}, players=players, seed=seed,
                status="playing", mode="live", visibility="public", rated=False, hints=False,
                seq=len(logs[table_id]), created_at=now))
            connection.execute(ACTIONS_0001.insert(), [
                {"table_id": table_id, "seq": seq, "seat": seat, "action": action,
                 "bot": False, "created_at": now}
                for seq, (seat, action) in enumerate(logs[table_id], start=1)
            ])
    migrate(engine)
    sessions = make_sessionmaker(engine)
    for table_id, (name, players, seed) in games.items():
        with sessions() as session:
            record = load_record(session, table_id)
        assert record is not None
        assert record.seed == Seed(seed, LEGACY)
        log = [(seat, action) for seat, action, _bot in record.actions]
        assert log == logs[table_id]
        game = get_game(name)
        rebuilt = replay(game, players, {}, record.seed, log)
        before = replay(game, players, None, Seed(seed, LEGACY), logs[table_id])
        views = [rebuilt.view(s) for s in (None, *range(players))]
        assert views == [before.view(s) for s in (None, *range(players))]
    engine.dispose()
