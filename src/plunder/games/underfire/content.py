"""Pirates Under Fire's content: effects, ships, mercenaries, boards and scoring,
read from ``content.toml`` and checked on load (a ``ContentError`` names the file,
entry, field and line at fault).

The effect codes the file writes are read through the rules' registries
(``effects.py``): an effect or scoring rule the rules do not know, or an amount
given to one that takes none, is refused here, and the file's ``[effects.*]``
texts must describe exactly the registered effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.catalogue import Shown, as_json
from plunder.engine.content import Field, Schema, fault, read_table, read_toml
from plunder.engine.effects import Step
from plunder.games.underfire.effects import EFFECTS, SCORES

CONTENT_FILE = Path(__file__).with_name("content.toml")
NUMBERS = tuple(range(1, 10))
FACES = ("a", "b")


@dataclass(frozen=True)
class Shape:
    """A kind of board: its rows x columns, and how many the sea needs (R3)."""

    rows: int
    columns: int
    count: int


KINDS = {"square": Shape(3, 3, 4), "strip": Shape(3, 1, 2)}


@dataclass(frozen=True)
class EffectInfo:
    name: str
    text: str
    amount: bool  # whether the effect takes an amount ("gold:2"), as registered

    def words(self, amount: int) -> str:
        """The text for ``amount``: ``{n}`` is the amount, ``{s}`` an ``s`` for more than one.

        >>> EffectInfo("vp", "take {n} VP token{s}", True).words(2)
        'take 2 VP tokens'
        """
        return self.text.replace("{n}", str(amount)).replace("{s}", "" if amount == 1 else "s")


@dataclass(frozen=True)
class Ship:
    number: int
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Mercenary:
    id: str
    title: str
    cost: int
    steps: tuple[Step, ...]
    boards: bool  # may be laid on a space held by an active ship
    scores: Step | None  # a scoring rule applied at the end, if any
    text: str


@dataclass(frozen=True)
class Board:
    id: str
    kind: str
    faces: dict[str, tuple[tuple[Step | None, ...], ...]]  # face -> rows (nearest first)


@dataclass(frozen=True)
class Content:
    effects: dict[str, EffectInfo]  # in the file's order (the observation's order)
    ships: dict[int, Ship]
    mercenaries: dict[str, Mercenary]
    boards: dict[str, Board]
    by_kind: dict[str, tuple[str, ...]]  # kind -> its boards' ids, in the file's order
    market: dict[int, int]  # cost -> how many are drawn
    start: dict[str, int]
    same: dict[int, int]
    sequence: dict[int, int]
    raider: int
    scorers: frozenset[str]

    def words(self, steps: tuple[Step, ...]) -> str:
        return _words(self.effects, steps)


def _words(effects: dict[str, EffectInfo], steps: tuple[Step, ...]) -> str:
    return "; ".join(effects[s.name].words(s.amount) for s in steps)


def _ship(*, number: str, title: str, effects: tuple[Step, ...]) -> Ship:
    return Ship(int(number), title, effects)


EFFECT_TEXTS = Schema("effects", text=Field(str))
SHIPS = Schema("ships", _ship, key="number", title=Field(str),
               effects=Field(list, effects=True))
MERCENARIES = Schema(
    "mercenaries", key="id",
    title=Field(str),
    cost=Field(int, low=0),
    effects=Field(list, effects=True),
    boards=Field(bool, default=False),
    scores=Field(str, default=None),
    text=Field(str, default=""),  # none: the words of its effects
)
BOARDS = Schema("boards", key="id", kind=Field(str, choices=tuple(KINDS)),
                **{face: Field(list, items=list) for face in FACES})
START = {
    "gold": Field(int, low=0),
    "hand_limit": Field(int),
    "hand_limit_max": Field(int),
    "draw_pile": Field(int, low=0),
    "reserve": Field(int, low=0),
    "copies": Field(int, low=1),
}
SCORING = {"same": Field(dict), "sequence": Field(dict), "raider": Field(int)}


def _face_codes(board: Board) -> dict[str, list[list[str]]]:
    return {face: [[step.code if step else "" for step in row] for row in grid]
            for face, grid in board.faces.items()}


# The content in the catalogue: each entry with the fields its Schema declares. A
# ship's or mercenary's effects are its steps' codes, with their words; an effect's
# entry says whether it takes an amount; a board's faces are rows of codes ("": none).
SHIPS_SHOWN = Shown.of(
    SHIPS, id="number",
    effects=lambda ship: as_json(ship.steps), text=lambda ship: CONTENT.words(ship.steps),
)
MERCENARIES_SHOWN = Shown.of(
    MERCENARIES,
    effects=lambda merc: as_json(merc.steps), scores=lambda merc: merc.scores is not None,
)
EFFECTS_SHOWN = Shown.of(EFFECT_TEXTS, id=None, amount=lambda effect: effect.amount)
BOARDS_SHOWN = Shown.of(BOARDS, id=None, hide=FACES, faces=_face_codes)


def load_content(path: Path = CONTENT_FILE) -> Content:
    """Read and check the content file."""
    data = read_toml(path)
    effects = _effects(path, data)
    ships = _ships(path, data)
    mercenaries = _mercenaries(path, data, effects)
    market = _market(path, data, mercenaries)
    start = _start(path, data)
    scoring = read_table(path, data, "scoring", **SCORING)
    same = _lengths(path, scoring["same"], "same")
    sequence = _lengths(path, scoring["sequence"], "sequence")
    boards = _boards(path, data)
    by_kind = _group(path, boards)
    scorers = frozenset(m.id for m in mercenaries.values() if m.scores is not None)
    return Content(effects, ships, mercenaries, boards, by_kind, market, start, same, sequence,
                   scoring["raider"], scorers)


def _effects(path: Path, data: Mapping[str, Any]) -> dict[str, EffectInfo]:
    """The players' words of every effect the rules register, and of no other."""
    texts = EFFECT_TEXTS.read(path, data)
    EFFECTS.check_texts(path, texts)
    return {name: EffectInfo(name, entry["text"], EFFECTS[name].amount)
            for name, entry in texts.items()}


