"""Who is registered: counting user ids lists nobody, whoever counts. A registered player's
profile is public but reached only by its random public id, given out where the player shows
up (a table's seats, leaderboards, friend lists); a guest has no public profile; the admin API
alone names users by id, and only to admins."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from tests.server.client import Player
from tests.server.conftest import ServerProcess

#: Every path that named, or could name, a user by a number.
ID_PATHS = ("/api/users/{}", "/api/users/{}/history", "/api/players/{}",
            "/api/players/{}/history")


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory,
         server_env: dict[str, str]) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path_factory.mktemp("directory"), env=server_env)
    server.start()
    yield server
    server.stop()


def _callers(hall: ServerProcess) -> tuple[dict[str, httpx.Client], list[str], Player]:
    """A client of each kind (visitor, guest, user, admin, banned user), the names of everyone
    made for it, and an admin."""
    tag = secrets.token_hex(3)
    guest = Player(hall.base, hall.ws_base).guest(f"Guest{tag}")
    user = Player(hall.base, hall.ws_base).register(f"User{tag}")
    admin = Player(hall.base, hall.ws_base).register(f"Boss{tag}")
    banned = Player(hall.base, hall.ws_base).register(f"Banned{tag}")
    made = CliRunner().invoke(app, ["admin", "make-admin", admin.user["name"],
                                    "--data-dir", str(hall.data_dir)])
    assert made.exit_code == 0, made.output
    ban = admin.http.post(f"/api/admin/users/{banned.user['id']}/ban", json={"reason": ""})
    assert ban.status_code == 200, ban.text
    assert banned.http.get("/api/me").status_code == 401  # a banned user's cookie is dead
    callers = {"visitor": httpx.Client(base_url=hall.base), "guest": guest.http,
               "user": user.http, "admin": admin.http, "banned": banned.http}
    names = [p.user["name"] for p in (guest, user, admin, banned)]
    return callers, names, admin


def test_counting_user_ids_lists_nobody_whoever_counts(hall: ServerProcess) -> None:
    quiet = [Player(hall.base, hall.ws_base).register(f"Quiet{secrets.token_hex(4)}")
             for _ in range(3)]
    callers, names, _admin = _callers(hall)
    names += [person.user["name"] for person in quiet]
    top = max(person.user["id"] for person in quiet) + 5
    for kind, client in callers.items():
        for user_id in range(1, top):
            for path in ID_PATHS:
                answer = client.get(path.format(user_id))
                assert answer.status_code == 404, (kind, path, user_id, answer.text)
                for name in names:
                    assert name not in answer.text, (kind, path, user_id)


def test_a_profile_is_public_by_its_random_id_and_a_guests_is_not(hall: ServerProcess) -> None:
    callers, _names, admin = _callers(hall)
    alice = Player(hall.base, hall.ws_base).register(f"Alice{secrets.token_hex(3)}")
    guest = Player(hall.base, hall.ws_base).guest("Gus")
    profile = alice.user["profile"]
    assert isinstance(profile, str) and len(profile) == 12 and profile != str(alice.user["id"])
    assert guest.user["profile"] is None
    for kind, client in callers.items():
        seen = client.get(f"/api/players/{profile}")
        assert seen.status_code == 200, (kind, seen.text)
        page = seen.json()
        assert (page["user"], page["ratings"], page["last_games"]) == (alice.user, [], [])
        assert client.get(f"/api/players/{profile}/history").json() == []
        for nobody in ("A" * 12, profile.swapcase(), f"{profile}x", str(guest.user["id"])):
            refused = client.get(f"/api/players/{nobody}")
            assert refused.status_code == 404, (kind, nobody)
            assert refused.json()["code"] == "no_player"
            assert client.get(f"/api/players/{nobody}/history").status_code == 404
    # The admin API names anyone by id, guests too, to an admin only.
    path = f"/api/admin/users/{guest.user['id']}"
    assert admin.http.get(path).json()["name"] == "Gus"
    for kind in ("visitor", "guest", "user", "banned"):
        assert callers[kind].get(path).status_code in (401, 403), kind
    # A guest who registers keeps their id and gets a public profile.
    registered = guest.register(f"Gus{secrets.token_hex(3)}").user
    assert registered["id"] == guest.user["id"] and registered["profile"]
    assert httpx.get(f"{hall.base}/api/players/{registered['profile']}").status_code == 200


def test_a_profile_id_is_given_where_the_player_shows_up(hall: ServerProcess) -> None:
    alice = Player(hall.base, hall.ws_base).register(f"Alice{secrets.token_hex(3)}")
    guest = Player(hall.base, hall.ws_base).guest("Gus")
    table = alice.create(game="yaxha", players=2, seat=0)
    assert guest.join(table["id"]).status_code == 200
    seen = httpx.get(f"{hall.base}/api/tables/{table['id']}").json()
    assert seen["owner"] == alice.user
    assert [seat["user"]["profile"] for seat in seen["seats"]] == [alice.user["profile"], None]
    assert alice.http.get("/api/me").json()["profile"] == alice.user["profile"]
    assert guest.http.get("/api/me").json()["profile"] is None
