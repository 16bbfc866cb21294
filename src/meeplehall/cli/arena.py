"""``meeplehall arena``: bots against bots on shared deals, with the summary as a table and the
games, summary and chart as files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
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

from meeplehall.cli.args import GameOptions, game_named, new_state, parse_options
from meeplehall.cli.errors import refuse
from meeplehall.cli.terminal import console


def _check_plot_possible() -> None:
    """The chart needs matplotlib, the optional ``plot`` extra: say so before any game is
    played, not after the run."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise refuse(
            "--plot", "the chart needs matplotlib: pip install 'meeplehall[plot]'"
        ) from None


def _arena_files(out: Path, stem: str, plot: bool, overwrite: bool,
                 analyse: bool = False) -> dict[str, Path]:
    """Where the run's files go; a run never replaces earlier files unless told to."""
    if out.exists() and not out.is_dir():
        raise refuse("--out", f"{out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise refuse("--out", f"cannot create {out}: {error.strerror}") from None
    files = {"games": out / f"{stem}-games.json", "summary": out / f"{stem}-summary.csv"}
    if plot:
        files["chart"] = out / f"{stem}.png"
    if analyse:
        files["analysis"] = out / f"{stem}-analysis.json"
    present = [str(path) for path in files.values() if path.exists()]
    if present and not overwrite:
        raise refuse(
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


def arena_command(
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
    analyse: Annotated[
        bool, typer.Option("--analyse", help="also analyse every game (meeplehall analyse)")
    ] = False,
    analysis_iterations: Annotated[
        int, typer.Option(min=1, help="search iterations per decision for --analyse")
    ] = 200,
    option: GameOptions = None,
) -> None:
    """Bots against bots: seat rotation on shared deals, win rates, scores, time, ratings."""
    from meeplehall.ai.arena import BotSpec, GameOutcome, run_arena, schedule
    from meeplehall.ai.arena_output import write_chart, write_games, write_summary
    from meeplehall.ai.arena_stats import summarize, win_credits

    game = game_named(game_name)
    options = parse_options(option or [])
    try:
        specs = [BotSpec.parse(text) for text in bots.split(",") if text.strip()]
    except ValueError as error:
        raise refuse("--bots", str(error)) from None
    if not specs:
        raise refuse("--bots", "at least one bot level is needed")
    new_state(game, players, options, seed)
    if plot:
        _check_plot_possible()
    labels = [spec.label for spec in specs]
    stem = f"{game.name}-{players}p-" + "-vs-".join(label.replace(":", "_") for label in labels)
    files = _arena_files(out, stem, plot, overwrite, analyse)
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
    if analyse:
        _write_analyses(files["analysis"], outcomes, labels, analysis_iterations)
        console.print(f"analysis: {files['analysis']}", markup=False)


def _write_analyses(path: Path, outcomes: Sequence[Any], labels: Sequence[str],
                    iterations: int) -> None:
    """Each game's analysis (as ``meeplehall analyse --json`` prints it), in the games file's
    order, with the game's index and bots."""
    import json

    from meeplehall.ai.analysis import analyse_record, analysis_json

    games = []
    for outcome in outcomes:
        decisions = analyse_record(outcome.record, iterations)
        games.append({"index": outcome.plan.index,
                      "bots": [labels[spec] for spec in outcome.plan.seats],
                      "iterations": iterations,
                      **analysis_json(outcome.record.players, decisions)})
    path.write_text(json.dumps({"games": games}))
