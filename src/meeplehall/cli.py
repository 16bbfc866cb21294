"""The ``meeplehall`` command: play in the terminal, replay a saved match, benchmark engines,
and pit bots against each other in the arena."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from meeplehall.ai import make_bot
from meeplehall.benchmark import bench_engine
from meeplehall.core import Game, InvalidOption, Result, State, UnknownGame, events_for
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import all_games, get_game

app = typer.Typer(help="Meeple Hall: a self-hostable board-game arena.", no_args_is_help=True)
console = Console()


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownGame as error:
        raise typer.BadParameter(error.reason) from None


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; a value is read as JSON when it parses, as text otherwise."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"options look like key=value, not {pair!r}")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def print_result(game: Game, result: Result) -> None:
    """The final breakdown as a table: one column per seat, one row per scoring line."""
    table = Table(title=f"{game.title}: final result")
    table.add_column("", no_wrap=True)  # the scoring line's name, read whole
    for seat in range(len(result.scores)):
        mark = " (winner)" if seat in result.winners else ""
        table.add_column(f"seat {seat}{mark}", justify="right")
    labels: list[str] = []
    flat = [_flatten(part) for part in result.breakdown]
    for part in flat:
        labels.extend(label for label in part if label not in labels)
    for label in labels:
        table.add_row(label, *(str(part.get(label, "")) for part in flat))
    table.add_row("[bold]total[/bold]", *(f"[bold]{score}[/bold]" for score in result.scores))
    table.add_row("rank", *(str(rank) for rank in result.ranks))
    console.print(table)


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        flat: dict[str, Any] = {}
        for key, value in data.items():
            flat.update(_flatten(value, f"{prefix}{key}" if not prefix else f"{prefix}.{key}"))
        return flat
    return {prefix: data}


def _ask(game: Game, state: State, seat: int) -> Any:
    """Show the seat's view and numbered legal actions; return the one the person picks."""
    console.rule(f"seat {seat} to move")
    console.print(game.render_text(state.view(seat)))
    legal = state.legal_actions(seat)
    for number, action in enumerate(legal, start=1):
        console.print(f"  [bold]{number:3d}[/bold]  {game.describe_action(action)}")
    while True:
        answer = console.input(f"your choice (1-{len(legal)}, q to quit): ").strip()
        if answer.lower() in {"q", "quit"}:
            raise typer.Exit(1)
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print(f"[red]Type a number from 1 to {len(legal)}.[/red]")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="yaxha, pyramido, ...")],
    players: Annotated[int, typer.Option(help="number of seats")] = 2,
    seat: Annotated[str, typer.Option(help="your seat number, or 'none' for bots only")] = "0",
    seed: Annotated[int, typer.Option(min=0, help="the match's seed")] = 0,
    bots: Annotated[int, typer.Option(help="level of the bots in the other seats")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
    ] = None,
    save: Annotated[Path | None, typer.Option(help="write the action log to this file")] = None,
) -> None:
    """Play one seat in the terminal against bots (or watch bots play with --seat none)."""
    game = _game(game_name)
    if seat.lower() != "none" and not seat.isdigit():
        raise typer.BadParameter(f"--seat is a seat number or none, not {seat!r}")
    human = None if seat.lower() == "none" else int(seat)
    options = _parse_options(option or [])
    try:
        state = game.new_state(players, options, seed)
    except InvalidOption as error:
        raise typer.BadParameter(error.reason) from None
    if human is not None and not human < players:
        raise typer.BadParameter(f"--seat must be from 0 to {players - 1}, or none")
    record = MatchRecord(game.name, players, seed, options)
    seat_bots = {s: make_bot(bots, seed=seed * 31 + s) for s in range(players) if s != human}
    while not state.is_over():
        movers = sorted(state.to_move())
        # Bots first at a simultaneous step: the person then sees no less than they may.
        mover = next((s for s in movers if s != human), movers[0])
        if mover == human:
            action = _ask(game, state, mover)
        else:
            action = seat_bots[mover].choose(state, mover)
        events = state.apply(mover, action)
        record.add(mover, action.to_json())
        if human is not None:
            for event in events_for(events, human):
                console.print(f"[dim]{_event_line(event)}[/dim]")
    if human is not None:
        console.rule("final position")
        console.print(game.render_text(state.view(human)))
    print_result(game, state.result())
    if save is not None:
        save.write_text(json.dumps(record.to_json(), indent=1))
        console.print(f"action log saved to {save}")


def _event_line(event: dict[str, Any]) -> str:
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event.get('type', 'event')}: {details}"


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a JSON action log written by play --save")],
) -> None:
    """Replay a saved match from its action log and print its result."""
    try:
        record = MatchRecord.from_json(json.loads(file.read_text()))
        state = record.replay()
    except (OSError, ValueError, UnknownGame) as error:
        console.print(f"[red]cannot replay {file}: {error}[/red]")
        raise typer.Exit(2) from None
    game = record.resolve_game()
    if not state.is_over():
        console.print(f"{len(record.actions)} actions replayed; the match is not over.")
        console.print(game.render_text(state.view(None)))
        return
    print_result(game, state.result())


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option(help="number of seats")] = 4,
    runs: Annotated[int, typer.Option(help="runs; the median is printed")] = 5,
    games: Annotated[int, typer.Option(help="games per run")] = 200,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
    ] = None,
) -> None:
    """Benchmark a game engine: random full games per second through the protocol."""
    figures = bench_engine(_game(game_name), players, _parse_options(option or []), runs, games)
    for line in figures.lines():
        console.print(line)


