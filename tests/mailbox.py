"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the e-mail tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from tests.live_server import free_port


class Mailbox:
    """Every message the SMTP server accepted, in arrival order."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()

    # aiosmtpd calls its handler's hooks by these names.
    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append(message)
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
