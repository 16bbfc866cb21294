"""The ``meeplehall`` command: play in the terminal, replay a saved match, benchmark engines,
and pit bots against each other in the arena.

Seats count from 1 here, as in the web client (``--seat 1`` is the first seat); the match
records keep the engines' own seat indices, from 0. A wrong value on the command line is one
line on stderr ("Error: ..."), never a traceback.
"""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
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
from typer.core import TyperGroup

from meeplehall import cli_ops
from meeplehall.ai import make_bot
from meeplehall.ai.base import LEVELS
from meeplehall.benchmark import bench_engine
from meeplehall.core import (
    Game,
    InvalidOption,
    Result,
    State,
    TerminalText,
    UnknownGame,
    events_for,
)
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import all_games, get_game


class OneLineErrors(TyperGroup):
    """Reports a wrong command line as one line on stderr, with the command's --help to read,
    instead of typer's framed box."""

    def main(  # type: ignore[override]
        self, args: Sequence[str] | None = None, prog_name: str | None = None, **kwargs: Any
    ) -> Any:
        if not kwargs.pop("standalone_mode", True):
            return super().main(args, prog_name, standalone_mode=False, **kwargs)
        try:
            outcome = super().main(args, prog_name, standalone_mode=False, **kwargs)
        except typer.TyperException as error:  # typer's own (vendored) click errors
            if type(error).__name__ == "NoArgsIsHelpError":  # bare `meeplehall`: the help
                error.show()  # type: ignore[attr-defined]
                sys.exit(0)
            typer.echo(_one_line(error), err=True)
            sys.exit(getattr(error, "exit_code", 2))
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(outcome if isinstance(outcome, int) else 0)


def _one_line(error: typer.TyperException) -> str:
    message = " ".join(error.format_message().split())
    context = getattr(error, "ctx", None)
    where = f" (see '{context.command_path} --help')" if context is not None else ""
    return f"Error: {message}{where}"


app = typer.Typer(
    cls=OneLineErrors,
    help="Meeple Hall: a self-hostable board-game arena.",
    no_args_is_help=True,
)
console = Console()


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("meeplehall")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown"
        typer.echo(f"meeplehall {number}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True,
                     help="print the version and stop"),
    ] = False,
) -> None:
    """Meeple Hall: a self-hostable board-game arena."""


app.command("migrate")(cli_ops.migrate_command)
app.command("backup")(cli_ops.backup_command)
app.add_typer(cli_ops.admin_app, name="admin")


def _refuse(option: str, reason: str) -> typer.BadParameter:
    """The error for a bad value of ``option`` (raise it)."""
    return typer.BadParameter(reason, param_hint=f"'{option}'")


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownGame as error:
        raise _refuse("GAME", error.reason) from None


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; a value is read as JSON when it parses, as text otherwise."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise _refuse("--option", f"options look like key=value, not {pair!r}")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def _new_state(game: Game, players: int, options: dict[str, Any], seed: int) -> State:
    """The match's first state; a player count or option the game refuses is a usage error."""
    try:
        return game.new_state(players, options, seed)
    except InvalidOption as error:
        option = "--players" if "players" in error.reason else "--option"
        raise _refuse(option, error.reason) from None


def _bot_level(level: int) -> int:
    if level not in LEVELS:
        known = ", ".join(str(number) for number in LEVELS)
        raise _refuse("--bots", f"no bot of level {level}; the levels are {known}")
    return level


def _human_seat(text: str, players: int) -> int | None:
    """``--seat``: a seat from 1 to ``players`` (the engine's index is one less), or none."""
    if text.strip().lower() == "none":
        return None
    if not text.strip().isdigit() or not 1 <= int(text) <= players:
        raise _refuse("--seat", f"a seat from 1 to {players}, or none, not {text!r}")
    return int(text) - 1


