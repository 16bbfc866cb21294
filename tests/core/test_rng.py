from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from meeplehall.core import Rng


def test_same_seed_gives_the_same_sequence_and_clones_continue_it():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert [a.below(1000) for _ in range(10)] == [c.below(1000) for _ in range(10)]


def test_different_seeds_differ():
    assert Rng(1).next64() != Rng(2).next64()


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**6))
def test_below_stays_in_range(seed, bound):
    rng = Rng(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


@given(st.integers(min_value=0), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


def test_below_is_roughly_uniform():
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < count < 11_000 for count in counts.values())
