"""The matcher and the tournament pairing, as pure functions: who sits with whom."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from meeplehall.server.matchmaking.matching import Waiting, Window, match
from meeplehall.server.matchmaking.pairing import (
    Standing,
    ordered,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    table_points,
)

NARROW = Window(base=1.0, per_second=0.1)


def person(entry_id: int, rating: float, joined_at: float = 0.0, sizes: tuple[int, ...] = (2,),
           **fields: object) -> Waiting:
    values: dict[str, object] = {"game": "yaxha", "mode": "live", "rated": False, **fields}
    return Waiting(entry_id, entry_id, sizes=sizes, rating=rating, joined_at=joined_at,
                   **values)  # type: ignore[arg-type]


def test_close_ratings_sit_together_when_there_are_enough_people() -> None:
    people = [person(1, 0.0), person(2, 20.0), person(3, 0.5), person(4, 20.4)]
    tables = {frozenset(p.entry_id for p in g.people) for g in match(people, 1.0, NARROW)}
    assert tables == {frozenset({1, 3}), frozenset({2, 4})}


def test_a_rating_gap_is_accepted_only_once_the_wait_has_widened_the_window() -> None:
    people = [person(1, 0.0), person(2, 5.0)]
    assert match(people, 10.0, NARROW) == []  # window 2: too far
    assert len(match(people, 50.0, NARROW)) == 1  # window 6 after 50 s


def test_different_games_speeds_or_rated_never_share_a_table() -> None:
    people = [person(1, 0.0), person(2, 0.0, game="pyramido"), person(3, 0.0, mode="turn"),
              person(4, 0.0, rated=True)]
    assert match(people, 100.0, NARROW) == []


def test_any_size_takes_the_largest_table_people_can_fill() -> None:
    people = [person(i, 0.0, sizes=(2, 3, 4)) for i in range(1, 4)]
    (group,) = match(people, 1.0, NARROW)
    assert group.size == 3 and len(group.people) == 3


def test_bots_fill_the_seats_only_after_the_chosen_wait() -> None:
    alone = [person(1, 0.0, sizes=(3,), bot_level=1, bot_after_seconds=30.0)]
    assert match(alone, 10.0, NARROW) == []
    (group,) = match(alone, 31.0, NARROW)
    assert group.size == 3 and group.bot_level == 1 and len(group.people) == 1


def test_people_who_want_no_bots_never_get_them() -> None:
    assert match([person(1, 0.0, sizes=(3,)), person(2, 0.0, sizes=(3,))], 1e6, NARROW) == []


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-5, 40), st.floats(0, 120),
                          st.sampled_from([(2,), (3,), (4,), (2, 3, 4)]), st.booleans()),
                max_size=40))
def test_nobody_is_seated_twice_and_every_table_is_full_and_compatible(
        raw: list[tuple[float, float, tuple[int, ...], bool]]) -> None:
    people = [person(i, rating, joined, sizes, bot_level=1 if bots else None,
                     bot_after_seconds=60.0 if bots else None)
              for i, (rating, joined, sizes, bots) in enumerate(raw)]
    groups = match(people, 120.0, Window())
    seated = [p.entry_id for g in groups for p in g.people]
    assert len(seated) == len(set(seated))
    for group in groups:
        assert all(group.size in p.sizes for p in group.people)
        assert len(group.people) == group.size or group.bot_level is not None


def standing(user: int, points: float = 0.0, byes: int = 0) -> Standing:
    return Standing(user, points, 0.0, float(user), byes)


def test_points_count_opponents_beaten_and_half_for_ties() -> None:
    assert table_points([1, 2]) == [1.0, 0.0]
    assert table_points([1, 1]) == [0.5, 0.5]
    assert table_points([2, 1, 2]) == [0.5, 2.0, 0.5]


def test_standings_break_ties_by_buchholz_then_registration() -> None:
    rows = [Standing(1, 1.0, 1.0, 5.0), Standing(2, 1.0, 2.0, 9.0), Standing(3, 1.0, 1.0, 1.0),
            Standing(4, 2.0, 0.0, 9.0)]
    assert [s.user_id for s in ordered(rows)] == [4, 2, 3, 1]


def test_swiss_avoids_rematches_where_it_can() -> None:
    rows = [standing(1, 1.0), standing(2, 1.0), standing(3), standing(4)]
    tables, byes = swiss_round(rows, {frozenset((1, 2)), frozenset((3, 4))}, 2)
    assert byes == []
    assert {frozenset(t) for t in tables} == {frozenset((1, 3)), frozenset((2, 4))}


def test_swiss_gives_the_bye_to_the_lowest_placed_who_has_not_had_one() -> None:
    rows = [standing(1, 2.0), standing(2, 1.0), standing(3, 1.0), standing(4, 0.0, byes=1),
            standing(5, 0.0)]
    tables, byes = swiss_round(rows, set(), 2)
    assert byes == [5]
    assert sorted(u for t in tables for u in t) == [1, 2, 3, 4]


def test_round_robin_meets_every_pair_once_with_byes_for_an_odd_count() -> None:
    for count in (4, 5, 8):
        users = list(range(1, count + 1))
        pairs = []
        byes: list[int] = []
        for index in range(round_robin_rounds(count)):
            tables, bye = round_robin_round(users, index)
            pairs += [frozenset(t) for t in tables]
            byes += bye
        assert sorted(pairs, key=sorted) == sorted(
            (frozenset(p) for p in itertools.combinations(users, 2)), key=sorted)
        assert sorted(byes) == (users if count % 2 else [])
