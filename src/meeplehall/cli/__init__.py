"""The ``meeplehall`` command: play in the terminal, replay a saved match, benchmark engines,
pit bots against each other in the arena, run the server and look after its database.

One module per family of commands (``play``, ``arena``, ``bench``, ``serve``, ``database``,
``admin``); this one assembles them into ``app``, in the order ``--help`` lists them. A wrong
value on the command line is one line on stderr ("Error: ..."), never a traceback
(``errors.py``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from meeplehall.cli import admin, analyse, arena, bench, database, play, serve
from meeplehall.cli.errors import OneLineErrors

app = typer.Typer(
    cls=OneLineErrors,
    help="Meeple Hall: a self-hostable board-game arena.",
    no_args_is_help=True,
)


def _print_version(asked: bool) -> None:
    """The release, and the database schema revision it migrates to (CHANGELOG.md)."""
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        from meeplehall.server.db.engine import schema_head

        try:
            number = version("meeplehall")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown"
        typer.echo(f"meeplehall {number} (database schema {schema_head()})")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True,
                     help="print the version and the database schema it expects, and stop"),
    ] = False,
) -> None:
    """Meeple Hall: a self-hostable board-game arena."""


app.command("migrate")(database.migrate_command)
app.command("backup")(database.backup_command)
app.command("export")(database.export_command)
app.add_typer(admin.admin_app, name="admin")
app.command("play")(play.play_command)
app.command("replay")(play.replay_command)
app.command("analyse")(analyse.analyse_command)
app.command("bench")(bench.bench_command)
app.command("arena")(arena.arena_command)
app.command("games")(play.games_command)
app.command("serve")(serve.serve_command)

__all__ = ["app"]
