"""The values the game commands (play, arena, bench) share, read and checked before any play.

Seats count from 1 here, as in the web client (``--seat 1`` is the first seat); the match
records keep the engines' own seat indices, from 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from meeplehall.ai.base import LEVELS
from meeplehall.cli.errors import refuse
from meeplehall.core import Game, InvalidOption, State, UnknownGame
from meeplehall.core.registry import get_game

#: ``--option key=value``, repeatable: a game option.
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="a game option, key=value")
]


def game_named(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownGame as error:
        raise refuse("GAME", error.reason) from None


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; a value is read as JSON when it parses, as text otherwise."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise refuse("--option", f"options look like key=value, not {pair!r}")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def new_state(game: Game, players: int, options: dict[str, Any], seed: int) -> State:
    """The match's first state; a player count or option the game refuses is a usage error."""
    try:
        return game.new_state(players, options, seed)
    except InvalidOption as error:
        option = "--players" if "players" in error.reason else "--option"
        raise refuse(option, error.reason) from None


def bot_level(level: int) -> int:
    if level not in LEVELS:
        known = ", ".join(str(number) for number in LEVELS)
        raise refuse("--bots", f"no bot of level {level}; the levels are {known}")
    return level


def human_seat(text: str, players: int) -> int | None:
    """``--seat``: a seat from 1 to ``players`` (the engine's index is one less), or none."""
    if text.strip().lower() == "none":
        return None
    if not text.strip().isdigit() or not 1 <= int(text) <= players:
        raise refuse("--seat", f"a seat from 1 to {players}, or none, not {text!r}")
    return int(text) - 1


def check_writable(path: Path, option: str) -> None:
    """Refuse, before any play, a file that could not be written at the end."""
    if path.is_dir():
        raise refuse(option, f"{path} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise refuse(option, f"the folder {folder} does not exist")
    try:
        path.open("a").close()
    except OSError as error:
        raise refuse(option, f"cannot write {path}: {error.strerror}") from None
