"""A user's e-mail: the address (confirmed by a link), the opt-in, the language e-mail is
written in; the pages the links in e-mail open (confirm, unsubscribe), which need no login."""

from __future__ import annotations

import html
import re
import time
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlalchemy import select

from meeplehall.server.api.deps import hall_of
from meeplehall.server.api.friends import Registered
from meeplehall.server.db.models import Contact, MailSent
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.mail import texts as mailtexts
from meeplehall.server.mail import tokens as mailtokens
from meeplehall.server.mail.mailer import Mail
from meeplehall.server.social.presence import contact_of

router = APIRouter(prefix="/api", tags=["notifications"], route_class=StrictJSONRoute)
pages = APIRouter(include_in_schema=False)

#: Seconds between two confirmation e-mails to one user.
VERIFY_EVERY = 60.0
#: Seconds a confirmation link works.
VERIFY_FOR = 2 * 24 * 3600.0

#: Enough to catch a typo, not a full RFC 5322 parser: one @, a dot in the domain, no spaces
#: or control characters.
ADDRESS = re.compile(r"[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+")

Language = Literal["en", "ja", "ko"]


class ContactIn(BaseModel):
    #: A new address (null: forget it); it must be confirmed before e-mail goes to it.
    email: str | None = Field(default=None, max_length=254)
    opt_in: bool | None = None
    lang: Language | None = None


def contact_json(contact: Contact, mail_enabled: bool) -> dict[str, Any]:
    return {
        "email": contact.email,
        "verified": contact.verified,
        "opt_in": contact.opt_in,
        "lang": contact.lang,
        "mail_enabled": mail_enabled,
    }


@router.get("/me/contact")
def get_contact(request: Request, user: Registered) -> dict[str, Any]:
    """My e-mail settings, and whether this server sends e-mail at all."""
    hall = hall_of(request)
    with hall.db() as session:
        return contact_json(contact_of(session, user.id), _mail_enabled(request))


def _mail_enabled(request: Request) -> bool:
    mailer = hall_of(request).mailer
    return mailer is not None and mailer.enabled


@router.put("/me/contact")
def put_contact(body: ContactIn, request: Request, user: Registered) -> dict[str, Any]:
    """Change my address (a confirmation link is sent to it), opt in or out, or the language."""
    hall = hall_of(request)
    fields = body.model_fields_set
    address = body.email.strip() if body.email is not None else None
    if "email" in fields and address and not ADDRESS.fullmatch(address):
        raise ApiError(422, "bad_email", "that is not an e-mail address (name@example.org)")
    if "email" in fields and address and not _mail_enabled(request):
        raise ApiError(409, "mail_off", "this server sends no e-mail")
    send_to: str | None = None
    with hall.db() as session:
        contact = contact_of(session, user.id)
        if "email" in fields and (address or None) != contact.email:
            if address:
                last = session.get(MailSent, (user.id, "verify"))
                wait = last.sent_at + VERIFY_EVERY - time.time() if last is not None else 0
                if wait > 0:
                    seconds = int(wait) + 1
                    raise ApiError(429, "too_many_mails",
                                   f"a confirmation e-mail went out just now; try again in "
                                   f"{seconds} seconds", {"seconds": seconds},
                                   headers={"Retry-After": str(seconds)})
            contact.email = address or None
            contact.verified = False
            send_to = contact.email
        if body.opt_in is not None:
            contact.opt_in = body.opt_in
        if body.lang is not None:
            contact.lang = body.lang
        data = contact_json(contact, _mail_enabled(request))
    if send_to is not None and hall.mailer is not None:
        token = mailtokens.sign(hall.link_key, "verify", {"u": user.id, "e": send_to})
        hall.mailer.submit(Mail(user_id=user.id, kind="verify", key="verify",
                                window=VERIFY_EVERY, path=f"/verify-email?token={token}",
                                address=send_to))
    return data


# -- pages opened from e-mail (no login) -----------------------------------------------------------


def _page(lang: str, message: str, form: str = "", status: int = 200) -> HTMLResponse:
    title = html.escape(mailtexts.text(lang, "page.title"))
    back = html.escape(mailtexts.text(lang, "page.back"))
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{title}</title><link rel="stylesheet" href="/css/style.css"></head>'
            f'<body><main id="main"><h1>{title}</h1><p id="message">{html.escape(message)}</p>'
            f'{form}<p><a href="/">{back}</a></p></main></body></html>')
    return HTMLResponse(body, status_code=status)


def _lang_of(request: Request, user_id: int) -> str:
    with hall_of(request).db() as session:
        contact = session.get(Contact, user_id)
        return contact.lang if contact is not None else "en"


@pages.get("/verify-email")
def verify_email(request: Request, token: str = "") -> HTMLResponse:
    """Confirm the address the link was sent to (if it is still the user's)."""
    hall = hall_of(request)
    payload = mailtokens.verify(hall.link_key, "verify", token, VERIFY_FOR)
    if payload is None or not isinstance(payload.get("u"), int):
        return _page("en", mailtexts.text("en", "page.bad_link"), status=400)
    with hall.db() as session:
        contact = session.scalar(select(Contact).where(Contact.user_id == payload["u"]))
        if contact is None or contact.email != payload.get("e"):
            lang = contact.lang if contact is not None else "en"
            return _page(lang, mailtexts.text(lang, "page.bad_link"), status=400)
        contact.verified = True
        lang = contact.lang
    return _page(lang, mailtexts.text(lang, "page.verified"))


def _unsubscriber(request: Request, token: str) -> int | None:
    payload = mailtokens.verify(hall_of(request).link_key, "unsubscribe", token)
    user_id = payload.get("u") if payload is not None else None
    return user_id if isinstance(user_id, int) else None


@pages.get("/unsubscribe")
def unsubscribe_page(request: Request, token: str = "") -> HTMLResponse:
    """Ask before turning e-mail off (a link scanner's GET changes nothing)."""
    user_id = _unsubscriber(request, token)
    if user_id is None:
        return _page("en", mailtexts.text("en", "page.bad_link"), status=400)
    lang = _lang_of(request, user_id)
    button = html.escape(mailtexts.text(lang, "page.unsubscribe_button"))
    form = (f'<form method="post" action="/unsubscribe?token={html.escape(token)}">'
            f'<button type="submit" id="unsubscribe">{button}</button></form>')
    return _page(lang, mailtexts.text(lang, "page.unsubscribe"), form)


@pages.post("/unsubscribe")
def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    """Turn all e-mail off: the page's button, or a mail program's one-click unsubscribe."""
    user_id = _unsubscriber(request, token)
    if user_id is None:
        return _page("en", mailtexts.text("en", "page.bad_link"), status=400)
    with hall_of(request).db() as session:
        contact = contact_of(session, user_id)
        contact.opt_in = False
        lang = contact.lang
    return _page(lang, mailtexts.text(lang, "page.unsubscribed"))