def _check_writable(path: Path, option: str) -> None:
    """Refuse, before any play, a file that could not be written at the end."""
    if path.is_dir():
        raise _refuse(option, f"{path} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise _refuse(option, f"the folder {folder} does not exist")
    try:
        path.open("a").close()
    except OSError as error:
        raise _refuse(option, f"cannot write {path}: {error.strerror}") from None


# --- how a game speaks in the terminal ----------------------------------------------------------


def _terminal(game: Game) -> TerminalText:
    """The sentences the game declares for the terminal (none left None: the plain ways)."""
    return game.terminal_text or TerminalText()


def seat_name(seat: int, human: int | None = None) -> str:
    return f"Seat {seat + 1}" + (" (you)" if seat == human else "")


def action_line(game: Game, action: Any, view: dict[str, Any] | None = None) -> str:
    """An action as the web client names it; ``view`` is the deciding seat's."""
    action_text = _terminal(game).action_text
    if action_text is not None:
        return action_text(action, view)
    return game.describe_action(action)


def event_line(
    game: Game, event: dict[str, Any], name: Callable[[int], str], players: int
) -> str:
    """An event as the web log says it; the raw fields when the game has no sentence for it."""
    event_text = _terminal(game).event_text
    if event_text is not None:
        text = event_text(event, name, players)
        if text:
            return text
    details = ", ".join(f"{key} {value}" for key, value in event.items() if key != "type")
    return f"{str(event.get('type', 'event')).replace('_', ' ')}: {details}"


def _plain_rows(part: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """A breakdown without a game's own labels: nested keys joined by spaces, not dots."""
    if not isinstance(part, dict):
        return [(prefix, part)]
    rows: list[tuple[str, Any]] = []
    for key, value in part.items():
        label = str(key).replace("_", " ")
        rows.extend(_plain_rows(value, f"{prefix} {label}".strip()))
    return rows


def print_result(game: Game, result: Result, human: int | None = None) -> None:
    """The final breakdown as a table (one column per seat, one row per scoring line, the
    largest group of each Yaxha colour as "points (cubes)"), then who won, in a sentence."""
    terminal = _terminal(game)
    rows_of = terminal.breakdown_rows or _plain_rows
    table = Table(title=f"{game.title}: final result", box=box.SIMPLE_HEAD)
    table.add_column("", no_wrap=True)  # the scoring line's name, read whole
    for seat in range(len(result.scores)):  # the winners are in the rank row and the sentence
        table.add_column(escape(seat_name(seat, human)), justify="right")
    per_seat = [dict(rows_of(part)) for part in result.breakdown]
    opponent = terminal.opponent_column(result) if terminal.opponent_column else None
    if opponent is not None:  # a solo game's automated opponent, beside the person
        table.add_column(escape(opponent[0]), justify="right")
    labels: list[str] = []
    for rows in per_seat:
        labels.extend(label for label in rows if label not in labels)
    extra = [opponent[1]] if opponent is not None else []
    for label in labels:
        cells = [rows.get(label, "") for rows in per_seat + extra]
        table.add_row(escape(label), *(escape(str(cell)) for cell in cells))
    totals = [*result.scores, *(rows.get("total", "") for rows in extra)]
    table.add_row("[bold]total[/bold]", *(f"[bold]{score}[/bold]" for score in totals))
    if len(result.scores) > 1:
        table.add_row("rank", *(str(rank) for rank in result.ranks))
    console.print(table)
    console.print(outcome_sentence(game, result, human), markup=False)


def outcome_sentence(game: Game, result: Result, human: int | None) -> str:
    """Who won: "You lost to the Legendary Explorer, 45 to 102." in a solo game (the game
    words it), "Seat 2 won with 42 points." otherwise."""
    solo_sentence = _terminal(game).solo_sentence
    if len(result.scores) == 1 and solo_sentence is not None:
        return solo_sentence(result, "you" if human == 0 else "Seat 1")
    winners = sorted(result.winners)
    if not winners:
        return "Nobody won."
    names = [("you" if seat == human else seat_name(seat)) for seat in winners]
    best = result.scores[winners[0]]
    if len(names) == 1:
        sentence = f"{names[0]} won with {best} points."
    else:
        sentence = f"{', '.join(names[:-1])} and {names[-1]} share the win with {best} points."
    return sentence[0].upper() + sentence[1:]


class Quit(Exception):
    """The person asked to stop the match (q, end of input or Ctrl-C)."""


def _ask(game: Game, state: State, seat: int) -> Any:
    """Show the seat's view and numbered legal actions; return the one the person picks."""
    console.rule(f"{seat_name(seat)} (you) to move")
    view = state.view(seat)
    console.print(game.render_text(view))
    legal = state.legal_actions(seat)
    for number, action in enumerate(legal, start=1):
        console.print(f"  [bold]{number:3d}[/bold]  {escape(action_line(game, action, view))}")
    while True:
        try:
            answer = console.input(f"your choice (1-{len(legal)}, q to quit): ").strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if answer.lower() in {"q", "quit"}:
            raise Quit
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print(f"[red]Type a number from 1 to {len(legal)}.[/red]")


def _save(record: MatchRecord, save: Path | None) -> None:
    if save is not None:
        save.write_text(json.dumps(record.to_json(), indent=1))
        console.print(f"action log saved to {save} (meeplehall replay {save})", markup=False)


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="yaxha, pyramido, ...")],
    players: Annotated[int, typer.Option(help="number of seats")] = 2,
    seat: Annotated[
        str, typer.Option(help="your seat, from 1 (as in the web client), or 'none' for bots only")
    ] = "1",
    seed: Annotated[int, typer.Option(min=0, help="the match's seed")] = 0,
    bots: Annotated[
        int, typer.Option(help="level of the bots in the other seats: 1 random, 2 greedy, 3 MCTS")
    ] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="write the action log to this file (also on q)")
    ] = None,
) -> None:
    """Play one seat in the terminal against bots (or watch bots play with --seat none)."""
    game = _game(game_name)
    options = _parse_options(option or [])
    level = _bot_level(bots)
    state = _new_state(game, players, options, seed)
    human = _human_seat(seat, players)
    if save is not None:
        _check_writable(save, "--save")
    record = MatchRecord(game.name, players, seed, options)
    seat_bots = {s: make_bot(level, seed=seed * 31 + s) for s in range(players) if s != human}

    def name(s: int) -> str:
        return seat_name(s, human)

    if human is not None:
        console.print(f"You play seat {human + 1} of {players}; the others are level-{level} bots.")
    try:
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
                    console.print(f"[dim]{escape(event_line(game, event, name, players))}[/dim]")
    except (Quit, KeyboardInterrupt) as stop:  # Ctrl-C while bots think keeps the log too
        _save(record, save)
        console.print("Match left unfinished.")
        raise typer.Exit(0 if isinstance(stop, Quit) else 130) from None
    if human is not None:
        console.rule("final position")
        console.print(game.render_text(state.view(human)))
    print_result(game, state.result(), human)
    _save(record, save)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a JSON action log written by play --save")],
) -> None:
    """Replay a saved match from its action log and print its result."""
    try:
        record = MatchRecord.from_json(json.loads(file.read_text()))
        state = record.replay()
    except (OSError, ValueError, KeyError, TypeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise _refuse("FILE", f"cannot replay {file}: {reason}") from None
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
    runs: Annotated[int, typer.Option(min=1, help="runs; the median is printed")] = 5,
    games: Annotated[int, typer.Option(min=1, help="games per run")] = 200,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
    ] = None,
) -> None:
    """Benchmark a game engine: random full games per second through the protocol."""
    game = _game(game_name)
    options = _parse_options(option or [])
    _new_state(game, players, options, 0)
    figures = bench_engine(game, players, options, runs, games)
    for line in figures.lines():
        console.print(line)


