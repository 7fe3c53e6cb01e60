"""The front ends name no game: every game is known to them through its manifest alone.

The terminal, the browser table (Python, scripts, pages and styles), the bots, the
match runner and the balance lab must not mention any registered game nor copy
its content. For every registered game this test gathers the terms that would
betray such knowledge and looks for them in those sources.

The rule (it must catch a leak and never trip on plain English):

* Text is compared as words: runs of letters and digits, lower-cased, with
  ``snake_case`` and ``camelCase`` split into their parts (digits stay with the
  letters before them), so ``DuelRenderer``, ``duel_view`` and "Duel's" all
  contain the word ``duel``, and ``reduel`` does not. A phrase is its words in
  order, whatever stands between them (spaces, a line break, quotes).
* Always checked: the game's name and its title ("Pirate Rumble" as that phrase).
* From the game's catalogue, under each option combination the conformance kit
  plays: every entry's ``id``, ``title``, ``short`` and ``native`` names, and every
  ``text`` (the content's own words).
  - A term of several words ("Take Cover", ``fire_reload``, "Anne Bonny", a card's
    text of three words or more) is looked for as that phrase: generic code has
    no reason to say it.
  - A one-word term is looked for when it has at least 5 characters and is not
    in ``ORDINARY_WORDS``. Shorter words ("cut", "load", "read") are everyday
    English that code says in its own sense; the characters they name are still
    found by their full titles ("Mary Read").
* ``ORDINARY_WORDS`` holds the content words that also have a meaning of their own
  in the front ends' languages and trades (CSS's ``display: block`` and
  ``background-size: cover``, ``location.search`` and a tree search,
  ``location.reload`` and reloading a page, CSS's ``right`` and the right
  answer). Add a word here only for such a reason, never to silence a leak.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import plunder
from plunder.engine.conformance import option_matrix
from plunder.engine.registry import game_class

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "plunder"
FRONT_ENDS = (
    SOURCE / "terminal",
    SOURCE / "server",
    SOURCE / "bots",
    SOURCE / "rl",
    SOURCE / "match.py",
    SOURCE / "lab",
)
SUFFIXES = frozenset((".py", ".js", ".html", ".css"))

NAME_KEYS = frozenset(("id", "title", "short", "native"))
SHORTEST_WORD = 5
SHORTEST_TEXT = 3  # words in a content text looked for as a phrase
ORDINARY_WORDS = frozenset(("block", "cover", "search", "reload", "reloading", "right"))

_RUN = re.compile(r"[^\W_]+")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z]+[0-9]*|[0-9]+")


def words(text: str) -> list[str]:
    """The words of ``text``, lower-cased, identifiers split into their parts.

    >>> words("class DuelRenderer: duel_view = 'Anne Bonny' # shoot2, HTMLPage")
    ['class', 'duel', 'renderer', 'duel', 'view', 'anne', 'bonny', 'shoot2', 'html', 'page']
    """
    found: list[str] = []
    for run in _RUN.findall(text):
        parts = _PARTS.findall(run) if run.isascii() else [run]
        found.extend(part.lower() for part in parts or [run])
    return found


def front_end_files() -> list[Path]:
    files: list[Path] = []
    for place in FRONT_ENDS:
        found = [place] if place.is_file() else sorted(place.rglob("*"))
        files += [path for path in found if path.is_file() and path.suffix in SUFFIXES]
    return files


@cache
def front_end_words() -> dict[Path, list[tuple[str, int]]]:
    """Each front-end file's words with the line each is on."""
    out: dict[Path, list[tuple[str, int]]] = {}
    for path in front_end_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        out[path] = [(word, number) for number, line in enumerate(lines, 1) for word in words(line)]
    return out


