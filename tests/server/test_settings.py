"""Each server setting is declared once: its flag, its environment variable, its
check and its line in docs/server.md all come from the declaration."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plunder.cli import app
from plunder.server import command
from plunder.server.settings import (
    Deployment,
    Settings,
    declarations,
    env_var,
    flag,
    settings_table,
)

DOCS = Path(__file__).parents[2] / "docs" / "server.md"
DECLARED = [
    (cls, name, kind, default, declared)
    for cls in (Settings, Deployment)
    for name, kind, default, declared in declarations(cls)
]
IDS = [name for _, name, *_ in DECLARED]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """What ``plunder serve`` would have served, in place of serving it: (serving,
    workers, first internal port) for each call."""
    calls: list[Any] = []
    monkeypatch.setattr(command, "serve_one", lambda serving, _: calls.append((serving, 1, 0)))
    monkeypatch.setattr(command, "supervise",
                        lambda serving, workers, first: calls.append((serving, workers, first)))
    monkeypatch.chdir(tmp_path)
    return calls


def other_value(kind: type, default: Any, low: float | None, high: float | None) -> Any:
    """A value of the setting's kind, within its bounds, that is not its default."""
    if kind is bool:
        return not default
    if kind is str:
        return "10.0.0.1"
    value = (low or 0) + 1 if default != (low or 0) + 1 else (low or 0) + 2
    value = min(value, high) if high is not None else value
    return int(value) if kind is int else float(value)


def given(calls: list[Any], name: str) -> Any:
    serving, workers, first = calls[-1]
    if name == "workers":
        return workers
    if name == "internal_port":
        return first
    if hasattr(serving.settings, name):
        return getattr(serving.settings, name)
    return getattr(serving, name)


@pytest.mark.parametrize(("cls", "name", "kind", "default", "declared"), DECLARED, ids=IDS)
def test_each_setting_is_a_flag_and_an_environment_variable(
    served, cls, name, kind, default, declared, monkeypatch
):
    value = other_value(kind, default, declared.low, declared.high)
    if name == "push_contact":  # an address push services can write to, nothing else
        value = "mailto:crew@example.com"
    # Several workers need PostgreSQL; the store is not opened when the check is
    # stood in for.
    monkeypatch.setattr(command, "store_url", lambda db: "postgresql://x@y/z")
    if kind is bool:
        args = [flag(name) if value else f"--no-{flag(name).removeprefix('--')}"]
    else:
        args = [flag(name), str(value)]
    # The workers' internal ports are used by several workers only.
    many = ["--workers", "2"] if name == "internal_port" else []
    result = CliRunner().invoke(app, ["serve", *many, *args])
    assert result.exit_code == 0, result.output
    assert given(served, name) == value
    result = CliRunner().invoke(app, ["serve", *many], env={env_var(name): str(value).lower()})
    assert result.exit_code == 0, result.output
    assert given(served, name) == value


BOUNDED = [(cls, name, kind, d) for cls, name, kind, _, d in DECLARED
           if d.low is not None or d.high is not None]


@pytest.mark.parametrize(("cls", "name", "kind", "declared"), BOUNDED,
                         ids=[b[1] for b in BOUNDED])
def test_a_value_out_of_bounds_is_refused_by_the_flag_and_the_check(
    served, cls, name, kind, declared
):
    outside = declared.low - 1 if declared.low is not None else declared.high + 1
    outside = int(outside) if kind is int else outside
    result = CliRunner().invoke(app, ["serve", flag(name), str(outside)])
    assert result.exit_code == 2 and not served
    assert flag(name) in result.output
    with pytest.raises(ValueError, match=name):
        dataclasses.replace(cls(), **{name: outside}).check()


def test_the_defaults_pass_the_check() -> None:
    Settings().check()
    Deployment().check()


def test_the_docs_table_is_the_declarations() -> None:
    table = settings_table()
    assert table in DOCS.read_text(encoding="utf-8")
    for _, name, _, _, declared in DECLARED:
        assert f"| `{flag(name)}` |" in table and declared.help in table
