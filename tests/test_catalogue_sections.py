"""Each game's catalogue lists its content as its Schemas declare it: every entry of
each Schema the catalogue shows is in its section, with every declared field (under
its catalogue name) agreeing with the entry the content built, every computed field
present, and every field the game hides absent."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import plunder
from plunder.engine.catalogue import Shown
from plunder.engine.effects import Step
from plunder.games.duel import content as duel
from plunder.games.rumble import content as rumble_content
from plunder.games.rumble import game as rumble
from plunder.games.rumbones import content as rumbones
from plunder.games.swordplay import content as swordplay
from plunder.games.underfire import content as underfire

# A section: its name in the catalogue, how each entry is shown, the entries (name ->
# built entry) the game's catalogue must list under these options.
Section = tuple[str, Callable[[Any], Shown], Mapping[Any, Any]]


def _always(shown: Shown) -> Callable[[Any], Shown]:
    return lambda entry: shown


def _duel(game: Any) -> list[Section]:
    return [("cards", _always(duel.CARD_SHOWN), duel.CONTENT.by_name)]


def _rumble(game: Any) -> list[Section]:
    content = rumble_content.CONTENT
    return [
        ("cards", _always(rumble.CARDS_SHOWN), content.cards),
        ("pirates", _always(rumble.PIRATES_SHOWN), content.pirates),
        ("camp_table", _always(rumble.CAMP_TABLE_SHOWN), content.camp_tables),
    ]


def _underfire(game: Any) -> list[Section]:
    content = underfire.CONTENT
    return [
        ("ships", _always(underfire.SHIPS_SHOWN), content.ships),
        ("mercenaries", _always(underfire.MERCENARIES_SHOWN), content.mercenaries),
        ("effects", _always(underfire.EFFECTS_SHOWN), content.effects),
        ("boards", _always(underfire.BOARDS_SHOWN), content.boards),
    ]


def _swordplay(game: Any) -> list[Section]:
    content = swordplay.CONTENT
    sides = {side for side in swordplay.SIDES if game.sides and side in game.sides}
    return [
        ("cards", lambda card: swordplay.CARDS_SHOWN[card.type],
         {name: content.cards[name] for name in game.cards_in_play()}),
        ("decks", _always(swordplay.DECKS_SHOWN),
         {side: content.decks[side] for side in sorted(sides)}),
        ("fighters", _always(swordplay.FIGHTERS_SHOWN),
         {name: f for name, f in content.fighters.items() if f.side in sides}),
    ]


def _rumbones(game: Any) -> list[Section]:
    content = rumbones.CONTENT
    return [
        ("factions", _always(rumbones.FACTIONS_SHOWN), content.factions),
        ("heroes", _always(rumbones.HEROES_SHOWN), content.heroes),
        ("skills", _always(rumbones.SKILLS_SHOWN), content.skills),
        ("objectives", _always(rumbones.OBJECTIVES_SHOWN), content.objectives),
        ("cards", _always(rumbones.CARDS_SHOWN), content.cards),
        ("monsters", _always(rumbones.MONSTERS_SHOWN), content.monsters),
        # One entry each: the Kraken's numbers, Clash Royale!'s.
        ("kraken", _always(rumbones.KRAKEN_SHOWN), {None: content.kraken}),
        ("clash", _always(rumbones.CLASH_SHOWN), {None: content.arena}),
    ]


GAMES: list[tuple[str, dict[str, Any], Callable[[Any], list[Section]]]] = [
    ("duel", {}, _duel),
    ("duel", {"deflection": "per-weapon"}, _duel),
    ("rumble", {}, _rumble),
    ("rumble", {"mode": "camp", "players": 5}, _rumble),
    ("underfire", {}, _underfire),
    ("swordplay", {}, _swordplay),
    ("swordplay", {"players": 3, "arena_seats": 1}, _swordplay),
    ("rumbones", {}, _rumbones),
    ("rumbones", {"mode": "clash", "players": 4}, _rumbones),
]


def _read(entry: Any, name: str) -> Any:
    return entry[name] if isinstance(entry, Mapping) else getattr(entry, name)


def _agrees(shown: Any, built: Any) -> bool:
    """Whether a field as the catalogue shows it says what the built entry holds."""
    if built is None or isinstance(built, (str, int, float, bool)):
        return shown == built
    if isinstance(built, Step):
        return shown == built.code
    if isinstance(built, (frozenset, set)):
        return isinstance(shown, list) and shown == sorted(shown) and set(shown) == {
            item.code if isinstance(item, Step) else item for item in built
        }
    if isinstance(built, (tuple, list)):
        return isinstance(shown, list) and len(shown) == len(built) and all(
            _agrees(a, b) for a, b in zip(shown, built, strict=True)
        )
    if isinstance(built, Mapping):
        return isinstance(shown, dict) and set(shown) == {str(k) for k in built} and all(
            _agrees(shown[str(k)], v) for k, v in built.items()
        )
    if dataclasses.is_dataclass(built):
        names = [f.name for f in dataclasses.fields(built)]
        return isinstance(shown, dict) and list(shown) == names and all(
            _agrees(shown[name], getattr(built, name)) for name in names
        )
    raise AssertionError(f"no check for a field holding {built!r}")


def _served(catalogue: Mapping[str, Any], section: str, name: Any, shown: Shown) -> Any:
    if shown.id is None and name is None:
        return catalogue[section]  # a section that is one entry
    return catalogue[section][str(name)]


@pytest.mark.parametrize(("game", "options", "sections"), GAMES,
                         ids=[f"{g}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, o, _ in GAMES])
def test_each_entry_of_each_schema_is_listed_with_its_declared_fields(
    game: str, options: dict[str, Any], sections: Callable[[Any], list[Section]]
) -> None:
    loaded = plunder.load(game, **options)
    catalogue = loaded.catalogue()
    for section, shown_of, entries in sections(loaded):
        assert entries, f"{game}: no entries for {section}"
        if None not in entries:
            assert set(catalogue[section]) == {str(name) for name in entries}, section
        for name, built in entries.items():
            shown = shown_of(built)
            served = _served(catalogue, section, name, shown)
            where = f"{game} {section} {name}"
            if shown.id is not None:
                assert served[shown.id] == name, where
            for declared in shown.fields:
                key = shown.key(declared)
                if declared in shown.hide:
                    assert key not in served, f"{where}: {declared} is hidden"
                    continue
                assert key in served, f"{where}: {declared} is missing"
                if declared not in shown.computed:
                    assert _agrees(served[key], _read(built, declared)), f"{where}: {declared}"
            for computed in shown.computed:
                assert computed in served, f"{where}: computed {computed} is missing"


def test_the_fields_games_hide_are_absent_where_they_would_be() -> None:
    """The hidden fields are real ones: a Swordplay defence's older notation, a Pirates
    Under Fire board's faces by letter, a Rum & Bones faction's flat crew numbers."""
    sword = plunder.load("swordplay").catalogue()
    defences = [c for c in sword["cards"].values() if c["type"] == "defence"]
    assert defences and all("formerly" not in card and "stops" in card for card in defences)
    fire = plunder.load("underfire").catalogue()
    assert all(set(board) == {"kind", "faces"} for board in fire["boards"].values())
    bones = plunder.load("rumbones").catalogue()
    lords = bones["factions"]["lords"]
    assert "crew_dice" not in lords and lords["crew"]["dice"] == rumbones.CONTENT.factions[
        "lords"].crew_dice
    assert "lives_low" not in bones["clash"]
    assert bones["clash"]["lives"] == list(rumbones.CONTENT.arena.lives)


def test_every_swordplay_card_is_listed_at_some_table() -> None:
    listed: set[str] = set()
    for _, options, sections in GAMES:
        if sections is _swordplay:
            listed |= set(plunder.load("swordplay", **options).catalogue()["cards"])
    assert listed == set(swordplay.CONTENT.cards)
