"""What a starting server says it uses besides its database: Redis (its password hidden) and
mail ("via HOST:PORT" after one check that the SMTP server answers, or "off")."""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit, urlunsplit

from meeplehall.server.config import Settings
from meeplehall.server.mail.mailer import parse_smtp_url

log = logging.getLogger("meeplehall.server")
#: Seconds the start waits for the SMTP server's greeting before warning.
SMTP_CHECK_SECONDS = 5.0


def hidden(url: str) -> str:
    """A URL with its password, if any, shown as ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


async def _smtp_answers(host: str, port: int, tls: bool) -> str | None:
    """None when the server greets (220, or a TLS handshake for smtps); else what failed."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, ssl=tls or None), SMTP_CHECK_SECONDS)
    except (OSError, TimeoutError) as error:
        return str(error) or type(error).__name__
    try:
        greeting = await asyncio.wait_for(reader.readline(), SMTP_CHECK_SECONDS)
    except (OSError, TimeoutError) as error:
        return str(error) or "no greeting"
    finally:
        writer.close()
    return None if greeting.startswith(b"220") else f"it said {greeting[:60]!r}"


async def log_services(settings: Settings) -> None:
    if settings.redis_url:
        log.info("redis: %s", hidden(settings.redis_url))
    else:
        log.info("redis: off (one process)")
    if not settings.smtp_url:
        log.info("mail: off")
        return
    target = parse_smtp_url(settings.smtp_url)
    log.info("mail: via %s:%d", target.host, target.port)
    failed = await _smtp_answers(target.host, target.port, target.tls)
    if failed is not None:
        log.warning("mail: the SMTP server %s:%d does not answer (%s); sending e-mail "
                    "fails until it does", target.host, target.port, failed)
