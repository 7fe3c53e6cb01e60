"""Pirate Rumble's content: cards, pirates, camp cards and the words for the cards'
effects, read from TOML beside this file.

Each file is read through the engine's schemas (``Schema``, ``read_table``), which
refuse unknown fields, missing ones, wrong types, bounds and choices; the checks
between entries and files (the golden pile, the camp table's sums, what a card's
effects need) are written here with ``fault``. Every ``ContentError`` names the
file, the entry, the field and its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from plunder.engine.content import Field, Schema, fault, read_table, read_toml
from plunder.engine.effects import Step
from plunder.games.rumble.effects import EFFECTS, plan

HERE = Path(__file__).parent
CARDS_FILE = HERE / "cards.toml"
PIRATES_FILE = HERE / "pirates.toml"
CAMPS_FILE = HERE / "camps.toml"
EFFECTS_FILE = HERE / "effects.toml"

KINDS = ("basic", "golden", "special")
# A card's kind of target, and how many seats it names.
TARGETS = {"none": 0, "any": 1, "neighbour": 1, "two": 2}
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
# The answer of a pirate who makes no gesture in time (R62): no card's gesture.
NO_GESTURE = "none"


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
    effects: tuple[Step, ...]
    # The effects as the rules run them: per stage, (function, amount) pairs.
    plan: dict[str, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)
    # The names of the card's effects, to ask whether it has one.
    does: frozenset[str] = frozenset()
    golden: bool = False
    # Whether an effect of the card deals damage.
    attack: bool = False


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
    effect_text: dict[str, str]

    @property
    def golden_pile(self) -> list[str]:
        return [c.name for c in self.cards.values() if c.golden for _ in range(c.pile)]


def _card(**values: Any) -> Card:
    steps = values["effects"]
    names = frozenset(step.name for step in steps)
    return Card(
        **values,
        plan=plan(steps),
        does=names,
        golden=values["kind"] == "golden",
        attack=any(EFFECTS[name].get("hits") for name in names),
    )


CARD_SCHEMA = Schema(
    "cards",
    _card,
    title=Field(str),
    kind=Field(str, choices=KINDS),
    cost=Field(int, low=0, high=5),  # bullets
    target=Field(str, choices=tuple(TARGETS)),
    gesture=Field(str, unique=True),
    pile=Field(int, default=0, low=0),
    text=Field(str),
    effects=Field(list, effects=True, length=(1, None)),
)
EFFECT_SCHEMA = Schema("effects", lambda name, text: text, text=Field(str))


PIRATE_SCHEMA = Schema(
    "pirates",
    title=Field(str),
    short=Field(str, default=None),  # the title unless written
    native=Field(str, default=""),
    health=Field(int, default=5, low=1, high=9),
    max_health=Field(int, default=5, low=1, high=9),
    bullets=Field(int, default=2, low=0, high=5),
    tokens=Field(int, default=0, low=0, high=9),
    hand=Field(list, names="playable", length=(1, None)),
    golden=Field(list, default=(), names="golden"),
    random_golden=Field(int, default=0, low=0, high=3),
    abilities=Field(list, default=(), choices=ABILITIES),
)
# A player count's camp cards: [table.<players>].
CAMP_TABLE_SCHEMA = Schema(
    "table",
    key=None,
    sun=Field(int, low=0),
    moon=Field(int, low=0),
    face_up=Field(list, default=(), choices=CAMP_NAMES),
)


def _cards(path: Path) -> dict[str, Card]:
    data = read_toml(path)
    cards: dict[str, Card] = CARD_SCHEMA.read(path, data, effects=EFFECTS)
    for name, card in cards.items():
        written = "pile" in data["cards"][name]
        if card.golden and not written:
            raise fault(path, "is missing: how many the golden pile holds", name, "pile")
        if not card.golden and card.pile:
            raise fault(path, "only golden cards lie in the golden pile", name, "pile")
        _check_aims(path, card)
    return cards


def _effect_text(path: Path) -> dict[str, str]:
    """Every effect the rules know, in players' words; nothing the rules do not know."""
    texts: dict[str, str] = EFFECT_SCHEMA.read(path, read_toml(path))
    EFFECTS.check_texts(path, texts)
    return texts


