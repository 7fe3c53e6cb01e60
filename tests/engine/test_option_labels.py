"""Options in players' words: every option of every registered game names itself and
its choices as the lobby shows them, with a line that explains it."""

from __future__ import annotations

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
