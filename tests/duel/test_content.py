"""Duel's content file: the shipped card set, and clear errors for broken copies.

Each broken copy starts from the shipped ``cards.toml`` and changes one line; the
error must name the file, the entry and the field at fault (and the line).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import plunder
from plunder.games.duel.content import CARDS_FILE, load_content

SHIPPED = CARDS_FILE.read_text(encoding="utf-8")


def broken_copy(tmp_path: Path, old: str, new: str, *, after: str = "") -> tuple[Path, int]:
    """A copy of cards.toml with the first ``old`` line after ``after`` replaced by ``new``.

    Returns the copy's path and the (1-based) line number of the change.
    """
    lines = SHIPPED.splitlines()
    start = lines.index(after) if after else 0
    index = next(i for i in range(start, len(lines)) if lines[i].startswith(old))
    lines[index] = new
    path = tmp_path / "cards.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, index + 1


def line_of_header(header: str) -> int:
    return SHIPPED.splitlines().index(header) + 1


def content_error(path: Path) -> plunder.ContentError:
    with pytest.raises(plunder.ContentError) as info:
        load_content(path)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, plunder.PlunderError)
    return info.value


# ---------------------------------------------------------- the shipped set
def test_shipped_file_has_the_seeds_card_set() -> None:
    """R2: 3 Colt, 1 Rifle, 1 Barricade, 1 Reloading."""
    content = load_content()
    counts = {card.name: card.count for card in content.cards}
    assert counts == {"colt": 3, "rifle": 1, "barricade": 1, "reload": 1}


def test_shipped_file_says_which_cards_fire_and_which_come_back() -> None:
    """R8, R17-R19: Colt and Rifle fire; Barricade comes back alone, Reloading brings all."""
    cards = {card.name: card for card in load_content().cards}
    assert {name: card.weapon for name, card in cards.items()} == {
        "colt": "colt",
        "rifle": "rifle",
        "barricade": "",
        "reload": "",
    }
    assert {name: card.returns for name, card in cards.items()} == {
        "colt": "none",
        "rifle": "none",
        "barricade": "itself",
        "reload": "all",
    }


def test_shipped_deflection_tables_restate_the_rules() -> None:
    """R13-R15, R30: the two readings of what each played card deflects."""
    tables = load_content().deflection
    assert set(tables) == {"seed", "per-weapon"}
    assert tables["seed"] == {
        "colt": {"colt", "rifle"},
        "rifle": {"colt", "rifle"},
        "barricade": {"colt"},
        "reload": set(),
    }
    assert tables["per-weapon"] == {
        "colt": {"colt"},
        "rifle": {"rifle"},
        "barricade": {"colt"},
        "reload": set(),
    }


def test_a_transcribed_card_count_is_used(tmp_path: Path) -> None:
    """Content: a player may replace the file; a valid change is read as written."""
    path, _ = broken_copy(tmp_path, "count = 3", "count = 4")
    counts = {card.name: card.count for card in load_content(path).cards}
    assert counts["colt"] == 4


# ------------------------------------------------------------ broken copies
def test_missing_field_names_file_entry_and_field(tmp_path: Path) -> None:
    path, _ = broken_copy(tmp_path, "count = 1", "# count removed", after="[cards.rifle]")
    error = content_error(path)
    assert (error.file, error.entry, error.field) == (str(path), "rifle", "count")
    assert error.line == line_of_header("[cards.rifle]")
    assert f"{path}:{error.line}" in str(error)
    assert "entry 'rifle'" in str(error)
    assert "field 'count'" in str(error)
    assert "is missing" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "words"),
    [
        ("count = 3", 'count = "three"', "colt", "count", "expected a whole number"),
        ("count = 3", "count = true", "colt", "count", "expected a whole number"),
        ("count = 3", "count = 2.5", "colt", "count", "expected a whole number"),
        ('weapon = "colt"', "weapon = 7", "colt", "weapon", "expected text"),
        ('returns = "none"', "returns = false", "colt", "returns", "expected text"),
    ],
)
def test_wrong_type_names_file_entry_field_and_line(
    tmp_path: Path, old: str, new: str, entry: str, field: str, words: str
) -> None:
    path, line = broken_copy(tmp_path, old, new)
    error = content_error(path)
    assert (error.file, error.entry, error.field, error.line) == (str(path), entry, field, line)
    assert f"{path}:{line}" in str(error)
    assert words in str(error)


def test_negative_count_is_rejected(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "count = 1", "count = -1", after="[cards.barricade]")
    error = content_error(path)
    assert (error.entry, error.field, error.line) == ("barricade", "count", line)
    assert "must not be negative" in str(error)


def test_unknown_return_rule_is_rejected(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "returns", 'returns = "sometimes"', after="[cards.reload]")
    error = content_error(path)
    assert (error.entry, error.field, error.line) == ("reload", "returns", line)
    assert "'sometimes'" in str(error)
    assert "none, itself, all" in str(error)


def test_unknown_weapon_in_a_deflection_table_is_rejected(tmp_path: Path) -> None:
    path, line = broken_copy(
        tmp_path, "barricade =", 'barricade = ["colt", "cannon"]', after="[deflection.seed]"
    )
    error = content_error(path)
    assert (error.file, error.entry, error.field, error.line) == (
        str(path),
        "seed",
        "barricade",
        line,
    )
    assert "'cannon'" in str(error)
    assert "not one of the weapons (colt, rifle)" in str(error)


def test_deflection_row_of_the_wrong_type_is_rejected(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "colt =", 'colt = "colt"', after="[deflection.per-weapon]")
    error = content_error(path)
    assert (error.entry, error.field, error.line) == ("per-weapon", "colt", line)
    assert "expected a list" in str(error)


def test_deflection_table_missing_a_card_is_rejected(tmp_path: Path) -> None:
    path, _ = broken_copy(tmp_path, "reload =", "", after="[deflection.per-weapon]")
    error = content_error(path)
    assert (error.entry, error.field) == ("per-weapon", "reload")
    assert error.line == line_of_header("[deflection.per-weapon]")
    assert "is missing" in str(error)


def test_deflection_table_naming_an_unknown_card_is_rejected(tmp_path: Path) -> None:
    path, _ = broken_copy(
        tmp_path, "reload =", "reload = []\nsword = []", after="[deflection.seed]"
    )
    error = content_error(path)
    assert (error.entry, error.field) == ("seed", "sword")
    assert "is not a field of deflection" in str(error)
    # The unknown name's own line, just after the header's last row (reload).
    assert error.line == line_of_header("[deflection.seed]") + 5


def test_bad_toml_syntax_names_file_and_line(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "count = 3", "count = ")
    error = content_error(path)
    assert error.file == str(path)
    assert str(path) in str(error)
    assert "not valid TOML" in str(error)
    assert f"line {line}" in str(error)


def test_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "no-such-cards.toml"
    error = content_error(path)
    assert error.file == str(path)
    assert "missing" in str(error)


def test_file_without_cards_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[deflection.seed]\ncolt = ["colt"]\n', encoding="utf-8")
    error = content_error(path)
    assert error.field == "cards"


def test_file_without_deflection_tables_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(SHIPPED.split("[deflection.seed]")[0], encoding="utf-8")
    error = content_error(path)
    assert error.field == "deflection"


def test_card_that_is_not_a_table_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("[cards]\ncolt = 3\n", encoding="utf-8")
    error = content_error(path)
    assert error.entry == "colt"
    assert "is not a table" in str(error)


@pytest.mark.parametrize("value", ["3", "true", '"colt"'])
def test_deflection_reading_that_is_not_a_table_is_rejected(tmp_path: Path, value: str) -> None:
    """A reading written as a plain value instead of a table is a content error too."""
    path = tmp_path / "cards.toml"
    cards = SHIPPED.split("# Which weapons")[0]
    path.write_text(f"{cards}[deflection]\nseed = {value}\n", encoding="utf-8")
    error = content_error(path)
    assert error.file == str(path)
    assert error.entry == "seed"
