"""Prometheus metrics of one server process (prometheus-client), served at ``/metrics``.

What is exported are counts and durations only: no user, name, address, table id, seed or
move, so a scrape tells nothing about anyone. Moves are counted only when the spectators see
them: a count that grew with secret moves (a hidden placement, an undo) would tell a watcher,
on a quiet hall, how many a seat made. Labels take values from small fixed sets (game
names, bot lanes, refusal codes the server defines, "bot"/"person").

Gauges are read from the running hall when scraped, so keeping them costs nothing between
scrapes; counters and histograms are bumped where things happen (a move, a refusal, a bot job
leaving the queue), a microsecond each.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from meeplehall.server.bots.pool import BotPool
    from meeplehall.server.play.manager import TableManager

#: Move latency buckets (seconds): a quiet hall answers in milliseconds, a saturated one in
#: hundreds of them.
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Bot queue waits (seconds): none while a worker is free, up to minutes when crowded.
WAIT_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)


class _LiveState(Collector):
    """Figures read from the hall at scrape time: sockets and their outgoing queues, tables in
    memory, bot lanes, and the Redis listener's state and counts."""

    def __init__(self, watched: Callable[[], tuple[TableManager, BotPool] | None]) -> None:
        self.watched = watched

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        watched = self.watched()
        connections = GaugeMetricFamily(
            "meeplehall_connections", "Table WebSockets open on this process")
        tables = GaugeMetricFamily(
            "meeplehall_live_tables", "Tables held in this process's memory, by status",
            labels=["status"])
        queued = GaugeMetricFamily(
            "meeplehall_bot_queue_length", "Bot decisions and hints waiting for a worker",
            labels=["lane"])
        busy = GaugeMetricFamily(
            "meeplehall_bot_workers_busy", "Bot worker processes computing now", labels=["lane"])
        # The bounds of an outgoing queue (--ws-queue-messages, --ws-queue-bytes) holding
        # under load shows here: no open socket's peak is past them.
        peak_messages = GaugeMetricFamily(
            "meeplehall_outgoing_queue_peak_messages",
            "Most messages ever waiting at once to go out to one open table WebSocket")
        peak_bytes = GaugeMetricFamily(
            "meeplehall_outgoing_queue_peak_bytes",
            "Most bytes ever waiting at once to go out to one open table WebSocket")
        if watched is not None:
            manager, bots = watched
            rooms = list(manager.rooms.values())
            connections.add_metric([], sum(len(room.connections) for room in rooms))
            opened = [connection for room in rooms for connection in room.connections]
            peak_messages.add_metric([], max((c.peak_messages for c in opened), default=0))
            peak_bytes.add_metric([], max((c.peak_bytes for c in opened), default=0))
            by_status: dict[str, int] = {"waiting": 0, "playing": 0, "finished": 0}
            for room in rooms:
                by_status[room.record.status] = by_status.get(room.record.status, 0) + 1
            for status, count in sorted(by_status.items()):
                tables.add_metric([status], count)
            for lane in (bots.cheap, bots.search):
                queued.add_metric([lane.name], len(lane.queue))
                busy.add_metric([lane.name], lane.busy)
        yield from (connections, tables, queued, busy, peak_messages, peak_bytes)
        fanout = watched[0].fanout if watched is not None else None
        if fanout is not None:  # several processes, told of each other's changes by Redis
            yield GaugeMetricFamily(
                "meeplehall_redis_listening",
                "1 while the Redis pub/sub listener is subscribed, 0 while it reconnects",
                value=1 if fanout.listening else 0)
            bad = CounterMetricFamily(
                "meeplehall_redis_bad_messages",
                "Redis pub/sub messages skipped: not JSON, the wrong shape, a bad channel",
                labels=["why"])
            for why, count in sorted(fanout.bad_messages.items()):
                bad.add_metric([why], count)
            yield bad
            yield CounterMetricFamily(
                "meeplehall_redis_reconnects",
                "Times the Redis pub/sub listener lost its connection and opened it again",
                value=fanout.reconnects)


class Metrics:
    """The process's registry and the counters the hall bumps."""

    def __init__(self) -> None:
        # A registry of its own (not the library's global one), so several halls in one
        # process (the tests) each count their own.
        self.registry = CollectorRegistry(auto_describe=True)
        self.watched: tuple[TableManager, BotPool] | None = None
        self.moves = Counter(
            "meeplehall_moves",
            "Public moves (those spectators see) applied and stored, by game and by who moved",
            ["game", "mover"], registry=self.registry)
        self.move_seconds = Histogram(
            "meeplehall_move_seconds",
            "A person's public move, from reaching its table to its update going out", ["game"],
            buckets=MOVE_BUCKETS, registry=self.registry)
        self.errors = Counter(
            "meeplehall_errors", "Refusals sent, by channel (http, ws) and code",
            ["channel", "code"], registry=self.registry)
        self.bot_wait = Histogram(
            "meeplehall_bot_queue_wait_seconds",
            "Time a bot decision or hint waited in its lane's queue for a worker", ["lane"],
            buckets=WAIT_BUCKETS, registry=self.registry)
        self.bot_decisions = Counter(
            "meeplehall_bot_decisions",
            "Public bot moves computed by this process, by game (once per step across "
            "processes)",
            ["game"], registry=self.registry)
        self.registry.register(_LiveState(lambda: self.watched))
        # The process's memory, CPU time, open files and start time (process_*), read from
        # /proc when scraped.
        ProcessCollector(registry=self.registry)
        self._per_game: dict[str, tuple[Any, Any, Any]] = {}

    def watch(self, manager: TableManager, bots: BotPool) -> None:
        """Read the gauges from these parts from now on."""
        self.watched = (manager, bots)

    def moved(self, game: str, bot: bool, seconds: float) -> None:
        # The labelled children are kept: looking them up again takes a lock every move.
        children = self._per_game.get(game)
        if children is None:
            children = self._per_game[game] = (
                self.moves.labels(game, "person"), self.moves.labels(game, "bot"),
                self.move_seconds.labels(game))
        if bot:
            children[1].inc()
        else:
            children[0].inc()
            children[2].observe(seconds)

    def bot_decided(self, game: str) -> None:
        self.bot_decisions.labels(game).inc()

    def refused(self, channel: str, code: str) -> None:
        self.errors.labels(channel, code).inc()

    def bot_waited(self, lane: str, seconds: float) -> None:
        self.bot_wait.labels(lane).observe(seconds)


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(texts: Iterable[str]) -> tuple[Network, ...] | None:
    """Parsed ``--metrics-allow`` entries (addresses or networks); None when one is ``*``
    (everybody may scrape). Raises ValueError naming a bad entry."""
    parsed: list[Network] = []
    for text in texts:
        entry = text.strip()
        if entry == "*":
            return None
        try:
            parsed.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"{entry!r} is no address or network (like 10.0.0.0/8)") from None
    return tuple(parsed)


def allowed(address: str | None, nets: tuple[Network, ...] | None) -> bool:
    if nets is None:
        return True
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return any(ip in net for net in nets)
