"""Swordplay's content: cards, decks and fighters, read and checked from TOML beside this file.

Every effect a card or fighter has is a keyword from a closed list below; the rules
apply keywords, never card names, so a transcription of the printed cards only has
to say which keywords each card carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.content import entry_tables, fault, read_toml, require
from plunder.engine.errors import ContentError

HERE = Path(__file__).parent
CARDS_FILE = HERE / "cards.toml"
DECKS_FILE = HERE / "decks.toml"
PIRATES_FILE = HERE / "pirates.toml"

TYPES = ("attack", "defence", "item", "stance")
LOCATIONS = ("high", "low", "left", "right", "thrust")
ATTACK_EFFECTS = ("ignores_cloaks", "ignores_shields", "dodge_only", "fixed_damage")
ITEM_KINDS = ("weapon", "armor", "cloak", "shield")
ITEM_ABILITIES = ("fragile", "thrust_bonus")
STANCE_EFFECTS = ("attack_bonus", "damage_reduction", "parry_any")
ABILITIES = ("duellist", "brawler", "iron_hide", "deft", "hook", "sharpshooter")
SIDES = ("pirates", "arena")
ANY = "any"


@dataclass(frozen=True)
class Card:
    """One combat card; the fields that do not apply to its type keep their defaults."""

    name: str
    type: str
    title: str
    text: str
    location: str = ""  # attack: one of LOCATIONS, or "" for a special attack
    bonus: int = 0  # attack: damage added; defence: added to its counter-attack
    effects: frozenset[str] = frozenset()  # attack or stance keywords
    stops: frozenset[str] = frozenset()  # defence: locations countered (or ANY)
    parry: bool = False
    counter: str = ""  # defence: the location of its counter-attack
    notation: str = ""  # how playing it is written
    item: str = ""  # item: one of ITEM_KINDS
    hands: int = 0
    damage: int = 0
    value: int = 0  # armor: damage absorbed; cloak or shield: attacks countered
    abilities: frozenset[str] = frozenset()  # item keywords

    @property
    def guards(self) -> bool:
        """A cloak or a shield: an item that counters attacks."""
        return self.item in ("cloak", "shield")

    @property
    def ignores_guards(self) -> bool:
        # The crossover: attacks that ignore cloaks also ignore shields, and the reverse.
        return bool(self.effects & {"ignores_cloaks", "ignores_shields"})


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    counts: tuple[tuple[str, int], ...]

    def cards(self) -> list[str]:
        return [card for card, count in self.counts for _ in range(count)]

    @property
    def size(self) -> int:
        return sum(count for _, count in self.counts)


@dataclass(frozen=True)
class Fighter:
    name: str
    title: str
    short: str
    side: str
    boxed: bool
    life: int
    damage: int
    hands: int
    abilities: frozenset[str]


@dataclass(frozen=True)
class SwordplayContent:
    cards: dict[str, Card]
    decks: dict[str, Deck]
    fighters: dict[str, Fighter]
    ability_text: dict[str, str]

    def side(self, side: str) -> list[str]:
        """The fighters of one side, in file order."""
        return [f.name for f in self.fighters.values() if f.side == side]


def _keywords(
    path: Path, name: str, table: dict[str, Any], field: str, known: tuple[str, ...]
) -> frozenset[str]:
    values = table.get(field, [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise fault(path, f"is {values!r}; expected a list of names", name, field)
    unknown = [v for v in values if v not in known]
    if unknown:
        raise fault(path, f"names {unknown!r}; known: {', '.join(known)}", name, field)
    return frozenset(values)


def _number(
    path: Path, name: str, table: dict[str, Any], field: str, low: int, high: int, default: int = 0
) -> int:
    value = table.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fault(path, f"is {value!r}; expected a whole number {low}..{high}", name, field)
    return value


def _choice(
    path: Path, name: str, table: dict[str, Any], field: str, known: tuple[str, ...]
) -> str:
    value = require(path, name, table, field, str)
    if value not in known:
        raise fault(path, f"is {value!r}; expected one of {', '.join(known)}", name, field)
    return value


def _card(path: Path, name: str, table: dict[str, Any]) -> Card:
    kind = _choice(path, name, table, "type", TYPES)
    base: dict[str, Any] = {
        "name": name,
        "type": kind,
        "title": require(path, name, table, "title", str),
        "text": require(path, name, table, "text", str),
    }
    if kind == "attack":
        location = _choice(path, name, table, "location", (*LOCATIONS, "none"))
        return Card(
            **base,
            location="" if location == "none" else location,
            bonus=_number(path, name, table, "bonus", 0, 9),
            effects=_keywords(path, name, table, "effects", ATTACK_EFFECTS),
            notation=f"attack:{name}",
        )
    if kind == "defence":
        stops = _keywords(path, name, table, "stops", (*LOCATIONS, ANY))
        if not stops:
            raise fault(path, "must name at least one location (or \"any\")", name, "stops")
        counter = table.get("counter", "")
        if counter not in ("", *LOCATIONS):
            raise fault(path, f"is {counter!r}; expected a location or \"\"", name, "counter")
        parry = table.get("parry", False)
        if not isinstance(parry, bool):
            raise fault(path, f"is {parry!r}; expected true or false", name, "parry")
        notation = table.get("notation", f"defend:{name}")
        if not isinstance(notation, str) or not _is_notation(notation):
            raise fault(path, f"is {notation!r}; expected verb:name", name, "notation")
        return Card(
            **base,
            stops=stops,
            parry=parry,
            counter=counter,
            bonus=_number(path, name, table, "bonus", 0, 9),
            notation=notation,
        )
    if kind == "item":
        item = _choice(path, name, table, "item", ITEM_KINDS)
        hands = _number(path, name, table, "hands", 0, 2)
        if (item == "armor") != (hands == 0):
            raise fault(path, "armor takes no hands; every other item takes 1 or 2", name, "hands")
        damage = _number(path, name, table, "damage", 0, 9)
        value = _number(path, name, table, "value", 0, 9)
        if item != "weapon" and value < 1:
            raise fault(path, f"a {item} needs a value of at least 1", name, "value")
        return Card(
            **base,
            item=item,
            hands=hands,
            damage=damage,
            value=value,
            abilities=_keywords(path, name, table, "abilities", ITEM_ABILITIES),
            notation=f"ready:{name}",
        )
    return Card(
        **base,
        effects=_keywords(path, name, table, "effects", STANCE_EFFECTS),
        notation=f"ready:{name}",
    )


def _is_notation(text: str) -> bool:
    verb, sep, rest = text.partition(":")
    return bool(sep) and verb.isalpha() and bool(rest) and rest.replace("_", "").isalnum()


def _cards(path: Path) -> dict[str, Card]:
    tables = entry_tables(path, read_toml(path), "cards")
    cards = {name: _card(path, name, table) for name, table in tables.items()}
    seen: dict[str, str] = {}
    for card in cards.values():
        if card.type == "defence":
            if card.notation in seen:
                raise fault(path, f"is also {seen[card.notation]!r}'s", card.name, "notation")
            seen[card.notation] = card.name
    return cards


def _decks(path: Path, cards: dict[str, Card]) -> dict[str, Deck]:
    decks: dict[str, Deck] = {}
    raw = entry_tables(path, read_toml(path), "decks")
    for side in SIDES:
        if side not in raw:
            raise ContentError(f"needs a [decks.{side}] table", file=str(path), field="decks")
    for name, table in raw.items():
        if name not in SIDES:
            raise fault(path, f"is no side; sides are {', '.join(SIDES)}", name)
        counts = []
        for card in table:
            if card == "title":
                continue
            if card not in cards:
                raise fault(path, f"is no card of {CARDS_FILE.name}", name, card)
            counts.append((card, _number(path, name, table, card, 0, 20)))
        deck = Deck(name, require(path, name, table, "title", str), tuple(counts))
        if deck.size < 12:
            raise fault(path, f"holds {deck.size} cards; a deck needs at least 12", name)
        decks[name] = deck
    return decks


def _fighters(path: Path) -> tuple[dict[str, Fighter], dict[str, str]]:
    data = read_toml(path)
    fighters: dict[str, Fighter] = {}
    for name, table in entry_tables(path, data, "pirates").items():
        title = require(path, name, table, "title", str)
        boxed = table.get("boxed", False)
        if not isinstance(boxed, bool):
            raise fault(path, f"is {boxed!r}; expected true or false", name, "boxed")
        fighters[name] = Fighter(
            name=name,
            title=title,
            short=table.get("short", title),
            side=_choice(path, name, table, "side", SIDES),
            boxed=boxed,
            life=_number(path, name, table, "life", 1, 30, 10),
            damage=_number(path, name, table, "damage", 0, 9, 1),
            hands=_number(path, name, table, "hands", 1, 4, 2),
            abilities=_keywords(path, name, table, "abilities", ABILITIES),
        )
    raw = data.get("abilities")
    if not isinstance(raw, dict):
        raise ContentError("needs an [abilities] table", file=str(path), field="abilities")
    for name in ABILITIES:
        if not isinstance(raw.get(name), str) or not raw[name]:
            raise fault(path, "needs a sentence for the players", "abilities", name)
    unknown = sorted(set(raw) - set(ABILITIES))
    if unknown:
        raise fault(path, f"names abilities the rules do not know: {unknown}", "abilities")
    return fighters, {name: raw[name] for name in ABILITIES}


def load_content(
    cards_file: Path = CARDS_FILE, decks_file: Path = DECKS_FILE, pirates_file: Path = PIRATES_FILE
) -> SwordplayContent:
    """Read and check the content files; a ``ContentError`` names file, entry and field."""
    cards = _cards(cards_file)
    decks = _decks(decks_file, cards)
    fighters, abilities = _fighters(pirates_file)
    for side in SIDES:
        if not any(f.side == side for f in fighters.values()):
            raise ContentError(
                f"needs at least one fighter of side {side!r}", file=str(pirates_file)
            )
    return SwordplayContent(cards, decks, fighters, abilities)


CONTENT = load_content()
