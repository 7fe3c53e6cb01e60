"""Swordplay's content files: checked on load, errors naming file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

import plunder
from plunder.games.swordplay import content
from plunder.games.swordplay.content import CONTENT, load_content


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def original(name: str) -> str:
    return (Path(content.__file__).parent / name).read_text(encoding="utf-8")


def test_the_shipped_content_loads_with_every_keyword_known() -> None:
    assert CONTENT.decks["pirates"].size == 60
    for card in CONTENT.cards.values():
        assert card.effects <= set(content.ATTACK_EFFECTS) | set(content.STANCE_EFFECTS)
        assert card.abilities <= set(content.ITEM_ABILITIES)
    assert len(CONTENT.side("pirates")) >= 4 and CONTENT.side("arena")
    heavy = [c for c in CONTENT.cards.values() if c.item == "weapon" and c.damage >= 3]
    arena = dict(CONTENT.decks["arena"].counts)
    assert any(arena.get(c.name) for c in heavy)


def test_an_unknown_effect_names_file_entry_and_field(tmp_path: Path) -> None:
    bad = original("cards.toml").replace(
        'effects = ["fixed_damage", "dodge_only"]', 'effects = ["fixed_damage", "teleport"]'
    )
    path = write(tmp_path, "cards.toml", bad)
    with pytest.raises(plunder.ContentError) as caught:
        load_content(cards_file=path)
    message = str(caught.value)
    assert "cards.toml" in message and "pistol" in message and "effects" in message
    assert "teleport" in message


def test_a_deck_naming_an_unknown_card_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "decks.toml", original("decks.toml").replace("high = 5", "kraken = 5"))
    with pytest.raises(plunder.ContentError) as caught:
        load_content(decks_file=path)
    assert "decks.toml" in str(caught.value) and "kraken" in str(caught.value)


def test_an_unknown_ability_is_refused(tmp_path: Path) -> None:
    text = original("pirates.toml").replace('abilities = ["hook"]', 'abilities = ["flight"]')
    path = write(tmp_path, "pirates.toml", text)
    with pytest.raises(plunder.ContentError) as caught:
        load_content(pirates_file=path)
    message = str(caught.value)
    assert "hollis" in message and "abilities" in message and "flight" in message


def test_armor_with_hands_is_refused(tmp_path: Path) -> None:
    armor = 'item = "armor"\nhands = '
    text = original("cards.toml").replace(armor + "0", armor + "1", 1)
    path = write(tmp_path, "cards.toml", text)
    with pytest.raises(plunder.ContentError) as caught:
        load_content(cards_file=path)
    assert "jerkin" in str(caught.value) and "hands" in str(caught.value)


def test_the_catalogue_gives_cards_decks_and_fighters() -> None:
    catalogue = plunder.load("swordplay", players=3, arena_seats=1).catalogue()
    assert catalogue["cards"]["rapier"]["abilities"] == ["fragile"]
    assert catalogue["fighters"]["hollis"]["abilities"][0]["text"]
    assert set(catalogue["decks"]) == {"pirates", "arena"}
    assert list(catalogue["decisions"]) == ["discard", "ready", "attack", "defend"]


@pytest.mark.parametrize(
    ("name", "old", "new", "entry", "field", "words"),
    [
        # A field of another type of card is refused, not ignored.
        ("cards.toml", 'location = "thrust"\nbonus = 0', 'location = "thrust"\nstops = ["low"]',
         "thrust", "stops", "is not a field"),
        ("cards.toml", '[cards.high]\ntype = "attack"', '[cards.high]\ntype = "spell"',
         "high", "type", "spell"),
        ("cards.toml", 'stops = ["high"]\nparry = true', 'stops = []\nparry = true',
         "parry_high", "stops", "expected 1"),
        ("cards.toml", 'formerly = "parry:low"', 'formerly = "parry:high"',
         "parry_low", "formerly", "parry_high"),
        ("cards.toml", 'formerly = "parry:low"', 'formerly = "ready:rapier"',
         "parry_low", "formerly", "rapier"),
        ("cards.toml", 'formerly = "parry:low"', 'formerly = "parry low"',
         "parry_low", "formerly", "verb:name"),
        ("cards.toml", 'bonus = 2', 'bonus = 10', "pistol", "bonus", "10"),
        ("cards.toml", 'item = "cloak"\nhands = 1\nvalue = 2',
         'item = "cloak"\nhands = 1\nvalue = 0', "cloak", "value", "at least 1"),
        ("decks.toml", "high = 5", "high = 25", "pirates", "high", "25"),
        ("decks.toml", "high = 3", "high = true", "arena", "high", "whole number"),
        ("pirates.toml", "life = 12", "life = 0", "brakka", "life", "0"),
        ("pirates.toml", 'deft = "May discard up to two cards in the Discard phase."',
         'deft = ""', "abilities", "deft", "sentence"),
        ("pirates.toml", 'deft = "May discard up to two cards in the Discard phase."',
         'daft = "Dances."', "abilities", "daft", "is not a field"),
    ],
)
def test_each_check_names_file_entry_and_field(
    tmp_path: Path, name: str, old: str, new: str, entry: str, field: str, words: str
) -> None:
    text = original(name)
    assert old in text
    path = write(tmp_path, name, text.replace(old, new, 1))
    files = {"cards.toml": "cards_file", "decks.toml": "decks_file", "pirates.toml": "pirates_file"}
    with pytest.raises(plunder.ContentError) as caught:
        load_content(**{files[name]: path})
    error = caught.value
    assert (error.file, error.entry, error.field) == (str(path), entry, field)
    assert error.line is not None and words in str(error)


def test_a_keyword_the_rules_misspell_fails_loudly() -> None:
    assert CONTENT.cards["pistol"].has("dodge_only") and not CONTENT.cards["high"].has("dodge_only")
    assert CONTENT.fighters["hollis"].has("hook")
    with pytest.raises(ValueError, match="dodge_onyl"):
        CONTENT.cards["pistol"].has("dodge_onyl")
    with pytest.raises(ValueError, match="hooks"):
        CONTENT.fighters["hollis"].has("hooks")
