"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the e-mail tests."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from tests.live_server import free_port
from tests.server.client import Player

#: The public address the e-mail tests' servers put in their links (``--public-url``).
PUBLIC = "http://arena.test"


class Mailbox:
    """Every message the SMTP server accepted, in arrival order, with its envelope's
    recipients (``RCPT TO``: where it really goes, whatever its headers say)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []
        self.arrived = threading.Condition()

    # aiosmtpd calls its handler's hooks by these names.
    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append(message)
            self.recipients.append(list(envelope.rcpt_tos))
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 30.0) -> list[EmailMessage]:
        """The first ``count`` messages, once that many have arrived."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.messages) >= count, timeout):
                raise AssertionError(
                    f"{len(self.messages)} e-mails arrived, expected {count}: "
                    f"{[m['Subject'] for m in self.messages]}")
            return list(self.messages[:count])


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    text: str = part.get_content()
    return text


@contextmanager
def smtp_server() -> Iterator[tuple[Mailbox, str]]:
    """A loopback SMTP server and the ``--smtp-url`` that reaches it."""
    mailbox = Mailbox()
    port = free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox, f"smtp://127.0.0.1:{port}"
    finally:
        controller.stop()


def link_in(text: str, path: str, public: str = PUBLIC) -> str:
    """The path (and query) of the first link in ``text`` to ``path`` on ``public``."""
    match = re.search(rf"{re.escape(public)}({re.escape(path)}[^\s]*)", text)
    assert match, text
    return match.group(1)


def confirm_address(player: Player, address: str, mailbox: Mailbox, seen: int,
                    lang: str, public: str = PUBLIC) -> int:
    """Give ``player`` a confirmed ``address`` (wanting e-mail, in ``lang``); returns how many
    e-mails the mailbox then holds."""
    answer = player.http.put("/api/me/contact",
                             json={"email": address, "opt_in": True, "lang": lang})
    assert answer.status_code == 200, answer.text
    assert answer.json()["verified"] is False
    message = mailbox.wait_for(seen + 1)[seen]
    assert message["To"] == address
    page = player.http.get(link_in(body_of(message), "/verify-email", public))
    assert page.status_code == 200
    assert player.http.get("/api/me/contact").json()["verified"] is True
    return seen + 1


def turn_of(player: Player, table_id: int) -> bool:
    table = player.http.get(f"/api/tables/{table_id}").json()
    return bool(table["waiting_for_me"])


async def play_one(player: Player, table_id: int) -> None:
    """Open the table as ``player``, play one legal move, close."""
    socket = await player.socket(table_id)
    sync = await socket.expect("sync")
    await socket.send({"type": "act", "seq": sync["seq"], "action": sync["legal"][0]})
    await socket.expect("update", seat=sync["seat"])
    await socket.close()
