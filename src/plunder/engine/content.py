"""Content data files (TOML), read and validated with errors that point at the fault."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from plunder.engine.errors import ContentError


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML content file; a syntax error names the file and line."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError("the content file is missing", file=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        raise ContentError(f"not valid TOML: {exc}", file=str(path), line=line) from None


def line_of(path: Path, entry: str, field: str = "") -> int | None:
    """The line where ``entry`` (a table header) or its ``field`` is written, when found.

    TOML parsers do not keep positions, so the line is found by reading the text:
    the header ``[...entry]`` and, after it, the first ``field =``.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    start = None
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        if stripped.startswith("[") and stripped.rstrip("]").split(".")[-1].strip('[]" ') == entry:
            start = number
            if not field:
                return number
            continue
        if start is not None and field and stripped.split("=")[0].strip() == field:
            return number
        if start is not None and stripped.startswith("["):
            break
    return start


def fault(path: Path, message: str, entry: str = "", field: str = "") -> ContentError:
    """A ``ContentError`` for ``entry`` (and its ``field``) of ``path``, with its line."""
    line = line_of(path, entry, field) if entry else None
    return ContentError(message, file=str(path), entry=entry, field=field, line=line)


def entry_tables(path: Path, data: Mapping[str, Any], key: str) -> dict[str, dict[str, Any]]:
    """``data[key]``: one ``[key.<name>]`` table per entry, at least one, else a fault."""
    raw = data.get(key)
    if not isinstance(raw, dict) or not raw:
        raise ContentError(f"needs a [{key}.<name>] table per entry", file=str(path), field=key)
    for name, table in raw.items():
        if not isinstance(table, dict):
            raise fault(path, "is not a table", name)
    return raw


def require(
    path: Path, entry: str, table: Mapping[str, Any], field: str, kind: type | tuple[type, ...]
) -> Any:
    """``table[field]``, checked to be of ``kind``; else a ``ContentError`` naming all three."""
    if field not in table:
        raise ContentError(
            "is missing", file=str(path), entry=entry, field=field, line=line_of(path, entry)
        )
    value = table[field]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        ok = False
    else:
        ok = isinstance(value, kind)
    if not ok:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ContentError(
            f"is {value!r}; expected {names}",
            file=str(path),
            entry=entry,
            field=field,
            line=line_of(path, entry, field),
        )
    return value
