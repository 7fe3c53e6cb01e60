"""Rum & Bones' content files: the shipped ones load, a broken one names its fault."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from plunder.engine import ContentError
from plunder.games.rumbones import content
from plunder.games.rumbones.content import CONTENT, load_content

FILES = {
    "factions": content.FACTIONS_FILE,
    "heroes": content.HEROES_FILE,
    "objectives": content.OBJECTIVES_FILE,
    "boards": content.BOARDS_FILE,
    "tide": content.TIDE_FILE,
}


def broken(tmp_path: Path, which: str, old: str, new: str) -> tuple[dict[str, Path], int]:
    """Copies of every content file, ``which`` with ``old`` replaced by ``new``; the
    line of the change."""
    paths = {}
    for name, path in FILES.items():
        paths[name] = tmp_path / path.name
        shutil.copy(path, paths[name])
    text = paths[which].read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    paths[which].write_text(text, encoding="utf-8")
    return paths, text[: text.index(new)].count("\n") + 1


def load(paths: dict[str, Path]) -> None:
    load_content(paths["factions"], paths["heroes"], paths["objectives"], paths["boards"],
                 paths["tide"])


def test_the_shipped_content_loads() -> None:
    assert set(CONTENT.factions) == {"lords", "marea"}
    assert sum(1 for h in CONTENT.heroes.values() if h.faction == "lords") == 5
    assert sum(1 for h in CONTENT.heroes.values() if h.faction == "marea") == 5
    assert sum(1 for h in CONTENT.heroes.values() if h.faction == "mercenary") >= 4
    # The three heroes known from the box, with their roles.
    known = {h.title: (h.faction, h.role) for h in CONTENT.heroes.values()}
    assert known["Captain Carcharius"] == ("lords", "captain")
    assert known["Ishmael"] == ("lords", "brute")
    assert known["Demarco"] == ("marea", "swashbuckler")
    # The facts of the box: 24 deckhands and 6 bosuns a faction.
    assert {(f.deckhands, f.bosuns) for f in CONTENT.factions.values()} == {(24, 6)}


def test_the_boards_are_read_and_checked() -> None:
    for config in CONTENT.boards.values():
        board = config.board
        assert len(board.links) >= 3  # joined by gangplanks
        for side in ("lords", "marea"):
            assert len(board.deploy[side]) == 3 and len(config.objectives[side]) == 5
            assert sum(config.crew[side].values()) == 12
            for track in board.tracks[side]:
                assert track[0] in board.deploy[side]
                assert track[-1] in board.deploy["marea" if side == "lords" else "lords"]
    box = CONTENT.boards["box"].board
    assert box.ships == ("gallant", "windcutter_port", "windcutter_starboard")


@pytest.mark.parametrize(
    ("which", "old", "new", "entry", "words"),
    [
        ("heroes", 'hp = 9\nbasic = "jaws"', 'hp = 0\nbasic = "jaws"', None,
         "expected 1 to 30"),
        ("heroes", 'basic = "jaws"', 'basic = "claws"', None, "not one of the skills"),
        ("heroes", 'role = "brute"', 'role = "cook"', None, "expected one of captain"),
        ("heroes", "level1 = { range = 1, dice = 3,", "level1 = { range = 1, dice = 0,",
         "jaws", "is an attack, so its dice is at least 1"),
        ("heroes", 'level1 = { effects = ["parry:1"] }', 'level1 = { effects = ["push:1"] }',
         "shark_skin", "gives the reaction skill the effect 'push'"),
        ("heroes", 'skills = ["harpoon", "brace", "unmoved", "leviathan"]',
         'skills = ["harpoon", "brace", "unmoved", "jaws"]', "ishmael", "one skill of each kind"),
        ("factions", "crew_hit = 4", "crew_hit = 9", "lords", "expected 2 to 6"),
        ("objectives", "vp = 2", "vp = 2\ncolour = 1", "mainmast", "not a field of objectives"),
        ("boards", 'mainmast", f3 = "foremast"', 'mainmast", f3 = "kettle"', None, "'kettle'"),
        ("boards", "c2 = 2, c3 = 2", "d3 = 2, c3 = 2", None, "on none of lords's tracks"),
        ("boards", 'kraken = "e4"', 'kraken = "e1"', None, "not a sea zone"),
        ("boards", 'lords = ["b1", "e1", "h1"]', 'lords = ["b1", "e1"]', None,
         "needs 3 deployment points"),
        ("tide", "count = 4\nkraken = 1\ntiming", "count = 5\nkraken = 1\ntiming", None,
         "a Tide deck of 31 cards, not 30"),
        ("tide", 'side = "attacker"\neffects = ["dice:1"]', 'effects = ["dice:1"]',
         "rising_tide", "an attack card names its side"),
        ("tide", 'effects = ["muster:2"]', 'effects = ["dice:2"]', "tidal_surge",
         "acts 'attack_card', not turn_card"),
        ("objectives", 'effects = ["jam"]', 'effects = ["heal:1"]', "helm",
         "acts 'ability', not objective"),
    ],
)
def test_a_broken_file_names_its_fault(
    tmp_path: Path, which: str, old: str, new: str, entry: str | None, words: str
) -> None:
    paths, _line = broken(tmp_path, which, old, new)
    with pytest.raises(ContentError) as caught:
        load(paths)
    assert words in str(caught.value)
    assert caught.value.file == str(paths[which])
    if entry is not None:
        assert caught.value.entry == entry
    assert caught.value.line is not None


def test_a_broken_board_grid_names_its_line(tmp_path: Path) -> None:
    paths, line = broken(tmp_path, "boards", "~~=~~~=~~\n~~=~~~=~~\nWWWW~VVVV",
                         "~~=~~~=~~\n~~=~~~?~~\nWWWW~VVVV")
    with pytest.raises(ContentError, match="'\\?', which the legend does not name") as caught:
        load(paths)
    assert caught.value.line == line + 1


# An attack as the player's guide and the rules document write it: range / dice /
# to-hit / damage.
NUMBERS = re.compile(r"(\d+) / (\d+) / (\d+)\+ / (\d+)")
DOCUMENTS = {
    "guide": Path(content.__file__).with_name("guide.md"),
    "rules": Path(__file__).resolve().parents[2] / "docs" / "rules" / "rumbones.md",
}


def _written(profile: content.Profile) -> tuple[str, ...]:
    return tuple(map(str, (profile.range, profile.dice, profile.to_hit, profile.damage)))


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_the_tables_for_players_show_the_content_numbers(document: str) -> None:
    # The heroes' and skills' tables are written for reading at the table: each row
    # must say what the content files say, level 1 then level 2.
    rows = [line for line in DOCUMENTS[document].read_text().splitlines()
            if line.startswith("|")]
    checked = 0
    for skill in CONTENT.skills.values():
        if not skill.attacks:
            continue
        levels = [_written(skill.level1)] + ([_written(skill.level2)] if skill.level_up else [])
        for row in rows:
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            if skill.title in cells:  # the skills table: level 1, then level 2
                found = NUMBERS.findall(row)
                assert found == levels[:len(found)] and found, (document, row)
                checked += 1
            for found in re.findall(re.escape(skill.title) + r" " + NUMBERS.pattern, row):
                assert found == levels[0], (document, row)  # a hero's basic attack
                checked += 1
    for hero in CONTENT.heroes.values():
        for row in rows:
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            if cells[0] == hero.title and hero.role in cells:
                assert cells[cells.index(hero.role) + 1] == str(hero.hp), (document, row)
                checked += 1
    assert checked >= len(CONTENT.heroes) * 2, document
