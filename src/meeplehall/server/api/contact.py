"""A user's e-mail: the address (confirmed by a link), the opt-in, the language e-mail is
written in; the pages the links in e-mail open (confirm, unsubscribe, choose a new password),
which need no login."""

from __future__ import annotations

import html
from typing import Any, Literal
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlalchemy import select

from meeplehall.server.accounts.passwords import (
    fingerprint,
    hasher,
    password_hash_of,
    replace_hash,
)
from meeplehall.server.accounts.sessions import Ending
from meeplehall.server.api.deps import hall_of
from meeplehall.server.api.friends import Registered
from meeplehall.server.db.models import Contact
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.mail import addresses
from meeplehall.server.mail import texts as mail_texts
from meeplehall.server.mail import tokens as link_tokens
from meeplehall.server.mail.mailer import Mail, claim_now
from meeplehall.server.operations.actions import RESET_FOR
from meeplehall.server.social.presence import contact_of, lang_of

router = APIRouter(prefix="/api", tags=["notifications"], route_class=StrictJSONRoute)
pages = APIRouter(include_in_schema=False)

#: Seconds between two confirmation e-mails to one user.
VERIFY_EVERY = 60.0
#: Seconds a confirmation link works.
VERIFY_FOR = 2 * 24 * 3600.0

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


def too_many_mails(seconds: float, what: str) -> ApiError:
    """429 ``too_many_mails``: ``what`` went out less than its window ago."""
    whole = int(seconds) + 1
    return ApiError(429, "too_many_mails", f"{what} went out just now; try again in {whole} "
                    "seconds", {"seconds": whole}, headers={"Retry-After": str(whole)})


@router.put("/me/contact")
def put_contact(body: ContactIn, request: Request, user: Registered) -> dict[str, Any]:
    """Change my address (a confirmation link is sent to it), opt in or out, or the language."""
    hall = hall_of(request)
    fields = body.model_fields_set
    address = body.email.strip() if body.email is not None else None
    if "email" in fields and address:
        try:
            address = addresses.normalized(address)
        except addresses.BadAddress:
            raise ApiError(422, "bad_email",
                           "that is not one e-mail address (name@example.org)") from None
        if not _mail_enabled(request):
            raise ApiError(409, "mail_off", "this server sends no e-mail")
    send_to: str | None = None
    with hall.db() as session:
        contact = contact_of(session, user.id)
        if "email" in fields and (address or None) != contact.email:
            # The minute starts with this request, not when the e-mail is written: a second
            # request before then is refused (and changes nothing).
            if address and (wait := claim_now(session, user.id, "verify", VERIFY_EVERY)):
                raise too_many_mails(wait, "a confirmation e-mail")
            contact.email = address or None
            contact.verified = False
            send_to = contact.email
        if body.opt_in is not None:
            contact.opt_in = body.opt_in
        if body.lang is not None:
            contact.lang = body.lang
        data = contact_json(contact, _mail_enabled(request))
    if send_to is not None and hall.mailer is not None:
        token = link_tokens.sign(hall.link_key, "verify", {"u": user.id, "e": send_to})
        hall.mailer.submit(Mail(user_id=user.id, kind="verify", key=None,
                                window=VERIFY_EVERY, path=f"/verify-email?token={token}",
                                address=send_to))
    return data


# -- pages opened from e-mail (no login) -----------------------------------------------------------
#
# Each reads its link's token first: a malformed one (any length, any characters), a forged one
# or one made for another purpose gets the "not valid" page (400), an expired one its own page
# (410 where the user can do something about it), and nothing changes.


def _page(lang: str, message: str, form: str = "", status: int = 200) -> HTMLResponse:
    title = html.escape(mail_texts.text(lang, "page.title"))
    back = html.escape(mail_texts.text(lang, "page.back"))
    # No Referer: the page's address holds the link's token.
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer">'
            f'<title>{title}</title><link rel="stylesheet" href="/css/style.css"></head>'
            f'<body><main id="main"><h1>{title}</h1><p id="message">{html.escape(message)}</p>'
            f'{form}<p><a href="/">{back}</a></p></main></body></html>')
    return HTMLResponse(body, status_code=status, headers={"Referrer-Policy": "no-referrer"})


def _refused(lang: str = "en", key: str = "page.bad_link", status: int = 400) -> HTMLResponse:
    return _page(lang, mail_texts.text(lang, key), status=status)


def _link(request: Request, purpose: str, token: str, max_age: float) -> dict[str, Any]:
    """The payload of a true ``purpose`` link naming a user (``u``); BadToken otherwise,
    ExpiredToken when it is older than ``max_age`` seconds."""
    payload = link_tokens.verify(hall_of(request).link_key, purpose, token, max_age)
    if not isinstance(payload.get("u"), int):
        raise link_tokens.BadToken("names no user")
    return payload


