"""The generators behind every match's randomness: the keyed one for new matches, and
splitmix64 kept bit for bit for matches recorded before it."""

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeplehall.core import Blake2bCounter, Rng, Seed, SplitMix64, rng_for
from meeplehall.core.rng import KEYED, LEGACY

BOTH = [
    pytest.param(lambda seed: SplitMix64(seed), id="splitmix64"),
    pytest.param(lambda seed: Blake2bCounter(seed), id="blake2b"),
]


def test_splitmix64_still_gives_what_it_always_gave():
    # Recorded from the generator as it was before the keyed one came: legacy tables replay
    # only if these never change.
    rng = SplitMix64(0x0123456789ABCDEF)
    assert [rng.next64() for _ in range(4)] == [
        1547611027431991965, 15380727978956804243, 3427440727199435966, 11733030637320693740
    ]
    assert [rng.below(1000) for _ in range(4)] == [4, 80, 722, 535]


@pytest.mark.parametrize("make", BOTH)
def test_same_seed_gives_the_same_sequence_and_clones_continue_it(make):
    a, b = make(42), make(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    # Far enough to cross several of the keyed generator's 8-word blocks.
    assert [a.below(1000) for _ in range(30)] == [c.below(1000) for _ in range(30)]
    assert a.clone() is not a


@pytest.mark.parametrize("make", BOTH)
def test_a_clone_is_independent(make):
    a = make(3)
    a.next64()
    b = a.clone()
    first = [b.next64() for _ in range(20)]
    assert [a.next64() for _ in range(20)] == first
    assert [b.next64() for _ in range(5)] != first[:5]


@pytest.mark.parametrize("make", BOTH)
def test_different_seeds_differ(make):
    assert make(1).next64() != make(2).next64()


def test_the_whole_secret_counts_not_only_its_low_64_bits():
    low = 0xDEADBEEF
    streams = {
        tuple(Blake2bCounter(low + (high << 64)).next64() for _ in range(4))
        for high in (0, 1, 1 << 63)
    }
    assert len(streams) == 3
    assert Blake2bCounter(1 << 200).next64() != Blake2bCounter(0).next64()


def test_keyed_seeds_must_fit_the_key():
    Blake2bCounter((1 << 256) - 1)
    with pytest.raises(ValueError):
        Blake2bCounter(1 << 256)
    with pytest.raises(ValueError):
        Blake2bCounter(-1)


@pytest.mark.parametrize("make", BOTH)
def test_spawn_gives_a_child_stream_unlike_its_parent(make):
    parent = make(9)
    twin = parent.clone()
    child = parent.spawn()
    assert type(child) is type(parent)
    assert [child.next64() for _ in range(4)] != [twin.next64() for _ in range(4)]
    # Spawning is part of the parent's stream: replays spawn the same children.
    again, once_more = make(9).spawn(), make(9).spawn()
    assert [again.next64() for _ in range(4)] == [once_more.next64() for _ in range(4)]


def test_splitmix64_spawn_is_the_old_reseed_from_one_draw():
    parent = SplitMix64(77)
    expected = SplitMix64(SplitMix64(77).next64())
    assert parent.spawn().next64() == expected.next64()


@pytest.mark.parametrize("make", BOTH)
@given(seed=st.integers(0, 2**128 - 1), bound=st.integers(1, 10**6))
def test_below_stays_in_range(make, seed, bound):
    rng = make(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


@pytest.mark.parametrize("make", BOTH)
def test_below_refuses_an_empty_range(make):
    with pytest.raises(ValueError):
        make(1).below(0)


@pytest.mark.parametrize("make", BOTH)
@given(seed=st.integers(0, 2**128 - 1), items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(make, seed, items):
    shuffled = list(items)
    make(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


@pytest.mark.parametrize("make", BOTH)
def test_below_is_roughly_uniform(make):
    rng = make(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < count < 11_000 for count in counts.values())


@pytest.mark.parametrize("make", BOTH)
def test_shuffle_reaches_every_order_of_three(make):
    rng = make(11)
    orders = Counter()
    for _ in range(6_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 6
    assert all(800 < count < 1_200 for count in orders.values())


@pytest.mark.parametrize("make", BOTH)
def test_choice_and_sample(make):
    rng = make(5)
    assert rng.choice("abc") in "abc"
    picked = rng.sample(range(10), 4)
    assert len(picked) == 4 == len(set(picked)) and set(picked) <= set(range(10))


def test_rng_for_reads_a_plain_int_as_the_keyed_generator():
    assert isinstance(rng_for(7), Blake2bCounter)
    assert rng_for(7).next64() == rng_for(Seed(7)).next64() == Blake2bCounter(7).next64()
    legacy = rng_for(Seed(7, LEGACY))
    assert isinstance(legacy, SplitMix64)
    assert legacy.next64() == SplitMix64(7).next64()
    assert isinstance(rng_for(7), Rng)


def test_seed_round_trips_through_hex_and_names_its_generator():
    seed = Seed(0xABCDEF << 100)
    assert seed.generator == KEYED
    assert Seed.from_hex(seed.hex(), seed.generator) == seed
    assert len(Seed(5).hex()) == 32  # always at least 128 bits of digits
    assert Seed.from_hex("0000ff", LEGACY) == Seed(255, LEGACY)
    with pytest.raises(ValueError):
        Seed(1, "mersenne")
    with pytest.raises(ValueError):
        Seed.from_hex("xyz", KEYED)
    with pytest.raises(ValueError):
        Seed.from_hex("", KEYED)



@pytest.mark.parametrize("make", BOTH)
def test_a_generator_survives_pickling_and_copying_midway(make):
    # Bots get states in worker processes (pickled), and copies of them.
    rng = make(21)
    for _ in range(3):
        rng.next64()
    twins = [pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng), copy.copy(rng)]
    expected = [rng.next64() for _ in range(20)]
    for twin in twins:
        assert [twin.next64() for _ in range(20)] == expected
