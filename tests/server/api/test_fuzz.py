"""Hostile input in bulk: thousands of malformed, mistyped, misdirected and illegal messages over
the table WebSocket (game moves, chat and chat reports) and HTTP (every route, with the chat,
friends and admin routes also asked by a registered user and an admin), at tables of every
game. The server answers each with a refusal, keeps every connection open, logs no failure,
and no table changes."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import httpx

from tests.server.client import Player, Socket, TableSession, advance, open_table
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog

#: Messages per table and connection: three connections (two seats and a spectator) per game.
MESSAGES = 400
#: HTTP requests in all, spread over every route of the schema.
REQUESTS = 1500

HUGE_INTS = [2**31, 2**63, -(2**63) - 1, 10**30, -1, 0, 1, 2, 3]


def any_json(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: any type at any place, numbers at the edges, odd strings."""
    kinds = ["null", "bool", "int", "float", "str"] + (["list", "dict"] if depth < 3 else [])
    kind = rng.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "int":
        return rng.choice([*HUGE_INTS, rng.randint(-5, 50)])
    if kind == "float":
        return rng.choice([0.5, -1.5, 1e300, 3.0, 1e-300])
    if kind == "str":
        return rng.choice(["", "x", "type", "tile", "undo", "confirm", "place", "\u202e", "🙂",
                           "a" * 300, "null", "0", "-1"])
    if kind == "list":
        return [any_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["type", "tile", "x", "y", "seat", "seq", "action", "colour", "z",
                        "rotation", "cell", "id", "k"]): any_json(rng, depth + 1)
            for _ in range(rng.randint(0, 4))}


def mutated(rng: random.Random, action: dict[str, Any]) -> dict[str, Any]:
    """A legal action with one field replaced, removed or added."""
    changed = dict(action)
    key = rng.choice([*changed, "extra"])
    if rng.random() < 0.2 and key in changed:
        del changed[key]
    else:
        changed[key] = any_json(rng)
    return changed


def hostile_texts(rng: random.Random, seq: int, legal: list[dict[str, Any]]) -> list[str]:
    """One batch of hostile frames for a connection whose latest seq is ``seq``."""
    texts: list[str] = []
    for _ in range(MESSAGES):
        roll = rng.random()
        if roll < 0.1:
            texts.append(rng.choice([
                "", "{", "[" * 5000, "[" * 3000 + "]" * 3000, '{"type": "act"', "nul",
                '{"type": NaN}', '{"type": "act", "seq": 1e999}', '"\\ud800"',
                '{"type": "act", "seq": 0, "action": {"type": "\\ud800"}}', "\x00\x01",
                json.dumps([{"type": "act"}]), "1" * 4000,
            ]))
        elif roll < 0.2:
            texts.append(json.dumps(any_json(rng)))
        elif roll < 0.3:
            # Chat and reports with any value in any field (a well-formed one is said).
            if rng.random() < 0.5:
                message = {"type": "chat", "text": any_json(rng)}
            else:
                message = {"type": "chat_report", "id": any_json(rng), "reason": any_json(rng),
                           "note": any_json(rng)}
            texts.append(json.dumps(message))
        elif roll < 0.5:
            message = {"type": rng.choice(["act", "sync", "watch", "hint", "ping", "nope"])}
            for key in ("seq", "seat", "action", "since"):
                if rng.random() < 0.6:
                    message[key] = any_json(rng)
            texts.append(json.dumps(message))
        else:
            # Well formed, from the right seq, but an action the rules refuse: a legal one
            # with a field changed (never one that is still legal), or for a seat not held.
            action = rng.choice(legal) if legal else {"type": "undo"}
            message = {"type": "act", "seq": seq}
            if rng.random() < 0.15:
                message["seat"] = rng.choice([-1, 5, 2**40, "0", 1.0, [0]])  # never its own
                message["action"] = action
            else:
                candidate = mutated(rng, action)
                if candidate in legal:
                    continue
                message["action"] = candidate
            texts.append(json.dumps(message))
    return texts


