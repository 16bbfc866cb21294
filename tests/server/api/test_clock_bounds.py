"""A table's clocks stay within the server's ranges (docs/protocol.md): a live bank of 30 s to
3 h per player, an increment of 0 to 5 min, a turn-based deadline of 1 h to 14 days. Anything
else (just outside, a nanosecond, negative, NaN, infinite, a string) is refused with a clear
error and creates nothing; each edge itself is accepted.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.db.models import Table
from tests.live_server import ServerProcess
from tests.server.client import Player

LIVE = {"game": "pyramido", "players": 2, "seat": 0, "mode": "live"}
TURN = {"game": "pyramido", "players": 2, "seat": 0, "mode": "turn"}

#: Each setting's edges as the server sets them by default, and just past them.
INSIDE = [
    ({**LIVE, "initial_seconds": 30}, "live", 30_000, 10_000, None),
    ({**LIVE, "initial_seconds": 10_800}, "live", 10_800_000, 10_000, None),
    ({**LIVE, "increment_seconds": 0}, "live", 600_000, 0, None),
    ({**LIVE, "increment_seconds": 300.0}, "live", 600_000, 300_000, None),
    ({**TURN, "move_deadline_hours": 1}, "turn", None, None, 3_600_000),
    ({**TURN, "move_deadline_hours": 336}, "turn", None, None, 336 * 3_600_000),
]
OUTSIDE = [
    ("initial_seconds", 29.999, 30.0, 10_800.0),
    ("initial_seconds", 10_800.001, 30.0, 10_800.0),
    ("initial_seconds", 1e-9, 30.0, 10_800.0),
    ("initial_seconds", 0, 30.0, 10_800.0),
    ("initial_seconds", -600, 30.0, 10_800.0),
    ("initial_seconds", 1e308, 30.0, 10_800.0),
    ("increment_seconds", -0.001, 0.0, 300.0),
    ("increment_seconds", 300.001, 0.0, 300.0),
    ("move_deadline_hours", 0.999, 1.0, 336.0),
    ("move_deadline_hours", 336.001, 1.0, 336.0),
    ("move_deadline_hours", 1e-9, 1.0, 336.0),
    ("move_deadline_hours", -24, 1.0, 336.0),
]


@pytest.fixture(scope="module")
def bounded(tmp_path_factory: pytest.TempPathFactory,
            server_env: dict[str, str]) -> Iterator[tuple[ServerProcess, Player]]:
    """A server with the default clock ranges (the suite's other servers allow short clocks)."""
    data_dir = tmp_path_factory.mktemp("clock-bounds")
    process = ServerProcess(Path(data_dir), None, server_env, short_clocks=False)
    process.start()
    player = Player(process.base, process.ws_base).guest("clocks")
    try:
        yield process, player
    finally:
        player.close()
        process.stop()


def _tables(server: ServerProcess) -> int:
    engine = create_engine(f"sqlite:///{server.data_dir / 'meeplehall.db'}")
    try:
        with engine.connect() as connection:
            return int(connection.scalar(select(func.count(Table.id))) or 0)
    finally:
        engine.dispose()


@pytest.mark.parametrize(("body", "mode", "initial", "increment", "deadline"), INSIDE)
def test_each_edge_of_each_range_is_accepted(
    bounded: tuple[ServerProcess, Player], body: dict[str, Any], mode: str,
    initial: int | None, increment: int | None, deadline: int | None,
) -> None:
    _, player = bounded
    table = player.create(**body)
    assert table["mode"] == mode
    clock = table["clock"]
    assert (clock["initial_ms"], clock["increment_ms"], clock["move_deadline_ms"]) == (
        initial, increment, deadline)


@pytest.mark.parametrize(("field", "value", "least", "most"), OUTSIDE)
@pytest.mark.parametrize("base", [LIVE, TURN], ids=["live", "turn"])
def test_a_value_outside_its_range_is_refused_and_creates_nothing(
    bounded: tuple[ServerProcess, Player], field: str, value: float, least: float,
    most: float, base: dict[str, Any],
) -> None:
    server, player = bounded
    before = _tables(server)
    # Refused whether the mode uses the setting or not: nobody is told it was fine.
    response = player.http.post("/api/tables", json={**base, field: value})
    assert response.status_code == 400, response.text
    refusal = response.json()
    assert refusal["code"] == "clock_out_of_range"
    assert refusal["params"] == {"field": field, "min": least, "max": most}
    assert field in refusal["detail"] and f"{least:g} to {most:g}" in refusal["detail"]
    assert _tables(server) == before


@pytest.mark.parametrize("text", [
    b'"initial_seconds": NaN', b'"initial_seconds": Infinity', b'"increment_seconds": -Infinity',
    b'"move_deadline_hours": NaN', b'"initial_seconds": 1e999',
])
def test_nan_and_infinity_are_refused_and_create_nothing(
    bounded: tuple[ServerProcess, Player], text: bytes,
) -> None:
    server, player = bounded
    before = _tables(server)
    body = b'{"game": "pyramido", "players": 2, "seat": 0, "mode": "live", ' + text + b"}"
    response = player.http.post("/api/tables", content=body,
                                headers={"Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "bad_json_value"
    assert _tables(server) == before


@pytest.mark.parametrize("value", ["600", "NaN", "Infinity", "1e-9", "", True, None, [600],
                                   {"seconds": 600}])
@pytest.mark.parametrize("field", ["initial_seconds", "increment_seconds",
                                   "move_deadline_hours"])
def test_a_time_that_is_no_number_is_refused_and_creates_nothing(
    bounded: tuple[ServerProcess, Player], field: str, value: Any,
) -> None:
    server, player = bounded
    before = _tables(server)
    response = player.http.post("/api/tables", json={**LIVE, field: value})
    assert response.status_code == 422, response.text
    assert [error["loc"] for error in response.json()["detail"]] == [["body", field]]
    assert _tables(server) == before


def test_an_unused_setting_left_out_is_not_checked(
    bounded: tuple[ServerProcess, Player],
) -> None:
    _, player = bounded
    # A table without a clock stores none of them, and their defaults are in range anyway.
    table = player.create(game="pyramido", players=2, seat=0, mode="none")
    assert table["clock"] == {"initial_ms": None, "increment_ms": None, "move_deadline_ms": None}


def test_the_ranges_are_the_servers_to_set() -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["serve", "--min-clock-seconds", "100",
                                  "--max-clock-seconds", "50"])
    assert refused.exit_code == 2 and "--min-clock-seconds" in refused.output, refused.output
    refused = runner.invoke(app, ["serve", "--min-turn-hours", "48", "--max-turn-hours", "24"])
    assert refused.exit_code == 2 and "--min-turn-hours" in refused.output, refused.output
    for flag in ("--min-clock-seconds", "--max-increment-seconds", "--max-turn-hours"):
        assert runner.invoke(app, ["serve", flag, "-1"]).exit_code == 2
        assert runner.invoke(app, ["serve", flag, "soon"]).exit_code == 2
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    for flag in ("--min-clock-seconds", "--max-clock-seconds", "--max-increment-seconds",
                 "--min-turn-hours", "--max-turn-hours"):
        assert flag in shown.output
