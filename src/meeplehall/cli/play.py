"""``meeplehall games``, ``play`` and ``replay``: the games, one seat played in the terminal
against bots (from the start, or from a position of a saved match), and a saved match
replayed."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from meeplehall.ai import make_bot
from meeplehall.cli.args import (
    GameOptions,
    bot_level,
    check_writable,
    game_named,
    human_seat,
    new_state,
    parse_options,
)
from meeplehall.cli.errors import refuse
from meeplehall.cli.terminal import action_line, console, event_line, print_result, seat_name
from meeplehall.core import Game, State, events_for
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import all_games


def games_command() -> None:
    """List the registered games."""
    for game in all_games():
        console.print(f"{game.name:12s} {game.title} ({game.min_players}-{game.max_players})")


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


def _load_record(path: Path) -> MatchRecord:
    try:
        return MatchRecord.from_json(json.loads(path.read_text()))
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise refuse("--from", f"cannot read {path}: {reason}") from None


def _position(record: MatchRecord, step: int | None) -> tuple[MatchRecord, State]:
    """The record cut after ``step`` actions (None: all of them) and the state it reaches: a
    position with a move to make, or a usage error."""
    total = len(record.actions)
    step = total if step is None else step
    if step > total:
        raise refuse("--step", f"the record has {total} actions; choose a step from 0 to "
                     f"{total - 1}")
    cut = MatchRecord(record.game, record.players, record.seed, record.options,
                      record.actions[:step], record.generator)
    try:
        state = cut.replay()
    except (ValueError, KeyError, TypeError) as error:  # IllegalAction is a ValueError
        raise refuse("--from", f"the record does not replay: {error}") from None
    if state.is_over():
        raise refuse("--step", f"the match is over after {step} actions; choose a step from 0 "
                     f"to {total - 1}")
    return cut, state


def play_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="yaxha, pyramido, ... (not with "
                                   "--from: the record names it)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (default 2)")] = None,
    seat: Annotated[
        str, typer.Option(help="your seat, from 1 (as in the web client), or 'none' for bots only")
    ] = "1",
    seed: Annotated[
        int | None,
        typer.Option(min=0, help="the match's seed, to play a deal again (default: a random "
                     "one, printed at the start)"),
    ] = None,
    bots: Annotated[
        int, typer.Option(help="level of the bots in the other seats: 1 random, 2 greedy, 3 MCTS")
    ] = 1,
    option: GameOptions = None,
    save: Annotated[
        Path | None, typer.Option(help="write the action log to this file (also on q)")
    ] = None,
    from_file: Annotated[
        Path | None, typer.Option("--from", help="play on from a saved match record (play "
                                  "--save): its game, seats, options and deal")
    ] = None,
    step: Annotated[
        int | None, typer.Option(min=0, help="with --from: start after this many of its "
                                 "actions, as the replay counts them (default: all)")
    ] = None,
) -> None:
    """Play one seat in the terminal against bots (or watch bots play with --seat none), from
    the start or, with --from, from a position of a saved match."""
    if from_file is None:
        if game_name is None:
            raise refuse("GAME", "name a game to play, or give a match record with --from")
        if step is not None:
            raise refuse("--step", "--step is a position of a record given with --from")
        game = game_named(game_name)
        options = parse_options(option or [])
        players = 2 if players is None else players
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = new_state(game, players, options, seed)
        record = MatchRecord(game.name, players, seed, options)
    else:
        if seed is not None or option or players is not None:
            raise refuse("--from", "a record brings its own seats, options and deal: leave out "
                         "--players, --option and --seed")
        record, state = _position(_load_record(from_file), step)
        if game_name is not None and game_name != record.game:
            raise refuse("GAME", f"{from_file} is a match of {record.game}, not {game_name}")
        game, players, seed = record.resolve_game(), record.players, record.seed
    level = bot_level(bots)
    human = human_seat(seat, players)
    if save is not None:
        check_writable(save, "--save")
    seat_bots = {s: make_bot(level, seed=seed * 31 + s) for s in range(players) if s != human}

    def name(s: int) -> str:
        return seat_name(s, human)

    if from_file is None:
        console.print(f"Deal {seed} (the same deal again: --seed {seed}).")
    else:
        console.print(f"From {from_file} after {len(record.actions)} of its actions "
                      f"(deal {seed}).", markup=False)
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


def replay_command(
    file: Annotated[Path, typer.Argument(help="a JSON action log written by play --save")],
) -> None:
    """Replay a saved match from its action log and print its result."""
    try:
        record = MatchRecord.from_json(json.loads(file.read_text()))
        state = record.replay()
    except (OSError, ValueError, KeyError, TypeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise refuse("FILE", f"cannot replay {file}: {reason}") from None
    game = record.resolve_game()
    if not state.is_over():
        console.print(f"{len(record.actions)} actions replayed; the match is not over.")
        console.print(game.render_text(state.view(None)))
        return
    print_result(game, state.result())
