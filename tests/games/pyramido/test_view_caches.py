"""Views drawing each pyramid's top view from the rows it keeps equal views drawn afresh, over
random games (1 to 4 players), for every seat and the spectators; changing a view a caller was
given changes no later view."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.games.pyramido import GAME

games = st.tuples(st.integers(1, 4), st.integers(0, 2**32 - 1))


def _fresh_views(state: Any, audiences: list[int | None]) -> list[dict[str, Any]]:
    for pyramid in state.pyramids:
        pyramid._top = None  # forget the kept rows: drawn again from the grid
    return [state.view(seat) for seat in audiences]


@settings(max_examples=6, deadline=None)
@given(games)
def test_views_from_kept_top_views_equal_views_drawn_afresh(game: tuple[int, int]) -> None:
    players, seed = game
    rng = random.Random(seed)
    state: Any = GAME.new_state(players, {}, seed)
    audiences: list[int | None] = [*range(players), None]
    while not state.is_over():
        warm = [state.view(seat) for seat in audiences]
        clone = state.clone()
        assert warm == _fresh_views(clone, audiences)
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert [state.view(seat) for seat in audiences] == _fresh_views(state.clone(), audiences)


def test_a_changed_view_changes_no_later_view() -> None:
    rng = random.Random(2)
    state: Any = GAME.new_state(3, {}, 2)
    for _ in range(30):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.view(0)
    for player in state.view(1)["players"]:
        for cell in player["top"]:
            cell["colour"] = "changed"
        player["top"].clear()
    assert state.view(0) == before == _fresh_views(state.clone(), [0])[0]
