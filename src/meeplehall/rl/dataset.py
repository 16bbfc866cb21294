"""Datasets of finished games (``meeplehall export``) replayed for imitation learning.

    from meeplehall.rl.dataset import read_games, samples

    for record in read_games("games.jsonl"):
        for sample in samples(record):        # every move of the match, in the log's order
            sample.observation, sample.action_mask, sample.action, sample.seat, sample.by_bot

Each sample is a move as its seat decided it: the seat's observation tensor and action mask
just before (as the environments give them, a simultaneous step's rival moves held back) and
the index of the action it took. Take-backs (Yaxha's undo) are replayed but give no sample:
they have no index. The replay checks itself: the match must end with the recorded result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from meeplehall.core.rng import Seed
from meeplehall.rl.table import Table

FORMAT = "meeplehall-game/1"


@dataclass(frozen=True)
class Sample:
    seat: int
    observation: np.ndarray
    action_mask: np.ndarray
    action: int
    by_bot: bool


def read_games(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines export, one dict per finished game; ValueError naming the
    line for one that is not an export record."""
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from None
            if not isinstance(record, dict) or record.get("format") != FORMAT:
                raise ValueError(f"{path}:{number}: not a {FORMAT} record")
            yield record


def samples(record: dict[str, Any], reward: str = "score_diff") -> Iterator[Sample]:
    """Replay one record, giving each move's observation, mask and action index."""
    table = Table(record["game"], int(record["players"]), record["options"], reward)
    seed = Seed.from_hex(record["seed"]["hex"], record["seed"]["generator"])
    table.reset(seed)
    game = table.game
    # A practice table's log starts with its source's moves, played by other people: replayed,
    # not sampled (they are the source's own record's samples).
    borrowed = int((record.get("origin") or {}).get("step") or 0)
    for number, (seat, data, by_bot) in enumerate(record["actions"]):
        action = game.parse_action(data)
        legal = table.legal(seat)
        index = table.index_of(action) if action in legal.values() else None
        if index is not None and number >= borrowed:
            yield Sample(seat, table.tensor(seat), table.mask(seat), index, bool(by_bot))
        table.apply_logged(seat, action)
    result = record.get("result")
    if result is not None and table.state.result().to_json() != result:
        raise ValueError(f"table {record.get('table')}: the replay does not end with the "
                         "recorded result")
