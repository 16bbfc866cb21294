"""``meeplehall serve``: the arena server, its settings checked before it starts.

The server's modules are imported where a check or the start needs them (they take most of a
second to load, which other commands should not wait for).
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated

import typer

from meeplehall.cli.errors import fail, refuse


def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="where the SQLite database lives")
    ] = Path("data"),
    database_url: Annotated[
        str,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite)",
        ),
    ] = "",
    bot_workers: Annotated[
        int, typer.Option(min=1, help="worker processes for level-3 bots and hints")
    ] = 1,
    bot_cheap_workers: Annotated[
        int,
        typer.Option(min=1, help="worker processes for level 1 and 2 bots (milliseconds a move)"),
    ] = 1,
    request_threads: Annotated[
        int,
        typer.Option(min=1, help="threads serving requests' database work and large documents "
                     "off the event loop (more requests wait for one)"),
    ] = 4,
    max_bot_only_tables: Annotated[
        int, typer.Option(min=0, help="unfinished tables of bots only one user may own at once")
    ] = 2,
    max_strong_bot_tables: Annotated[
        int,
        typer.Option(min=0, help="unfinished tables with a level-3 bot one user may own at once"),
    ] = 4,
    bot_move_delay: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=60.0,
            help="least seconds between a bot becoming due and its move where a person sits, "
            "so people can follow the bots' turns (the bot's thinking counts; tables of "
            "bots only never wait; 0: no pacing; at most 60)",
        ),
    ] = 0.6,
    bot_max_wait: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=600.0,
            help="most seconds a bot's move waits for its pace once it is due, however many "
            "moves the table makes meanwhile (at most 600)",
        ),
    ] = 3.0,
    min_clock_seconds: Annotated[
        float, typer.Option(min=0.0, help="least time bank per player a live table may have")
    ] = 30.0,
    max_clock_seconds: Annotated[
        float, typer.Option(min=0.0, help="most time bank per player a live table may have")
    ] = 3 * 3600.0,
    max_increment_seconds: Annotated[
        float, typer.Option(min=0.0, help="most seconds a live table's clock may add per move")
    ] = 300.0,
    min_turn_hours: Annotated[
        float, typer.Option(min=0.0, help="least hours a turn-based table may give per move")
    ] = 1.0,
    max_turn_hours: Annotated[
        float, typer.Option(min=0.0, help="most hours a turn-based table may give per move")
    ] = 14 * 24.0,
    redis_url: Annotated[
        str,
        typer.Option(
            "--redis-url",
            help="Redis URL, to run several server processes over one PostgreSQL database",
        ),
    ] = "",
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            help="an origin (https://host[:port]) whose pages may use the server besides its "
            "own, e.g. the public address behind a proxy that rewrites Host; repeatable",
        ),
    ] = None,
    creation_limits: Annotated[
        bool,
        typer.Option(
            "--creation-limits/--no-creation-limits",
            help="limit how fast one address or user creates guests, accounts and tables "
            "(turn off only for load tests from one address)",
        ),
    ] = True,
    idle_table_minutes: Annotated[
        float,
        typer.Option(min=0, help="remove waiting tables nobody touched for this long (0: never)"),
    ] = 240.0,
    table_idle_seconds: Annotated[
        float,
        typer.Option(min=0.1, help="drop a table in play from memory after this many seconds "
                     "with no socket on it and nothing due (it reloads from its log)"),
    ] = 300.0,
    playnow_live_seconds: Annotated[
        float, typer.Option(min=0.1, help="the time bank of each seat at Play now's live tables")
    ] = 300.0,
    playnow_live_increment_seconds: Annotated[
        float, typer.Option(min=0, help="seconds added per move at Play now's live tables")
    ] = 5.0,
    playnow_turn_hours: Annotated[
        float, typer.Option(min=0.0001, help="the deadline per turn at Play now's turn-based "
                            "tables")
    ] = 24.0,
    playnow_window_base: Annotated[
        float, typer.Option(min=0, help="the widest rating gap (OpenSkill ordinal points) "
                            "Play now accepts for someone who just queued")
    ] = 3.0,
    playnow_window_per_second: Annotated[
        float, typer.Option(min=0, help="how much wider that gap grows for each second waited")
    ] = 0.5,
    playnow_absent_seconds: Annotated[
        float, typer.Option(min=1, help="a person waiting for a live table whose page has not "
                            "been seen this long leaves the queue")
    ] = 45.0,
    tournament_start_hours: Annotated[
        float, typer.Option(min=0.0001, help="cancel a tournament its owner has not started "
                            "this many hours after creating it")
    ] = 72.0,
    tournaments_per_owner: Annotated[
        int, typer.Option(min=1, help="tournaments one person may have open at once")
    ] = 3,
    socket_limits: Annotated[
        bool,
        typer.Option(
            "--socket-limits/--no-socket-limits",
            help="limit how fast each table WebSocket and each address send messages, and how "
            "many sockets one address opens (turn off only for load tests from one address)",
        ),
    ] = True,
    http_limits: Annotated[
        bool,
        typer.Option(
            "--http-limits/--no-http-limits",
            help="limit how fast one address sends HTTP requests, dear routes costing more "
            "(turn off only for load tests from one address)",
        ),
    ] = True,
    http_rate: Annotated[
        float,
        typer.Option(min=0.01, help="HTTP request tokens a second one address earns (a request "
                     "costs 1, a replay 20, a static file 0.25)"),
    ] = 20.0,
    http_burst: Annotated[
        float,
        typer.Option(min=1.0, help="HTTP request tokens one address may save up"),
    ] = 200.0,
    http_dear_at_once: Annotated[
        int,
        typer.Option(min=1, help="dear HTTP requests (lists, histories, replays) of one address "
                     "served at a time; the others wait their turn"),
    ] = 2,
    chat_burst: Annotated[
        float,
        typer.Option(min=1.0, help="table chat messages one user may send at once"),
    ] = 5.0,
    chat_rate: Annotated[
        float,
        typer.Option(min=0.001, help="table chat messages a second one user may send after "
                     "the first burst (0.5: one every two seconds)"),
    ] = 0.5,
    chat_history: Annotated[
        int,
        typer.Option(min=1, max=1000, help="recent chat messages a table socket gets when it "
                     "opens (older ones are fetched by page)"),
    ] = 50,
    chat_page_size: Annotated[
        int,
        typer.Option(min=1, max=1000, help="most chat messages one page of older ones holds"),
    ] = 100,
    chat_max_per_table: Annotated[
        int, typer.Option(min=1, help="chat messages one table may hold in all")
    ] = 2000,
    chat_max_per_user: Annotated[
        int, typer.Option(min=1, help="chat messages one user may write at one table")
    ] = 300,
    chat_grace_minutes: Annotated[
        float,
        typer.Option(min=0.0, help="minutes a table's chat stays open after the table ends "
                     "(for a \"good game\"); then it is read-only"),
    ] = 10.0,
    chat_retention_days: Annotated[
        float,
        typer.Option(min=0.0, help="delete the chat of tables that ended longer ago than this "
                     "many days (0: keep it)"),
    ] = 0.0,
    smtp_url: Annotated[
        str,
        typer.Option(
            "--smtp-url", envvar="MEEPLEHALL_SMTP_URL",
            help="send e-mail (turns, friend requests, invitations) through this server: "
            "smtp://[user:password@]host[:port][?starttls=true] or smtps://...; "
            "unset: no e-mail",
        ),
    ] = "",
    mail_from: Annotated[
        str,
        typer.Option("--mail-from", envvar="MEEPLEHALL_MAIL_FROM",
                     help="the From of e-mail sent (default: meeplehall@ the public host)"),
    ] = "",
    public_url: Annotated[
        str,
        typer.Option(
            "--public-url", envvar="MEEPLEHALL_PUBLIC_URL",
            help="the address people open the arena at, for links in e-mail "
            "(default: http://HOST:PORT)",
        ),
    ] = "",
    mail_turn_hours: Annotated[
        float,
        typer.Option(min=0.0, max=24.0 * 30,
                     help="at most one 'your turn' e-mail per table and person in this many hours"),
    ] = 6.0,
    away_minutes: Annotated[
        float,
        typer.Option(min=0.0, max=24.0 * 60 * 30,
                     help="e-mail a person only once no page of theirs was open for this long"),
    ] = 15.0,
    session_check_seconds: Annotated[
        float,
        typer.Option(min=0.0, help="check this often that the sessions of open sockets still "
                     "exist and have not expired, closing the others (0: never)"),
    ] = 60.0,
    redis_retry_seconds: Annotated[
        float,
        typer.Option(min=0.5, help="longest wait between attempts to reconnect to Redis's "
                     "pub/sub after losing it"),
    ] = 10.0,
    unsubscribe_days: Annotated[
        float,
        typer.Option(min=1.0, max=3650.0,
                     help="days the unsubscribe link of an e-mail works (each e-mail has a "
                     "fresh one)"),
    ] = 60.0,
    log_level: Annotated[
        str, typer.Option(help="debug, info, warning or error")
    ] = "info",
    log_format: Annotated[
        str, typer.Option(help="text, or json (one object a line, for log collectors)")
    ] = "text",
    root_path: Annotated[
        str,
        typer.Option(
            help="the sub-path the hall is served under behind a proxy that strips it, "
            "e.g. /games (docs/deploy.md)",
        ),
    ] = "",
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            help="comma-separated addresses or networks of proxies whose X-Forwarded-For and "
            "X-Forwarded-Proto are believed ('*': any; default: this machine only)",
        ),
    ] = "127.0.0.1,::1",
    metrics_allow: Annotated[
        list[str] | None,
        typer.Option(
            "--metrics-allow",
            help="an address or network that may read /metrics ('*': anyone; default: this "
            "machine only); repeatable",
        ),
    ] = None,
    lobby_tables_per_address: Annotated[
        int,
        typer.Option(min=1, help="waiting tables per creating address ranked ahead of the "
                     "others in the lobby's list (the rest go to later pages)"),
    ] = 10,
    lobby_new_guest_minutes: Annotated[
        float,
        typer.Option(min=0, help="a guest's waiting tables are listed behind registered and "
                     "older owners' until the guest is this many minutes old"),
    ] = 60.0,
    lobby_page_size: Annotated[
        int,
        typer.Option(min=1, max=500, help="tables per page of the lobby's lists"),
    ] = 100,
    login_failures_per_name_total: Annotated[
        int,
        typer.Option(min=1, help="failed logins to one name from all addresses together in 5 "
                     "minutes before the name is locked for everyone (a ceiling on guessing "
                     "from many addresses; one address is locked out after 5)"),
    ] = 100,
) -> None:
    """Run the arena server (HTTP lobby, table WebSockets, web client)."""
    import uvicorn

    from meeplehall.server.app import create_app
    from meeplehall.server.config import Settings
    from meeplehall.server.operations.logs import FORMATS, LEVELS, configure
    from meeplehall.server.operations.metrics import networks

    if log_level not in LEVELS:
        raise refuse("--log-level", f"one of {', '.join(LEVELS)}, not {log_level!r}")
    if log_format not in FORMATS:
        raise refuse("--log-format", f"one of {', '.join(FORMATS)}, not {log_format!r}")
    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise refuse("--root-path", f"a path like /games (a leading /, none at the end), "
                     f"not {root_path!r}")
    try:
        networks(metrics_allow or ())
    except ValueError as error:
        raise refuse("--metrics-allow", str(error)) from None
    try:
        proxies = _proxy_list(forwarded_allow_ips)
    except ValueError as error:
        raise refuse("--forwarded-allow-ips", str(error)) from None
    if min_clock_seconds > max_clock_seconds:
        raise refuse("--min-clock-seconds", f"at most --max-clock-seconds "
                     f"({max_clock_seconds:g}), not {min_clock_seconds:g}")
    if min_turn_hours > max_turn_hours:
        raise refuse("--min-turn-hours", f"at most --max-turn-hours ({max_turn_hours:g}), "
                     f"not {min_turn_hours:g}")
    _check_serve_settings(host, port, data_dir, database_url, redis_url)
    _check_mail_settings(smtp_url, public_url, mail_from)
    settings = Settings(
        metrics_allow=tuple(metrics_allow or Settings.metrics_allow),
        data_dir=data_dir, database_url=database_url, bot_workers=bot_workers,
        bot_cheap_workers=bot_cheap_workers, request_threads=request_threads,
        max_bot_only_tables=max_bot_only_tables,
        max_strong_bot_tables=max_strong_bot_tables, bot_move_delay=bot_move_delay,
        bot_max_wait=bot_max_wait, min_clock_seconds=min_clock_seconds,
        max_clock_seconds=max_clock_seconds, max_increment_seconds=max_increment_seconds,
        min_turn_hours=min_turn_hours, max_turn_hours=max_turn_hours,
        redis_url=redis_url,
        allowed_origins=tuple(allowed_origin or ()), creation_limits=creation_limits,
        idle_table_minutes=idle_table_minutes, table_idle_seconds=table_idle_seconds,
        socket_limits=socket_limits, http_limits=http_limits, http_rate=http_rate,
        http_burst=http_burst, http_dear_at_once=http_dear_at_once, chat_burst=chat_burst,
        chat_rate=chat_rate,
        chat_history=chat_history, chat_page_size=chat_page_size,
        chat_max_per_table=chat_max_per_table, chat_max_per_user=chat_max_per_user,
        chat_grace_minutes=chat_grace_minutes, chat_retention_days=chat_retention_days,
        smtp_url=smtp_url, mail_from=mail_from,
        public_url=public_url or f"http://{host}:{port}", mail_turn_hours=mail_turn_hours,
        away_minutes=away_minutes, unsubscribe_days=unsubscribe_days,
        lobby_tables_per_address=lobby_tables_per_address,
        lobby_new_guest_minutes=lobby_new_guest_minutes, lobby_page_size=lobby_page_size,
        login_failures_per_name_total=login_failures_per_name_total,
        session_check_seconds=session_check_seconds, redis_retry_seconds=redis_retry_seconds,
        playnow_live_seconds=playnow_live_seconds,
        playnow_live_increment_seconds=playnow_live_increment_seconds,
        playnow_turn_hours=playnow_turn_hours, playnow_window_base=playnow_window_base,
        playnow_window_per_second=playnow_window_per_second,
        playnow_absent_seconds=playnow_absent_seconds,
        tournament_start_hours=tournament_start_hours,
        tournaments_per_owner=tournaments_per_owner,
    )
    try:
        application = create_app(settings)
    except ValueError as error:  # an --allowed-origin that is no origin
        raise refuse("--allowed-origin", str(error)) from None
    # Only once nothing more can be refused: a refusal leaves the process's logging alone.
    logging_config = configure(log_level, log_format)
    uvicorn.run(
        application,
        host=host,
        port=port,
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
        log_config=logging_config,
        log_level=log_level,
        root_path=root_path,
        proxy_headers=True,
        forwarded_allow_ips=proxies,
    )


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