def _check_aims(path: Path, card: Card) -> None:
    """Each effect has the targets it needs: ``each`` at least one, ``one`` exactly one."""
    named = TARGETS[card.target]
    for step in card.effects:
        aims = EFFECTS[step.name].get("aims")
        if (aims == "each" and not named) or (aims == "one" and named != 1):
            need = "a target" if aims == "each" else "exactly one target"
            raise fault(
                path,
                f"has {step.code!r}, which needs {need}; the card's target is {card.target!r}",
                card.name,
                "effects",
            )


def _pirates(path: Path, data: dict[str, Any], cards: dict[str, Card]) -> dict[str, Pirate]:
    names = {
        "playable": [n for n, c in cards.items() if not c.golden],
        "golden": [n for n, c in cards.items() if c.golden],
    }
    pirates: dict[str, Pirate] = {}
    for name, values in PIRATE_SCHEMA.read(path, data, names=names).items():
        if len(set(values["hand"])) != len(values["hand"]):
            raise fault(path, "must list each of the pirate's basic cards once", name, "hand")
        if values["health"] > values["max_health"]:
            raise fault(
                path, f"is {values['health']}; more than max_health {values['max_health']}",
                name, "health",
            )
        if values["short"] == "":
            raise fault(path, "is ''; expected a name", name, "short")
        if values["short"] is None:
            values["short"] = values["title"]
        values["abilities"] = frozenset(values["abilities"])
        pirates[name] = Pirate(**values)
    return pirates


def _ability_text(path: Path, data: dict[str, Any]) -> dict[str, str]:
    """Every ability the rules know, in players' words; nothing the rules do not know."""
    texts = read_table(path, data, "abilities", **{name: Field(str) for name in ABILITIES})
    for name, text in texts.items():
        if not text:
            raise fault(path, "needs a sentence for the players", "abilities", name)
    return texts


def _camps(path: Path) -> tuple[dict[str, str], dict[int, CampTable]]:
    data = read_toml(path)
    titles = read_table(path, data, "camps", **{name: Field(str) for name in CAMP_NAMES})
    tables: dict[int, CampTable] = {}
    for key, values in CAMP_TABLE_SCHEMA.read(path, data).items():
        if not key.isdigit():
            raise fault(path, "is not a player count", key)
        players, sun, moon = int(key), values["sun"], values["moon"]
        if 3 + sun + moon != players:
            raise fault(path, f"3 bosses + {sun} + {moon} subordinates is not {players}", key)
        tables[players] = CampTable(**values)
    return titles, tables


def _check_golden(path: Path, cards: dict[str, Card], pirates: dict[str, Pirate]) -> None:
    """The pirates' golden cards come out of the golden pile: it must hold them."""
    pile = [c.name for c in cards.values() if c.golden for _ in range(c.pile)]
    for pirate in pirates.values():
        for card in set(pirate.golden):
            if pirate.golden.count(card) > pile.count(card):
                raise fault(path, f"takes more {card!r} than the golden pile holds", pirate.name)


def load_content(
    cards_file: Path = CARDS_FILE,
    pirates_file: Path = PIRATES_FILE,
    camps_file: Path = CAMPS_FILE,
    effects_file: Path = EFFECTS_FILE,
) -> RumbleContent:
    """Read and check the content files; a ``ContentError`` names file, entry and field."""
    cards = _cards(cards_file)
    effect_text = _effect_text(effects_file)
    data = read_toml(pirates_file)
    pirates = _pirates(pirates_file, data, cards)
    abilities = _ability_text(pirates_file, data)
    titles, tables = _camps(camps_file)
    _check_golden(pirates_file, cards, pirates)
    return RumbleContent(cards, pirates, titles, tables, abilities, effect_text)


CONTENT = load_content()

__all__ = ["CONTENT", "CampTable", "Card", "Pirate", "RumbleContent", "load_content"]
