"""A match's games kept on disk as they finish, so a long match goes on where it stopped.

The record is JSON lines: a first line that says which match it is (the game, its
settled options, the bot list, the seed and the code that plays it), then one line
per finished game (its index in the schedule and its ``GameOutcome``). Game ``i``
of a match depends on nothing but the match and ``i``, so a game recorded need not
be played again:
``plunder match ... --record FILE`` plays only the games the file lacks, and its
report covers them all. Each line is flushed to disk before the next game is told
of; a process killed while writing leaves at most a partial last line, which is
dropped when the file is read (that game is played again).

The code is named by a fingerprint (``code_fingerprint``) of what decides how a
game goes: the engine, the bots, the match runner and the game's own package (its
rules and its content files), less the parts of the package that a match never
runs (its terminal renderer, its observation encoder, its batched rules for the
learners, its statistics for the lab). A record made by other code (a game's
content changed, a bot improved) holds games that code would not play: it is
refused rather than carried on, so a match's games all come from one version; a
table drawn better or a lab figure fixed leaves the record as it is.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

import plunder.bots
import plunder.engine
import plunder.match
from plunder.engine.manifest import Manifest
from plunder.engine.registry import manifest
from plunder.match import GameOutcome

KIND = "plunder match record"
# What makes two matches the same match; ``games`` is not among them, so a record
# of 100 games can be carried on to 200.
IDENTITY = ("game", "options", "bots", "seed", "code")
# The files of a package that decide how its games go: its code and its content.
CODE_SUFFIXES = (".py", ".toml")
# The manifest's parts that only front ends, learners and the lab load: a match
# never imports them (tests/terminal/test_match_record.py plays one to check).
NOT_PLAYED = ("terminal", "encoder", "batch", "stats")


class MatchRecordError(ValueError):
    """A record that cannot be read, or that holds another match."""


def code_files(game: str) -> list[Path]:
    """The files whose contents decide how a match of ``game`` goes: every source and
    content file of the engine, the bots and the game's package (less the parts of its
    manifest a match never runs, ``NOT_PLAYED``), and the match runner."""
    found = manifest(game)
    package = Path(inspect.getfile(found.game)).parent
    folders = [Path(plunder.engine.__file__).parent, Path(plunder.bots.__file__).parent, package]
    files = {Path(plunder.match.__file__)}
    for folder in folders:
        files.update(path for path in folder.rglob("*")
                     if path.suffix in CODE_SUFFIXES and path.is_file())
    return sorted(files - not_played(found, package))


def not_played(found: Manifest, package: Path) -> set[Path]:
    """The modules of ``found``'s parts named in ``NOT_PLAYED``, as files of ``package``."""
    modules = (getattr(found, name) for name in NOT_PLAYED)
    return {package.joinpath(*ref.partition(":")[0].split(".")).with_suffix(".py")
            for ref in modules if ref}


def fingerprint(files: Iterable[Path]) -> str:
    """A short digest of ``files``: their names (within their folders) and contents, in
    a fixed order, so the same files give the same fingerprint wherever they lie."""
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda found: (found.parent.name, found.name)):
        content = path.read_bytes()
        digest.update(f"{path.parent.name}/{path.name} {len(content)}\n".encode())
        digest.update(content)
    return digest.hexdigest()[:16]


def code_fingerprint(game: str) -> str:
    """The fingerprint of the code that plays ``game`` (``code_files``)."""
    return fingerprint(code_files(game))


def match_header(game: str, options: Mapping[str, Any], bots: Sequence[str],
                 seed: int, code: str | None = None) -> dict[str, Any]:
    """The first line of a record: the match it holds (as it reads back from JSON, so
    that a header read from a file compares equal to the match asked for). ``code``
    is the fingerprint of the code that plays it (by default, this code's)."""
    header = {"kind": KIND, "game": game, "options": dict(options), "bots": list(bots),
              "seed": seed, "code": code if code is not None else code_fingerprint(game)}
    return json.loads(json.dumps(header))


