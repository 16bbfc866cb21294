"""Views built from the kept pyramid computations equal views built from nothing kept, over
random games, for every seat and the spectators; and changing a view a caller was given
changes no later view."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.games.yaxha import GAME
from meeplehall.games.yaxha.scoring import cached_metrics, metrics
from meeplehall.games.yaxha.views import _cube_rows, base_extent

games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))


def _cold_views(state: object, audiences: list[int | None]) -> list[dict[str, object]]:
    cached_metrics.cache_clear()
    _cube_rows.cache_clear()
    base_extent.cache_clear()
    return [state.view(seat) for seat in audiences]  # type: ignore[attr-defined]


@settings(max_examples=6, deadline=None)
@given(games)
def test_views_from_kept_pyramid_scores_equal_views_computed_afresh(game: tuple[int, int]) -> None:
    players, seed = game
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    audiences: list[int | None] = [*range(players), None]
    step = 0
    while not state.is_over():
        if step % 3 == 0:  # every third step keeps the game long enough to meet old pyramids
            warm = [state.view(seat) for seat in audiences]
            assert warm == _cold_views(state, audiences)
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    assert [state.view(seat) for seat in audiences] == _cold_views(state, audiences)


def test_a_changed_view_changes_no_later_view() -> None:
    rng = random.Random(7)
    state = GAME.new_state(4, {}, 7)
    for _ in range(40):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = [state.view(seat) for seat in range(4)]
    expected = _cold_views(state, list(range(4)))
    for view in [state.view(seat) for seat in range(4)]:  # warm: from the kept parts
        for entry in view["seats"]:
            for cube in entry["pyramid"]:
                cube["colour"] = "changed"
            entry["pyramid"].append({"level": 9})
            entry["score"]["colours"].clear()
            entry["base_size"].append(9)
    assert [state.view(seat) for seat in range(4)] == expected == before


def test_kept_metrics_are_the_metrics() -> None:
    rng = random.Random(3)
    state = GAME.new_state(3, {}, 3)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for pyramid in state.pyramid:  # type: ignore[attr-defined]
            assert cached_metrics(pyramid) == metrics(pyramid)
