"""Each game's guide for players (the manifest's ``guide``) names every piece of the
game's catalogue, speaks to players (no rule numbers, tests or source files) and
travels in the built package, where the manifest finds it."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import plunder
from plunder.engine.errors import OptionError
from plunder.engine.game import catalogue_pieces
from plunder.engine.registry import game_class, manifest

ROOT = Path(__file__).resolve().parents[2]
# The games of this project: each ships a guide (a game kept outside may not).
GAMES = [name for name in plunder.engine.names() if manifest(name).package.startswith("plunder.")]

# What belongs to the developers' rules document, never to a player's guide.
DEVELOPERS_ONLY = (
    (r"\bR\d+\b", "a rule number"),
    (r"\btests?/|\btest_\w+", "a test"),
    (r"\bseeds?/|\.txt\b", "a source file"),
    (r"\bsrc/|\.toml\b|\.py\b", "a file of the code"),
)


def option_sets(game: str) -> list[dict[str, Any]]:
    """The defaults, then every value of every option with a closed list of values, at
    the largest table (some values, like Arena seats, need the seats)."""
    cls = game_class(game)
    found: list[dict[str, Any]] = [{}]
    for option in cls.option_specs():
        for value in option.choices:
            found.append({"players": cls.max_players, option.name: value})
    return found


def every_piece(game: str) -> dict[str, str]:
    """Every piece the catalogue lists under any of those options: id -> title."""
    found: dict[str, str] = {}
    for options in option_sets(game):
        try:
            catalogue = plunder.load(game, **options).catalogue()
        except OptionError:
            continue
        for section, entries in catalogue_pieces(catalogue).items():
            for key, entry in entries.items():
                found[f"{section}:{key}"] = str(entry["title"])
    return found


def guide_text(game: str) -> str:
    own = manifest(game)
    assert own.guide is not None, f"the manifest of {game} names no guide"
    found = own.file(own.guide)
    assert found is not None, f"{game}'s guide {own.guide} is not in its package"
    return found.read_text(encoding="utf-8")


def test_every_game_of_the_project_is_checked() -> None:
    assert {"duel", "rumble", "underfire", "swordplay"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_names_every_piece_of_the_catalogue(game: str) -> None:
    text = guide_text(game).lower()
    found = every_piece(game)
    assert found, f"{game}'s catalogue lists no pieces"
    missing = sorted(f"{name} ({key})" for key, name in found.items() if name.lower() not in text)
    assert not missing, f"{game}'s guide never names: {', '.join(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_speaks_to_players(game: str) -> None:
    text = guide_text(game)
    title = game_class(game).title
    assert text.startswith(f"# {title}"), "a guide opens with the game's title"
    for pattern, what in DEVELOPERS_ONLY:
        match = re.search(pattern, text)
        assert match is None, f"{game}'s guide names {what}: {match.group(0)!r}"
    for heading in ("## ", "| "):  # sections, and the content as tables
        assert heading in text


@pytest.mark.parametrize("game", GAMES)
def test_a_guide_falls_back_to_the_rules_document(game: str) -> None:
    import dataclasses

    own = manifest(game)
    assert own.guide_file() == own.file(own.guide)
    bare = dataclasses.replace(own, guide=None)
    assert bare.guide_file() == own.rules_file() is not None


def test_the_wheel_ships_the_guides_where_the_manifest_finds_them(tmp_path: Path) -> None:
    from hatchling.builders.wheel import WheelBuilder

    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    shipped = tmp_path / "shipped"
    with zipfile.ZipFile(wheel) as archive:
        listed = set(archive.namelist())
        for game in GAMES:
            own = manifest(game)
            path = f"{own.package.replace('.', '/')}/{own.guide}"
            assert path in listed, f"the wheel leaves out {path}"
        archive.extractall(shipped)
    # The package as installed from the wheel (unpacked first on the path) finds
    # each guide inside itself.
    script = (
        "import plunder, sys\n"
        "from plunder.engine.registry import manifest\n"
        f"for name in {GAMES!r}:\n"
        "    found = manifest(name).guide_file()\n"
        "    assert found is not None and found.name == 'guide.md', name\n"
        "    print(found)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": str(shipped), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    printed = result.stdout.split()
    assert len(printed) == len(GAMES)
    assert all(Path(line).is_relative_to(shipped) for line in printed), printed
