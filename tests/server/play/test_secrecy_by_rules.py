"""What a seat may know by the rules, checked in every frame and page the others received.

The private facts are not taken from the views under test: after the game, the published seed
and log are replayed locally and the raw state after each step says what each seat holds that
the others may not see, and what nobody may see. The game is played one step at a time, each
followed by a ping barrier on every connection, so each frame is known to follow a given step
of the log; the lobby's, the table's and the users' JSON are read after every step too.

Yaxha's rules hide: a seat's market choice until the reveal, and its placements of the round
(and the undos) until every seat has confirmed; others see the pyramid as it was when the round
began. Pyramido's hide from everyone the dominoes under the tops of the piles, and the face of
a face-down top (its back shows only colours and icon counts). Monster Hex hides a seat's hand,
its shared hand, its draws and its personal objectives from the others, and the order of every
deck and the objective pile from everyone. Nobody sees the seed before the end.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from meeplehall.core import Game, Seed, State, replay
from meeplehall.games.monsterhex import GAME as MONSTERHEX
from meeplehall.games.monsterhex.state import MonsterHexState
from meeplehall.games.pyramido import GAME as PYRAMIDO
from meeplehall.games.pyramido.components import COLOURS, QUARTERS
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.yaxha import GAME as YAXHA
from meeplehall.games.yaxha.state import BUILD, SELECT, YaxhaState
from tests.server.client import Player, Socket, TableSession, open_table
from tests.server.conftest import ServerProcess

#: What a frame received by ``viewer`` shows that the rules keep from it, with ``state`` current.
Leaks = Callable[[Any, "int | None", Any], list[str]]


def dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside ``value``, however deep."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from dicts(item)


def lists(value: Any) -> Iterator[list[Any]]:
    """Every JSON array inside ``value``, however deep."""
    if isinstance(value, dict):
        for item in value.values():
            yield from lists(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from lists(item)


def strings(value: Any) -> Iterator[str]:
    """Every string value (not key) inside ``value``."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def seat_entries(frame: Any, viewer: int | None, players: int,
                 keys: set[str], events: set[str]) -> list[str]:
    """Another seat's own fields (``keys``) or secret events (``events``) anywhere in ``frame``."""
    found = []
    for item in dicts(frame):
        seat = item.get("seat")
        if not isinstance(seat, int) or seat == viewer or not 0 <= seat < players:
            continue
        if keys & item.keys():
            found.append(f"seat {seat}'s own fields {sorted(keys & item.keys())}")
        if item.get("type") in events:
            found.append(f"seat {seat}'s secret event {item['type']}")
    return found


# -- Yaxha ---------------------------------------------------------------------------------

#: Keys that only the seat itself may see about its own seat entry.
YAXHA_OWN_KEYS = {"hand", "choice", "placed_this_round", "can_undo"}
#: Events about a seat that only that seat may receive.
YAXHA_SECRET_EVENTS = {"tile_chosen", "cube_placed", "placement_undone"}


def cubes_shown(frame: dict[str, Any], seat: int) -> int | None:
    """How many cubes of ``seat``'s pyramid a frame shows (None if it shows no pyramid)."""
    view = frame.get("view")
    if not isinstance(view, dict):
        return None
    for entry in view.get("seats", []):
        if entry.get("seat") == seat and "pyramid" in entry:
            return len(entry["pyramid"])
    return None


def yaxha_leaks(frame: Any, viewer: int | None, state: YaxhaState) -> list[str]:
    found = seat_entries(frame, viewer, state.n, YAXHA_OWN_KEYS, YAXHA_SECRET_EVENTS)
    if not isinstance(frame, dict):
        return found
    view = frame.get("view") or {}
    for seat in range(state.n):
        if seat == viewer:
            continue
        if state.phase == SELECT and state.choice[seat] >= 0 and view.get("choices") is not None:
            found.append("the choices before the reveal")
        if state.phase == BUILD:
            # Only the cubes of completed rounds: this round's placements are the seat's.
            confirmed = sum(bin(mask).count("1") for mask in state.confirmed_pyramid[seat])
            shown = cubes_shown(frame, seat)
            if shown is not None and shown != confirmed:
                found.append(f"seat {seat}'s pyramid with {shown} cubes, not {confirmed}")
    return found


# -- Pyramido ------------------------------------------------------------------------------


def _icons(mask: int) -> list[str]:
    return [name for bit, name in enumerate(QUARTERS) if mask >> bit & 1]


