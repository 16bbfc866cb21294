"""A guest can never pass for a registered person: no guest takes a registered name, and no
registration takes the name of a current guest, compared as login names are (NFKC, spaces,
case). A guest's own registration keeps its name; a guest whose session ended holds no name."""

from __future__ import annotations

import secrets
import unicodedata

from tests.people import ask_as_guest, ask_to_register, client
from tests.server.api.test_api_errors import refusal
from tests.server.conftest import ServerProcess


def _wide(name: str) -> str:
    """The full-width spelling of an ASCII name (its spaces ideographic ones)."""
    return "".join("\u3000" if char == " " else chr(ord(char) + 0xFEE0) for char in name)


def test_a_guest_cannot_take_a_registered_name_in_any_case_width_or_spacing(
        server: ServerProcess) -> None:
    name = f"Marta {secrets.token_hex(3)}"
    with client(server) as member:
        assert ask_to_register(member, name).status_code == 201
    for spelling in (name, name.upper(), name.lower(), f"  {name.replace(' ', '   ')} ",
                     _wide(name)):
        with client(server) as someone:
            body = refusal(ask_as_guest(someone, spelling), 409, "name_taken")
            shown = " ".join(unicodedata.normalize("NFKC", spelling).split())
            assert body["params"] == {"name": shown}
            # Nothing was created: no session came with the refusal.
            assert someone.get("/api/session").json() == {"user": None}
    # A name that only looks alike in part is a name of its own.
    with client(server) as someone:
        assert ask_as_guest(someone, f"{name}x").status_code == 200


def test_a_registration_cannot_take_a_current_guests_name_but_the_guest_can(
        server: ServerProcess) -> None:
    name = f"Quinn{secrets.token_hex(3)}"
    with client(server) as guest, client(server) as other, client(server) as third:
        first = ask_as_guest(guest, name)
        assert first.status_code == 200 and first.json()["guest"] is True
        refusal(ask_to_register(other, name.upper()), 409, "name_taken")
        refusal(ask_to_register(other, _wide(name)), 409, "name_taken")
        # Another guest may show the same name as a guest (guests' names are not unique), but
        # may not register it either while the first guest is there.
        assert ask_as_guest(third, name.lower()).status_code == 200
        refusal(ask_to_register(third, name), 409, "name_taken")
        # Once the other guest is gone, the first registers under its name and keeps its id;
        # then no guest can take it.
        assert third.post("/api/auth/logout").status_code == 204
        registered = ask_to_register(guest, name)
        assert registered.status_code == 201, registered.text
        assert {key: registered.json()[key] for key in ("id", "name", "guest")} == {
            "id": first.json()["id"], "name": name, "guest": False}
        assert registered.json()["profile"]  # a registered person's public profile id
        refusal(ask_as_guest(other, name), 409, "name_taken")


def test_a_guest_whose_session_ended_holds_its_name_no_more(server: ServerProcess) -> None:
    name = f"Robin{secrets.token_hex(3)}"
    with client(server) as guest, client(server) as other:
        assert ask_as_guest(guest, name).status_code == 200
        refusal(ask_to_register(other, name), 409, "name_taken")
        assert guest.post("/api/auth/logout").status_code == 204
        assert ask_to_register(other, name).status_code == 201


def test_a_guest_name_that_lengthens_when_lower_cased_is_kept(server: ServerProcess) -> None:
    # U+0130 lower-cases to two characters: the key compared is longer than the name.
    name = "\u0130stanbul" + "\u0130" * 22 + secrets.token_hex(1)
    with client(server) as guest:
        answer = ask_as_guest(guest, name)
        assert answer.status_code == 200, answer.text
        assert answer.json()["name"] == name
