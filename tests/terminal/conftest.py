"""Helpers for driving the ``plunder`` command in-process."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from typer.testing import CliRunner, Result

from plunder.cli import app


class Plunder:
    """Runs ``plunder ARGS`` with scripted standard input."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, args: Sequence[str], input: str | None = None) -> Result:
        return self.runner.invoke(app, list(args), input=input)


@pytest.fixture
def plunder_cli() -> Plunder:
    return Plunder()
