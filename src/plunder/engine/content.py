"""Content data files (TOML), read and validated with errors that point at the fault.

Every game reads its content through this module: ``Schema`` declares the fields
of a table's entries (type, default, bounds, choices, names of other entries,
effect codes) and builds each entry, ``read_table`` checks a single table, and
``fault`` makes the error for a check a game writes itself (a total that must add
up, a card two lists must agree on). A ``ContentError`` names the file, the
entry, the field and its line.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plunder.engine.errors import ContentError
from plunder.engine.tuning import apply_overrides

if TYPE_CHECKING:
    from plunder.engine.effects import EffectRegistry


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML content file; a syntax error names the file and line.

    The numbers the environment overrides (``plunder.engine.tuning``: a search of
    the balance lab playing a setting of the game's tunable parameters) replace
    the file's.
    """
    try:
        with path.open("rb") as handle:
            return apply_overrides(path, tomllib.load(handle))
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
        header = stripped.strip("[] ").replace('"', "") if stripped.startswith("[") else None
        if header is not None and (header == entry or header.endswith("." + entry)):
            start = number
            if not field:
                return number
            continue
        if start is not None and field and stripped.split("=")[0].strip().strip("\"'") == field:
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


# ------------------------------------------------------------------ schemas
# A field without a default must be written.
REQUIRED: Any = object()


@dataclass(frozen=True)
class Field:
    """What one field of a content entry may hold.

    ``kind`` is the TOML type (``str``, ``int``, ``float``, ``bool``, ``list``,
    ``dict``); ``default`` is used when the field is left out (none: it must be
    written). A number may have bounds (``low``, ``high``); text or a list's items
    may be limited to ``choices``, or to the names given at read time under
    ``names`` (another file's entries, say); a list's items have the type
    ``items`` (text unless said). ``effects`` reads a list of effect codes through
    the registry given at read time, into ``Step`` values. ``unique`` refuses two
    entries with the same value. ``length`` bounds a list's length as ``(low,
    high)``.
    """

    kind: type | tuple[type, ...]
    default: Any = REQUIRED
    choices: tuple[Any, ...] | None = None
    low: float | None = None
    high: float | None = None
    names: str | None = None
    items: type | tuple[type, ...] = str
    effects: bool = False
    unique: bool = False
    length: tuple[int, int | None] | None = None


class Schema:
    """The fields of the entries of one table of a content file, checked on reading.

    ``Schema("cards", Card, title=Field(str), cost=Field(int, low=0))`` reads every
    ``[cards.<name>]`` table into ``Card(name=<name>, title=..., cost=...)``
    (``key`` names the field that receives the entry's name; ``None``: none). A
    field the schema does not know is refused (a typo would otherwise be
    ignored), as is a missing field without a default, a value of the wrong
    type, out of bounds or not among its choices; each ``ContentError`` names the
    file, the entry, the field and its line.
    """

    def __init__(
        self, table: str, make: Callable[..., Any] = dict, /, *, key: str | None = "name",
        **fields: Field,
    ) -> None:
        self.table = table
        self.make = make
        self.key = key
        self.fields = fields

    def read(
        self,
        path: Path,
        data: Mapping[str, Any] | None = None,
        *,
        names: Mapping[str, Collection[str]] | None = None,
        effects: EffectRegistry | None = None,
    ) -> dict[str, Any]:
        """Every entry of the table in ``path`` (``data``: the file already read), built."""
        data = read_toml(path) if data is None else data
        out: dict[str, Any] = {}
        seen: dict[str, dict[Any, str]] = {name: {} for name, f in self.fields.items() if f.unique}
        for entry, table in entry_tables(path, data, self.table).items():
            values = self.values(path, entry, table, names=names, effects=effects)
            for name, owners in seen.items():
                value = _hashable(values[name])
                if value in owners:
                    raise fault(path, f"is also {owners[value]!r}'s {name}", entry, name)
                owners[value] = entry
            if self.key is not None:
                values[self.key] = entry
            out[entry] = self.make(**values)
        return out

    def values(
        self,
        path: Path,
        entry: str,
        table: Mapping[str, Any],
        *,
        names: Mapping[str, Collection[str]] | None = None,
        effects: EffectRegistry | None = None,
    ) -> dict[str, Any]:
        """One entry's fields, checked, with defaults filled in (not yet built)."""
        unknown = sorted(set(table) - set(self.fields))
        if unknown:
            raise fault(
                path, f"is not a field of {self.table} (fields: {', '.join(self.fields)})",
                entry, unknown[0],
            )
        out = {}
        for name, spec in self.fields.items():
            if name not in table:
                if spec.default is REQUIRED:
                    raise ContentError(
                        "is missing", file=str(path), entry=entry, field=name,
                        line=line_of(path, entry),
                    )
                out[name] = spec.default
                continue
            out[name] = _check(path, entry, name, spec, table[name], names or {}, effects)
        return out


def read_table(
    path: Path, data: Mapping[str, Any], table: str, **fields: Field
) -> dict[str, Any]:
    """One table (``[start]``), its fields checked as a ``Schema`` checks an entry's."""
    raw = data.get(table)
    if not isinstance(raw, dict):
        raise ContentError(f"needs a [{table}] table", file=str(path), field=table)
    return Schema(table, key=None, **fields).values(path, table, raw)


def _check(
    path: Path,
    entry: str,
    name: str,
    spec: Field,
    value: Any,
    names: Mapping[str, Collection[str]],
    effects: EffectRegistry | None,
) -> Any:
    def wrong(message: str) -> ContentError:
        return fault(path, message, entry, name)

    if not _is(value, spec.kind):
        raise wrong(f"is {value!r}; expected {_kind_words(spec.kind)}")
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and (
        (spec.low is not None and value < spec.low) or (spec.high is not None and value > spec.high)
    ):
        if spec.low == 0 and spec.high is None:
            raise wrong(f"is {value!r}; it must not be negative")
        if spec.high is None:
            raise wrong(f"is {value!r}; expected {spec.low} or more")
        if spec.low is None:
            raise wrong(f"is {value!r}; expected {spec.high} or less")
        raise wrong(f"is {value!r}; expected {spec.low} to {spec.high}")
    if isinstance(value, list):
        if spec.length is not None:
            low, high = spec.length
            if len(value) < low or (high is not None and len(value) > high):
                raise wrong(f"lists {len(value)}; expected {low} to {high or 'any number'}")
        if spec.effects:
            if effects is None:
                raise ValueError(f"{name} lists effects: read it with an effect registry")
            return tuple(effects.parse(code, path, entry, name) for code in value)
        for item in value:
            if not _is(item, spec.items):
                raise wrong(f"holds {item!r}; expected {_kind_words(spec.items)} items")
            _among(item, spec, names, wrong)
        return tuple(value)
    _among(value, spec, names, wrong)
    return value


def _among(
    value: Any, spec: Field, names: Mapping[str, Collection[str]],
    wrong: Callable[[str], ContentError],
) -> None:
    if spec.choices is not None and value not in spec.choices:
        raise wrong(f"is {value!r}; expected one of {', '.join(map(str, spec.choices))}")
    if spec.names is not None:
        if spec.names not in names:
            raise ValueError(f"read this schema with names[{spec.names!r}]")
        known = names[spec.names]
        if value not in known:
            shown = ", ".join(map(str, known))
            raise wrong(f"names {value!r}, which is not one of the {spec.names} ({shown})")


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds
    if float in kinds and isinstance(value, int):
        return True
    return isinstance(value, kinds)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
             list: "a list", dict: "a table"}
    return " or ".join(words.get(k, k.__name__) for k in kinds)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