def outcome_line(index: int, outcome: GameOutcome) -> str:
    """One game of a record as a line of JSON (with its newline)."""
    return json.dumps({"index": index, **asdict(outcome)}, sort_keys=True) + "\n"


def _outcome(data: Mapping[str, Any]) -> tuple[int, GameOutcome]:
    return int(data["index"]), GameOutcome(
        seed=int(data["seed"]),
        bots=tuple(str(bot) for bot in data["bots"]),
        winners=tuple(int(seat) for seat in data["winners"]),
        length=int(data["length"]),
        decisions=tuple(int(count) for count in data["decisions"]),
        seconds=tuple(float(spent) for spent in data["seconds"]),
        reason=str(data.get("reason", "")),
    )


def read_match_record(path: Path) -> tuple[dict[str, Any], dict[int, GameOutcome]]:
    """The header and the games of a record. A partial last line (a write cut short)
    is left out; anything else that is not a record raises ``MatchRecordError``."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if not text.endswith("\n"):
        lines = lines[:-1]  # cut short while being written: that game is played again
    lines = [line for line in lines if line.strip()]
    if not lines:
        raise MatchRecordError(f"{path} holds no match record")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise MatchRecordError(f"{path} is not a match record: line 1 is not JSON") from exc
    if not isinstance(header, dict) or header.get("kind") != KIND:
        raise MatchRecordError(f"{path} is not a match record (its first line says no match)")
    played: dict[int, GameOutcome] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            index, outcome = _outcome(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise MatchRecordError(f"{path}, line {number}: not a game of the match") from exc
        played[index] = outcome
    return header, played


def differences(header: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
    """What makes the match of ``header`` another than ``wanted``'s, in words."""
    found = []
    for key in IDENTITY:
        if header.get(key) == wanted[key]:
            continue
        if key == "code":
            made_by = header.get(key)
            found.append(
                "its games were played by other code (a game's rules or content, the "
                "engine or a bot changed since; "
                + (f"its fingerprint {made_by}, " if made_by else "no fingerprint, ")
                + f"this code's {wanted[key]})"
            )
        else:
            found.append(f"{key} {json.dumps(header.get(key))} (asked: {json.dumps(wanted[key])})")
    return found


class MatchRecord:
    """An open record that games are added to as they finish."""

    def __init__(self, path: Path, out: TextIO) -> None:
        self.path = path
        self._out = out

    @classmethod
    def open(
        cls, path: Path, header: Mapping[str, Any]
    ) -> tuple[MatchRecord, dict[int, GameOutcome]]:
        """Open ``path`` for the match of ``header``: a new record if there is none,
        else the games it holds (``MatchRecordError`` if it holds another match)."""
        played: dict[int, GameOutcome] = {}
        if path.exists() and path.stat().st_size:
            found, played = read_match_record(path)
            mismatch = differences(found, header)
            if mismatch:
                raise MatchRecordError(
                    f"{path} records another match: " + "; ".join(mismatch)
                    + ". Name another file, or ask for the match it holds."
                )
            _drop_partial_line(path)
            out = path.open("a", encoding="utf-8")
        else:
            out = path.open("w", encoding="utf-8")
            out.write(json.dumps(dict(header), sort_keys=True) + "\n")
            _sync(out)
        return cls(path, out), played

    def add(self, index: int, outcome: GameOutcome) -> None:
        """Write one finished game, on disk before this returns."""
        self._out.write(outcome_line(index, outcome))
        _sync(self._out)

    def close(self) -> None:
        self._out.close()

    def __enter__(self) -> MatchRecord:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _sync(out: TextIO) -> None:
    out.flush()
    os.fsync(out.fileno())


def _drop_partial_line(path: Path) -> None:
    """Cut a partial last line off, so the next game starts a line of its own."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as out:
            out.truncate(data.rfind(b"\n") + 1)


__all__ = [
    "MatchRecord",
    "MatchRecordError",
    "code_files",
    "code_fingerprint",
    "differences",
    "fingerprint",
    "match_header",
    "outcome_line",
    "read_match_record",
]