def catalogue_terms(value: Any) -> Iterator[tuple[str, str]]:
    """``(key, text)`` for every name and text in a catalogue, at any depth."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(inner, str) and (key in NAME_KEYS or key == "text"):
                yield key, inner
            else:
                yield from catalogue_terms(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from catalogue_terms(inner)


def checked(key: str, text: str) -> bool:
    """Whether the rule looks for this catalogue term (see the module's docstring)."""
    found = words(text)
    if key == "text":
        return len(found) >= SHORTEST_TEXT
    if len(found) > 1:
        return True
    return len(found) == 1 and len(found[0]) >= SHORTEST_WORD and found[0] not in ORDINARY_WORDS


def game_terms(name: str) -> set[tuple[str, ...]]:
    """Every term the rule looks for, for the game called ``name``, as word tuples."""
    game = game_class(name)
    terms = {tuple(words(name)), tuple(words(game.title))}
    seen: set[str] = set()
    for options in option_matrix(name):
        catalogue = plunder.load(name, **options).catalogue()
        text = json.dumps(catalogue, sort_keys=True)
        if text in seen:
            continue
        seen.add(text)
        terms |= {tuple(words(t)) for key, t in catalogue_terms(catalogue) if checked(key, t)}
    return {term for term in terms if term}


def mentions(
    terms: set[tuple[str, ...]], sources: dict[Path, list[tuple[str, int]]]
) -> list[str]:
    """``file:line: term`` for every place a term occurs in ``sources``."""
    found: list[tuple[str, int, str]] = []
    for path, listed in sources.items():
        text = [word for word, _ in listed]
        starts: dict[str, list[int]] = {}
        for index, word in enumerate(text):
            starts.setdefault(word, []).append(index)
        for term in sorted(terms):
            for index in starts.get(term[0], []):
                if tuple(text[index : index + len(term)]) == term:
                    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                    found.append((str(where), listed[index][1], " ".join(term)))
    return [f"{where}:{line}: {term}" for where, line, term in sorted(found)]


# ------------------------------------------------------------------ the rule itself


def test_the_rule_finds_names_phrases_and_content_words() -> None:
    terms = {("duel",), ("anne", "bonny"), ("fire", "reload"), ("shoot2",), ("whirlwind",)}
    source = {
        Path("a.py"): [(w, 1) for w in words("class DuelRenderer: pass")]
        + [(w, 2) for w in words("NAMES = {'bonny': 'Anne  Bonny'}")]
        + [(w, 3) for w in words("if ability == FIRE_RELOAD or card == 'shoot2':")],
        Path("b.css"): [(w, 7) for w in words(".whirlwind { display: block }")],
        Path("c.js"): [(w, 1) for w in words("const reduel = reload_fire; shoot(2); bonny, anne")],
    }
    # c.js has every word of some term, but never a term's words in order, whole.
    assert mentions(terms, source) == [
        "a.py:1: duel",
        "a.py:2: anne bonny",
        "a.py:3: fire reload",
        "a.py:3: shoot2",
        "b.css:7: whirlwind",
    ]


def test_the_rule_keeps_the_terms_that_betray_a_game() -> None:
    assert checked("title", "Take Cover") and checked("id", "fire_reload")
    assert checked("id", "blackbeard") and checked("title", "Whirlwind")
    assert not checked("id", "cover") and not checked("title", "Load")
    assert checked("text", "Take 2 health.") and not checked("text", "Hide.")


def test_the_front_ends_are_where_the_rule_looks() -> None:
    files = {path.relative_to(SOURCE).as_posix() for path in front_end_files()}
    assert {"match.py", "terminal/render.py", "server/app.py", "bots/ismcts.py"} <= files
    assert {"server/static/table/main.js", "server/static/table/seats.js"} <= files
    assert "server/static/generic.js" in files
    assert {"server/static/index.html", "server/static/style.css"} <= files
    assert not any(path.startswith(("games/", "engine/")) for path in files)


# ------------------------------------------------------------------ every game


@pytest.mark.parametrize("name", plunder.engine.names())
def test_no_front_end_names_the_game_or_its_content(name: str) -> None:
    terms = game_terms(name)
    assert tuple(words(name)) in terms
    found = mentions(terms, front_end_words())
    assert found == [], f"the front ends know {name!r}:\n" + "\n".join(found)
