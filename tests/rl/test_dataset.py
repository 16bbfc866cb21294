"""``meeplehall export`` writes a database's finished games as documented JSON Lines, names
replaced by stable pseudonyms unless asked, with the filters it offers; the research loader
replays every line into the observations and actions of each move."""

from __future__ import annotations

import json
import random
import secrets
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.rl.conftest import need

#: (game, players, rated, visibility): every game, rated or not, public or private.
TABLES = [("yaxha", 2, True, "public"), ("pyramido", 3, False, "public"),
          ("monsterhex", 2, True, "private"), ("pyramido", 1, False, "public")]


def _hall_with_games(data_dir: Path) -> dict[int, list[tuple[int, object, bool]]]:
    """A migrated SQLite hall holding finished tables of all three games (moves picked at
    random among everything legal, take-backs included, a simultaneous step's seats in a
    random order as people would send them), one table still being played, two people."""
    from meeplehall.cli.database import transaction
    from meeplehall.core.registry import get_game
    from meeplehall.core.rng import Seed
    from meeplehall.server.db.models import ActionRow, Seat, Table, User

    rng = random.Random(4)
    logs = {}
    data_dir.mkdir()
    with transaction(f"sqlite:///{data_dir / 'meeplehall.db'}") as session:
        people = [User(name=name, login=name, created_at=time.time()) for name in
                  ("Alice", "Bob")]
        session.add_all(people)
        session.flush()
        for number, (name, players, rated, visibility) in enumerate([*TABLES, TABLES[0]]):
            seed = Seed(secrets.randbits(128))
            state = get_game(name).new_state(players, {}, seed)
            log = []
            while not state.is_over() and (number < len(TABLES) or len(log) < 10):
                seat = rng.choice(sorted(state.to_move()))
                action = rng.choice(state.legal_actions(seat))
                log.append((seat, action.to_json(), seat == 1))
                state.apply(seat, action)
            finished = state.is_over()
            table = Table(game=name, options={}, players=players, generator=seed.generator,
                          seed_hex=seed.hex(), status="finished" if finished else "playing",
                          mode="live", visibility=visibility, rated=rated, hints=False,
                          seq=len(log), created_at=time.time(),
                          finished_at=time.time() + number if finished else None,
                          result=state.result().to_json() if finished else None)
            session.add(table)
            session.flush()
            for seat in range(players):
                session.add(Seat(table_id=table.id, seat=seat,
                                 user_id=None if seat == 1 else people[number % 2].id,
                                 bot_level=2 if seat == 1 else None))
            for seq, (seat, data, bot) in enumerate(log, 1):
                session.add(ActionRow(table_id=table.id, seq=seq, seat=seat, action=data,
                                      bot=bot, created_at=time.time()))
            logs[table.id] = log
    return logs


def _export(data_dir: Path, out: Path, *flags: str) -> list[dict]:
    from meeplehall.cli import app

    result = CliRunner().invoke(app, ["export", str(out), "--data-dir", str(data_dir),
                                      "--overwrite", *flags])
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert result.output.strip() == (
        f"Exported {len(lines)} finished game{'s' * (len(lines) != 1)} to {out}.")
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    need("numpy")
    data_dir = tmp_path_factory.mktemp("export") / "hall"
    return data_dir, _hall_with_games(data_dir)


def test_export_writes_every_finished_game_with_pseudonyms_and_filters(hall, tmp_path):
    data_dir, logs = hall
    records = _export(data_dir, tmp_path / "all.jsonl")
    assert [r["game"] for r in records] == [game for game, *_rest in TABLES]
    for record in records:
        assert record["format"] == "meeplehall-game/1"
        assert [tuple(entry) for entry in record["actions"]] == [
            (seat, data, bot) for seat, data, bot in logs[record["table"]]]
        assert set(record) >= {"seed", "options", "result", "rated", "public", "seats"}
    text = (tmp_path / "all.jsonl").read_text()
    assert "Alice" not in text and "Bob" not in text
    people = {seat["player"] for r in records for seat in r["seats"] if seat["seat"] != 1}
    assert len(people) == 2 and all(p.startswith("p-") and len(p) == 14 for p in people)
    assert {seat["player"] for r in records for seat in r["seats"] if seat["seat"] == 1} == {
        "level-2 bot"}
    again = _export(data_dir, tmp_path / "again.jsonl")
    assert again == records  # the same pseudonyms in every export of this hall

    assert [r["game"] for r in _export(data_dir, tmp_path / "r.jsonl", "--rated-only")] == [
        "yaxha", "monsterhex"]
    assert all(r["public"] for r in _export(data_dir, tmp_path / "p.jsonl", "--public-only"))
    assert len(_export(data_dir, tmp_path / "p.jsonl", "--public-only")) == 3
    assert [r["game"] for r in _export(data_dir, tmp_path / "g.jsonl", "--game", "pyramido")
            ] == ["pyramido", "pyramido"]
    named = _export(data_dir, tmp_path / "n.jsonl", "--names")
    assert {seat["player"] for seat in named[0]["seats"]} == {"Alice", "level-2 bot"}


def test_export_refuses_bad_requests_and_writes_nothing(hall, tmp_path):
    from meeplehall.cli import app

    data_dir, _logs = hall
    taken = tmp_path / "taken.jsonl"
    taken.write_text("mine")
    runner = CliRunner()
    result = runner.invoke(app, ["export", str(taken), "--data-dir", str(data_dir)])
    assert result.exit_code == 1 and "exists" in result.output and taken.read_text() == "mine"
    result = runner.invoke(app, ["export", str(tmp_path / "x.jsonl"), "--data-dir",
                                 str(data_dir), "--game", "chess"])
    assert result.exit_code == 1 and "unknown game 'chess'" in result.output
    assert not (tmp_path / "x.jsonl").exists()


def test_the_loader_replays_each_game_into_the_moves_observations_and_actions(hall, tmp_path):
    need("gymnasium")
    from meeplehall.rl.dataset import read_games, samples
    from meeplehall.rl.table import Table

    data_dir, logs = hall
    _export(data_dir, tmp_path / "all.jsonl")
    for record in read_games(tmp_path / "all.jsonl"):
        table = Table(record["game"], record["players"])
        moves = list(samples(record))
        indexed = [(seat, data) for seat, data, _bot in logs[record["table"]]
                   if not (record["game"] == "yaxha" and data["type"] == "undo")]
        assert len(moves) == len(indexed)
        for move, (seat, data) in zip(moves, indexed, strict=True):
            assert move.seat == seat and move.by_bot == (seat == 1)
            assert table.encoding.actions.action_json(move.action) == data
            assert move.action_mask[move.action] == 1
            assert move.observation.shape == (table.encoding.observation_size,)
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format": "other"}\n')
    with pytest.raises(ValueError, match=r"broken\.jsonl:1: not a meeplehall-game/1 record"):
        list(read_games(broken))
    record = next(read_games(tmp_path / "all.jsonl"))
    record["result"] = {**record["result"], "scores": [-1] * record["players"]}
    with pytest.raises(ValueError, match="does not end with the recorded result"):
        list(samples(record))