def _ships(path: Path, data: Mapping[str, Any]) -> dict[int, Ship]:
    """Ships 1 to 9, one table each (R1)."""
    raw = data.get("ships")
    if isinstance(raw, dict):
        for number in NUMBERS:
            if str(number) not in raw:
                raise fault(path, f"needs a [ships.{number}] table", field=f"ships.{number}")
        extra = sorted(set(raw) - {str(n) for n in NUMBERS})
        if extra:
            raise fault(path, f"ships are numbered 1 to 9, not {extra}", field="ships")
    ships = SHIPS.read(path, data, effects=EFFECTS)
    return {ship.number: ship for ship in ships.values()}


def _mercenaries(path: Path, data: Mapping[str, Any], effects: dict[str, EffectInfo]
                 ) -> dict[str, Mercenary]:
    out = {}
    for merc_id, entry in MERCENARIES.read(path, data, effects=EFFECTS).items():
        code = entry["scores"]
        scores = None if code is None else SCORES.parse(code, path, merc_id, "scores")
        steps = entry["effects"]
        text = entry["text"] or _words(effects, steps) or "no effect"
        out[merc_id] = Mercenary(merc_id, entry["title"], entry["cost"], steps, entry["boards"],
                                 scores, text)
    return out


def _market(path: Path, data: Mapping[str, Any], mercenaries: dict[str, Mercenary]
            ) -> dict[int, int]:
    """R8: how many mercenaries of each cost are drawn; there must be that many."""
    table = data.get("market")
    if not isinstance(table, dict) or not table:
        raise fault(path, "needs a [market] table", field="market")
    market: dict[int, int] = {}
    for cost, count in table.items():
        if not cost.isdigit() or not isinstance(count, int) or count < 0:
            raise fault(path, f"{cost} = {count!r}: expected cost = count", "market", cost)
        have = sum(1 for m in mercenaries.values() if m.cost == int(cost))
        if have < count:
            raise fault(path, f"draws {count} mercenaries of cost {cost}; there are {have}",
                        "market", cost)
        market[int(cost)] = count
    return market


def _start(path: Path, data: Mapping[str, Any]) -> dict[str, int]:
    """R6, R7, R9: the fleet splits into draw pile and reserve; the hand fits the pile."""
    start = read_table(path, data, "start", **START)
    if start["draw_pile"] + start["reserve"] != start["copies"] * len(NUMBERS):
        raise fault(path, "draw_pile + reserve must be every ship of a fleet (copies x 9)",
                    "start", "reserve")
    if not 1 <= start["hand_limit"] <= start["hand_limit_max"] <= start["draw_pile"]:
        raise fault(path, "needs 1 <= hand_limit <= hand_limit_max <= draw_pile",
                    "start", "hand_limit")
    return start


def _lengths(path: Path, table: dict[str, Any], key: str) -> dict[int, int]:
    """A scoring table: VP by the length of a run (3 or more)."""
    out = {}
    for length, points in table.items():
        if not length.isdigit() or int(length) < 3 or not isinstance(points, int):
            raise fault(path, f"{length} = {points!r}: expected length (3 or more) = VP",
                        "scoring", key)
        out[int(length)] = points
    return out


def _boards(path: Path, data: Mapping[str, Any]) -> dict[str, Board]:
    """Each board's two faces: rows of effect codes of its kind's shape ("": none)."""
    boards = {}
    for board_id, entry in BOARDS.read(path, data).items():
        kind = entry["kind"]
        shape = KINDS[kind]
        faces = {}
        for face in FACES:
            grid = entry[face]
            if len(grid) != shape.rows or any(len(row) != shape.columns for row in grid):
                raise fault(path, f"must be {shape.rows} rows of {shape.columns} spaces",
                            board_id, face)
            faces[face] = tuple(
                tuple(None if code == "" else EFFECTS.parse(code, path, board_id, face)
                      for code in row)
                for row in grid
            )
        boards[board_id] = Board(board_id, kind, faces)
    return boards


def _group(path: Path, boards: dict[str, Board]) -> dict[str, tuple[str, ...]]:
    """The boards' ids by kind, in the file's order (the sea is laid out from these),
    as many of each kind as the sea needs (R3)."""
    groups: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for board in boards.values():
        groups[board.kind].append(board.id)
    for kind, ids in groups.items():
        if len(ids) != KINDS[kind].count:
            raise fault(path, f"needs {KINDS[kind].count} boards of kind {kind!r}, has {len(ids)}",
                        field="boards")
    return {kind: tuple(ids) for kind, ids in groups.items()}


CONTENT: Content = load_content()
