"""Duel's content: the card set and the deflection tables, read from ``cards.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from plunder.engine.content import entry_tables, fault, read_toml, require
from plunder.engine.errors import ContentError

CARDS_FILE = Path(__file__).with_name("cards.toml")
RETURNS = ("none", "itself", "all")


@dataclass(frozen=True)
class Card:
    name: str
    title: str
    text: str
    count: int
    weapon: str  # "" for a card that makes no attack
    returns: str  # "none", "itself" or "all" (when its owner was not hit)


@dataclass(frozen=True)
class DuelContent:
    cards: tuple[Card, ...]
    deflection: dict[str, dict[str, frozenset[str]]]  # reading -> played card -> weapons it stops

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards)


def load_content(path: Path = CARDS_FILE) -> DuelContent:
    """Read and check the card file; a ``ContentError`` names file, entry and field."""
    data = read_toml(path)
    cards = []
    for name, table in entry_tables(path, data, "cards").items():
        count = require(path, name, table, "count", int)
        if count < 0:
            raise fault(path, "must not be negative", name, "count")
        title = require(path, name, table, "title", str)
        text = require(path, name, table, "text", str)
        weapon = require(path, name, table, "weapon", str)
        returns = require(path, name, table, "returns", str)
        if returns not in RETURNS:
            raise fault(
                path,
                f"is {returns!r}; expected one of {', '.join(RETURNS)}",
                name,
                "returns",
            )
        cards.append(Card(name, title, text, count, weapon, returns))
    names = {card.name for card in cards}
    weapons = {card.weapon for card in cards if card.weapon}
    raw_tables = data.get("deflection")
    if not isinstance(raw_tables, dict) or not raw_tables:
        raise ContentError(
            "needs a [deflection.<reading>] table", file=str(path), field="deflection"
        )
    deflection: dict[str, dict[str, frozenset[str]]] = {}
    for reading, table in raw_tables.items():
        if not isinstance(table, dict):
            raise fault(path, "is not a table of card = [weapons]", reading)
        rows: dict[str, frozenset[str]] = {}
        for card in sorted(names):
            stops = require(path, reading, table, card, list)
            unknown = [w for w in stops if w not in weapons]
            if unknown:
                raise fault(
                    path,
                    f"names {unknown!r}, which no card fires (weapons: {sorted(weapons)})",
                    reading,
                    card,
                )
            rows[card] = frozenset(stops)
        extra = set(table) - names
        if extra:
            raise fault(path, f"names cards that do not exist: {sorted(extra)}", reading)
        deflection[reading] = rows
    if "seed" not in deflection:
        # The game's default reading; without it Duel could not be loaded at all.
        raise ContentError(
            "needs the [deflection.seed] table (the default reading)",
            file=str(path),
            field="deflection",
        )
    return DuelContent(tuple(cards), deflection)


CONTENT = load_content()