@app.command()
def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="yaxha, pyramido, ...")],
    bots: Annotated[
        str, typer.Option(help="bot levels, comma-separated; settings after a colon: 3:seconds=0.2")
    ] = "1,2",
    games: Annotated[int, typer.Option(help="games to play")] = 400,
    players: Annotated[int, typer.Option(help="seats per game")] = 2,
    seed: Annotated[int, typer.Option(min=0, help="seed of the first deal")] = 0,
    workers: Annotated[int, typer.Option(help="processes playing games at once")] = 1,
    out: Annotated[Path, typer.Option(help="folder for the games, summary and chart")] = Path(
        "arena-results"
    ),
    plot: Annotated[bool, typer.Option("--plot", help="also draw a PNG chart")] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
    ] = None,
) -> None:
    """Bots against bots: seat rotation on shared deals, win rates, scores, time, ratings."""
    from meeplehall.ai.arena import BotSpec, GameOutcome, run_arena, schedule
    from meeplehall.ai.arena_output import write_chart, write_games, write_summary
    from meeplehall.ai.arena_stats import summarize, win_credits

    game = _game(game_name)
    options = _parse_options(option or [])
    try:
        specs = [BotSpec.parse(text) for text in bots.split(",") if text.strip()]
        game.new_state(players, options, seed)
    except ValueError as error:
        raise typer.BadParameter(getattr(error, "reason", str(error))) from None
    if not specs:
        raise typer.BadParameter("--bots needs at least one bot level")
    if games < 1 or workers < 1:
        raise typer.BadParameter("--games and --workers must be at least 1")
    labels = [spec.label for spec in specs]
    plans = schedule(len(specs), players, games, seed)
    wins = [0.0] * len(specs)
    seats = [0] * len(specs)

    def standings() -> str:
        return "  ".join(
            f"bot {label}: {wins[i] / seats[i]:.0%}" if seats[i] else f"bot {label}: -"
            for i, label in enumerate(labels)
        )

    with Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[standings]}"),
        console=console,
    ) as progress:
        task = progress.add_task(f"{game.name} {players}p", total=len(plans), standings="")

        def on_game(outcome: GameOutcome) -> None:
            for seat_credit, spec in zip(win_credits(outcome), outcome.plan.seats, strict=True):
                wins[spec] += seat_credit
                seats[spec] += 1
            progress.update(task, advance=1, standings=standings())

        outcomes = run_arena(game.name, players, options, specs, plans, workers, on_game)
    summaries = summarize(specs, outcomes)
    table = Table(title=f"{game.title}, {players} players, {len(outcomes)} games")
    for column in ("bot", "seats", "wins", "95% CI", "score", "ms/move", "p95 ms", "mu",
                   "sigma"):
        table.add_column(column, justify="right")
    for s in summaries:
        table.add_row(
            s.label, str(s.seats), f"{s.win_rate:.1%}", f"{s.win_low:.1%}-{s.win_high:.1%}",
            f"{s.mean_score:.1f}", f"{s.mean_decision_ms:.1f}", f"{s.p95_decision_ms:.1f}",
            f"{s.mu:.2f}", f"{s.sigma:.2f}",
        )
    console.print(table)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{game.name}-{players}p-" + "-vs-".join(label.replace(":", "_") for label in labels)
    write_games(out / f"{stem}-games.json", game.name, players, options, specs, outcomes)
    write_summary(out / f"{stem}-summary.csv", summaries)
    console.print(f"games: {out / f'{stem}-games.json'}; summary: {out / f'{stem}-summary.csv'}")
    if plot:
        chart = out / f"{stem}.png"
        try:
            title = f"{game.title}, {players} players, {len(outcomes)} games"
            write_chart(chart, title, summaries, players)
        except RuntimeError as error:
            console.print(f"[red]{error}[/red]")
            raise typer.Exit(1) from None
        console.print(f"chart: {chart}")


@app.command()
def games() -> None:
    """List the registered games."""
    for game in all_games():
        console.print(f"{game.name:12s} {game.title} ({game.min_players}-{game.max_players})")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
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
        int, typer.Option(help="worker processes for level-3 bots and hints")
    ] = 1,
    bot_cheap_workers: Annotated[
        int, typer.Option(help="worker processes for level 1 and 2 bots (milliseconds a move)")
    ] = 1,
    max_bot_only_tables: Annotated[
        int, typer.Option(help="unfinished tables of bots only one user may own at once")
    ] = 2,
    max_strong_bot_tables: Annotated[
        int, typer.Option(help="unfinished tables with a level-3 bot one user may own at once")
    ] = 4,
    bot_move_delay: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=60.0,
            help="least seconds between a table's previous move and a bot's move where a person "
            "sits, so people can follow the bots' turns (the bot's thinking counts; tables of "
            "bots only never wait; 0: no pacing; at most 60)",
        ),
    ] = 0.6,
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
        float, typer.Option(help="remove waiting tables nobody touched for this long (0: never)")
    ] = 240.0,
    socket_limits: Annotated[
        bool,
        typer.Option(
            "--socket-limits/--no-socket-limits",
            help="limit how fast each table WebSocket and each address send messages, and how "
            "many sockets one address opens (turn off only for load tests from one address)",
        ),
    ] = True,
) -> None:
    """Run the arena server (HTTP lobby, table WebSockets, web client)."""
    import uvicorn

    from meeplehall.server.app import create_app
    from meeplehall.server.config import Settings

    settings = Settings(
        data_dir=data_dir, database_url=database_url, bot_workers=bot_workers,
        bot_cheap_workers=bot_cheap_workers, max_bot_only_tables=max_bot_only_tables,
        max_strong_bot_tables=max_strong_bot_tables, bot_move_delay=bot_move_delay,
        redis_url=redis_url,
        allowed_origins=tuple(allowed_origin or ()), creation_limits=creation_limits,
        idle_table_minutes=idle_table_minutes,
        socket_limits=socket_limits,
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
        log_level="info",
    )
