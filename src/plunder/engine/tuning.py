"""What a game lets a search change: its tunable parameters, declared once in its folder.

A game names a TOML file in its manifest (``Manifest.tunables``). Each table of
that file declares one group of parameters, with bounds:

* ``file`` and ``key``: numbers in one of the game's content files, ``key`` a
  dotted path whose parts may be ``*`` (``"heroes.*.hp"``: every hero's HP);
  each match is one parameter, named by its path (``heroes.ishmael.hp``), and its
  current value is the content's;
* ``option``: one of the game's whole-number options (a target score), named by
  the option, its current value the option's default.

``low`` and ``high`` bound every parameter of the group, and its type is that of
the current values (whole numbers stay whole). A content group may say which piece
each of its parameters makes stronger: ``strengthens`` names a kind of the game's
content statistics (``"hero"``; ``"side"`` for the sides), and the piece is the
entry the key's ``*`` stands for (``heroes.ishmael.hp`` strengthens ``hero
ishmael``), or, with ``owner``, the entry that names it (``owner =
"heroes.*.basic"`` with ``key = "skills.*.level1.dice"``: the hero whose basic
attack the skill is; skills no hero has as its basic are left out); ``points`` is
a first guess at how many points of that piece's win share one unit is worth. A
search can then steer each number by its piece's measured share
(``plunder.lab.tune``).

What the rules say of a piece bounds what a search may make of it, so a group
can be narrowed to some pieces and capped by a neighbouring number:

* ``where``: only the entries whose fields hold these values (``where = { role =
  "gunner" }``, or a list of values, any of them), read from the entry the key's
  ``*`` stands for, or with ``owner`` from the owning piece's entry. Groups of
  the same key with other ``where`` give other pieces other bounds: gunners'
  reach never below 2, say, where the rules call the gunner the long-range role;
* ``at_most``: a dotted path of the same file with one ``*`` (the key's entry)
  whose number caps each parameter (``"skills.*.level2.dice"``: a skill's level
  1 never rolls more dice than its level 2).

The balance lab reads the declaration (``plunder lab tune``) and never names a
game.

A content parameter changes what the game reads from its files, and games read
their content once, when first imported. So a setting reaches the games through
the environment: ``content_environment`` gives the value of ``CONTENT_OVERRIDES``
for a setting, and ``read_toml`` (``plunder.engine.content``) applies it in every
process started with it. ``content_diff`` is the change to the files that would
make a setting the default.
"""

from __future__ import annotations

import difflib
import fnmatch
import json
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from plunder.engine.errors import PlunderError

# The environment variable holding content overrides: JSON, an absolute content
# file path -> {dotted key: value}.
CONTENT_OVERRIDES = "PLUNDER_CONTENT_OVERRIDES"


class TuningError(PlunderError):
    """A declaration of tunable parameters, or a choice of them, that does not hold."""


@dataclass(frozen=True)
class Tunable:
    """One parameter a search may change: a number in a content file (``file`` and
    ``key``) or a game option (``option``), from ``low`` to ``high``."""

    name: str
    group: str
    low: float
    high: float
    default: float
    whole: bool
    help: str = ""
    file: Path | None = None
    key: str = ""
    option: str = ""
    strengthens: str = ""  # the piece it makes stronger, as the lab names it: "hero ishmael"
    points: float = 0.0  # a first guess at the win-share points one unit is worth

    def near(self, within: float) -> Tunable:
        """The same parameter bounded to at most ``within`` from its current value (a
        search near the game as it is), inside its declared bounds."""
        low = max(self.low, self.default - within)
        high = min(self.high, self.default + within)
        if low > high:  # the current value lies outside the declared bounds
            return self
        return replace(self, low=low, high=high)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "group": self.group,
            "low": self.low,
            "high": self.high,
            "default": self.default,
            "whole": self.whole,
            "where": f"option {self.option}" if self.option else f"{self.file} [{self.key}]",
            "strengthens": self.strengthens or None,
        }


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _matches(data: Mapping[str, Any], parts: list[str], prefix: tuple[str, ...] = ()) -> Iterable[
    tuple[tuple[str, ...], Any]
]:
    """Every (path, value) of ``data`` that the key parts (``*`` any one) reach."""
    if not parts:
        yield prefix, data
        return
    head, rest = parts[0], parts[1:]
    if not isinstance(data, Mapping):
        return
    for name in (list(data) if head == "*" else [head] if head in data else []):
        yield from _matches(data[name], rest, (*prefix, name))


