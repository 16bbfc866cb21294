"""The server's settings: one declaration each, from which everything else comes.

Each field below is one setting: its type, default, bounds and help. From it come the
``serve`` flag (``--bot-workers``), the environment variable (``MEEPLEHALL_BOT_WORKERS``), the
key of the optional configuration file (``bot_workers = 2`` in ``serve --config FILE``) and
the row of the table in docs/deploy.md (``meeplehall.cli.reference`` writes it; a test fails
when the doc differs). Adding a setting is adding a field here. Tests build ``Settings``
directly, which reads neither the environment nor a file (``meeplehall.cli.layers`` does that
for ``serve``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from meeplehall.server.db.files import make_private_dir
from meeplehall.server.db.urls import normalise

#: The prefix of every setting's environment variable.
ENV_PREFIX = "MEEPLEHALL_"


def setting(default: Any, help: str, *, flag: str | None = None, ge: float | None = None,
            le: float | None = None, gt: float | None = None) -> Any:
    """A setting's default, its help (the flag's, and the doc table's "what for"), its bounds
    and, when its flag is not ``--`` the field's name with dashes, the flag."""
    extra: JsonDict | None = {"flag": flag} if flag else None
    return Field(default, description=help, ge=ge, le=le, gt=gt, json_schema_extra=extra)


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Where it listens and how it logs (serve only).
    host: str = setting("127.0.0.1", "address to listen on; keep loopback behind a proxy on "
                        "the same machine")
    port: int = setting(8000, "port to listen on", ge=1, le=65535)
    backlog: int = setting(4096, "connections the kernel holds for the server to accept "
                           "(capped by net.core.somaxconn): room for everyone reconnecting at "
                           "once before a proxy's connect times out", ge=1, le=65535)
    log_level: Literal["debug", "info", "warning", "error"] = setting(
        "info", "debug, info, warning or error; uvicorn's records (the access log) follow it")
    log_format: Literal["text", "json"] = setting(
        "text", "text, or json (one object a line, for log collectors)")
    root_path: str = setting("", "the sub-path the hall is served under behind a proxy that "
                             "strips it, e.g. /games")
    forwarded_allow_ips: str = setting(
        "127.0.0.1,::1", "comma-separated addresses or networks of proxies whose "
        "X-Forwarded-For and X-Forwarded-Proto are believed ('*': any)")

    # The database and the other processes.
    data_dir: Path = setting(Path("data"), "where the SQLite database lives")
    database_url: str = setting("", "SQLAlchemy URL, e.g. postgresql+psycopg://meeplehall@/"
                                "meeplehall (empty: SQLite in the data folder)")
    redis_url: str = setting("", "Redis URL, to run several server processes over one "
                             "PostgreSQL database")
    redis_retry_seconds: float = setting(10.0, "longest wait between attempts to reconnect "
                                         "to Redis's pub/sub after losing it", ge=0.01)

    # Bots.
    bot_workers: int = setting(1, "worker processes for level-3 bots and hints", ge=1)
    bot_cheap_workers: int = setting(1, "worker processes for level 1 and 2 bots "
                                     "(milliseconds a move), so they never wait behind "
                                     "searches", ge=1)
    max_bot_only_tables: int = setting(2, "unfinished tables of bots only one user may own at "
                                       "once (each keeps a worker busy)", ge=0)
    max_strong_bot_tables: int = setting(4, "unfinished tables with a level-3 bot one user "
                                         "may own at once", ge=0)
    agents_per_owner: int = setting(5, "agents (programs playing with an API token) one "
                                    "registered person may own", ge=0)
    analysis_iterations: int = setting(200, "search iterations per decision when analysing a "
                                       "finished game (fixed, so an analysis is the same on "
                                       "any machine)", ge=1, le=100_000)
    analysis_queue: int = setting(8, "analyses queued or running in the hall at once; more are "
                                  "refused until one finishes (each user may have one)", ge=1)
    bot_move_delay: float = setting(
        0.6, "least seconds between a bot becoming due and its move where a person sits, so "
        "people can follow the bots' turns (the bot's thinking counts; 0: no pacing)",
        ge=0, le=60)
    bot_max_wait: float = setting(3.0, "most seconds a bot's move waits for its pace once it "
                                  "is due, however many moves the table makes meanwhile",
                                  ge=0, le=600)

    # Clocks a table may be created with (docs/protocol.md); others are refused.
    min_clock_seconds: float = setting(30.0, "least time bank per player a live table may "
                                       "have", ge=0)
    max_clock_seconds: float = setting(3 * 3600.0, "most time bank per player a live table "
                                       "may have", ge=0)
    max_increment_seconds: float = setting(300.0, "most seconds a live table's clock may add "
                                           "per move", ge=0)
    min_turn_hours: float = setting(1.0, "least hours a turn-based table may give per move",
                                    ge=0)
    max_turn_hours: float = setting(14 * 24.0, "most hours a turn-based table may give per "
                                    "move", ge=0)
    table_idle_seconds: float = setting(300.0, "drop a table in play from memory after this "
                                        "many seconds with no socket on it and nothing due "
                                        "(it reloads from its log)", gt=0)
    idle_table_minutes: float = setting(240.0, "remove waiting tables nobody touched for this "
                                        "long (0: never)", ge=0)

    # Table WebSockets (docs/protocol.md): a message costs 1 token, a sync or watch 5, a hint 10.
    max_message_bytes: int = setting(16 * 1024, "largest WebSocket message answered with an "
                                     "error; larger closes the socket", ge=1)
    socket_limits: bool = setting(True, "limit how fast each table WebSocket and each address "
                                  "send messages, and how many sockets one address opens "
                                  "(off only for load tests from one address)")
    ws_rate: float = setting(20.0, "message tokens a second one table WebSocket earns", ge=0)
    ws_burst: float = setting(60.0, "message tokens one table WebSocket may save up", ge=0)
    ws_address_rate: float = setting(60.0, "message tokens a second all the sockets of one "
                                     "address earn together (0: no address limit)", ge=0)
    ws_address_burst: float = setting(240.0, "message tokens the sockets of one address may "
                                      "save up together", ge=0)
    ws_flood_strikes: float = setting(20.0, "refusals for rate a socket may earn (one comes "
                                      "back a second) before it is closed with 4429", ge=0)
    ws_connections_per_address: int = setting(64, "table WebSockets open at once from one "
                                              "address (an IPv6 /64; 0: no limit)", ge=0)
    ws_queue_messages: int = setting(256, "messages waiting to go out to one socket before "
                                     "it is closed (4408)", ge=1)
    ws_queue_bytes: int = setting(4 * 1024 * 1024, "bytes waiting to go out to one socket "
                                  "before it is closed (4408)", ge=1)

    # Table chat.
    chat_burst: float = setting(5.0, "table chat messages one user may send at once", ge=1)
    chat_rate: float = setting(0.5, "table chat messages a second one user may send after the "
                               "first burst (0.5: one every two seconds)", gt=0)
    chat_history: int = setting(50, "recent chat messages a table socket gets when it opens "
                                "(older ones are fetched by page)", ge=1, le=1000)
    chat_page_size: int = setting(100, "most chat messages one page of older ones holds",
                                  ge=1, le=1000)
    chat_max_per_table: int = setting(2000, "chat messages one table may hold in all", ge=1)
    chat_max_per_user: int = setting(300, "chat messages one user may write at one table",
                                     ge=1)
    chat_grace_minutes: float = setting(10.0, "minutes a table's chat stays open after the "
                                        "table ends (for a \"good game\")", ge=0)
    chat_retention_days: float = setting(0.0, "delete the chat of tables that ended longer "
                                         "ago than this many days (0: keep it)", ge=0)

    # Accounts and logins (accounts/logins.py).
    login_failures_per_name: int = setting(5, "failed logins to one name from one address "
                                           "within the window before that address is locked "
                                           "out of it", ge=1)
    login_failures_per_address: int = setting(20, "failed logins from one address within the "
                                              "window, whatever the names", ge=1)
    login_failures_per_name_total: int = setting(
        100, "failed logins to one name from all addresses together within the window before "
        "the name is locked for everyone (a ceiling on guessing from many addresses)", ge=1)
    login_window_seconds: float = setting(300.0, "the window failed logins are counted in",
                                          gt=0)
    session_seconds: int = setting(30 * 24 * 3600, "seconds a session cookie lives", ge=1)
    session_check_seconds: float = setting(60.0, "check this often that the sessions of open "
                                           "sockets still exist and have not expired, closing "
                                           "the others (0: never)", ge=0)
    creation_limits: bool = setting(True, "limit how fast one address or user creates guests, "
                                    "accounts and tables (off only for load tests from one "
                                    "address)")
    friend_requests_per_hour: int = setting(30, "friend requests and table invitations one "
                                            "user may send in an hour", ge=1)

    # HTTP (guards/httplimit.py).
    request_threads: int = setting(4, "threads serving requests' database work and large "
                                   "documents off the event loop (more requests wait for "
                                   "one; moves never do)", ge=1)
    document_cache_bytes: int = setting(64 * 1024 * 1024, "bytes of finished tables' "
                                        "documents (replays, results) kept ready to send",
                                        ge=0)
    max_body_bytes: int = setting(64 * 1024, "largest HTTP request body read; larger ones "
                                  "are refused with 413", ge=1)
    http_limits: bool = setting(True, "limit how fast one address sends HTTP requests, dear "
                                "routes costing more (off only for load tests from one "
                                "address)")
    http_rate: float = setting(20.0, "HTTP request tokens a second one address earns (a "
                               "request costs 1, a replay 20, a static file 0.25)", gt=0)
    http_burst: float = setting(200.0, "HTTP request tokens one address may save up", ge=1)
    http_dear_at_once: int = setting(2, "dear HTTP requests (lists, histories, replays) of "
                                     "one address served at a time; the others wait", ge=1)
    allowed_origins: tuple[str, ...] = setting(
        (), "an origin (https://host[:port]) whose pages may use the server besides its own, "
        "e.g. the public address behind a proxy that rewrites Host; repeatable",
        flag="--allowed-origin")
    metrics_allow: tuple[str, ...] = setting(
        ("127.0.0.1", "::1"), "an address or network that may read /metrics ('*': anyone); "
        "repeatable", flag="--metrics-allow")

    # The lobby.
    lobby_tables_per_owner: int = setting(3, "waiting tables of one owner shown in the "
                                          "lobby's list (the newest)", ge=1)
    lobby_tables_per_address: int = setting(10, "waiting tables per creating address ranked "
                                            "ahead of the others in the lobby's list", ge=1)
    lobby_new_guest_minutes: float = setting(60.0, "a guest's waiting tables are listed "
                                             "behind registered and older owners' until the "
                                             "guest is this many minutes old", ge=0)
    lobby_page_size: int = setting(100, "tables per page of the lobby's lists", ge=1, le=500)

    # Play now and tournaments (matchmaking/).
    playnow_live_seconds: float = setting(300.0, "the time bank of each seat at Play now's "
                                          "live tables", ge=0.1)
    playnow_live_increment_seconds: float = setting(5.0, "seconds added per move at Play "
                                                    "now's live tables", ge=0)
    playnow_turn_hours: float = setting(24.0, "the deadline per turn at Play now's turn-based "
                                        "tables", ge=0.0001)
    playnow_window_base: float = setting(3.0, "the widest rating gap (OpenSkill ordinal "
                                         "points) Play now accepts for someone who just "
                                         "queued", ge=0)
    playnow_window_per_second: float = setting(0.5, "how much wider that gap grows for each "
                                               "second waited", ge=0)
    playnow_absent_seconds: float = setting(45.0, "a person waiting for a live table whose "
                                            "page has not been seen this long leaves the "
                                            "queue (turn-based waits stay)", ge=1)
    tournament_start_hours: float = setting(72.0, "cancel a tournament its owner has not "
                                            "started this many hours after creating it",
                                            ge=0.0001)
    tournaments_per_owner: int = setting(3, "tournaments one person may have open at once",
                                         ge=1)

    # E-mail (docs/server.md).
    smtp_url: str = setting("", "send e-mail (turns, friend requests, invitations) through "
                            "this server: smtp://[user:password@]host[:port][?starttls=true] "
                            "or smtps://...; empty: no e-mail")
    mail_from: str = setting("", "the From of e-mail sent (empty: meeplehall@ the public "
                             "host)")
    public_url: str = setting("", "the address people open the hall at, for links in e-mail "
                              "(empty: http://HOST:PORT)")
    mail_turn_hours: float = setting(6.0, "at most one 'your turn' e-mail per table and "
                                     "person in this many hours", ge=0, le=24 * 30)
    unsubscribe_days: float = setting(60.0, "days the unsubscribe link of an e-mail works",
                                      ge=1, le=3650)
    away_minutes: float = setting(15.0, "e-mail a person only once no page of theirs was "
                                  "open for this long", ge=0, le=24 * 60 * 30)

    web_dir: Path | None = setting(None, "the web client's folder (empty: the one installed "
                                   "with the package)")

    def resolved_database_url(self) -> str:
        if self.database_url:
            return normalise(self.database_url)
        make_private_dir(self.data_dir)
        return f"sqlite:///{(self.data_dir / 'meeplehall.db').resolve()}"


def flag_of(name: str) -> str:
    """The ``serve`` flag of the setting ``name``."""
    extra = Settings.model_fields[name].json_schema_extra
    if isinstance(extra, dict) and isinstance(extra.get("flag"), str):
        return str(extra["flag"])
    return "--" + name.replace("_", "-")


def variable_of(name: str) -> str:
    """The environment variable of the setting ``name``."""
    return ENV_PREFIX + name.upper()
