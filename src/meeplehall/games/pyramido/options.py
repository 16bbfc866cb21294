"""Pyramido's table options and their checks."""

from __future__ import annotations

from typing import Any

from meeplehall.core import InvalidOption, OptionSpec
from meeplehall.games.pyramido.components import DominoFileError, load_dominoes
from meeplehall.games.pyramido.legend import A_LEGEND, THE_LEGEND


def check_domino_file(value: Any) -> str:
    """A domino set the server offers (empty: the usual dominoes), loaded and checked now so
    that a bad file is refused when the table is made."""
    if not isinstance(value, str):
        raise InvalidOption(f"option 'dominoes' must be a name, not {value!r}")
    try:
        load_dominoes(value or None)
    except DominoFileError as error:
        raise InvalidOption(f"option 'dominoes': {error}") from None
    return value


OPTIONS = (
    OptionSpec(
        key="legend",
        kind="choice",
        default=A_LEGEND,
        label="Legendary Explorer (solo)",
        help="Solo difficulty: become a Legend, or become THE Legend (with 7 or more mythical"
        " gems at a stage start the Explorer draws one more gem).",
        choices=(A_LEGEND, THE_LEGEND),
        players=(1,),
    ),
    OptionSpec(
        key="dominoes",
        kind="str",
        default="",
        label="Domino set",
        help="Leave empty to play with the usual dominoes, or name another set of dominoes the "
        "server offers.",
        check=check_domino_file,
        advanced=True,
    ),
)