def read_tunables(
    path: Path, folder: Path, options: Mapping[str, Any] | None = None
) -> tuple[Tunable, ...]:
    """The parameters declared in ``path``, with content files found in ``folder`` and
    options' defaults in ``options`` (option name -> default)."""
    try:
        declared = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TuningError(f"cannot read the tunable parameters in {path}: {exc}") from None
    found: list[Tunable] = []
    for group, entry in declared.items():
        where = f"{path.name} [{group}]"
        if not isinstance(entry, Mapping) or not _number(entry.get("low")) or not _number(
            entry.get("high")
        ):
            raise TuningError(f"{where}: give low and high, numbers")
        low, high = entry["low"], entry["high"]
        if low > high:
            raise TuningError(f"{where}: low {low} is above high {high}")
        help_text = str(entry.get("help", ""))
        if "option" in entry:
            if "strengthens" in entry:
                raise TuningError(f"{where}: strengthens names the piece of a content key's *; "
                                  "an option has none")
            name = str(entry["option"])
            if options is None or name not in options or not _number(options[name]):
                raise TuningError(f"{where}: the game has no number option {name!r}")
            default = options[name]
            found.append(Tunable(name, group, low, high, default, isinstance(default, int),
                                 help_text, option=name))
            continue
        if "file" not in entry or "key" not in entry:
            raise TuningError(f"{where}: name an option, or a content file and a key")
        file = folder / str(entry["file"])
        try:
            content = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise TuningError(f"{where}: cannot read {file}: {exc}") from None
        parts = str(entry["key"]).split(".")
        kind, points = _strengthens(entry, parts, where)
        matched = list(_matches(content, parts))
        if not matched:
            raise TuningError(f"{where}: {entry['key']!r} matches nothing in {file.name}")
        owners = _owners(entry, content, kind, where) if "owner" in entry else None
        wanted = _where(entry, parts, where)
        cap = _at_most(entry, parts, where)
        for keys, value in matched:
            key = ".".join(keys)
            entry_name = keys[parts.index("*")] if "*" in parts else ""
            named = entry_name if kind else ""
            if owners is not None:
                if named not in owners:
                    continue  # an entry no piece owns (an attack no hero has as basic)
                named = owners[named]
            if wanted and not _holds(content, _piece_path(entry, parts, entry_name, owners),
                                     wanted):
                continue  # a piece of another group's bounds
            if not _number(value):
                raise TuningError(f"{where}: {key} in {file.name} is {value!r}, not a number")
            top = high
            if cap:
                capped = _value_at(content, [entry_name if p == "*" else p for p in cap])
                if not _number(capped):
                    raise TuningError(f"{where}: at_most {'.'.join(cap)} is not a number "
                                      f"for {entry_name}")
                top = min(high, capped)
            whole = isinstance(value, int) and isinstance(low, int) and isinstance(top, int)
            piece = f"{kind} {named}" if kind else ""
            found.append(Tunable(key, group, low, top, value, whole, help_text, file, key,
                                 strengthens=piece, points=points))
        if not any(t.group == group for t in found):
            if owners is not None:
                raise TuningError(f"{where}: {entry['key']!r} matches nothing that "
                                  f"{entry['owner']!r} names")
            raise TuningError(f"{where}: {entry['key']!r} matches nothing where "
                              f"{entry.get('where')}")
    names = [t.name for t in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TuningError(f"{path.name} declares {', '.join(twice)} more than once")
    return tuple(found)


# The first guess at a unit's worth in win-share points, where a group gives none.
POINTS = 5.0


def _strengthens(entry: Mapping[str, Any], parts: list[str], where: str) -> tuple[str, float]:
    """A content group's ``strengthens`` kind and ``points`` guess (``""`` where it
    names no piece)."""
    if "strengthens" not in entry:
        return "", 0.0
    kind = entry["strengthens"]
    if not isinstance(kind, str) or not kind.strip() or " " in kind.strip():
        raise TuningError(f"{where}: strengthens is a kind of piece, one word (e.g. \"hero\")")
    if parts.count("*") != 1:
        raise TuningError(f"{where}: strengthens needs a key with one * (the piece's entry)")
    points = entry.get("points", POINTS)
    if not _number(points) or points <= 0:
        raise TuningError(f"{where}: points is a number above 0")
    return kind.strip(), float(points)


def _where(entry: Mapping[str, Any], parts: list[str], where: str
           ) -> dict[str, tuple[Any, ...]]:
    """``where``: field -> the values a piece's entry may hold there (empty: every piece)."""
    if "where" not in entry:
        return {}
    given = entry["where"]
    if not isinstance(given, Mapping) or not given:
        raise TuningError(f"{where}: where is a table of fields and values, e.g. "
                          "where = { role = \"gunner\" }")
    if parts.count("*") != 1:
        raise TuningError(f"{where}: where needs a key with one * (the piece's entry)")
    return {str(field): tuple(value) if isinstance(value, list) else (value,)
            for field, value in given.items()}


def _at_most(entry: Mapping[str, Any], parts: list[str], where: str) -> list[str]:
    """``at_most``'s path, split (empty where the group has none)."""
    if "at_most" not in entry:
        return []
    cap = str(entry["at_most"]).split(".")
    if cap.count("*") != 1 or parts.count("*") != 1:
        raise TuningError(f"{where}: at_most needs a path with one *, as the key has "
                          "(the key's entry)")
    return cap


def _piece_path(entry: Mapping[str, Any], parts: list[str], name: str,
                owners: Mapping[str, str] | None) -> list[str]:
    """The path of the piece's entry: the key's ``*`` entry, or with ``owner`` the owner's."""
    if owners is None:
        return [*parts[:parts.index("*")], name]
    owner = str(entry["owner"]).split(".")
    return [*owner[:owner.index("*")], owners[name]]


def _value_at(content: Mapping[str, Any], path: list[str]) -> Any:
    at: Any = content
    for part in path:
        at = at.get(part) if isinstance(at, Mapping) else None
    return at


def _holds(content: Mapping[str, Any], path: list[str],
           wanted: Mapping[str, tuple[Any, ...]]) -> bool:
    """Whether the entry at ``path`` holds one of the wanted values in each field."""
    found = _value_at(content, path)
    return isinstance(found, Mapping) and all(
        found.get(field) in values for field, values in wanted.items())


def _owners(entry: Mapping[str, Any], content: Mapping[str, Any], kind: str, where: str
            ) -> dict[str, str]:
    """``owner``: the key's entry -> the piece that owns it. ``owner`` is a dotted path
    of the same file with one ``*``, the piece, whose values name the key's entries
    (``"heroes.*.basic"``: the hero whose basic attack the key's ``*`` is)."""
    if not kind:
        raise TuningError(f"{where}: owner says which piece a number strengthens; "
                          "give strengthens too")
    parts = str(entry["owner"]).split(".")
    if parts.count("*") != 1:
        raise TuningError(f"{where}: owner needs a path with one * (the piece)")
    owners: dict[str, str] = {}
    for keys, value in _matches(content, parts):
        piece = keys[parts.index("*")]
        if not isinstance(value, str):
            raise TuningError(f"{where}: {'.'.join(keys)} is {value!r}, not an entry's name")
        if value in owners and owners[value] != piece:
            raise TuningError(f"{where}: {value} is owned by both {owners[value]} and {piece}: "
                              "a number must strengthen one piece")
        owners[value] = piece
    if not owners:
        raise TuningError(f"{where}: owner {entry['owner']!r} matches nothing")
    return owners


def game_tunables(game_name: str) -> tuple[Tunable, ...]:
    """What ``game_name`` declares tunable (``()`` where it declares nothing)."""
    from plunder.engine.registry import manifest  # the registry imports the engine

    found = manifest(game_name)
    path = found.file(found.tunables)
    if path is None:
        return ()
    defaults = {option.name: option.default for option in found.game.option_specs()}
    return read_tunables(path, path.parent, defaults)


def choose(tunables: Iterable[Tunable], patterns: Iterable[str]) -> tuple[Tunable, ...]:
    """The parameters that ``patterns`` name, in declaration order: a parameter's name, a
    group's name, or a pattern with ``*`` of either (``heroes.*.hp``, ``hp*``). No
    pattern: all of them. A pattern that names nothing is an error that lists what there
    is."""
    tunables = tuple(tunables)
    patterns = [p.strip() for p in patterns if p.strip()]
    if not patterns:
        return tunables
    chosen: set[str] = set()
    for pattern in patterns:
        hit = {t.name for t in tunables
               if fnmatch.fnmatchcase(t.group, pattern) or fnmatch.fnmatchcase(t.name, pattern)}
        if not hit:
            groups = sorted({t.group for t in tunables})
            examples = ", ".join(t.name for t in tunables[:3])
            raise TuningError(
                f"no tunable parameter is called {pattern!r}; the game declares the groups "
                f"{', '.join(groups) or '(none)'} (e.g. {examples or 'nothing'}); "
                "`plunder lab tune GAME --list` lists them all"
            )
        chosen |= hit
    return tuple(t for t in tunables if t.name in chosen)


def content_overrides(setting: Mapping[Tunable, float]) -> dict[str, dict[str, float]]:
    """The content part of a setting, by file (absolute path) and key."""
    found: dict[str, dict[str, float]] = {}
    for tunable, value in setting.items():
        if tunable.file is not None:
            found.setdefault(str(tunable.file.resolve()), {})[tunable.key] = value
    return found


def option_values(setting: Mapping[Tunable, float]) -> dict[str, float]:
    """The options part of a setting."""
    return {t.option: value for t, value in setting.items() if t.option}


def content_environment(setting: Mapping[Tunable, float]) -> str:
    """The value of ``CONTENT_OVERRIDES`` that plays a setting's content."""
    return json.dumps(content_overrides(setting), sort_keys=True)


def overrides_for(path: Path) -> dict[str, Any]:
    """The overrides the environment asks of the content file ``path`` (none by default)."""
    text = os.environ.get(CONTENT_OVERRIDES)
    if not text:
        return {}
    try:
        found = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TuningError(f"{CONTENT_OVERRIDES} is not JSON: {exc}") from None
    wanted = found.get(str(path.resolve()), {}) if isinstance(found, dict) else {}
    return dict(wanted) if isinstance(wanted, dict) else {}


def apply_overrides(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (read from ``path``) with the overrides the environment asks of it; a key
    that is not in the file already is an error (a typo must not pass unseen)."""
    for key, value in overrides_for(path).items():
        *parents, last = key.split(".")
        at = _value_at(data, parents)
        if not isinstance(at, dict) or last not in at:
            raise TuningError(f"{CONTENT_OVERRIDES}: {path.name} has no {key!r}")
        at[last] = value
    return data


_VALUE = re.compile(r"^(?P<lead>\s*[\w\"'-]+\s*=\s*)(?P<value>[^#\n]*?)(?P<tail>\s*(#.*)?)$")


def _set_value(lines: list[str], file: Path, key: str, shown: str) -> list[str]:
    """``lines`` of ``file`` with the number at ``key`` written as ``shown``: on a line
    of its own (``hp = 7``) or in an inline table (``level1 = { range = 2, ... }``)."""
    from plunder.engine.content import line_of

    entry, _, field = key.rpartition(".")
    number = line_of(file, entry, field)
    found = _VALUE.match(lines[number - 1].rstrip("\n")) if number else None
    if number is not None and found is not None:
        return [*lines[:number - 1], f"{found['lead']}{shown}{found['tail']}\n",
                *lines[number:]]
    parent, _, table = entry.rpartition(".")
    number = line_of(file, parent, table) if parent else None
    if number is not None:
        line = lines[number - 1]
        inline = re.compile(rf"([{{,]\s*{re.escape(field)}\s*=\s*)([-+\w.]+)")
        if len(inline.findall(line)) == 1:
            return [*lines[:number - 1], inline.sub(lambda m: m.group(1) + shown, line),
                    *lines[number:]]
    raise TuningError(f"cannot find the line of {key} in {file.name}")


def content_diff(setting: Mapping[Tunable, float], root: Path | None = None) -> str:
    """A unified diff of the content files that makes ``setting`` the default (paths
    relative to ``root`` where they lie under it), and for an option, the line to change
    in words. Empty where the setting is the default already."""
    out: list[str] = []
    by_file: dict[Path, list[tuple[Tunable, float]]] = {}
    for tunable, value in setting.items():
        if value == tunable.default:
            continue
        if tunable.file is not None:
            by_file.setdefault(tunable.file, []).append((tunable, value))
        else:
            out.append(f"# option {tunable.option}: default {tunable.default:g} -> {value:g} "
                       f"(in the game's option declaration; or play with "
                       f"-o {tunable.option}={value:g})\n")
    for file, changes in sorted(by_file.items()):
        old = file.read_text(encoding="utf-8").splitlines(keepends=True)
        new = list(old)
        for tunable, value in changes:
            shown = str(int(value)) if tunable.whole else repr(float(value))
            new = _set_value(new, file, tunable.key, shown)
        shown_path = file
        if root is not None and file.resolve().is_relative_to(root.resolve()):
            shown_path = file.resolve().relative_to(root.resolve())
        out.extend(difflib.unified_diff(old, new, f"a/{shown_path}", f"b/{shown_path}", n=1))
    return "".join(out)


__all__ = [
    "CONTENT_OVERRIDES", "Tunable", "TuningError", "apply_overrides", "choose",
    "content_diff", "content_environment", "content_overrides", "game_tunables",
    "option_values", "overrides_for", "read_tunables",
]
