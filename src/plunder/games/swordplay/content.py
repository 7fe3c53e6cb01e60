"""Swordplay's content: cards, decks and fighters, read and checked from TOML beside this file.

The files are read through the engine's shared reader (``Schema``, ``read_table``):
it refuses unknown fields, missing ones, wrong types, out-of-bounds numbers and
words outside their closed lists, naming file, entry, field and line. What it
cannot know is checked here with ``fault``: the fields that depend on a card's
type, totals (a deck's size), and names that point into another file.

Every effect a card or fighter has is a keyword (a *flag*) from a closed list
below; the rules ask ``card.has("dodge_only")`` or ``fighter.has("hook")``,
never a card's name, so a transcription of the printed cards only has to say
which keywords each card carries, and a keyword the rules misspell fails loudly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import Any

from plunder.engine.catalogue import Shown, worded
from plunder.engine.content import Field, Schema, entry_tables, fault, read_table, read_toml
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
# Every keyword a card may carry, whatever its type.
CARD_FLAGS = frozenset((*ATTACK_EFFECTS, *ITEM_ABILITIES, *STANCE_EFFECTS))
MAX_COPIES = 20  # copies of one card in a deck
MIN_DECK = 12  # cards in a deck at least


def _has(flags: frozenset[str], flag: str, known: frozenset[str]) -> bool:
    """Whether ``flags`` hold ``flag``; a flag no content may carry is a bug in the rules."""
    if flag not in known:
        raise ValueError(f"{flag!r} is no keyword of the content ({', '.join(sorted(known))})")
    return flag in flags


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
    notation: str = ""  # how playing it is written: verb:<its id>
    formerly: str = ""  # defence: the notation older records wrote for its play, still read
    item: str = ""  # item: one of ITEM_KINDS
    hands: int = 0
    damage: int = 0
    value: int = 0  # armor: damage absorbed; cloak or shield: attacks countered
    abilities: frozenset[str] = frozenset()  # item keywords

    def has(self, flag: str) -> bool:
        """Whether the card carries keyword ``flag`` (an effect or an item ability)."""
        return _has(self.effects | self.abilities, flag, CARD_FLAGS)

    @property
    def guards(self) -> bool:
        """A cloak or a shield: an item that counters attacks."""
        return self.item in ("cloak", "shield")

    @property
    def ignores_guards(self) -> bool:
        # The crossover: attacks that ignore cloaks also ignore shields, and the reverse.
        return self.has("ignores_cloaks") or self.has("ignores_shields")


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    counts: tuple[tuple[str, int], ...]  # in the order the file lists them

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

    def has(self, ability: str) -> bool:
        """Whether the fighter has ``ability`` (one of ``ABILITIES``)."""
        return _has(self.abilities, ability, frozenset(ABILITIES))


@dataclass(frozen=True)
class SwordplayContent:
    cards: dict[str, Card]
    decks: dict[str, Deck]
    fighters: dict[str, Fighter]
    ability_text: dict[str, str]

    def side(self, side: str) -> list[str]:
        """The fighters of one side, in file order."""
        return [f.name for f in self.fighters.values() if f.side == side]


# ------------------------------------------------------------------ cards
def _bonus() -> Field:
    return Field(int, 0, low=0, high=9)


# Every card has a type, a title and a text; the other fields depend on the type,
# so each type has a schema of its own (a field of another type is refused).
_COMMON = {"type": Field(str, choices=TYPES), "title": Field(str), "text": Field(str)}
_TYPE = Schema("cards", key=None, type=_COMMON["type"])
CARD_SCHEMAS = {
    "attack": Schema(
        "cards", key=None, **_COMMON,
        location=Field(str, choices=(*LOCATIONS, "none")),
        bonus=_bonus(),
        effects=Field(list, (), choices=ATTACK_EFFECTS),
    ),
    "defence": Schema(
        "cards", key=None, **_COMMON,
        stops=Field(list, choices=(*LOCATIONS, ANY), length=(1, None)),
        parry=Field(bool, False),
        counter=Field(str, "", choices=("", *LOCATIONS)),
        bonus=_bonus(),
        formerly=Field(str, ""),
    ),
    "item": Schema(
        "cards", key=None, **_COMMON,
        item=Field(str, choices=ITEM_KINDS),
        hands=Field(int, 0, low=0, high=2),
        damage=Field(int, 0, low=0, high=9),
        value=Field(int, 0, low=0, high=9),
        abilities=Field(list, (), choices=ITEM_ABILITIES),
    ),
    "stance": Schema(
        "cards", key=None, **_COMMON,
        effects=Field(list, (), choices=STANCE_EFFECTS),
    ),
}


# The cards in the catalogue, each type with the fields its Schema declares and how
# its play is written; an attack of no location, or a defence with no counter-attack,
# names none (null). The notation older records wrote stays the rules' own.
_NOTATION = attrgetter("notation")
CARDS_SHOWN = {
    "attack": Shown.of(CARD_SCHEMAS["attack"], notation=_NOTATION,
                       location=lambda card: card.location or None),
    "defence": Shown.of(CARD_SCHEMAS["defence"], hide=("formerly",), notation=_NOTATION,
                        counter=lambda card: card.counter or None),
    "item": Shown.of(CARD_SCHEMAS["item"], notation=_NOTATION),
    "stance": Shown.of(CARD_SCHEMAS["stance"], notation=_NOTATION),
}


def _card(path: Path, name: str, table: Mapping[str, Any]) -> Card:
    # The type alone first: it says which schema reads the rest.
    kind = _TYPE.values(path, name, {k: v for k, v in table.items() if k == "type"})["type"]
    values = CARD_SCHEMAS[kind].values(path, name, table)
    for field in ("effects", "stops", "abilities"):
        if field in values:
            values[field] = frozenset(values[field])
    if kind == "attack":
        location = values.pop("location")
        return Card(name=name, **values, location="" if location == "none" else location,
                    notation=f"attack:{name}")
    if kind == "defence":
        if values["formerly"] and not _is_notation(values["formerly"]):
            raise fault(path, f"is {values['formerly']!r}; expected verb:name", name, "formerly")
        return Card(name=name, **values, notation=f"defend:{name}")
    if kind == "item":
        _check_item(path, name, values)
    return Card(name=name, **values, notation=f"ready:{name}")


def _check_item(path: Path, name: str, values: Mapping[str, Any]) -> None:
    item = values["item"]
    if (item == "armor") != (values["hands"] == 0):
        raise fault(path, "armor takes no hands; every other item takes 1 or 2", name, "hands")
    if item != "weapon" and values["value"] < 1:
        raise fault(path, f"a {item} needs a value of at least 1", name, "value")


def _is_notation(text: str) -> bool:
    verb, sep, rest = text.partition(":")
    return bool(sep) and verb.isalpha() and bool(rest) and rest.replace("_", "").isalnum()


def _cards(path: Path) -> dict[str, Card]:
    tables = entry_tables(path, read_toml(path), "cards")
    cards = {name: _card(path, name, table) for name, table in tables.items()}
    # Two plays written alike could not be told apart in a record.
    seen = {card.notation: card.name for card in cards.values()}
    for card in cards.values():
        if card.formerly:
            if card.formerly in seen:
                raise fault(path, f"is also {seen[card.formerly]!r}'s", card.name, "formerly")
            seen[card.formerly] = card.name
    return cards


# ------------------------------------------------------------------ decks
def _decks(path: Path, cards: Mapping[str, Card]) -> dict[str, Deck]:
    raw = entry_tables(path, read_toml(path), "decks")
    for side in SIDES:
        if side not in raw:
            raise ContentError(f"needs a [decks.{side}] table", file=str(path), field="decks")
    # A deck is its title and, per card of cards.toml it holds, how many copies.
    schema = Schema(
        "decks", key=None, title=Field(str),
        **{card: Field(int, 0, low=0, high=MAX_COPIES) for card in cards},
    )
    decks: dict[str, Deck] = {}
    for name, table in raw.items():
        if name not in SIDES:
            raise fault(path, f"is no side; sides are {', '.join(SIDES)}", name)
        for card in table:
            if card != "title" and card not in cards:
                raise fault(path, f"is no card of {CARDS_FILE.name}", name, card)
        values = schema.values(path, name, table)
        # The file's order is the deck's order before the shuffle: kept, so a seed
        # deals the same game.
        counts = tuple((card, values[card]) for card in table if card != "title")
        deck = Deck(name, values["title"], counts)
        if deck.size < MIN_DECK:
            raise fault(path, f"holds {deck.size} cards; a deck needs at least {MIN_DECK}", name)
        decks[name] = deck
    return decks


# ------------------------------------------------------------------ fighters
def _fighter(*, short: str, abilities: tuple[str, ...], **values: Any) -> Fighter:
    return Fighter(short=short or values["title"], abilities=frozenset(abilities), **values)


FIGHTER_SCHEMA = Schema(
    "pirates",
    _fighter,
    title=Field(str),
    short=Field(str, ""),
    side=Field(str, choices=SIDES),
    boxed=Field(bool, False),
    life=Field(int, 10, low=1, high=30),
    damage=Field(int, 1, low=0, high=9),
    hands=Field(int, 2, low=1, high=4),
    abilities=Field(list, (), choices=ABILITIES),
)
# The fighters in the catalogue: their abilities in players' words.
FIGHTERS_SHOWN = Shown.of(
    FIGHTER_SCHEMA, abilities=lambda fighter: worded(fighter.abilities, CONTENT.ability_text)
)
# A deck in the catalogue: its title and how many of each card it holds.
DECKS_SHOWN = Shown.of(("title",), cards=lambda deck: dict(deck.counts))


def _fighters(path: Path) -> tuple[dict[str, Fighter], dict[str, str]]:
    data = read_toml(path)
    fighters: dict[str, Fighter] = FIGHTER_SCHEMA.read(path, data)
    # One sentence per ability for the players; an ability the rules do not know is refused.
    words = read_table(path, data, "abilities", **{name: Field(str) for name in ABILITIES})
    for name in ABILITIES:
        if not words[name].strip():
            raise fault(path, "needs a sentence for the players", "abilities", name)
    return fighters, {name: words[name] for name in ABILITIES}


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


CONTENT: SwordplayContent = load_content()
