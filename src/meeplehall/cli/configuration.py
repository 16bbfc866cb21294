"""Where ``serve`` gets its settings: the flags given, then ``MEEPLEHALL_*`` environment
variables, then the ``--config`` TOML file, then the defaults of ``Settings``, each checked
against the one declaration of its setting (``meeplehall.server.config``).

A value that is set but does not fit (a wrong type, out of bounds, an unknown key in the file)
stops the start with one line naming the setting in all its forms.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from meeplehall.cli.errors import refuse
from meeplehall.server.config import ENV_PREFIX, Settings, flag_of, variable_of


class SettingError(Exception):
    """A setting that was given but cannot be used: ``option`` names it as a flag, ``reason``
    says why and where else it may have been set."""

    def __init__(self, option: str, reason: str) -> None:
        super().__init__(f"{option}: {reason}")
        self.option, self.reason = option, reason


def load(given: dict[str, Any], config_file: Path | None) -> Settings:
    """The settings: ``given`` (the flags on the command line) over the environment over the
    file over the defaults."""
    if config_file is not None:
        _check_readable(config_file)

    class Layered(BaseSettings, Settings):
        model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="forbid",
                                          toml_file=config_file)

        @classmethod
        def settings_customise_sources(
            cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
            env_settings: PydanticBaseSettingsSource,
            dotenv_settings: PydanticBaseSettingsSource,
            file_secret_settings: PydanticBaseSettingsSource,
        ) -> tuple[PydanticBaseSettingsSource, ...]:
            layers = [init_settings, env_settings]
            if config_file is not None:
                layers.append(TomlConfigSettingsSource(settings_cls))
            return tuple(layers)

    try:
        layered = Layered(**given)
    except ValidationError as error:
        raise _first_problem(error) from None
    except ValueError as error:  # pydantic-settings: a list in the environment that is no JSON
        name = str(error).split('"')[1] if '"' in str(error) else ""
        if name not in Settings.model_fields:
            raise
        raise SettingError(flag_of(name), f"{variable_of(name)} must be a JSON list, like "
                           f'["10.0.0.9"]') from None
    return Settings.model_validate(layered.model_dump())


def _check_readable(path: Path) -> None:
    try:
        tomllib.loads(path.read_text())
    except OSError as error:
        raise refuse("--config", f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise refuse("--config", f"{path} is no TOML file: {error}") from None


def _first_problem(error: ValidationError) -> SettingError:
    problem = error.errors()[0]
    name = str(problem["loc"][0]) if problem["loc"] else ""
    if problem["type"] == "extra_forbidden":
        return SettingError("--config", f"{name!r} is no setting (meeplehall serve --help "
                            "lists them)")
    value = problem.get("input")
    if problem["type"] == "literal_error":
        choices = ", ".join(str(choice) for choice in get_args(
            Settings.model_fields[name].annotation))
        reason = f"one of {choices}, not {value!r}"
    else:
        reason = f"{problem['msg'][0].lower()}{problem['msg'][1:]}, not {value!r}"
    return SettingError(flag_of(name), f"{reason} (given as the flag, {variable_of(name)} or "
                        f"{name} in --config)")
