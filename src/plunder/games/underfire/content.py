"""Pirates Under Fire's content: effects, ships, mercenaries, boards and scoring,
read from ``content.toml`` and checked on load (a ``ContentError`` names the file,
entry, field and line at fault)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.content import fault, read_toml, require

CONTENT_FILE = Path(__file__).with_name("content.toml")
NUMBERS = tuple(range(1, 10))
KINDS = {"square": (3, 3), "strip": (3, 1)}  # rows x columns of a board of that kind
FACES = ("a", "b")


@dataclass(frozen=True)
class Step:
    """One effect to apply: a registered effect name and its amount (1 when unstated)."""

    name: str
    amount: int = 1

    @property
    def code(self) -> str:
        return self.name if self.amount == 1 else f"{self.name}:{self.amount}"


@dataclass(frozen=True)
class EffectInfo:
    name: str
    text: str
    amount: bool  # whether the effect takes an amount ("gold:2")

    def words(self, amount: int) -> str:
        return self.text.replace("{n}", str(amount))


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
    effects: dict[str, EffectInfo]
    ships: dict[int, Ship]
    mercenaries: dict[str, Mercenary]
    boards: dict[str, Board]
    market: dict[int, int]  # cost -> how many are drawn
    start: dict[str, int]
    same: dict[int, int]
    sequence: dict[int, int]
    raider: int
    scorers: frozenset[str]

    def words(self, steps: tuple[Step, ...]) -> str:
        return "; ".join(self.effects[s.name].words(s.amount) for s in steps)


def _step(path: Path, entry: str, field: str, code: Any, effects: dict[str, EffectInfo],
          registry: frozenset[str] | None = None) -> Step:
    if not isinstance(code, str):
        raise fault(path, f"has {code!r}; expected an effect such as 'gold:2'", entry, field)
    name, sep, amount = code.partition(":")
    known = effects if registry is None else registry
    if name not in known:
        raise fault(path, f"names the effect {name!r}, which is not one of {sorted(known)}",
                     entry, field)
    if sep:
        if registry is None and not effects[name].amount:
            raise fault(path, f"gives {name!r} an amount, which it does not take", entry, field)
        if not amount.isdigit() or int(amount) < 1:
            raise fault(path, f"has {code!r}; an amount is a whole number from 1", entry, field)
        return Step(name, int(amount))
    return Step(name, 1)


def _table(path: Path, data: dict[str, Any], key: str) -> dict[str, Any]:
    table = data.get(key)
    if not isinstance(table, dict) or not table:
        raise fault(path, f"needs a [{key}] table")
    return table


def load_content(path: Path = CONTENT_FILE, scoring_rules: frozenset[str] = frozenset(
        ("gold", "raiders", "flat"))) -> Content:
    """Read and check the content file."""
    data = read_toml(path)
    effects: dict[str, EffectInfo] = {}
    for name, table in _table(path, data, "effects").items():
        text = require(path, name, table, "text", str)
        effects[name] = EffectInfo(name, text, bool(table.get("amount", False)))
    ships: dict[int, Ship] = {}
    raw_ships = _table(path, data, "ships")
    for number in NUMBERS:
        table = raw_ships.get(str(number))
        if not isinstance(table, dict):
            raise fault(path, f"needs a [ships.{number}] table", field=f"ships.{number}")
        title = require(path, str(number), table, "title", str)
        codes = require(path, str(number), table, "effects", list)
        steps = tuple(_step(path, str(number), "effects", c, effects) for c in codes)
        ships[number] = Ship(number, title, steps)
    extra = set(raw_ships) - {str(n) for n in NUMBERS}
    if extra:
        raise fault(path, f"ships are numbered 1 to 9, not {sorted(extra)}", field="ships")
    mercenaries: dict[str, Mercenary] = {}
    for merc_id, table in _table(path, data, "mercenaries").items():
        title = require(path, merc_id, table, "title", str)
        cost = require(path, merc_id, table, "cost", int)
        codes = require(path, merc_id, table, "effects", list)
        steps = tuple(_step(path, merc_id, "effects", c, effects) for c in codes)
        boards = table.get("boards", False)
        if not isinstance(boards, bool):
            raise fault(path, f"is {boards!r}; expected true or false", merc_id, "boards")
        scores = None
        if "scores" in table:
            scores = _step(path, merc_id, "scores", table["scores"], effects, scoring_rules)
        text = table.get("text") or _words(effects, steps)
        if not isinstance(text, str):
            raise fault(path, f"is {text!r}; expected text", merc_id, "text")
        mercenaries[merc_id] = Mercenary(merc_id, title, cost, steps, boards, scores, text)
    market: dict[int, int] = {}
    for cost, count in _table(path, data, "market").items():
        if not cost.isdigit() or not isinstance(count, int) or count < 0:
            raise fault(path, f"{cost} = {count!r}: expected cost = count", "market", cost)
        have = sum(1 for m in mercenaries.values() if m.cost == int(cost))
        if have < count:
            raise fault(path, f"draws {count} mercenaries of cost {cost}; there are {have}",
                         "market", cost)
        market[int(cost)] = count
    start_table = _table(path, data, "start")
    start = {key: require(path, "start", start_table, key, int) for key in (
        "gold", "hand_limit", "hand_limit_max", "draw_pile", "reserve", "copies")}
    if start["draw_pile"] + start["reserve"] != start["copies"] * len(NUMBERS):
        raise fault(path, "draw_pile + reserve must be every ship of a fleet (copies x 9)",
                     "start", "reserve")
    if not 1 <= start["hand_limit"] <= start["hand_limit_max"] <= start["draw_pile"]:
        raise fault(path, "needs 1 <= hand_limit <= hand_limit_max <= draw_pile",
                     "start", "hand_limit")
    scoring = _table(path, data, "scoring")
    same = _lengths(path, scoring, "same")
    sequence = _lengths(path, scoring, "sequence")
    raider = require(path, "scoring", scoring, "raider", int)
    boards: dict[str, Board] = {}
    for board_id, table in _table(path, data, "boards").items():
        kind = require(path, board_id, table, "kind", str)
        if kind not in KINDS:
            raise fault(path, f"is {kind!r}; expected one of {sorted(KINDS)}", board_id, "kind")
        rows, columns = KINDS[kind]
        faces = {}
        for face in FACES:
            grid = require(path, board_id, table, face, list)
            if len(grid) != rows or any(not isinstance(r, list) or len(r) != columns
                                        for r in grid):
                raise fault(path, f"must be {rows} rows of {columns} spaces", board_id, face)
            faces[face] = tuple(
                tuple(_step(path, board_id, face, c, effects) if c else None for c in row)
                for row in grid
            )
        boards[board_id] = Board(board_id, kind, faces)
    for kind, wanted in (("square", 4), ("strip", 2)):
        found = sum(1 for b in boards.values() if b.kind == kind)
        if found != wanted:
            raise fault(path, f"needs {wanted} boards of kind {kind!r}, has {found}",
                         field="boards")
    scorers = frozenset(m.id for m in mercenaries.values() if m.scores is not None)
    return Content(effects, ships, mercenaries, boards, market, start, same, sequence, raider,
                   scorers)


def _words(effects: dict[str, EffectInfo], steps: tuple[Step, ...]) -> str:
    return "; ".join(effects[s.name].words(s.amount) for s in steps) or "no effect"


def _lengths(path: Path, scoring: dict[str, Any], key: str) -> dict[int, int]:
    table = require(path, "scoring", scoring, key, dict)
    out = {}
    for length, points in table.items():
        if not length.isdigit() or int(length) < 3 or not isinstance(points, int):
            raise fault(path, f"{length} = {points!r}: expected length (3 or more) = VP",
                         "scoring", key)
        out[int(length)] = points
    return out


CONTENT = load_content()