def _check_plot_possible() -> None:
    """The chart needs matplotlib, the optional ``plot`` extra: say so before any game is
    played, not after the run."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise _refuse(
            "--plot", "the chart needs matplotlib: pip install 'meeplehall[plot]'"
        ) from None


def _arena_files(out: Path, stem: str, plot: bool, overwrite: bool) -> dict[str, Path]:
    """Where the run's files go; a run never replaces earlier files unless told to."""
    if out.exists() and not out.is_dir():
        raise _refuse("--out", f"{out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _refuse("--out", f"cannot create {out}: {error.strerror}") from None
    files = {"games": out / f"{stem}-games.json", "summary": out / f"{stem}-summary.csv"}
    if plot:
        files["chart"] = out / f"{stem}.png"
    present = [str(path) for path in files.values() if path.exists()]
    if present and not overwrite:
        raise _refuse(
            "--out", f"{', '.join(present)} already exist; choose another --out or add --overwrite"
        )
    return files


def arena_table(title: str, summaries: Sequence[Any]) -> Table:
    """The arena's summary, 80 columns wide at most: the bot labels and intervals whole."""
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("bot", no_wrap=True)
    for column in ("seats", "wins", "95% interval", "score", "ms/move (p95)", "rating"):
        table.add_column(column, justify="right", no_wrap=column == "95% interval")
    for s in summaries:
        table.add_row(
            escape(s.label), str(s.seats), f"{s.win_rate:.1%}",
            f"{s.win_low:.1%}-{s.win_high:.1%}", f"{s.mean_score:.1f}",
            f"{s.mean_decision_ms:.0f} ({s.p95_decision_ms:.0f})", f"{s.mu:.1f}±{s.sigma:.1f}",
        )
    table.caption = (
        "decision time in ms: mean (95th percentile); rating: OpenSkill mu±sigma; "
        "a win shared by k seats counts 1/k"
    )
    return table


@app.command()
def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="yaxha, pyramido, ...")],
    bots: Annotated[
        str, typer.Option(help="bot levels, comma-separated; settings after a colon: 3:seconds=0.2")
    ] = "1,2",
    games: Annotated[int, typer.Option(min=1, help="games to play")] = 400,
    players: Annotated[int, typer.Option(help="seats per game")] = 2,
    seed: Annotated[int, typer.Option(min=0, help="seed of the first deal")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="processes playing games at once")] = 1,
    out: Annotated[Path, typer.Option(help="folder for the games, summary and chart")] = Path(
        "arena-results"
    ),
    plot: Annotated[bool, typer.Option("--plot", help="also draw a PNG chart")] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="replace the files of an earlier run")
    ] = False,
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
    except ValueError as error:
        raise _refuse("--bots", str(error)) from None
    if not specs:
        raise _refuse("--bots", "at least one bot level is needed")
    _new_state(game, players, options, seed)
    if plot:
        _check_plot_possible()
    labels = [spec.label for spec in specs]
    stem = f"{game.name}-{players}p-" + "-vs-".join(label.replace(":", "_") for label in labels)
    files = _arena_files(out, stem, plot, overwrite)
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
        TextColumn("{task.fields[standings]}", markup=False),
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
    title = f"{game.title}, {players} players, {len(outcomes)} games"
    console.print(arena_table(title, summaries))
    write_games(files["games"], game.name, players, options, specs, outcomes)
    write_summary(files["summary"], summaries)
    console.print(f"games: {files['games']}", markup=False)
    console.print(f"summary: {files['summary']}", markup=False)
    if plot:
        write_chart(files["chart"], title, summaries, players)
        console.print(f"chart: {files['chart']}", markup=False)


