"""A starting server says what it uses besides its database: Redis with its password hidden,
or off; mail via its SMTP server, checked once (a warning when it does not answer), or off.
(The deployment tests read the same lines in a real server's log.)"""

from __future__ import annotations

import asyncio
import logging

import pytest

from meeplehall.server.config import Settings
from meeplehall.server.operations.startup import log_services
from tests.live_server import free_port
from tests.mailbox import smtp_server


def said(caplog: pytest.LogCaptureFixture, settings: Settings) -> list[tuple[str, str]]:
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="meeplehall.server"):
        asyncio.run(log_services(settings))
    return [(record.levelname, record.getMessage()) for record in caplog.records]


def test_redis_and_mail_are_named_with_the_password_hidden(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with smtp_server() as (_mailbox, url):
        lines = said(caplog, Settings(redis_url="redis://:s3cret@127.0.0.1:6379/0",
                                      smtp_url=url.replace("//", "//hall:pw@")))
    port = url.rsplit(":", 1)[1]
    assert lines == [("INFO", "redis: redis://:***@127.0.0.1:6379/0"),
                     ("INFO", f"mail: via 127.0.0.1:{port}")]
    assert "s3cret" not in caplog.text and "pw" not in caplog.text


def test_an_smtp_server_that_does_not_answer_is_a_warning_and_off_is_said(
    caplog: pytest.LogCaptureFixture,
) -> None:
    closed = free_port()
    lines = said(caplog, Settings(smtp_url=f"smtp://127.0.0.1:{closed}"))
    assert lines[:2] == [("INFO", "redis: off (one process)"),
                         ("INFO", f"mail: via 127.0.0.1:{closed}")]
    [(level, warning)] = lines[2:]
    assert level == "WARNING"
    assert warning.startswith(f"mail: the SMTP server 127.0.0.1:{closed} does not answer (")
    assert said(caplog, Settings())[1] == ("INFO", "mail: off")
