"""The research adapters need the ``rl`` extra; without it their tests skip (fail under CI)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    """Import ``module`` or skip the test with the reason; under CI=true a missing one fails."""
    try:
        return importlib.import_module(module)
    except ImportError:
        reason = f"{module} is not installed: the research adapters need the 'rl' extra"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (required under CI)")
        pytest.skip(reason)