def pyramido_leaks(frame: Any, viewer: int | None, state: PyramidoState) -> list[str]:
    """Nobody may see a domino under a pile's top, nor a face-down top's face: only its back
    (each block's colour and icon count). The same for every seat: there is no per-seat secret."""
    area = state.area
    buried: set[int] = set()  # every domino whose face nobody has seen yet
    backs = []  # what the face-down tops show
    for pile, cards in enumerate(area.piles):
        buried.update(cards[:-1] if area.face_up[pile] else cards)
        if cards and not area.face_up[pile]:
            top = state.dominoes[cards[-1]]
            backs.append((COLOURS[top.a_colour], bin(top.a_icons).count("1"),
                          COLOURS[top.b_colour], bin(top.b_icons).count("1")))
    faces = {}
    for d in buried:
        domino = state.dominoes[d]
        faces[(COLOURS[domino.a_colour], tuple(_icons(domino.a_icons)),
               COLOURS[domino.b_colour], tuple(_icons(domino.b_icons)))] = d
    found = []
    for item in dicts(frame):
        if isinstance(item.get("domino"), int) and item["domino"] in buried:
            found.append(f"hidden domino {item['domino']} named")
        if "a_icons" not in item or "b_icons" not in item:
            continue
        a, b = item["a_icons"], item["b_icons"]
        if isinstance(a, list) and isinstance(b, list):
            key = (item.get("a_colour"), tuple(a), item.get("b_colour"), tuple(b))
            if key in faces or item.get("id") in buried:
                found.append(f"the face of hidden domino {faces.get(key, item.get('id'))}")
        elif (item.get("a_colour"), a, item.get("b_colour"), b) not in backs:
            found.append(f"a back that is no face-down top's: {item}")
    # A pile's order: four of its hidden dominoes in a row, or five hidden ones in any order.
    # (Shorter lists of small numbers, such as stage scores, would match by chance.)
    runs = {tuple(cards[i:i + 4]) for pile, cards in enumerate(area.piles)
            for i in range(len(cards) - (4 if area.face_up[pile] else 3))}
    for values in lists(frame):
        if not all(isinstance(v, int) for v in values):
            continue
        if (len(values) >= 5 and all(v in buried for v in values)) or any(
            tuple(values[i:i + 4]) in runs for i in range(len(values) - 3)
        ):
            found.append(f"hidden dominoes listed: {values}")
    return found


# -- Monster Hex ---------------------------------------------------------------------------

#: Keys that only the seat itself may see in its own entry.
MONSTERHEX_OWN_KEYS = {"hand", "shared_hand", "objectives", "units"}
#: Events about a seat that only that seat may receive: which units it drew.
MONSTERHEX_SECRET_EVENTS = {"draw"}


def monsterhex_leaks(frame: Any, viewer: int | None, state: MonsterHexState) -> list[str]:
    """Another seat's hands (own and shared units) and personal objectives; and from everyone,
    the order of every deck and the objective cards not dealt face up."""
    players = state.cfg.players
    comp = state.cfg.comp
    found = seat_entries(frame, viewer, players, MONSTERHEX_OWN_KEYS, MONSTERHEX_SECRET_EVENTS)
    secret_cards = {comp.objectives[i].id: "the objective pile" for i in state.pile}
    hands: list[tuple[str, list[str]]] = []
    decks: list[tuple[str, list[str]]] = []
    own: list[list[str]] = []
    for seat in range(players):
        mine = sorted(comp.units[u].id for u in state.hands[seat])
        mine_shared = sorted(comp.units[u].id for u in state.shared_hands[seat])
        decks.append((f"seat {seat}'s deck", [comp.units[u].id for u in state.decks[seat]]))
        decks.append((f"seat {seat}'s shared deck",
                      [comp.units[u].id for u in state.shared_decks[seat]]))
        if seat == viewer:
            own += [mine, mine_shared]
            continue
        hands += [(f"seat {seat}'s hand", mine), (f"seat {seat}'s shared hand", mine_shared)]
        for i in state.personal[seat]:
            secret_cards[comp.objectives[i].id] = f"seat {seat}'s personal objective"
    # Unit names repeat from faction to faction: a list of the viewer's own (its hands, its
    # draws) may match another seat's by chance, and is no leak.
    own += [sorted(item["units"]) for item in dicts(frame)
            if item.get("type") == "draw" and item.get("seat") == viewer]
    for text in strings(frame):
        if text in secret_cards:
            found.append(f"{secret_cards[text]} {text}")
    for values in lists(frame):
        if not values or not all(isinstance(v, str) for v in values) or sorted(values) in own:
            continue
        for what, hand in hands:
            if sorted(values) == hand:
                found.append(f"{what} {values}")
        for what, deck in decks:
            # Four or more: a shorter list of unit names would match by chance.
            if len(deck) >= 4 and values == deck:
                found.append(f"{what} in order {values}")
    return found


# -- the game-independent part -------------------------------------------------------------


def pages(session: TableSession, watcher: Player) -> list[tuple[int | None, str]]:
    """The HTTP JSON anyone may read while the table plays: as seat 0's person, and as a
    spectator (the lobby, the table, the players' profiles and their histories)."""
    seat0, table = session.people[0].http, f"/api/tables/{session.id}"
    read = [(0, seat0.get(table)), (0, seat0.get("/api/my/tables")),
            (None, watcher.http.get(table)),
            (None, watcher.http.get("/api/tables", params={"status": "playing"}))]
    for person in session.people:
        player = person.user["profile"]
        if player is not None:  # a guest's profile is not public
            read += [(None, watcher.http.get(f"/api/players/{player}")),
                     (None, watcher.http.get(f"/api/players/{player}/history"))]
    for _, response in read:
        assert response.status_code == 200, response.text
    return [(viewer, response.text) for viewer, response in read]


