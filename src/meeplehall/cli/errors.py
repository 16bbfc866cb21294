"""How a command refuses: one line on stderr ("Error: ..."), never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup


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


def refuse(option: str, reason: str) -> typer.BadParameter:
    """The error for a bad value of ``option`` (raise it): a usage error, exit code 2."""
    return typer.BadParameter(reason, param_hint=f"'{option}'")


def fail(*lines: str) -> typer.Exit:
    """Print the lines on stderr; the exit to raise (exit code 1)."""
    for line in lines:
        typer.echo(line, err=True)
    return typer.Exit(1)
