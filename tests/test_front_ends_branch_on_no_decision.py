"""No game's front end branches on a kind of decision: each kind's prompt and its
actions' labels are declared once, in the game's word module (``Ask``), and the
front ends fill them in (plunder.engine.words, static/words.js).

The check reads each game's ``terminal.py`` and ``browser.js`` for any quoted name
of one of the game's kinds of decision (``kind == "seize"``, ``case "seize":``,
``{"seize": ...}[kind]``): a front end that names a kind is one that words or draws
it apart from its declaration.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import plunder
from plunder.engine.triggers import Triggers

GAMES = Path(plunder.__file__).parent / "games"

# A kind in quotes, but not a view's field of the same name (``view["shootout"]``,
# ``view.get("shootout")``): a field is drawn, a kind would be worded.
NAMED = r"""(?<!\[)(?<!get\()["']{kind}["']"""

def own_kinds(game: str) -> set[str]:
    """The kinds of decision the game opens: those it writes handlers for (not the
    engine's own, such as ``order``) and those its catalogue words (its windows)."""
    state = plunder.load(game).new(seed=1)
    engine = {name.removeprefix("_legal_") for name in dir(Triggers) if name.startswith("_legal_")}
    worded = set(state.game.catalogue().get("decisions", {}))
    return (set(type(state).decisions) - engine) | worded


def named_kinds(game: str) -> dict[str, list[str]]:
    """Each front-end file of the game with the kinds it names in quotes, line by line."""
    kinds = own_kinds(game)
    found: dict[str, list[str]] = {}
    for name in ("terminal.py", "browser.js"):
        path = GAMES / game / name
        assert path.exists(), path
        named = named_in(path.read_text(encoding="utf-8"), kinds)
        if named:
            found[name] = named
    return found


def named_in(text: str, kinds: set[str]) -> list[str]:
    """The lines of a front end's text that name one of ``kinds`` in quotes."""
    return [
        f"{number}: {kind}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        for kind in sorted(kinds)
        if re.search(NAMED.format(kind=re.escape(kind)), line)
    ]


@pytest.mark.parametrize("game", ["duel", "swordplay", "underfire", "rumble", "rumbones"])
def test_no_front_end_names_a_kind_of_decision(game: str) -> None:
    assert own_kinds(game), f"{game} opens no decision of its own?"
    assert named_kinds(game) == {}
    declared = set(plunder.load(game).catalogue().get("asks", {}))
    assert own_kinds(game) <= declared, "every kind of decision is declared with its words"


def test_the_check_finds_a_kind_named_in_a_front_end() -> None:
    """The pattern above catches the forms a branch on a kind takes."""
    kinds = own_kinds("rumbones")
    assert "seize" in kinds
    pattern = NAMED.format(kind="seize")
    lines = ['if kind == "seize":', "case 'seize':", 'words = {"seize": "x"}.get(kind)']
    assert all(re.search(pattern, line) for line in lines)
    assert not re.search(pattern, 'view["seize"] + view.get("seize")')
    # A front end written the old way, a branch on the kind to word it, is seen.
    branching = 'function prompt(kind) {\n  if (kind === "seize") return "Step on?";\n}'
    assert named_in(branching, kinds) == ['2: seize: if (kind === "seize") return "Step on?";']
