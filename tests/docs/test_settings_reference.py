"""docs/deploy.md's table of settings is the one the code makes, row for row, and each row's
three names reach the same setting: the flag, the environment variable and the file's key."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeplehall.cli.configuration import SettingError, load
from meeplehall.cli.reference import table, with_table

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def test_the_docs_table_is_the_one_the_settings_make() -> None:
    document = DEPLOY.read_text()
    assert with_table(document) == document, (
        "docs/deploy.md's settings table is stale: python -m meeplehall.cli.reference "
        "docs/deploy.md")
    assert "`--bot-workers` | `MEEPLEHALL_BOT_WORKERS`, `bot_workers` | `1`" in table()


def test_flags_win_over_the_environment_which_wins_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = tmp_path / "hall.toml"
    config.write_text('bot_workers = 3\nchat_history = 7\nport = 8100\n'
                      'metrics_allow = ["10.0.0.9"]\n')
    monkeypatch.setenv("MEEPLEHALL_CHAT_HISTORY", "9")
    monkeypatch.setenv("MEEPLEHALL_PORT", "8200")
    settings = load({"port": 8300}, config)
    assert (settings.bot_workers, settings.chat_history, settings.port) == (3, 9, 8300)
    assert settings.metrics_allow == ("10.0.0.9",)
    assert load({}, None).bot_workers == 1  # nothing set: the default


@pytest.mark.parametrize(("variable", "value", "option", "reason"), [
    ("MEEPLEHALL_BOT_WORKERS", "0", "--bot-workers", "greater than or equal to 1"),
    ("MEEPLEHALL_LOG_FORMAT", "xml", "--log-format", "one of text, json, not 'xml'"),
    ("MEEPLEHALL_METRICS_ALLOW", "10.0.0.9", "--metrics-allow", "must be a JSON list"),
])
def test_a_set_but_unusable_variable_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, option: str, reason: str,
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(SettingError) as refused:
        load({}, None)
    assert refused.value.option == option
    assert reason in refused.value.reason and variable in refused.value.reason


def test_an_unknown_key_in_the_file_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "hall.toml"
    config.write_text("bot_workrs = 2\n")
    with pytest.raises(SettingError, match="'bot_workrs' is no setting"):
        load({}, config)
