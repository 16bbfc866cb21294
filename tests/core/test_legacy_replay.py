"""Matches recorded under the legacy generator, or under Monster Hex's first rules edition, replay
exactly as they did when they were played.

The fingerprints below were taken by playing seeded random games and hashing the log with every
final view: the generator ones from the code as it was before the keyed generator came (any
change in what a legacy seed deals, or in what the game does with its randomness later on,
changes them), the first-edition ones from the Monster Hex code as it was before the 2026-11
rules corrections (any change in how such a table is rebuilt changes them).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from meeplehall.core import IllegalAction, Seed, replay
from meeplehall.core.registry import get_game
from meeplehall.core.rng import LEGACY
from meeplehall.games.monsterhex.options import CURRENT

PINNED = [
    # Yaxha's digests were taken again when its bonus cards' JSON in the views gained their
    # "kind" and "colour" (for the page's explained score): the logs and every other field of the
    # final views were compared and are the same as before.
    ("yaxha", 2, 7, 143, "21cc93101b6beeede2b694355816848e"),
    ("yaxha", 4, 2**31 - 1, 344, "df42ef6e48f8b512e096ad19b5962cdc"),
    ("pyramido", 1, 123456789, 70, "a50ea56c3fa37e45a691582523af8155"),
    ("pyramido", 3, 42, 213, "36be9842a29c5cbf7ff252d48663e4e1"),
    ("monsterhex", 1, 5, 20, "b8eb782692fcd25a27d5ba24dc79681c"),
    ("monsterhex", 2, 2024, 21, "e243a205c6e3d1b53a3960f36c236d7a"),
    ("monsterhex", 4, 987654321, 36, "08008b9ecd23c8137869994dc4fc810c"),
]


#: A Monster Hex option set as the server stored it before the 2026-11 rules corrections:
#: every option of the time and no ``rules``, which marks a table of the first edition.
FIRST_EDITION = {
    "random_gems": False, "objectives": True, "abilities": "random", "shared_faction": False,
    "colours": "random", "solo_target": 20, "components": "standard",
}

#: Monster Hex tables played under the first edition, fingerprinted with that code. Under the
#: corrections the first two logs turn illegal (a Crystallize target the limit now refuses; a
#: counter gem that now resolves at once) and the last two end with other winners.
PINNED_FIRST_EDITION = [
    (4, {}, 251, 41, "c63bced59a496c8e89ae6035273d2283"),
    (4, {}, 205, 41, "f15d9066446c9e8e2632f18afdbec8e9"),
    (2, {"shared_faction": True}, 4, 38, "a8c4d5e1d48fe2139c6fcc56c14fe7bf"),
    (2, {}, 51, 23, "c962b791afdb4a9799440a89f39e7ff6"),
]


def random_log(
    name: str, players: int, seed: int | Seed, options: dict[str, object] | None = None
) -> list[list[object]]:
    """The log of a random game from ``seed``, each seat's choice drawn from a fixed stream."""
    game = get_game(name)
    state = game.new_state(players, options, seed)
    rng = random.Random(f"{name}/{players}")
    log: list[list[object]] = []
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        log.append([seat, action.to_json()])
    return log


def fingerprint(
    name: str, players: int, seed: int | Seed, options: dict[str, object] | None = None
) -> tuple[str, int]:
    """Play a random game from ``seed``, replay its log, hash the log and every final view."""
    log = random_log(name, players, seed, options)
    rebuilt = replay(get_game(name), players, options, seed, log)
    views = [rebuilt.view(None)] + [rebuilt.view(s) for s in range(players)]
    blob = json.dumps([log, views], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:32], len(log)


@pytest.mark.parametrize(("name", "players", "seed", "length", "digest"), PINNED)
def test_a_legacy_seed_replays_as_before(
    name: str, players: int, seed: int, length: int, digest: str
) -> None:
    assert fingerprint(name, players, Seed(seed, LEGACY)) == (digest, length)


@pytest.mark.parametrize(("name", "players", "seed", "length", "digest"), PINNED)
def test_the_same_number_as_a_keyed_seed_deals_another_game(
    name: str, players: int, seed: int, length: int, digest: str
) -> None:
    assert fingerprint(name, players, seed)[0] != digest
    assert fingerprint(name, players, seed) == fingerprint(name, players, Seed(seed))


@pytest.mark.parametrize(("players", "extra", "seed", "length", "digest"), PINNED_FIRST_EDITION)
def test_a_monsterhex_table_begun_under_the_first_edition_replays_as_it_was_played(
    players: int, extra: dict[str, object], seed: int, length: int, digest: str
) -> None:
    assert fingerprint("monsterhex", players, seed, FIRST_EDITION | extra) == (digest, length)


@pytest.mark.parametrize(("players", "extra", "seed", "length", "digest"), PINNED_FIRST_EDITION)
def test_those_tables_would_not_survive_the_corrections(
    players: int, extra: dict[str, object], seed: int, length: int, digest: str
) -> None:
    """Why the edition is kept: the same log under the corrected rules is refused part way,
    or ends with other winners than the ones stored."""
    game = get_game("monsterhex")
    stored = FIRST_EDITION | extra
    log = random_log("monsterhex", players, seed, stored)
    played = replay(game, players, stored, seed, log).result()
    try:
        corrected = replay(game, players, stored | {"rules": CURRENT}, seed, log).result()
    except IllegalAction:
        return
    assert corrected.winners != played.winners
