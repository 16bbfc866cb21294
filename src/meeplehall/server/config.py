"""Server settings, given by the ``serve`` command or by tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from meeplehall.server.db.files import make_private_dir
from meeplehall.server.db.urls import normalise


@dataclass
class Settings:
    data_dir: Path = field(default_factory=lambda: Path("data"))
    #: SQLAlchemy URL; empty means one SQLite file in ``data_dir``.
    database_url: str = ""
    #: Redis URL for running several server processes over one PostgreSQL database.
    redis_url: str = ""
    #: Worker processes that run bot decisions and hints off the event loop: ``bot_workers``
    #: for level-3 searches and hints, ``bot_cheap_workers`` for levels 1 and 2 (milliseconds
    #: each), so a cheap move never waits behind searches.
    bot_workers: int = 1
    bot_cheap_workers: int = 1
    #: Tables one user may own at once (waiting or playing) with only bots seated, and with a
    #: level-3 bot: each keeps a worker busy, so one user could otherwise fill the pool.
    max_bot_only_tables: int = 2
    max_strong_bot_tables: int = 4
    #: Least seconds between a bot becoming due (or its own previous move going out) and its
    #: move being applied, at tables where a person sits, so people can follow the bots' turns
    #: (0: no pacing; play/pacing.py).
    bot_move_delay: float = 0.6
    #: Most seconds a bot's move waits for its pace, counted from when the bot became due: a
    #: table's other moves (a person's public ones) may push it back only this far.
    bot_max_wait: float = 3.0
    #: The clocks a table may be created with (docs/protocol.md): a live time bank per player
    #: of ``min_clock_seconds`` to ``max_clock_seconds``, an increment of 0 to
    #: ``max_increment_seconds``, a turn-based deadline of ``min_turn_hours`` to
    #: ``max_turn_hours``. Anything else is refused (400 ``clock_out_of_range``).
    min_clock_seconds: float = 30.0
    max_clock_seconds: float = 3 * 3600.0
    max_increment_seconds: float = 300.0
    min_turn_hours: float = 1.0
    max_turn_hours: float = 14 * 24.0
    #: Largest WebSocket message handled with an error reply; larger closes the socket.
    max_message_bytes: int = 16 * 1024
    #: Table WebSocket limits (docs/protocol.md): tokens a second and saved-up tokens for one
    #: connection, and for every connection of one client address together (0: no address
    #: limit); a message costs 1 token, a ``sync`` or ``watch`` 5, a ``hint`` 10.
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    ws_address_rate: float = 60.0
    ws_address_burst: float = 240.0
    #: Refusals for rate a connection may earn (one comes back a second) before it is closed
    #: with 4429; after each refusal the server reads nothing from it until it may send again.
    ws_flood_strikes: float = 20.0
    #: Table WebSockets open at once from one client address (an IPv6 /64); 0: no limit.
    ws_connections_per_address: int = 64
    #: The rate limits and the sockets-per-address cap above; off only for load tests and test
    #: suites that play from one address at machine speed (the queue bounds always hold).
    socket_limits: bool = True
    #: Messages, and bytes, waiting to go out to one connection; past them it is closed (4408).
    ws_queue_messages: int = 256
    ws_queue_bytes: int = 4 * 1024 * 1024
    #: Table chat, per user over all tables: messages at once, then messages a second; and how
    #: many recent messages a socket gets when it opens (older ones are asked for by page).
    chat_burst: float = 5.0
    chat_rate: float = 0.5
    chat_history: int = 50
    #: Most messages one page of older chat holds (a client may ask for fewer).
    chat_page_size: int = 100
    #: Messages a table's chat may hold in all, and one user may write at one table.
    chat_max_per_table: int = 2000
    chat_max_per_user: int = 300
    #: Minutes after a table ends (finished or aborted) during which its chat stays open.
    chat_grace_minutes: float = 10.0
    #: The chat of tables that ended longer ago than this many days is deleted (0: kept).
    chat_retention_days: float = 0.0
    #: Failed logins allowed per name from one client address, and per client address, within
    #: the window (accounts/logins.py).
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    #: Failed logins allowed per name from all addresses together within the window: a ceiling
    #: on guessing one password from many addresses (it then locks the name for everyone).
    login_failures_per_name_total: int = 100
    login_window_seconds: float = 300.0
    #: Worker threads that serve HTTP requests' database work, views and large documents off
    #: the event loop (the request lane, db/access.py); more requests wait for a free one.
    request_threads: int = 4
    #: Bytes of finished tables' documents (replays, results) kept ready to send.
    document_cache_bytes: int = 64 * 1024 * 1024
    #: Largest HTTP request body read; larger ones are refused with 413 before being read.
    max_body_bytes: int = 64 * 1024
    #: Origins (``scheme://host[:port]``) besides the server's own whose pages may post and open
    #: table WebSockets: the public address when a proxy rewrites the Host header.
    allowed_origins: tuple[str, ...] = ()
    #: Plain HTTP per client address (guards/httplimit.py): tokens a second and saved-up
    #: tokens; a request costs 1 token, the web client's files a quarter, lists, histories and
    #: replays more (up to 20). Off only for load tests and test suites from one address.
    http_limits: bool = True
    http_rate: float = 20.0
    http_burst: float = 200.0
    #: Dear requests (lists, histories, replays) of one address served at a time.
    http_dear_at_once: int = 2
    #: Token-bucket limits on creating guests, accounts and tables per address and per user,
    #: and on waiting tables per user (see creation.py); off for load tests on one address.
    creation_limits: bool = True
    #: A table in memory with no socket on it, no bot thinking and no clock running out soon
    #: is dropped from memory after this many idle seconds (it is loaded again from its log
    #: when asked for).
    table_idle_seconds: float = 300.0
    #: A waiting table nobody touched for this long is removed (0: never).
    idle_table_minutes: float = 240.0
    #: Waiting tables of one owner shown in the lobby's list (the newest ones).
    lobby_tables_per_owner: int = 3
    #: The lobby's waiting list ranks at most this many tables per creating address (the
    #: newest) ahead of the others, and a guest's tables behind registered and older owners'
    #: until the guest is this many minutes old (play/waitinglist.py).
    lobby_tables_per_address: int = 10
    lobby_new_guest_minutes: float = 60.0
    #: Tables per page of the lobby's lists (``GET /api/tables?page=``).
    lobby_page_size: int = 100
    #: Seconds a session cookie lives.
    session_seconds: int = 30 * 24 * 3600
    #: Seconds between two checks that the sessions of a process's open sockets still exist
    #: and have not expired (the others close with 4401); 0: never.
    session_check_seconds: float = 60.0
    #: Longest wait, in seconds, between attempts to reconnect to Redis's pub/sub (the first
    #: waits half a second, each next one twice as long).
    redis_retry_seconds: float = 10.0
    #: Outgoing e-mail: ``smtp://[user:password@]host[:port]`` (``?starttls=true`` to upgrade)
    #: or ``smtps://...``; empty: no e-mail at all (the pages say so).
    smtp_url: str = ""
    #: The From of e-mail sent; empty: ``Meeple Hall <meeplehall@HOST>`` of the public address.
    mail_from: str = ""
    #: The address people reach the server at, for links in e-mail (``https://games.example``);
    #: empty: ``http://HOST:PORT`` the server listens on.
    public_url: str = ""
    #: At most one "your turn" e-mail per table and person within this many hours.
    mail_turn_hours: float = 6.0
    #: Days the unsubscribe link in an e-mail works (each e-mail carries a fresh one).
    unsubscribe_days: float = 60.0
    #: A person counts as away (and may get e-mail) once no socket of theirs has been open for
    #: this many minutes.
    away_minutes: float = 15.0
    #: Friend requests and table invitations one user may send in an hour (a burst of as many,
    #: refilled evenly): the same whether or not the names asked for exist.
    friend_requests_per_hour: int = 30
    #: "Play now" tables' clocks: a live time bank and increment, or a turn-based deadline.
    playnow_live_seconds: float = 300.0
    playnow_live_increment_seconds: float = 5.0
    playnow_turn_hours: float = 24.0
    #: The widest rating gap (OpenSkill ordinal points) "Play now" accepts for a person who
    #: just queued, and how much wider it grows for each second they wait.
    playnow_window_base: float = 3.0
    playnow_window_per_second: float = 0.5
    #: A person waiting for a live table whose page has not been seen for this many seconds
    #: (its tab was closed) leaves the queue; turn-based waits stay.
    playnow_absent_seconds: float = 45.0
    #: A tournament its owner has not started this many hours after creating it is cancelled.
    tournament_start_hours: float = 72.0
    #: Tournaments one person may have open (registering or playing) at once.
    tournaments_per_owner: int = 3
    #: Static web client folder; None means the package's ``web`` folder.
    web_dir: Path | None = None
    #: Client addresses or networks that may read ``/metrics`` (``*``: everybody).
    metrics_allow: tuple[str, ...] = ("127.0.0.1", "::1")

    def resolved_database_url(self) -> str:
        if self.database_url:
            return normalise(self.database_url)
        make_private_dir(self.data_dir)
        return f"sqlite:///{(self.data_dir / 'meeplehall.db').resolve()}"