async def play_step_by_step(
    session: TableSession, spectator: Socket, watcher: Player, rng: random.Random
) -> tuple[list[list[list[dict[str, Any]]]], list[list[tuple[int | None, str]]]]:
    """Random legal moves, one at a time; per step, the frames each connection received after
    it (seats, then the spectator) and the pages read then. Step 0 is before the first move."""
    connections = [*session.sockets, spectator]
    frames: list[list[list[dict[str, Any]]]] = [[list(s.received) for s in connections]]
    read = [pages(session, watcher)]
    while True:
        movers = session.movers()
        if not movers or session.latest[0]["status"] != "playing":
            return frames, read
        seat = rng.choice(movers)
        await session.act(seat, rng.choice(session.latest[seat]["legal"]))
        await session.acknowledged(seat)
        after = [[m for m in session.sockets[seat].received
                  if m["type"] == "update" and m["last"]["seat"] == seat][-1:]]
        step: list[list[dict[str, Any]]] = []
        for index, socket in enumerate(connections):
            arrived = await socket.settle()
            if index == seat:
                arrived = after[0] + arrived
            for message in arrived:
                if index < len(session.sockets) and message["type"] in ("update", "sync"):
                    session.latest[index] = message
            step.append(arrived)
        frames.append(step)
        read.append(pages(session, watcher))


async def checked_game(server: ServerProcess, game: Game, players: int, options: dict[str, Any],
                       seed: int, leaks: Leaks, per_seat_secrets: bool = True) -> int:
    """Play a whole game and search everything the others received; returns its length.
    ``per_seat_secrets``: the game hides something from the others a seat itself sees."""
    # Registered people, so their public profiles are searched too.
    session = await open_table(server.base, server.ws_base, game.name, players, options=options,
                               registered=True)
    watcher = Player(server.base, server.ws_base)
    spectator = await watcher.socket(session.id)
    await spectator.expect("welcome")
    await spectator.expect("sync")
    frames, read = await play_step_by_step(session, spectator, watcher, random.Random(seed))
    published = session.people[0].http.get(f"/api/tables/{session.id}/replay").json()
    actions = published["actions"]
    assert len(frames) == len(read) == len(actions) + 1
    # The truth, from the published seed and log, replayed here.
    full = Seed(int(published["seed"], 16), published["generator"])
    secret_seed = (published["seed"], str(full.value))
    viewers: list[int | None] = [*range(players), None]
    own_secrets_found = False
    for k in range(len(actions) + 1):
        state: State = replay(game, players, published["options"], full, actions[:k])
        if state.is_over():
            break  # everything is revealed at the end, the seed too
        received = [(viewer, frame) for viewer, seen in zip(viewers, frames[k], strict=True)
                    for frame in seen]
        # The search is not blind: a seat's own frames, as if the spectator had them, show
        # the seat's secrets.
        if not own_secrets_found:
            own_secrets_found = any(leaks(frame, None, state)
                                    for seen in frames[k][:players] for frame in seen)
        received += [(viewer, json.loads(text)) for viewer, text in read[k]]
        for viewer, frame in received:
            assert leaks(frame, viewer, state) == [], (k, viewer, frame)
            text = json.dumps(frame)
            assert not any(secret in text for secret in secret_seed), (k, viewer)
    assert own_secrets_found or not per_seat_secrets
    await spectator.close()
    watcher.close()
    await session.close()
    return len(actions)


def test_no_frame_shows_a_yaxha_seat_what_the_rules_keep_from_it(server: ServerProcess) -> None:
    for players, seed in ((2, 1), (3, 2)):
        asyncio.run(checked_game(server, YAXHA, players, {}, seed, yaxha_leaks))


def test_no_frame_shows_a_pyramido_domino_the_rules_keep_face_down(
    server: ServerProcess,
) -> None:
    # Two seats, then the solo game against THE Legend (the Explorer takes dominoes too).
    for players, options, seed in ((2, {}, 3), (1, {"legend": "the_legend"}, 4)):
        asyncio.run(checked_game(server, PYRAMIDO, players, options, seed, pyramido_leaks,
                                 per_seat_secrets=False))


def test_no_frame_shows_a_monsterhex_seat_what_the_rules_keep_from_it(
    server: ServerProcess,
) -> None:
    # Objectives and abilities (Scheme draws objectives); then the shared faction's hands.
    for players, options, seed in (
        (3, {"objectives": True, "abilities": "random"}, 5),
        (2, {"objectives": True, "abilities": "draft", "shared_faction": True}, 6),
    ):
        asyncio.run(checked_game(server, MONSTERHEX, players, options, seed, monsterhex_leaks))
