"""Duel's content: the card set and the deflection tables, read from ``cards.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from plunder.engine.catalogue import Shown
from plunder.engine.content import Field, Schema, read_toml
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

    @property
    def by_name(self) -> dict[str, Card]:
        return {card.name: card for card in self.cards}


# One [cards.<name>] table per card.
CARD_SCHEMA = Schema(
    "cards",
    Card,
    title=Field(str),
    text=Field(str),
    count=Field(int, low=0),
    weapon=Field(str),
    returns=Field(str, choices=RETURNS),
)
# The cards in the catalogue: a card that fires no weapon names none (null). What a
# card stops depends on the game's deflection reading: the game adds it.
CARD_SHOWN = Shown.of(CARD_SCHEMA, weapon=lambda card: card.weapon or None)


def load_content(path: Path = CARDS_FILE) -> DuelContent:
    """Read and check the card file; a ``ContentError`` names file, entry and field."""
    data = read_toml(path)
    cards = tuple(CARD_SCHEMA.read(path, data).values())
    names = {card.name for card in cards}
    weapons = sorted({card.weapon for card in cards if card.weapon})
    raw_tables = data.get("deflection")
    if not isinstance(raw_tables, dict) or not raw_tables:
        raise ContentError(
            "needs a [deflection.<reading>] table", file=str(path), field="deflection"
        )
    # Each reading lists, for every card, the weapons it stops: fired weapons only.
    reading = Schema(
        "deflection",
        key=None,
        **{card: Field(list, names="weapons") for card in sorted(names)},
    )
    deflection = {
        name: {card: frozenset(stops) for card, stops in rows.items()}
        for name, rows in reading.read(path, data, names={"weapons": weapons}).items()
    }
    if "seed" not in deflection:
        # The game's default reading; without it Duel could not be loaded at all.
        raise ContentError(
            "needs the [deflection.seed] table (the default reading)",
            file=str(path),
            field="deflection",
        )
    return DuelContent(cards, deflection)


CONTENT = load_content()
