"""Pirate Rumble's content files: the shipped effects, and clear errors for broken copies.

Each broken copy starts from the shipped files and changes one line; the error must
name the file, the entry and the field at fault, and the line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import plunder
from plunder.games.rumble import content as rumble_content

FILES = {
    "cards": rumble_content.CARDS_FILE,
    "pirates": rumble_content.PIRATES_FILE,
    "camps": rumble_content.CAMPS_FILE,
    "effects": rumble_content.EFFECTS_FILE,
}


def copies(tmp_path: Path, which: str, old: str, new: str, *, after: str = "") -> tuple[Path, int]:
    """Copies of every content file, ``which`` with the first line starting ``old`` after
    the line ``after`` replaced by ``new``; the broken file's path and the changed line."""
    for path in FILES.values():
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / FILES[which].name
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(after) if after else 0
    index = next(i for i in range(start, len(lines)) if lines[i].startswith(old))
    lines[index] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, index + 1


def content_error(tmp_path: Path) -> plunder.ContentError:
    with pytest.raises(plunder.ContentError) as info:
        rumble_content.load_content(
            *(tmp_path / FILES[name].name for name in ("cards", "pirates", "camps", "effects"))
        )
    return info.value


def header_line(path: Path, header: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(header) + 1


# ------------------------------------------------------------------ the shipped files
def test_every_card_lists_its_effects() -> None:
    codes = {
        name: [step.code for step in card.effects]
        for name, card in rumble_content.CONTENT.cards.items()
    }
    assert codes == {
        "load": ["bullets:3"],
        "shoot": ["damage"],
        "shoot2": ["damage"],
        "dodge": ["ward", "stop_steal", "bullets"],
        "fire": ["fire:2"],
        "search": ["search", "health"],
        "block": ["ward", "strike_back"],
        "heal": ["health:2"],
        "loadfull": ["full_bullets"],
        "cut": ["cut"],
        "hide": ["hide"],
        "steal": ["steal"],
        "cover": ["cover"],
        "pick": ["pick"],
        "bomb": ["damage:3", "splash"],
        "stab": ["damage", "point_blank"],
        "smite": ["damage:2", "cleave"],
        "whirlwind": ["whirl"],
    }


def test_the_catalogue_words_every_effect() -> None:
    catalogue = plunder.load("rumble").catalogue()
    assert catalogue["cards"]["bomb"]["effects"] == ["damage:3", "splash"]
    used = {code.split(":")[0] for card in catalogue["cards"].values() for code in card["effects"]}
    assert used == set(catalogue["effects"])
    assert all(entry["text"] for entry in catalogue["effects"].values())


def test_the_shipped_files_load_from_copies(tmp_path: Path) -> None:
    copies(tmp_path, "cards", 'title = "Heal"', 'title = "Mend"')
    loaded = rumble_content.load_content(
        *(tmp_path / FILES[name].name for name in ("cards", "pirates", "camps", "effects"))
    )
    assert loaded.cards["heal"].title == "Mend"
    assert loaded.golden_pile == rumble_content.CONTENT.golden_pile


# ------------------------------------------------------------------ broken cards
@pytest.mark.parametrize(
    ("old", "new", "after", "entry", "field", "words"),
    [
        ('kind = "basic"', 'kind = "common"', "[cards.load]", "load", "kind", "one of"),
        ("cost = 3", "cost = 6", "[cards.fire]", "fire", "cost", "is 6"),
        ("cost = 1", 'cost = "one"', "[cards.shoot]", "shoot", "cost", "a whole number"),
        ('target = "any"', 'target = "all"', "[cards.shoot]", "shoot", "target", "one of"),
        ('gesture = "duck"', 'gesture = "pump"', "[cards.dodge]", "dodge", "gesture", "'load'"),
        ("pile = 4", "pile = -1", "[cards.heal]", "heal", "pile", "is -1"),
        ('effects = ["health:2"]', 'effects = ["mend:2"]', "[cards.heal]", "heal", "effects",
         "'mend'"),
        ('effects = ["hide"]', 'effects = ["hide:2"]', "[cards.hide]", "hide", "effects",
         "amount"),
        ('effects = ["bullets:3"]', 'effects = ["damage:1"]', "[cards.load]", "load", "effects",
         "needs a target"),
        ('effects = ["damage:1"]', 'effects = ["damage:1", "splash:1"]',
         "[cards.shoot2]", "shoot2", "effects", "exactly one target"),
        ('effects = ["whirl:1"]', "effects = []", "[cards.whirlwind]", "whirlwind", "effects",
         "expected 1"),
        ('text = "Take 2 health."', 'txt = "Take 2 health."', "[cards.heal]", "heal", "txt",
         "not a field"),
    ],
)
def test_a_broken_card_is_named_with_its_field_and_line(
    tmp_path: Path, old: str, new: str, after: str, entry: str, field: str, words: str
) -> None:
    path, line = copies(tmp_path, "cards", old, new, after=after)
    error = content_error(tmp_path)
    assert (error.file, error.entry, error.field, error.line) == (str(path), entry, field, line)
    assert words in str(error)


def test_a_missing_field_is_named_at_its_entry(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "cards", "effects = ", "# effects removed", after="[cards.heal]")
    error = content_error(tmp_path)
    assert (error.entry, error.field) == ("heal", "effects")
    assert error.line == header_line(path, "[cards.heal]")
    assert "is missing" in str(error)


def test_the_golden_pile_counts_only_golden_cards(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "cards", "pile = 4", "# pile removed", after="[cards.heal]")
    error = content_error(tmp_path)
    assert (error.file, error.entry, error.field) == (str(path), "heal", "pile")
    assert "golden pile" in str(error)
    path, line = copies(
        tmp_path, "cards", "text = ", 'text = "Take 3 bullets."\npile = 2', after="[cards.load]"
    )
    error = content_error(tmp_path)
    assert (error.entry, error.field, error.line) == ("load", "pile", line + 1)
    assert "only golden cards" in str(error)


# ------------------------------------------------------------------ broken pirates
@pytest.mark.parametrize(
    ("old", "new", "after", "entry", "field", "words"),
    [
        ("bullets = 4", "bullets = 6", "[pirates.bonny]", "bonny", "bullets", "expected 0"),
        ("health = 6", "health = 7", "[pirates.roberts]", "roberts", "health", "max_health"),
        ("hand = ", 'hand = ["load", "heal"]', "[pirates.kidd]", "kidd", "hand", "'heal'"),
        ("hand = ", 'hand = ["load", "load"]', "[pirates.kidd]", "kidd", "hand", "once"),
        ("abilities = ", 'abilities = ["flight"]', "[pirates.kidd]", "kidd", "abilities",
         "'flight'"),
        ('golden = ["steal"]', 'golden = ["load"]', "[pirates.kidd]", "kidd", "golden", "'load'"),
        ('short = "Kidd"', 'short = ""', "[pirates.kidd]", "kidd", "short", "a name"),
    ],
)
def test_a_broken_pirate_is_named_with_its_field_and_line(
    tmp_path: Path, old: str, new: str, after: str, entry: str, field: str, words: str
) -> None:
    path, line = copies(tmp_path, "pirates", old, new, after=after)
    error = content_error(tmp_path)
    assert (error.file, error.entry, error.field, error.line) == (str(path), entry, field, line)
    assert words in str(error)


def test_a_pirate_cannot_take_more_golden_cards_than_the_pile_holds(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "pirates", "golden = ", 'golden = ["block"]', after="[pirates.kuki]")
    rumble_content.load_content(*(tmp_path / p.name for p in FILES.values()))  # one: fine
    path, _ = copies(tmp_path, "pirates", "golden = ", "golden = " + str(["block"] * 5)
                     .replace("'", '"'), after="[pirates.kuki]")
    error = content_error(tmp_path)
    assert (error.file, error.entry) == (str(path), "kuki")
    assert error.line == header_line(path, "[pirates.kuki]")
    assert "more 'block' than the golden pile holds" in str(error)


def test_every_ability_needs_its_words(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "pirates", "qigong = ", 'qigong = ""')
    error = content_error(tmp_path)
    assert (error.file, error.entry, error.field) == (str(path), "abilities", "qigong")
    assert "sentence" in str(error)
    path, _ = copies(tmp_path, "pirates", "qigong = ", 'flight = "Flies."')
    error = content_error(tmp_path)
    assert (error.file, error.field) == (str(path), "flight")
    assert "not a field" in str(error)


# ------------------------------------------------------------------ broken camps and effects
def test_the_camp_table_adds_up_to_the_players(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "camps", "sun = 2", "sun = 3", after="[table.6]")
    error = content_error(tmp_path)
    assert (error.file, error.entry) == (str(path), "6")
    assert error.line == header_line(path, "[table.6]")
    assert "is not 6" in str(error)
    path, line = copies(tmp_path, "camps", "face_up = ", 'face_up = ["stars"]', after="[table.4]")
    error = content_error(tmp_path)
    assert (error.entry, error.field, error.line) == ("4", "face_up", line)
    path, _ = copies(tmp_path, "camps", 'lone = "Lone"', "")
    error = content_error(tmp_path)
    assert (error.entry, error.field) == ("camps", "lone")
    assert "is missing" in str(error)


def test_every_effect_needs_its_words_and_nothing_else(tmp_path: Path) -> None:
    path, _ = copies(tmp_path, "effects", "[effects.whirl]", "[effects.whirled]")
    error = content_error(tmp_path)
    assert error.file == str(path)
    assert "[effects.whirl]" in str(error)
    path, _ = copies(tmp_path, "effects", "[effects.whirl]", "[effects.flight]\ntext = 'x'\n"
                     "[effects.whirl]")
    error = content_error(tmp_path)
    assert (error.file, error.entry) == (str(path), "flight")
    assert "do not know" in str(error)
