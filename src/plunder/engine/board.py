"""Boards of zones read from content: a TOML grid and a legend.

A board is drawn as rows of characters, one character a zone; the legend says
what each character is. Zones are named by column letter and row number
(``a1`` is the top-left). Kinds of zone:

* ``deck``: a zone on a ship (``ship`` names it, ``side`` its owner). Models stand
  and move here.
* ``link``: a zone that joins ships (a gangplank). Models move across it; it can
  be taken away and put back (``removed`` in the queries below), and a rule may
  forbid ending a move on it.
* ``sea``: water. Nothing stands there, but ranges are counted across it.
* ``" "`` (a space in the grid): no zone at all.

What a board answers:

* ``neighbours(z)``: the orthogonal neighbours of any kind; ``adjacent(z,
  removed)``: those a model may step into (decks and links not removed);
* ``distance(a, b)``: range, counted orthogonally, never diagonally, across any
  zone (sea included);
* ``within(z, reach)``: the zones at range ``reach`` or less;
* ``reachable(z, steps, blocked, removed)``: the zones a model reaches in up to
  ``steps`` moves, never entering ``blocked`` zones;
* ``edge(z)``: the ships a deck zone faces across open sea (for a jump from one
  ship to another), empty for a zone not on such an edge;
* ``deploy[side]``: the side's deployment points; ``tracks[side]``: its movement
  tracks, each a list of zones a step apart, and ``forward(side, z)`` the next
  zone along the track through ``z``.

A ``[board]`` file looks like::

    [board]
    rows = '''
    AAA
    ~=~
    BBB
    '''
    [board.legend]
    A = { kind = "deck", ship = "gallant", side = "lords" }
    B = { kind = "deck", ship = "cutter", side = "marea" }
    "~" = { kind = "sea" }
    "=" = { kind = "link" }
    [board.deploy]
    lords = ["a1"]
    [board.tracks]
    lords = [["a1", "b1", "b2"]]

A broken board gets a ``ContentError`` naming the file, the line and what is
wrong (an unknown character, rows of different lengths, a deployment point on
the sea, a track whose steps are not neighbours...).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.content import fault, line_of, read_toml
from plunder.engine.errors import ContentError

DECK, LINK, SEA = "deck", "link", "sea"
KINDS = (DECK, LINK, SEA)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    row: int
    col: int
    kind: str
    ship: str | None = None
    side: str | None = None

    @property
    def walkable(self) -> bool:
        return self.kind != SEA


def zone_id(row: int, col: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


class Board:
    """A board of zones; immutable once read (states keep what changes, such as
    links taken away, and pass it to the queries)."""

    def __init__(
        self,
        zones: Mapping[str, Zone],
        deploy: Mapping[str, tuple[str, ...]],
        tracks: Mapping[str, tuple[tuple[str, ...], ...]],
        name: str = "board",
    ) -> None:
        self.name = name
        self.zones = dict(zones)
        self.deploy = dict(deploy)
        self.tracks = dict(tracks)
        self._at = {(z.row, z.col): z.id for z in self.zones.values()}
        self._neighbours = {
            z.id: tuple(
                self._at[(z.row + dr, z.col + dc)]
                for dr, dc in STEPS
                if (z.row + dr, z.col + dc) in self._at
            )
            for z in self.zones.values()
        }
        self.links = tuple(z.id for z in self.zones.values() if z.kind == LINK)
        self.ships = tuple(sorted({z.ship for z in self.zones.values() if z.ship}))
        self._edges = {z.id: self._facing(z) for z in self.zones.values() if z.kind == DECK}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        # Every range worked out once: bots and rules ask for ranges many times a step.
        self._ranges = {a.id: {b.id: abs(a.row - b.row) + abs(a.col - b.col)
                               for b in self.zones.values()} for a in self.zones.values()}

    # ----------------------------------------------------------- queries
    def neighbours(self, zone: str) -> tuple[str, ...]:
        """The orthogonal neighbours of ``zone``, of any kind."""
        return self._neighbours[zone]

    def adjacent(self, zone: str, removed: Iterable[str] = ()) -> list[str]:
        """The neighbours a model may step into: decks, and links not ``removed``."""
        gone = set(removed)
        return [z for z in self._neighbours[zone] if self.zones[z].walkable and z not in gone]

    def distance(self, a: str, b: str) -> int:
        """Range from ``a`` to ``b``: counted orthogonally, across any zone."""
        return self._ranges[a][b]

    def ranges(self, zone: str) -> Mapping[str, int]:
        """The range from ``zone`` to every zone (read only)."""
        return self._ranges[zone]

    def within(self, zone: str, reach: int) -> list[str]:
        """Every zone at range ``reach`` or less from ``zone`` (itself included), in
        board order (worked out once for each zone and range: searches ask often)."""
        found = self._within.get((zone, reach))
        if found is None:
            found = self._within[(zone, reach)] = tuple(
                z for z in self.zones if self.distance(zone, z) <= reach
            )
        return list(found)

    def reachable(
        self,
        start: str,
        steps: int,
        blocked: Iterable[str] = (),
        removed: Iterable[str] = (),
    ) -> dict[str, int]:
        """The zones a model at ``start`` reaches in up to ``steps`` moves, with the
        fewest moves to each; it never enters a ``blocked`` zone (one held by an
        enemy, say) nor a removed link."""
        stop, gone = set(blocked), set(removed)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if seen[here] == steps:
                continue
            for there in self.adjacent(here, gone):
                if there not in seen and there not in stop:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def forward(self, side: str, zone: str) -> str | None:
        """The next zone of ``side``'s movement track after ``zone`` (the first track
        that passes through it), or ``None`` at a track's end or off every track."""
        for track in self.tracks.get(side, ()):
            if zone in track:
                at = track.index(zone)
                return track[at + 1] if at + 1 < len(track) else None
        return None

    def edge(self, zone: str) -> tuple[str, ...]:
        """The ships ``zone`` faces across open sea (a ship's edge), else ``()``."""
        return self._edges.get(zone, ())

    def _facing(self, zone: Zone) -> tuple[str, ...]:
        ships = []
        for dr, dc in STEPS:
            row, col = zone.row + dr, zone.col + dc
            crossed = False
            while (row, col) in self._at and self.zones[self._at[(row, col)]].kind != DECK:
                crossed = True
                row, col = row + dr, col + dc
            there = self._at.get((row, col))
            if crossed and there is not None:
                ship = self.zones[there].ship
                if ship != zone.ship and ship not in ships:
                    ships.append(ship)
        return tuple(sorted(s for s in ships if s))

    def to_json(self) -> dict[str, Any]:
        """The board as public data (front ends draw it)."""
        return {
            "zones": {
                z.id: {"row": z.row, "col": z.col, "kind": z.kind, "ship": z.ship, "side": z.side}
                for z in self.zones.values()
            },
            "deploy": {side: list(points) for side, points in self.deploy.items()},
            "tracks": {side: [list(t) for t in tracks] for side, tracks in self.tracks.items()},
        }