@pages.get("/verify-email")
def verify_email(request: Request, token: str = "") -> HTMLResponse:
    """Confirm the address the link was sent to (if it is still the user's)."""
    try:
        payload = _link(request, "verify", token, VERIFY_FOR)
    except link_tokens.BadToken:  # expired too: the page says "or too old"
        return _refused()
    with hall_of(request).db() as session:
        contact = session.scalar(select(Contact).where(Contact.user_id == payload["u"]))
        if contact is None or contact.email != payload.get("e"):
            return _refused(contact.lang if contact is not None else "en")
        contact.verified = True
        lang = contact.lang
    return _page(lang, mail_texts.text(lang, "page.verified"))


def _unsubscriber(request: Request, token: str) -> int | HTMLResponse:
    """The user a true unsubscribe link names, or the page saying what is wrong with it."""
    max_age = hall_of(request).settings.unsubscribe_days * 24 * 3600
    try:
        return int(_link(request, "unsubscribe", token, max_age)["u"])
    except link_tokens.ExpiredToken:
        return _refused(key="page.unsubscribe_expired", status=410)
    except link_tokens.BadToken:
        return _refused()


def _form(action: str, token: str, button: str, field: str = "") -> str:
    """A form posting back to this page's own address (relative, so a hall served under a
    sub-path posts to itself)."""
    return (f'<form method="post" action="{action}?token={html.escape(token)}">{field}'
            f'<button type="submit" id="{action}">{html.escape(button)}</button></form>')


@pages.get("/unsubscribe")
def unsubscribe_page(request: Request, token: str = "") -> HTMLResponse:
    """Ask before turning e-mail off (a link scanner's GET changes nothing)."""
    user_id = _unsubscriber(request, token)
    if isinstance(user_id, HTMLResponse):
        return user_id
    with hall_of(request).db() as session:
        lang = lang_of(session, user_id)
    form = _form("unsubscribe", token, mail_texts.text(lang, "page.unsubscribe_button"))
    return _page(lang, mail_texts.text(lang, "page.unsubscribe"), form)


@pages.post("/unsubscribe")
def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    """Turn all e-mail off: the page's button, or a mail program's one-click unsubscribe."""
    user_id = _unsubscriber(request, token)
    if isinstance(user_id, HTMLResponse):
        return user_id
    with hall_of(request).db() as session:
        contact = contact_of(session, user_id)
        contact.opt_in = False
        lang = contact.lang
    return _page(lang, mail_texts.text(lang, "page.unsubscribed"))


# -- choosing a new password after an administrator's reset ---------------------------------------

#: A password's length, as registration wants it.
PASSWORD_LENGTH = range(8, 201)


def _resetting(request: Request, token: str) -> tuple[int, str, str] | HTMLResponse:
    """(user, password hash now, language) of a true reset link not used yet, or the page
    saying what is wrong with it. The link names the hash the reset made: any newer
    password (this link's own once used, or a newer reset's) makes it void."""
    try:
        payload = _link(request, "reset", token, RESET_FOR)
    except link_tokens.BadToken as error:
        status = 410 if isinstance(error, link_tokens.ExpiredToken) else 400
        return _refused(key="page.reset_bad_link", status=status)
    with hall_of(request).reading() as session:
        lang = lang_of(session, payload["u"])
        now = password_hash_of(session, payload["u"])
    if now is None or fingerprint(now) != payload.get("h"):
        return _refused(lang, "page.reset_bad_link")
    return payload["u"], now, lang


def _reset_form(lang: str, token: str, message_key: str, status: int = 200) -> HTMLResponse:
    label = html.escape(mail_texts.text(lang, "page.reset_label"))
    field = (f'<p><label>{label} <input type="password" name="password" id="password" '
             f'minlength="8" maxlength="200" autocomplete="new-password" required></label></p>')
    form = _form("reset-password", token, mail_texts.text(lang, "page.reset_button"), field)
    return _page(lang, mail_texts.text(lang, message_key), form, status)


@pages.get("/reset-password")
def reset_password_page(request: Request, token: str = "") -> HTMLResponse:
    """The form to choose a new password (a GET changes nothing)."""
    found = _resetting(request, token)
    if isinstance(found, HTMLResponse):
        return found
    return _reset_form(found[2], token, "page.reset")


@pages.post("/reset-password")
async def reset_password(request: Request, token: str = "") -> HTMLResponse:
    """Set the password the form gives (a URL-encoded form: ``password=...``); the link then
    stops working."""
    hall = hall_of(request)
    found = await hall.database.compute(_resetting, request, token)
    if isinstance(found, HTMLResponse):
        return found
    user_id, before, lang = found
    try:
        form = parse_qs((await request.body()).decode("utf-8", "replace"), max_num_fields=8)
    except ValueError:  # more fields than the form has
        form = {}
    password = (form.get("password") or [""])[0]
    if len(password) not in PASSWORD_LENGTH:
        return _reset_form(lang, token, "page.reset_bad_password", 422)
    after = await hall.database.compute(hasher.hash, password)
    if not await hall.database.serve(replace_hash, user_id, before, after):
        return _refused(lang, "page.reset_bad_link")
    hall.signout.ended(user_id, Ending())  # sockets of the ended sessions close (4401)
    return _page(lang, mail_texts.text(lang, "page.reset_done"))
