"""The engine's catalogue form of a Schema's entries (``plunder.engine.catalogue``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from plunder.engine.catalogue import Shown, as_json, named, section_by, worded
from plunder.engine.content import Field, Schema
from plunder.engine.effects import Step

CARDS = Schema(
    "cards",
    title=Field(str),
    cost=Field(int),
    secret=Field(str, default=""),
    effects=Field(list, default=()),
)


@dataclass(frozen=True)
class Card:
    name: str
    title: str
    cost: int
    secret: str
    effects: tuple[Step, ...]


ACE = Card("ace", "Ace", 3, "hidden words", (Step("hit", 2), Step("draw")))


def test_every_declared_field_appears_under_its_name_with_the_entry_name_as_id() -> None:
    entry = Shown.of(CARDS).entry("ace", ACE)
    assert entry == {
        "id": "ace", "title": "Ace", "cost": 3, "secret": "hidden words",
        "effects": ["hit:2", "draw"],
    }


def test_a_table_entry_is_read_by_key_as_a_record_by_attribute() -> None:
    table = {"title": "Ace", "cost": 3, "secret": "", "effects": ()}
    assert Shown.of(CARDS).entry("ace", table)["title"] == "Ace"


def test_a_hidden_field_is_absent_and_a_renamed_one_moves() -> None:
    entry = Shown.of(CARDS, hide=("secret",), rename={"cost": "price"}).entry("ace", ACE)
    assert "secret" not in entry
    assert "cost" not in entry
    assert entry["price"] == 3


def test_a_computed_field_is_added_or_replaces_a_declared_one() -> None:
    shown = Shown.of(CARDS, cost=lambda card: card.cost * 10, dear=lambda card: card.cost > 2)
    entry = shown.entry("ace", ACE)
    assert entry["cost"] == 30
    assert entry["dear"] is True
    # A field computed where the catalogue is made (from the game's options, say).
    assert shown.entry("ace", ACE, reading=lambda card: "seed")["reading"] == "seed"


def test_no_id_when_the_catalogue_names_none() -> None:
    assert "id" not in Shown.of(CARDS, id=None).entry("ace", ACE)
    assert Shown.of(CARDS, id="number").entry(7, ACE)["number"] == 7


def test_hiding_or_renaming_a_field_the_schema_does_not_declare_is_refused() -> None:
    with pytest.raises(ValueError, match="not fields"):
        Shown.of(CARDS, hide=("colour",))
    with pytest.raises(ValueError, match="not fields"):
        Shown.of(CARDS, rename={"colour": "color"})


def test_a_section_keeps_the_entries_order() -> None:
    deuce = Card("deuce", "Deuce", 1, "", ())
    section = Shown.of(CARDS).section({"deuce": deuce, "ace": ACE})
    assert list(section) == ["deuce", "ace"]
    assert section["deuce"]["title"] == "Deuce"


def test_a_section_by_kind_shows_each_entry_as_its_kind_says() -> None:
    cheap = Shown.of(CARDS, hide=("secret", "effects"))
    dear = Shown.of(CARDS, hide=("effects",))
    deuce = Card("deuce", "Deuce", 1, "low", ())
    section = section_by({"ace": ACE, "deuce": deuce},
                         lambda card: dear if card.cost > 2 else cheap)
    assert section["ace"]["secret"] == "hidden words"
    assert "secret" not in section["deuce"]


def test_values_become_json_in_a_stable_order() -> None:
    @dataclass(frozen=True)
    class Profile:
        dice: int
        effects: tuple[Step, ...]

    value = {"flags": frozenset({"b", "c", "a"}), "profile": Profile(3, (Step("push"),))}
    assert as_json(value) == {"flags": ["a", "b", "c"],
                              "profile": {"dice": 3, "effects": ["push"]}}
    json.dumps(as_json(value))  # plain JSON: this raises otherwise


def test_words_as_entries_and_as_a_sorted_list() -> None:
    assert named({"sun": "Sun camp"}, "title") == {"sun": {"id": "sun", "title": "Sun camp"}}
    texts = {"hook": "Pulls.", "deft": "Dodges."}
    assert worded(frozenset(texts), texts) == [
        {"id": "deft", "text": "Dodges."}, {"id": "hook", "text": "Pulls."},
    ]