async def snapshot(socket: Socket) -> dict[str, Any]:
    """What a connection is told about the table now (a sync from its own latest seq)."""
    await socket.send({"type": "sync", "seq": 10**6})
    sync = await socket.expect("sync")
    return {key: sync[key] for key in ("seq", "seat", "view", "legal", "to_move", "status")}


async def assault(socket: Socket, texts: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """Send every text, each followed by a ping; returns how many refusals came back and any
    message that is neither a refusal, a resync, a pong nor a chat message (a hostile text
    may also be a sayable one: "x", "🙂", or a report that happens to name a message)."""
    refused = 0
    unexpected: list[dict[str, Any]] = []
    for text in texts:
        await socket.send(text)
        for message in await socket.settle():
            if message["type"] == "error" and message["code"] != "server_error":
                refused += 1
            elif message["type"] not in ("sync", "pong", "chat", "chat_reported"):
                unexpected.append(message)
    return refused, unexpected


async def fuzz_sockets(server: ServerProcess) -> list[TableSession]:
    rng = random.Random(2024)
    sessions = []
    for game in catalog(server):
        session = await open_table(server.base, server.ws_base, game["name"], 2)
        await advance(session, rng, 6)
        watcher = Player(server.base, server.ws_base)
        spectator = await watcher.socket(session.id)
        await spectator.expect("welcome")
        await spectator.expect("sync")
        sockets = [*session.sockets, spectator]
        before = [await snapshot(socket) for socket in sockets]
        for index, socket in enumerate(sockets):
            seq = before[index]["seq"]
            legal = before[index]["legal"] or before[0]["legal"]
            refused, unexpected = await assault(socket, hostile_texts(rng, seq, legal))
            shown = [(m.get("last"), m["seq"]) for m in unexpected[:3]]
            assert unexpected == [], (game["name"], shown)
            assert refused > MESSAGES // 2
        # Nothing changed, for anyone, and every connection is still open.
        assert [await snapshot(socket) for socket in sockets] == before
        await spectator.close()
        watcher.close()
        sessions.append(session)
    return sessions


def route_paths(server: ServerProcess) -> list[tuple[str, str]]:
    schema = httpx.get(f"{server.base}/openapi.json").json()
    return [(method.upper(), path) for path, item in schema["paths"].items() for method in item]


def fuzz_http(server: ServerProcess, table_ids: list[int]) -> dict[int, int]:
    """Random requests on every route, as a visitor and as a guest seated nowhere; returns how
    many got each status."""
    rng = random.Random(7)
    routes = route_paths(server)
    visitor = httpx.Client(base_url=server.base, timeout=30)
    guest = httpx.Client(base_url=server.base, timeout=30)
    guest.post("/api/auth/guest", json={"name": "fuzzer"}).raise_for_status()
    statuses: dict[int, int] = {}
    for _ in range(REQUESTS):
        method, path = rng.choice(routes)
        if path.endswith("/logout"):
            continue  # the guest must stay logged in to keep probing as one
        value = rng.choice([*(str(i) for i in table_ids), "0", "-1", str(2**64), "abc",
                            "%F0%9F%99%82", "1.5", "%00"])
        url = re.sub(r"\{[a-z_]+\}", value, path)
        client = rng.choice([visitor, guest])
        query = {rng.choice(["seat", "invite", "game", "limit", "since", "status"]):
                 rng.choice(["1", "-1", str(2**70), "x", ""]) for _ in range(rng.randint(0, 2))}
        body: bytes | None = None
        if method != "GET":
            body = rng.choice([json.dumps(any_json(rng)).encode(), b"{", b"[]", b"null",
                               b'{"seat": NaN}', b'{"name": "\\ud800"}', b"\xff\xfe"])
        response = client.request(method, url, params=query, content=body,
                                  headers={"content-type": "application/json"})
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500, (method, url, body, response.text[:200])
    visitor.close()
    guest.close()
    return statuses


#: Routes of people's social life and of the admins, fuzzed again by the callers who may use them.
SOCIAL = re.compile(r"/(friends|admin|me|invite|spectator-chat|unsubscribe|verify-email)\b")
#: Requests per caller on those routes.
SOCIAL_REQUESTS = 300


def fuzz_social_and_admin(server: ServerProcess, table_ids: list[int]) -> dict[int, int]:
    """Hostile requests on the chat, friends, contact and admin routes by a visitor, a guest, a
    registered user and an admin; the admin's ids never name a real user or table (an admin's
    well-formed ban or delete is no attack)."""
    from typer.testing import CliRunner

    from meeplehall.cli import app

    rng = random.Random(11)
    routes = [(method, path) for method, path in route_paths(server) if SOCIAL.search(path)]
    assert len(routes) >= 15, routes
    registered = Player(server.base, server.ws_base).register("fuzzfriend")
    admin = Player(server.base, server.ws_base).register("fuzzadmin")
    made = CliRunner().invoke(app, ["admin", "make-admin", "fuzzadmin",
                                    "--data-dir", str(server.data_dir)])
    assert made.exit_code == 0, made.output
    guest = Player(server.base, server.ws_base).guest("fuzzguest")
    visitor = httpx.Client(base_url=server.base, timeout=30)
    callers = [("visitor", visitor), ("guest", guest.http), ("user", registered.http),
               ("admin", admin.http)]
    names = ["fuzzfriend", "FUZZADMIN", "", " ", "nobody-here", "\u202e", "a" * 200, "%00"]
    statuses: dict[int, int] = {}
    for kind, client in callers:
        values = ["0", "-1", str(2**64), "abc", "%F0%9F%99%82", "1.5", "999999"]
        if kind != "admin":
            values += [str(i) for i in table_ids]
        for _ in range(SOCIAL_REQUESTS):
            method, path = rng.choice(routes)
            if path.endswith("/logout"):
                continue
            url = re.sub(r"\{[a-z_]+\}", rng.choice(values), path)
            body: bytes | None = None
            if method != "GET":
                body = rng.choice([
                    json.dumps(any_json(rng)).encode(), b"{", b"null", b"\xff\xfe",
                    json.dumps({rng.choice(["name", "email", "text", "reason", "password",
                                            "users", "friends", "admin"]):
                                rng.choice([*names, any_json(rng)])}).encode(),
                ])
            query = {rng.choice(["token", "limit", "before", "user"]):
                     rng.choice(["1", "-1", "x", "é", "%00", ""])}
            response = client.request(method, url, params=query, content=body,
                                      headers={"content-type": "application/json"})
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            assert response.status_code < 500, (kind, method, url, body, response.text[:200])
    # The admin is still an admin and nobody was banned or signed out.
    assert admin.http.get("/api/admin/reports").status_code == 200
    for player in (registered, guest, admin):
        assert player.http.get("/api/me").status_code == 200
        player.close()
    visitor.close()
    return statuses


async def check_tables_unchanged(sessions: list[TableSession]) -> None:
    for session in sessions:
        for seat, socket in enumerate(session.sockets):
            now = await snapshot(socket)
            assert now["seq"] == session.latest[seat]["seq"]
            assert now["view"] == session.latest[seat]["view"]
        await session.close()


def test_thousands_of_hostile_messages_change_nothing_and_break_nothing(
    fresh_server: ServerProcess,
) -> None:
    async def run() -> None:
        sessions = await fuzz_sockets(fresh_server)
        table_ids = [s.id for s in sessions]
        statuses = await asyncio.to_thread(fuzz_http, fresh_server, table_ids)
        assert sum(count for status, count in statuses.items() if status >= 400) > REQUESTS // 2
        social = await asyncio.to_thread(fuzz_social_and_admin, fresh_server, table_ids)
        assert sum(count for status, count in social.items() if status >= 400) > SOCIAL_REQUESTS
        await check_tables_unchanged(sessions)

    asyncio.run(run())
    log = (fresh_server.data_dir / "server.log").read_text()
    assert "Traceback" not in log, log[log.index("Traceback") - 200:][:3000]
