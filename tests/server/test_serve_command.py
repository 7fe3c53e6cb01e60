"""``plunder serve`` refuses a bad port or store in one line, and takes a bare path
as a SQLite file; the server itself is not started (uvicorn's server is stood in
for). A SQLite file is served by one process: several workers on it, or a second
server on a file another serves, are refused in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from plunder.cli import app
from server.kit import ServerProcess


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    def run(server: uvicorn.Server, sockets: Any = None) -> None:
        calls.append({"port": server.config.port})

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return calls


def serve(*args: str) -> Any:
    return CliRunner().invoke(app, ["serve", *args])


def one_line_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("port", ["99999", "0", "-5"])
def test_a_port_out_of_range_is_one_line(started: list[dict[str, Any]], port: str) -> None:
    assert "a port is a number from 1 to 65535" in one_line_error(serve("--port", port))
    assert not started


def test_a_url_of_no_known_database_is_one_line(started: list[dict[str, Any]]) -> None:
    line = one_line_error(serve("--db", "bogus://x"))
    assert "--db bogus://x" in line and "bogus" in line
    assert not started


def test_a_folder_is_not_a_store(started: list[dict[str, Any]], tmp_path: Path) -> None:
    assert "that is a folder" in one_line_error(serve("--db", str(tmp_path)))


def test_a_bare_path_is_a_sqlite_file(started: list[dict[str, Any]], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = serve("--db", "some/file.sqlite3", "--port", "8123")
    assert result.exit_code == 0, result.output
    assert "tables stored in sqlite:///some/file.sqlite3" in result.output
    assert started and started[0]["port"] == 8123
    assert (tmp_path / "some" / "file.sqlite3").is_file()


def test_several_workers_on_a_sqlite_file_are_refused_in_one_line(
    started: list[dict[str, Any]], tmp_path: Path
) -> None:
    line = one_line_error(serve("--db", str(tmp_path / "t.sqlite3"), "--workers", "3"))
    assert "--workers 3 needs a PostgreSQL store" in line
    assert not started


def test_a_second_server_on_a_sqlite_file_another_serves_is_refused_in_one_line(
    started: list[dict[str, Any]], tmp_path: Path
) -> None:
    path = tmp_path / "t.sqlite3"
    first = ServerProcess(f"sqlite:///{path}", tmp_path / "first.log")
    first.start()
    try:
        line = one_line_error(serve("--db", str(path), "--port", "8124"))
        assert f"another plunder serve already serves {path}" in line
        assert not started
    finally:
        first.stop()
    # Once the first has stopped, the file is free to serve again.
    result = serve("--db", str(path), "--port", "8124")
    assert result.exit_code == 0, result.output
    assert started and started[0]["port"] == 8124
