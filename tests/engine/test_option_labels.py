"""Options in players' words: every option of every registered game names itself and
its choices as the lobby shows them, with a line that explains it."""

from __future__ import annotations

import re

import pytest

from plunder.engine.options import Option
from plunder.engine.registry import game_class, names

GAMES = names()


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_label_and_a_line_of_help(game: str) -> None:
    for spec in game_class(game).option_specs():
        shown = spec.describe()
        assert spec.label, f"{game}: option {spec.name!r} has no label"
        assert shown["label"] == spec.label
        assert "_" not in spec.label, f"{game}: {spec.label!r} reads as a program's name"
        assert spec.help and len(spec.help) <= 240, f"{game}: option {spec.name!r}'s help"


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_has_words_of_its_own(game: str) -> None:
    for spec in game_class(game).option_specs():
        if not spec.choices or isinstance(spec.default, bool):
            continue  # a yes-or-no option is a checkbox beside its label
        shown = spec.describe()
        assert len(shown["choice_labels"]) == len(spec.choices)
        words = spec.choice_labels
        assert words, f"{game}: the choices of {spec.name!r} have no words"
        assert len(set(words)) == len(words)
        assert all(w != str(c) or " " in w for w, c in zip(words, spec.choices, strict=True)), (
            f"{game}: {spec.name!r} shows its raw values {spec.choices}"
        )


def test_choice_labels_must_match_the_choices() -> None:
    with pytest.raises(ValueError, match="2 choice labels for 3 choices"):
        Option("speed", "slow", choices=("slow", "fast", "wild"), choice_labels=("Slow", "Fast"))
    described = Option("speed", "slow", choices=("slow", "fast")).describe()
    assert described["label"] == "Speed"
    assert described["choice_labels"] == ["slow", "fast"]


# What gives a text away as written for a program, not for players: notation (a
# semicolon, quotes around a value, ``=``, ``..``, a ``+`` for "or more"), and words
# from the sources the rules were written from, which players never saw.
NOTATION = re.compile(r"[;\"`=]|\.\.|\d\+|(?<![A-Za-z])'|'(?![A-Za-z])")
WRITERS_WORDS = re.compile(r"\b(seed|summary|ruling|notation)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES)
def test_option_texts_are_in_players_words(game: str) -> None:
    for spec in game_class(game).option_specs():
        for text in (spec.label, spec.help, *spec.choice_labels):
            assert not NOTATION.search(text), f"{game}: {spec.name!r} says {text!r}"
            assert not WRITERS_WORDS.search(text), f"{game}: {spec.name!r} says {text!r}"
        # The lobby numbers seats from 1: no "seat 0" anywhere.
        assert not re.search(r"\bseat 0\b", spec.help + " ".join(spec.choice_labels), re.I)


def test_the_notation_check_catches_what_it_is_for() -> None:
    for said in ("'a,b,c;d,e,f'", "'battle': two sides", "damage 3+", "1..20", "x=y"):
        assert NOTATION.search(said), said
    for said in ("KO'd by the hero", "the side's heroes", "Clash Royale!: 3 to 6"):
        assert not NOTATION.search(said), said
    assert WRITERS_WORDS.search("the seed's rule 2") and WRITERS_WORDS.search("the summary")


@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_keeps_the_common_options_unfolded(game: str) -> None:
    """Options a table seldom changes fold under "More options" (``common=False``); the
    players' count is always in view, and what is folded is said in ``/api/games``."""
    specs = game_class(game).option_specs()
    assert specs[0].name == "players" and specs[0].common
    assert all(spec.describe()["common"] == spec.common for spec in specs)
    assert sum(spec.common for spec in specs) <= 4, f"{game}: too many common options"