# ------------------------------------------------------------------ reading
def read_board(path: Path, data: Mapping[str, Any] | None = None, key: str = "board") -> Board:
    """Read and check the ``[key]`` board of a content file."""
    data = read_toml(path) if data is None else data
    raw = data.get(key)
    if not isinstance(raw, dict):
        raise ContentError(f"needs a [{key}] table with rows and a legend", file=str(path),
                           field=key)
    rows_text = raw.get("rows")
    if not isinstance(rows_text, str) or not rows_text.strip("\n"):
        raise fault(path, "needs the grid as a multi-line string", key, "rows")
    legend = raw.get("legend")
    if not isinstance(legend, dict) or not legend:
        raise fault(path, f"needs a [{key}.legend] table: one entry per character", key, "legend")
    kinds = {char: _legend_entry(path, key, char, entry) for char, entry in legend.items()}
    first = _rows_line(path, key)
    rows = rows_text.strip("\n").split("\n")
    width = len(rows[0])
    if width > len(LETTERS):
        raise _at_line(path, first, f"a board is at most {len(LETTERS)} zones wide")
    zones: dict[str, Zone] = {}
    for r, text in enumerate(rows):
        if len(text) != width:
            raise _at_line(path, first and first + r,
                           f"row {r + 1} is {len(text)} zones wide, the first row {width}")
        for c, char in enumerate(text):
            if char == " ":
                continue
            if char not in kinds:
                raise _at_line(path, first and first + r,
                               f"row {r + 1} has {char!r}, which the legend does not name "
                               f"(legend: {''.join(sorted(kinds))})")
            kind, ship, side = kinds[char]
            zones[zone_id(r, c)] = Zone(zone_id(r, c), r, c, kind, ship, side)
    deploy = _zone_lists(path, key, raw, "deploy", zones)
    for side, points in deploy.items():
        for point in points:
            if zones[point].kind != DECK:
                raise fault(path, f"puts a deployment point on {point}, which is "
                            f"{zones[point].kind}, not a deck", f"{key}.deploy", side)
    tracks: dict[str, tuple[tuple[str, ...], ...]] = {}
    raw_tracks = raw.get("tracks", {})
    if not isinstance(raw_tracks, dict):
        raise fault(path, "is a table of side = [[zones], ...]", key, "tracks")
    board = Board(zones, deploy, {}, name=str(path))
    for side, lists in raw_tracks.items():
        if not isinstance(lists, list) or not all(isinstance(t, list) for t in lists):
            raise fault(path, "is a list of tracks, each a list of zones", f"{key}.tracks", side)
        found = []
        for track in lists:
            for zone in track:
                if zone not in zones:
                    raise fault(path, f"names {zone!r}, which is not a zone of the board",
                                f"{key}.tracks", side)
            for a, b in itertools.pairwise(track):
                if b not in board.neighbours(a) or not zones[b].walkable:
                    raise fault(path, f"steps from {a} to {b}, which are not neighbours on "
                                "deck", f"{key}.tracks", side)
            found.append(tuple(track))
        tracks[side] = tuple(found)
    return Board(zones, deploy, tracks, name=str(path))


