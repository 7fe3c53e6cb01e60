"""Pirate Rumble's content: cards, pirates and camp cards, read from TOML beside this file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.content import entry_tables, fault, read_toml, require
from plunder.engine.errors import ContentError

HERE = Path(__file__).parent
CARDS_FILE = HERE / "cards.toml"
PIRATES_FILE = HERE / "pirates.toml"
CAMPS_FILE = HERE / "camps.toml"

KINDS = ("basic", "golden", "special")
TARGETS = ("none", "any", "neighbour", "two")
ABILITIES = (
    "reserve_health",
    "cover_token",
    "double_shot",
    "long_cut",
    "grand_steal",
    "fire_reload",
    "dig_discard",
    "qigong",
)
CAMP_NAMES = ("sun", "moon", "lone")


@dataclass(frozen=True)
class Card:
    name: str
    title: str
    kind: str
    cost: int
    target: str
    gesture: str
    pile: int
    text: str

    @property
    def golden(self) -> bool:
        return self.kind == "golden"


@dataclass(frozen=True)
class Pirate:
    name: str
    title: str
    short: str
    native: str
    health: int
    max_health: int
    bullets: int
    tokens: int
    hand: tuple[str, ...]
    golden: tuple[str, ...]
    random_golden: int
    abilities: frozenset[str]


@dataclass(frozen=True)
class CampTable:
    sun: int
    moon: int
    face_up: tuple[str, ...]


@dataclass(frozen=True)
class RumbleContent:
    cards: dict[str, Card]
    pirates: dict[str, Pirate]
    camp_titles: dict[str, str]
    camp_tables: dict[int, CampTable]
    ability_text: dict[str, str]

    @property
    def golden_pile(self) -> list[str]:
        return [c.name for c in self.cards.values() if c.golden for _ in range(c.pile)]


def _cards(path: Path) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    gestures: dict[str, str] = {}
    for name, table in entry_tables(path, read_toml(path), "cards").items():
        kind = require(path, name, table, "kind", str)
        if kind not in KINDS:
            raise fault(path, f"is {kind!r}; expected one of {', '.join(KINDS)}", name, "kind")
        target = require(path, name, table, "target", str)
        if target not in TARGETS:
            raise fault(
                path, f"is {target!r}; expected one of {', '.join(TARGETS)}", name, "target"
            )
        cost = require(path, name, table, "cost", int)
        if not 0 <= cost <= 5:
            raise fault(path, f"is {cost}; a cost is 0 to 5 bullets", name, "cost")
        gesture = require(path, name, table, "gesture", str)
        if gesture in gestures:
            raise fault(path, f"is also {gestures[gesture]!r}'s gesture", name, "gesture")
        gestures[gesture] = name
        pile = table.get("pile", 0)
        if kind == "golden":
            pile = require(path, name, table, "pile", int)
            if pile < 0:
                raise fault(path, "must not be negative", name, "pile")
        elif pile:
            raise fault(path, "only golden cards lie in the golden pile", name, "pile")
        cards[name] = Card(
            name,
            require(path, name, table, "title", str),
            kind,
            cost,
            target,
            gesture,
            pile,
            require(path, name, table, "text", str),
        )
    return cards


def _names(path: Path, name: str, table: dict[str, Any], field: str, known: Any) -> tuple[str, ...]:
    values = table.get(field, [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise fault(path, f"is {values!r}; expected a list of names", name, field)
    unknown = [v for v in values if v not in known]
    if unknown:
        raise fault(path, f"names {unknown!r}; known: {', '.join(known)}", name, field)
    return tuple(values)


def _pirates(path: Path, cards: dict[str, Card]) -> dict[str, Pirate]:
    pirates: dict[str, Pirate] = {}
    playable = [n for n, c in cards.items() if c.kind != "golden"]
    golden = [n for n, c in cards.items() if c.golden]
    for name, table in entry_tables(path, read_toml(path), "pirates").items():

        def number(
            field: str, default: int, low: int, high: int, name: str = name, table: Any = table
        ) -> int:
            value = table.get(field, default)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise fault(
                    path, f"is {value!r}; expected a whole number {low}..{high}", name, field
                )
            return value

        hand = _names(path, name, table, "hand", playable)
        if not hand or len(set(hand)) != len(hand):
            raise fault(path, "must list each of the pirate's basic cards once", name, "hand")
        max_health = number("max_health", 5, 1, 9)
        title = require(path, name, table, "title", str)
        short = table.get("short", title)
        if not isinstance(short, str) or not short:
            raise fault(path, f"is {short!r}; expected a name", name, "short")
        pirates[name] = Pirate(
            name=name,
            title=title,
            short=short,
            native=table.get("native", ""),
            health=number("health", 5, 1, max_health),
            max_health=max_health,
            bullets=number("bullets", 2, 0, 5),
            tokens=number("tokens", 0, 0, 9),
            hand=hand,
            golden=_names(path, name, table, "golden", golden),
            random_golden=number("random_golden", 0, 0, 3),
            abilities=frozenset(_names(path, name, table, "abilities", ABILITIES)),
        )
    return pirates


def _ability_text(path: Path) -> dict[str, str]:
    """Every ability the rules know, in players' words; nothing the rules do not know."""
    raw = read_toml(path).get("abilities")
    if not isinstance(raw, dict):
        raise ContentError("needs an [abilities] table", file=str(path), field="abilities")
    for name in ABILITIES:
        text = raw.get(name)
        if not isinstance(text, str) or not text:
            raise fault(path, "needs a sentence for the players", "abilities", name)
    unknown = sorted(set(raw) - set(ABILITIES))
    if unknown:
        raise fault(path, f"names abilities the rules do not know: {unknown}", "abilities")
    return {name: raw[name] for name in ABILITIES}


def _camps(path: Path) -> tuple[dict[str, str], dict[int, CampTable]]:
    data = read_toml(path)
    titles = data.get("camps")
    if not isinstance(titles, dict) or set(titles) != set(CAMP_NAMES):
        raise ContentError(
            f"[camps] must name exactly the camps {', '.join(CAMP_NAMES)}",
            file=str(path),
            field="camps",
        )
    tables: dict[int, CampTable] = {}
    for key, table in entry_tables(path, data, "table").items():
        if not key.isdigit():
            raise fault(path, "is not a player count", key)
        players = int(key)
        sun = require(path, key, table, "sun", int)
        moon = require(path, key, table, "moon", int)
        if sun < 0 or moon < 0 or 3 + sun + moon != players:
            raise fault(path, f"3 bosses + {sun} + {moon} subordinates is not {players}", key)
        face_up = _names(path, key, table, "face_up", CAMP_NAMES)
        tables[players] = CampTable(sun, moon, face_up)
    return dict(titles), tables


def load_content(
    cards_file: Path = CARDS_FILE, pirates_file: Path = PIRATES_FILE, camps_file: Path = CAMPS_FILE
) -> RumbleContent:
    """Read and check the content files; a ``ContentError`` names file, entry and field."""
    cards = _cards(cards_file)
    pirates = _pirates(pirates_file, cards)
    titles, tables = _camps(camps_file)
    abilities = _ability_text(pirates_file)
    pile = RumbleContent(cards, pirates, titles, tables, abilities).golden_pile
    for pirate in pirates.values():
        for card in set(pirate.golden):
            if pirate.golden.count(card) > pile.count(card):
                raise fault(
                    pirates_file, f"takes more {card!r} than the golden pile holds", pirate.name
                )
    return RumbleContent(cards, pirates, titles, tables, abilities)


CONTENT = load_content()
