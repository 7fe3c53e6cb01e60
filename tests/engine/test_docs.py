"""The rules documents' "Observation" sections agree with the code, so they cannot drift.

Each game's rules document states an observation layout and an action space for
one player count, with a size formula in n for every row and for the whole. This
test reads those tables and checks them against ``game.encoder().describe()`` and
``game.action_space()`` at the stated count, and the formulas at every count the
game allows; it also checks the decision kinds the document lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import plunder

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
# Every registered game documents its observation and action space in its rules
# document (the manifest's ``rules``), so a new game is checked as soon as it exists.
GAMES = plunder.engine.names()


@dataclass(frozen=True)
class Table:
    players: int
    total: int
    formula: str
    rows: list[list[str]]


def section(text: str, heading: str, level: str) -> str:
    """The text under ``heading`` up to the next heading of the same level or higher."""
    match = re.search(rf"^{level} {re.escape(heading)}\n(.*?)(?=^#{{1,{len(level)}}} |\Z)",
                      text, re.M | re.S)
    assert match, f"no {level} {heading} section"
    return match.group(1)


def observation(game: str) -> str:
    return section((DOCS / f"{game}.md").read_text(encoding="utf-8"), "Observation", "##")


def table(text: str, unit: str) -> Table:
    """The stated count, total and formula, and the rows of the Markdown table."""
    found = re.search(
        rf"for `players=(\d+)`: (\d+) {unit} in all, `([^`]+)` with n players", text
    )
    assert found, f"no sentence 'for `players=N`: T {unit} in all, `formula` with n players'"
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if re.match(r"^\| \d", line)
    ]
    assert rows, "no table rows"
    return Table(int(found.group(1)), int(found.group(2)), found.group(3), rows)


def size(formula: str, players: int) -> int:
    """A size written as in the documents (``4n``, ``n²``, ``6⌊n/2⌋``, ``n(n+1)/2``,
    ``⌊2(n-2)/3⌋``: a floor of any expression)."""
    expression = formula.replace("⌊", "((").replace("⌋", ")//1)").replace("²", "**2")
    expression = expression.replace("×", "*")
    expression = re.sub(r"(?<=[\dn)])\s*(?=[n(])", "*", expression)
    assert re.fullmatch(r"[\dn+*/() -]+", expression), f"not a size formula: {formula!r}"
    value = eval(expression, {"__builtins__": {}}, {"n": players})  # a checked arithmetic text
    assert value == int(value), f"{formula!r} is not whole for n={players}"
    return int(value)


def player_counts(game: str) -> range:
    info = next(i for i in plunder.games() if i.name == game)
    return range(info.min_players, info.max_players + 1)


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_layout_is_the_encoders(game: str) -> None:
    stated = table(section(observation(game), "Layout", "###"), "values")
    loaded = plunder.load(game, players=stated.players)
    described = loaded.encoder().describe()
    documented = [
        {"offset": int(offset), "size": int(count), "name": name.strip("`")}
        for offset, count, _, name, _meaning in stated.rows
    ]
    assert documented == [
        {"offset": r["offset"], "size": r["size"], "name": r["name"]} for r in described
    ]
    assert stated.total == loaded.observation_shape()[0] == sum(r["size"] for r in described)
    for players in player_counts(game):
        rows = plunder.load(game, players=players).encoder().describe()
        sizes = [size(row[2], players) for row in stated.rows]
        assert sizes == [r["size"] for r in rows], f"row formulas at {players} players"
        assert size(stated.formula, players) == sum(sizes), f"total at {players} players"


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_action_space_is_the_games(game: str) -> None:
    stated = table(section(observation(game), "Action space", "###"), "actions")
    space = plunder.load(game, players=stated.players).action_space()
    assert stated.total == len(space)
    at = 0
    for first, actions, count in stated.rows:
        assert int(first) == at, f"block {actions!r} starts at {at}"
        leading = re.match(r"`([^`]+)`", actions)
        assert leading, f"no notation in {actions!r}"
        assert space.action(at).notation == leading.group(1)
        at += size(count, stated.players)
    assert at == len(space)
    for players in player_counts(game):
        counts = sum(size(row[2], players) for row in stated.rows)
        assert size(stated.formula, players) == counts
        assert counts == len(plunder.load(game, players=players).action_space())


def documented_kinds(game: str) -> list[str]:
    text = section(observation(game), "Decisions", "###")
    return re.findall(r"^- `([a-z]+)`:", text, re.M)


def test_rumbles_documented_decisions_are_its_catalogues() -> None:
    assert documented_kinds("rumble") == list(plunder.load("rumble").catalogue()["decisions"])


def test_swordplays_documented_decisions_are_its_catalogues() -> None:
    assert documented_kinds("swordplay") == list(plunder.load("swordplay").catalogue()["decisions"])


def test_duels_documented_decision_is_the_one_it_asks() -> None:
    assert documented_kinds("duel") == ["shootout"]
    state = plunder.load("duel").new(seed=1)
    assert state.decision is not None and state.decision.kind == "shootout"


def test_a_size_formula_is_read_as_written() -> None:
    assert [size(f, 4) for f in ("n", "4n", "n²", "6⌊n/2⌋", "n(n+1)/2", "13n + 11",
                                 "⌊2(n-2)/3⌋", "⌊n/3⌋ - ⌊n/5⌋")] == [
        4, 16, 16, 12, 10, 63, 1, 1
    ]
    with pytest.raises(AssertionError):
        size("open('x')", 4)


def test_underfires_documented_decisions_are_its_catalogues() -> None:
    assert documented_kinds("underfire") == list(
        plunder.load("underfire").catalogue()["decisions"])


# ------------------------------------------------------------------ rules and their tests
TESTS = Path(__file__).resolve().parents[1]
_NAMED_TEST = re.compile(r"`(?:(tests/[\w/]+\.py)::)?(test_\w+)(?:\[[^\]`]*\])?`")


def _defined_tests() -> dict[str, set[str]]:
    """Every test function defined under ``tests/``, by the file that defines it."""
    found: dict[str, set[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        names = set(re.findall(r"^(?:async )?def (test_\w+)\(", text, re.M))
        found[str(path.relative_to(TESTS.parent))] = names
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_test_a_rules_document_names_exists(game: str) -> None:
    """The R-numbers tie a rules document to the tests that check each rule: every test
    the document names (with its file, or in the game's own tests) is defined."""
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    named = _NAMED_TEST.findall(text)
    assert named, "the rules document names no test"
    defined = _defined_tests()
    own = set().union(*(names for file, names in defined.items()
                        if file.startswith(f"tests/{game}/")))
    missing = [
        f"{file}::{name}" if file else name
        for file, name in named
        if (name not in defined.get(file, set()) if file else name not in own)
    ]
    assert missing == [], f"{game}'s rules document names tests that do not exist: {missing}"


def test_rum_and_bones_documented_decisions_are_its_catalogues() -> None:
    assert documented_kinds("rumbones") == list(plunder.load("rumbones").catalogue()["decisions"])
