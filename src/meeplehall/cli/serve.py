"""``meeplehall serve``: the arena server, its settings checked before it starts.

Its options are made from the declarations of ``meeplehall.server.config.Settings``, one per
setting (``configuration.py`` layers them with the environment and ``--config``). The
server's modules are imported where a check or the start needs them (they take most of a
second to load, which other commands should not wait for).
"""

from __future__ import annotations

import inspect
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

import typer
from pydantic.fields import FieldInfo

from meeplehall.cli.configuration import SettingError, load
from meeplehall.cli.errors import fail, refuse
from meeplehall.server.config import Settings, flag_of, variable_of


def _option(name: str, field: FieldInfo) -> tuple[Any, Any]:
    """The annotation and default of the flag of one setting: None when not given, so the
    environment and the file may fill it."""
    kind: Any = field.annotation
    declared = flag_of(name)
    default = field.default
    shown = ", ".join(default) if isinstance(default, tuple) else default
    if kind is bool:
        declared = f"{declared}/--no-{declared[2:]}"
    elif get_origin(kind) is tuple:
        kind = list[str]
    elif get_origin(kind) is Literal or Path in (kind, *get_args(kind)):
        kind = str  # pydantic reads the text as the setting's type
    option = typer.Option(declared, help=f"{field.description} [{variable_of(name)}]",
                          show_default=str(shown) if shown not in ("", None) else False)
    return Annotated[kind | None, option], None


def _serve(config: Path | None = None, **given: Any) -> None:
    """Run the arena server (HTTP lobby, table WebSockets, web client)."""
    import uvicorn

    from meeplehall.server.app import create_app
    from meeplehall.server.operations.logs import configure

    try:
        settings = load({name: value for name, value in given.items() if value is not None},
                        config)
    except SettingError as error:
        raise refuse(error.option, error.reason) from None
    proxies = _check(settings)
    if not settings.public_url:
        settings.public_url = f"http://{settings.host}:{settings.port}"
    try:
        application = create_app(settings)
    except ValueError as error:  # an --allowed-origin that is no origin
        raise refuse("--allowed-origin", str(error)) from None
    # Only once nothing more can be refused: a refusal leaves the process's logging alone.
    logging_config = configure(settings.log_level, settings.log_format)
    # Imported once logging is set up: uvicorn's ``websockets`` protocol warns, on import, that
    # it is deprecated, and the warning goes to the log in its format.
    from meeplehall.server.transport import UVICORN_OPTIONS

    uvicorn.run(
        application,
        host=settings.host,
        port=settings.port,
        backlog=settings.backlog,
        **UVICORN_OPTIONS,
        log_config=logging_config,
        log_level=settings.log_level,
        root_path=settings.root_path,
        proxy_headers=True,
        forwarded_allow_ips=proxies,
    )


def _serve_command() -> Callable[..., None]:
    """``_serve`` with one option per setting, as typer reads a function's parameters."""
    config = inspect.Parameter(
        "config", inspect.Parameter.KEYWORD_ONLY, default=None,
        annotation=Annotated[Path | None, typer.Option(
            "--config", help="a TOML file of settings (key = value, the names below with "
            "underscores); flags and MEEPLEHALL_* variables win over it")])
    parameters = [config]
    for name, field in Settings.model_fields.items():
        annotation, default = _option(name, field)
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                            default=default, annotation=annotation))

    def serve_command(**given: Any) -> None:
        _serve(**given)

    serve_command.__doc__ = _serve.__doc__
    serve_command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    serve_command.__annotations__ = {p.name: p.annotation for p in parameters}
    return serve_command


serve_command = _serve_command()


def _check(settings: Settings) -> list[str]:
    """Refuse, before the server starts, what would only fail inside its start-up; the
    trusted proxies as uvicorn takes them."""
    from meeplehall.server.operations.metrics import networks

    root = settings.root_path
    if root and (not root.startswith("/") or root.endswith("/")):
        raise refuse("--root-path", f"a path like /games (a leading /, none at the end), "
                     f"not {root!r}")
    try:
        networks(settings.metrics_allow)
    except ValueError as error:
        raise refuse("--metrics-allow", str(error)) from None
    try:
        proxies = _proxy_list(settings.forwarded_allow_ips)
    except ValueError as error:
        raise refuse("--forwarded-allow-ips", str(error)) from None
    if settings.min_clock_seconds > settings.max_clock_seconds:
        raise refuse("--min-clock-seconds", f"at most --max-clock-seconds "
                     f"({settings.max_clock_seconds:g}), not {settings.min_clock_seconds:g}")
    if settings.min_turn_hours > settings.max_turn_hours:
        raise refuse("--min-turn-hours", f"at most --max-turn-hours "
                     f"({settings.max_turn_hours:g}), not {settings.min_turn_hours:g}")
    _check_serve_settings(settings.host, settings.port, settings.data_dir,
                          settings.database_url, settings.redis_url)
    _check_mail_settings(settings.smtp_url, settings.public_url, settings.mail_from)
    return proxies


def _check_mail_settings(smtp_url: str, public_url: str, mail_from: str) -> None:
    from meeplehall.server.mail.addresses import BadAddress, sender
    from meeplehall.server.mail.mailer import MailSettingError, parse_smtp_url

    if smtp_url:
        try:
            parse_smtp_url(smtp_url)
        except MailSettingError as error:
            raise refuse("--smtp-url", str(error)) from None
    if mail_from:
        try:
            sender(mail_from)
        except BadAddress as error:
            raise refuse("--mail-from", f"{error} (Name <name@example.org>)") from None
    if public_url and not public_url.startswith(("http://", "https://")):
        raise refuse("--public-url", f"{public_url!r} is no http:// or https:// address")


def _proxy_list(text: str) -> list[str]:
    """``--forwarded-allow-ips`` as uvicorn takes it, each entry checked first."""
    import ipaddress

    entries = [entry.strip() for entry in text.split(",") if entry.strip()]
    for entry in entries:
        if entry == "*" or entry.startswith("unix:"):
            continue
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise ValueError(f"{entry!r} is no address or network (like 10.0.0.0/8)") from None
    return entries


def _check_serve_settings(
    host: str, port: int, data_dir: Path, database_url: str, redis_url: str
) -> None:
    """Refuse, before the server starts, what would only fail inside its start-up."""
    try:
        socket.getaddrinfo(host, port)
    except OSError:
        raise refuse("--host", f"{host!r} is no address of this machine") from None
    if database_url:
        from meeplehall.server.db.urls import DatabaseUnavailable, check_reachable, normalise

        try:
            url = normalise(database_url)
        except ValueError:
            raise refuse(
                "--database-url", f"{database_url!r} is no database URL "
                "(like postgresql://user@host/db)"
            ) from None
        try:
            check_reachable(url)
        except DatabaseUnavailable as error:
            raise fail(*error.lines) from None
    else:
        from meeplehall.server.db.files import make_private_dir

        try:
            make_private_dir(data_dir)
        except OSError as error:
            raise refuse("--data-dir", f"cannot create {data_dir}: {error.strerror}") from None
    if redis_url and redis_url.partition("://")[0] not in {"redis", "rediss", "unix"}:
        raise refuse("--redis-url", f"{redis_url!r} is no redis://, rediss:// or unix:// URL")