def _legend_entry(path: Path, key: str, char: str, entry: Any) -> tuple[str, str | None,
                                                                        str | None]:
    where = f"{key}.legend"
    if len(char) != 1 or char == " ":
        raise fault(path, f"legend keys are single characters other than a space, not {char!r}",
                    where, char)
    if not isinstance(entry, dict):
        raise fault(path, "is a table such as { kind = \"deck\", ship = \"...\" }", where, char)
    kind = entry.get("kind")
    if kind not in KINDS:
        raise fault(path, f"has kind {kind!r}; expected one of {', '.join(KINDS)}", where, char)
    unknown = sorted(set(entry) - {"kind", "ship", "side"})
    if unknown:
        raise fault(path, f"has {unknown[0]!r}, which is not kind, ship or side", where, char)
    ship, side = entry.get("ship"), entry.get("side")
    if kind == DECK and not (isinstance(ship, str) and ship):
        raise fault(path, "is a deck, so it names its ship", where, char)
    if kind != DECK and ship is not None:
        raise fault(path, f"is {kind}, which belongs to no ship", where, char)
    if side is not None and not isinstance(side, str):
        raise fault(path, f"has side {side!r}; expected a name", where, char)
    return kind, ship, side


def _zone_lists(path: Path, key: str, raw: Mapping[str, Any], field: str,
                zones: Mapping[str, Zone]) -> dict[str, tuple[str, ...]]:
    table = raw.get(field, {})
    if not isinstance(table, dict):
        raise fault(path, "is a table of side = [zones]", key, field)
    out = {}
    for side, listed in table.items():
        if not isinstance(listed, list) or not all(isinstance(z, str) for z in listed):
            raise fault(path, "is a list of zone names", f"{key}.{field}", side)
        for zone in listed:
            if zone not in zones:
                raise fault(path, f"names {zone!r}, which is not a zone of the board",
                            f"{key}.{field}", side)
        out[side] = tuple(listed)
    return out


def _rows_line(path: Path, key: str) -> int | None:
    """The line of the grid's first row: the one after ``rows =`` in ``[key]`` when
    the string starts on the next line (TOML drops that first newline)."""
    line = line_of(path, key, "rows")
    if line is None:
        return None
    written = path.read_text(encoding="utf-8").splitlines()[line - 1]
    after = written.split("=", 1)[1].strip() if "=" in written else ""
    return line + 1 if after in ("'''", '"""') else line


def _at_line(path: Path, line: int | None, message: str) -> ContentError:
    return ContentError(message, file=str(path), field="rows", line=line)


__all__ = ["DECK", "LINK", "SEA", "Board", "Zone", "read_board", "zone_id"]