@app.command()
def games() -> None:
    """List the registered games."""
    for game in all_games():
        console.print(f"{game.name:12s} {game.title} ({game.min_players}-{game.max_players})")


@app.command()
def serve(
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
        float,
        typer.Option(min=0, help="remove waiting tables nobody touched for this long (0: never)"),
    ] = 240.0,
    table_idle_seconds: Annotated[
        float,
        typer.Option(min=0.1, help="drop a table in play from memory after this many seconds "
                     "with no socket on it and nothing due (it reloads from its log)"),
    ] = 300.0,
    socket_limits: Annotated[
        bool,
        typer.Option(
            "--socket-limits/--no-socket-limits",
            help="limit how fast each table WebSocket and each address send messages, and how "
            "many sockets one address opens (turn off only for load tests from one address)",
        ),
    ] = True,
    chat_burst: Annotated[
        float,
        typer.Option(min=1.0, help="table chat messages one user may send at once"),
    ] = 5.0,
    chat_rate: Annotated[
        float,
        typer.Option(min=0.001, help="table chat messages a second one user may send after "
                     "the first burst (0.5: one every two seconds)"),
    ] = 0.5,
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
) -> None:
    """Run the arena server (HTTP lobby, table WebSockets, web client)."""
    import uvicorn

    from meeplehall.server.app import create_app
    from meeplehall.server.config import Settings
    from meeplehall.server.logsetup import FORMATS, LEVELS, configure
    from meeplehall.server.metrics import networks

    if log_level not in LEVELS:
        raise _refuse("--log-level", f"one of {', '.join(LEVELS)}, not {log_level!r}")
    if log_format not in FORMATS:
        raise _refuse("--log-format", f"one of {', '.join(FORMATS)}, not {log_format!r}")
    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise _refuse("--root-path", f"a path like /games (a leading /, none at the end), "
                      f"not {root_path!r}")
    try:
        networks(metrics_allow or ())
    except ValueError as error:
        raise _refuse("--metrics-allow", str(error)) from None
    try:
        proxies = _proxy_list(forwarded_allow_ips)
    except ValueError as error:
        raise _refuse("--forwarded-allow-ips", str(error)) from None
    _check_serve_settings(host, port, data_dir, database_url, redis_url)
    _check_mail_settings(smtp_url, public_url)
    settings = Settings(
        metrics_allow=tuple(metrics_allow or Settings.metrics_allow),
        data_dir=data_dir, database_url=database_url, bot_workers=bot_workers,
        bot_cheap_workers=bot_cheap_workers, max_bot_only_tables=max_bot_only_tables,
        max_strong_bot_tables=max_strong_bot_tables, bot_move_delay=bot_move_delay,
        redis_url=redis_url,
        allowed_origins=tuple(allowed_origin or ()), creation_limits=creation_limits,
        idle_table_minutes=idle_table_minutes, table_idle_seconds=table_idle_seconds,
        socket_limits=socket_limits, chat_burst=chat_burst, chat_rate=chat_rate,
        smtp_url=smtp_url, mail_from=mail_from,
        public_url=public_url or f"http://{host}:{port}", mail_turn_hours=mail_turn_hours,
        away_minutes=away_minutes,
    )
    try:
        application = create_app(settings)
    except ValueError as error:  # an --allowed-origin that is no origin
        raise _refuse("--allowed-origin", str(error)) from None
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


def _check_mail_settings(smtp_url: str, public_url: str) -> None:
    from meeplehall.server.mail import MailSettingError, parse_smtp_url

    if smtp_url:
        try:
            parse_smtp_url(smtp_url)
        except MailSettingError as error:
            raise _refuse("--smtp-url", str(error)) from None
    if public_url and not public_url.startswith(("http://", "https://")):
        raise _refuse("--public-url", f"{public_url!r} is no http:// or https:// address")


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
        raise _refuse("--host", f"{host!r} is no address of this machine") from None
    if database_url:
        from meeplehall.server.db.urls import DatabaseUnavailable, check_reachable, normalise

        try:
            url = normalise(database_url)
        except ValueError:
            raise _refuse(
                "--database-url", f"{database_url!r} is no database URL "
                "(like postgresql://user@host/db)"
            ) from None
        try:
            check_reachable(url)
        except DatabaseUnavailable as error:
            raise cli_ops.fail(*error.lines) from None
    else:
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _refuse("--data-dir", f"cannot create {data_dir}: {error.strerror}") from None
    if redis_url and redis_url.partition("://")[0] not in {"redis", "rediss", "unix"}:
        raise _refuse("--redis-url", f"{redis_url!r} is no redis://, rediss:// or unix:// URL")
