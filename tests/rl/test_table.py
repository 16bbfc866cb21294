"""The research Table's legal indices, masks and log, with its caches shared across tables."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeplehall.ai.keys import is_take_back
from meeplehall.core.registry import get_game
from meeplehall.core.replay import replay
from meeplehall.rl.table import Table, shared_indices
from tests.registry_games import per_game, with_research_wing

CASES = per_game(
    {"yaxha": [(2, {}), (4, {})], "pyramido": [(3, {})],
     "monsterhex": [(2, {}), (3, {"abilities": "draft"})]},
    lambda game: [(game.min_players, {}), (game.max_players, {})],
    with_research_wing(),
)


def _expected(table: Table, seat: int) -> dict[int, object]:
    if seat not in table.state.to_move():
        return {}
    return {table.encoding.actions.index(action.to_json()): action
            for action in table.state.legal_actions(seat)
            if not is_take_back(table.state, action)}


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_legal_indices_and_masks_hold_with_caches_warmed_by_another_table(name, players,
                                                                          options):
    # The first table warms the shared caches, the second meets them warm (and the first
    # keeps using them): both must see exactly the encoding's indices at every step.
    tables = [Table(name, players, options), Table(name, players, options)]
    for seed, table in enumerate(tables):
        table.reset(seed)
        rng = random.Random(seed)
        while not table.is_over():
            for seat in range(players):
                expected = _expected(table, seat)
                assert table.legal(seat) == expected
                mask = table.mask(seat)
                assert mask.dtype == np.int8
                assert sorted(np.flatnonzero(mask)) == sorted(expected)
            seat = table.mover()
            assert seat is not None
            table.play(seat, rng.choice(sorted(table.legal(seat))))


def test_tables_share_indices_only_for_the_same_game_players_and_options():
    one, two = Table("monsterhex", 2), Table("monsterhex", 2)
    assert one._index_of is two._index_of and one._offered is two._offered
    assert Table("monsterhex", 3)._index_of is not one._index_of
    assert Table("monsterhex", 2, {"abilities": "draft"})._index_of is not one._index_of
    assert shared_indices("monsterhex", 2, {}) == (one._index_of, one._offered)


def test_the_log_replays_to_the_match_it_records():
    table = Table("yaxha", 3)
    table.reset(11)
    rng = random.Random(11)
    for _ in range(60):
        seat = table.mover()
        assert seat is not None
        table.play(seat, rng.choice(sorted(table.legal(seat))))
    log = table.log
    assert all(isinstance(data, dict) for _seat, data in log)
    rebuilt = replay(get_game("yaxha"), 3, {}, 11, log)
    assert rebuilt.view(None) == table.state.view(None)
