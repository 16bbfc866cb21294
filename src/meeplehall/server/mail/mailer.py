"""Outgoing e-mail: a queue off every request and move, one sender task, a rate limit per
person and subject kept in the database (so every process respects it), SMTP by URL.

Every message goes to one mailbox: the recipient is the stored address checked again
(addresses.py), put in the headers as an ``Address`` and given to SMTP as the only envelope
recipient, whatever the headers say."""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import time
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeplehall.server.config import Settings
from meeplehall.server.db.models import Contact, MailSent
from meeplehall.server.loop import LoopBound
from meeplehall.server.mail import addresses
from meeplehall.server.mail import texts as mail_texts
from meeplehall.server.mail import tokens as link_tokens

log = logging.getLogger("meeplehall.server")

#: E-mail waiting to be sent; past this many, new ones are dropped (and logged), never waited on.
QUEUE_LIMIT = 1000
#: Seconds an SMTP conversation may take before it is given up.
SMTP_TIMEOUT = 30.0


class MailSettingError(ValueError):
    pass


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    tls: bool  # smtps: TLS from the first byte
    starttls: bool
    user: str | None
    password: str | None


def parse_smtp_url(url: str) -> SmtpTarget:
    """``smtp://[user:password@]host[:port][?starttls=true]`` or ``smtps://...``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise MailSettingError(f"{url!r} is no SMTP URL ({error})") from None
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise MailSettingError(
            f"{url!r} is no SMTP URL: smtp://[user:password@]host[:port] or smtps://..."
        )
    query = parse_qs(parts.query)
    starttls = query.get("starttls", ["false"])[-1].lower() in ("1", "true", "yes")
    tls = parts.scheme == "smtps"
    return SmtpTarget(
        host=parts.hostname,
        port=port or (465 if tls else 25),
        tls=tls,
        starttls=starttls and not tls,
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


#: E-mail about the account itself: sent whether or not the user wants e-mail, without an
#: unsubscribe link, and only to the address the request named while it is still theirs.
ACCOUNT_KINDS = frozenset({"verify", "reset"})


@dataclass
class Mail:
    """One e-mail to write: ``kind`` chooses its texts (mail_texts), ``key`` its rate limit."""

    user_id: int
    kind: str  # turn, friend, invite; or verify, reset (ACCOUNT_KINDS)
    #: At most one e-mail per (user, key) within ``window`` seconds, claimed as it is written;
    #: None: the request that asked for it claimed it already (so a second request, before
    #: this one is written, is refused at once).
    key: str | None
    window: float
    path: str  # the link's path on the public address
    params: dict[str, Any] = field(default_factory=dict)
    #: For ``verify``, the address to confirm (not yet confirmed); for ``reset``, the confirmed
    #: address the reset was meant for.
    address: str | None = None


def claim(session: Session, user_id: int, key: str, window: float, now: float) -> bool:
    """Take the right to send the e-mail ``key`` to the user now: False when one went out less
    than ``window`` seconds ago. Atomic across processes (a conditional update, else an insert
    the primary key lets only one process make)."""
    changed = session.execute(
        update(MailSent)
        .where(MailSent.user_id == user_id, MailSent.key == key,
               MailSent.sent_at <= now - window)
        .values(sent_at=now)
    )
    if getattr(changed, "rowcount", 0):
        return True
    if session.get(MailSent, (user_id, key)) is not None:
        return False
    try:
        with session.begin_nested():
            session.add(MailSent(user_id=user_id, key=key, sent_at=now))
    except IntegrityError:
        return False
    return True


def claim_now(session: Session, user_id: int, key: str, window: float) -> float:
    """``claim`` for a request that is about to ask for an e-mail: 0 when it may (the window
    starts now, before the e-mail is even written), else the seconds to wait (at least 1)."""
    now = time.time()
    if claim(session, user_id, key, window, now):
        return 0.0
    last = session.get(MailSent, (user_id, key))
    return max(last.sent_at + window - now if last is not None else window, 1.0)


class Mailer:
    def __init__(self, settings: Settings, run_db: Any, link_key: str) -> None:
        self.target = parse_smtp_url(settings.smtp_url) if settings.smtp_url else None
        self.public_url = (settings.public_url or "http://127.0.0.1:8000").rstrip("/")
        host = urlsplit(self.public_url).hostname or "localhost"
        self.sender = addresses.sender(settings.mail_from or f"Meeple Hall <meeplehall@{host}>")
        self.run_db = run_db
        self.link_key = link_key
        self.queue: asyncio.Queue[Mail] = asyncio.Queue(QUEUE_LIMIT)
        self.task: asyncio.Task[None] | None = None
        self._loop = LoopBound()

    @property
    def enabled(self) -> bool:
        return self.target is not None

    def start(self) -> None:
        if self.enabled:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def submit(self, mail: Mail) -> None:
        """Queue ``mail``; never waits (a full queue drops it, with a log line). Callable from
        a request's worker thread too."""
        if self.enabled:
            self._loop.call(self._queue, mail)

    def _queue(self, mail: Mail) -> None:
        try:
            self.queue.put_nowait(mail)
        except asyncio.QueueFull:
            log.warning("e-mail queue full; dropped a %s e-mail to user %s", mail.kind,
                        mail.user_id)

    async def _run(self) -> None:
        while True:
            mail = await self.queue.get()
            try:
                prepared = await self.run_db(self._prepare, mail)
                if prepared is not None:
                    await asyncio.to_thread(self._send, *prepared)
            except Exception:
                log.exception("a %s e-mail to user %s was not sent", mail.kind, mail.user_id)

    def link(self, path: str) -> str:
        return f"{self.public_url}{path}"

    def unsubscribe_link(self, user_id: int) -> str:
        token = link_tokens.sign(self.link_key, "unsubscribe", {"u": user_id})
        return self.link(f"/unsubscribe?token={token}")

    def _prepare(self, session: Session, mail: Mail) -> tuple[EmailMessage, str] | None:
        """The message to send and its one recipient, or None when it may not go (no address,
        not the right one, not wanted, or one went out for the same thing lately)."""
        contact = session.get(Contact, mail.user_id)
        if contact is None or not contact.email:
            return None
        if mail.kind == "verify":
            wanted = contact.email == mail.address and not contact.verified
        elif mail.kind == "reset":
            wanted = contact.email == mail.address and contact.verified
        else:
            wanted = contact.verified and contact.opt_in
        if not wanted:
            return None
        try:
            to = addresses.recipient(contact.email)
        except addresses.BadAddress:
            log.warning("user %s: the stored e-mail address is not one plain address; "
                        "a %s e-mail was not sent", mail.user_id, mail.kind)
            return None
        if mail.key is not None and not claim(session, mail.user_id, mail.key, mail.window,
                                              time.time()):
            return None
        lang = contact.lang if contact.lang in mail_texts.LANGUAGES else "en"
        params = {**mail.params, "link": self.link(mail.path)}
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = mail_texts.subject(lang, mail.kind, params)
        body = mail_texts.text(lang, f"{mail.kind}.body", **params)
        if mail.kind not in ACCOUNT_KINDS:
            unsubscribe = self.unsubscribe_link(mail.user_id)
            message["List-Unsubscribe"] = f"<{unsubscribe}>"
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
            body += mail_texts.text(lang, "footer", unsubscribe=unsubscribe)
        message.set_content(body)
        message["Content-Language"] = lang  # after set_content, which drops Content- headers
        return message, to.addr_spec

    def _send(self, message: EmailMessage, recipient: str) -> None:
        target = self.target
        assert target is not None
        smtp: smtplib.SMTP
        if target.tls:
            smtp = smtplib.SMTP_SSL(target.host, target.port, timeout=SMTP_TIMEOUT,
                                    context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(target.host, target.port, timeout=SMTP_TIMEOUT)
        with smtp:
            if target.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if target.user is not None:
                smtp.login(target.user, target.password or "")
            # The envelope names the one recipient: no header can add another.
            smtp.send_message(message, from_addr=self.sender.addr_spec, to_addrs=[recipient])
