"""E-mail addresses: one mailbox, checked when a user gives it and again whenever e-mail is
written to it, so no address (stored before these checks, or changed in the database) can
reach a second recipient or carry header text.

An address is checked by ``email-validator`` (syntax only, no DNS): one ``local@domain``, no
display name, no quoted local part, no IP-literal domain, no characters outside ASCII before
the ``@`` (they would need SMTPUTF8 from every relay); an internationalised domain is kept as
the user wrote it (normalised) and sent in its ASCII (IDNA) form. Headers are built from
``email.headerregistry.Address`` objects, never from text.
"""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage

from email_validator import EmailNotValidError, validate_email


class BadAddress(ValueError):
    pass


def _validated(text: str) -> tuple[str, str]:
    """(the address as stored, its ASCII form) of one valid address; BadAddress otherwise."""
    try:
        valid = validate_email(text, check_deliverability=False, allow_smtputf8=False,
                               allow_display_name=False, allow_quoted_local=False,
                               allow_domain_literal=False)
    except EmailNotValidError as error:
        raise BadAddress(str(error)) from None
    ascii_form = valid.ascii_email
    if ascii_form is None:  # only made without SMTPUTF8, which is refused above
        raise BadAddress("an address needs an ASCII form")
    return valid.normalized, ascii_form


def normalized(text: str) -> str:
    """The form to store of the one address ``text`` is; BadAddress if it is anything else."""
    stored, ascii_form = _validated(text)
    recipient(ascii_form)  # what the e-mail package would make of it, refused now, not later
    return stored


def recipient(text: str) -> Address:
    """The one recipient to write to for a stored address, checked again as it is sent (an
    address stored before the check was made must never reach more than one mailbox)."""
    _stored, ascii_form = _validated(text)
    try:
        address = Address(addr_spec=ascii_form)
    except (ValueError, TypeError) as error:  # the e-mail package's own header defects
        raise BadAddress(str(error)) from None
    if address.addr_spec != ascii_form:
        raise BadAddress(f"{text!r} is not one plain address")
    return address


def sender(text: str) -> Address:
    """The From of ``--mail-from`` (``Name <address>`` or an address): exactly one address,
    as the e-mail package reads it (the operator's own, so any host name will do)."""
    holder = EmailMessage()
    try:
        holder["From"] = text
        addresses = holder["From"].addresses
    except (ValueError, TypeError, IndexError) as error:
        raise BadAddress(f"{text!r} is not one address ({error})") from None
    if len(addresses) != 1 or holder["From"].defects or not addresses[0].domain:
        raise BadAddress(f"{text!r} is not one address")
    found: Address = addresses[0]
    return found
