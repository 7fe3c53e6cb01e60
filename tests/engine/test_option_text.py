"""An option typed as text means the same wherever it is typed.

The command line (``-o NAME=VALUE``), the server (``normalise_options``, for a
table's options and the catalogue's query) and the lab (``--sweep NAME=V1,V2``)
each read typed text. For every option of every game and generated texts (the
option's own words in any case and spacing, the yes-or-no words, numbers
written every way, and arbitrary text), all three accept the same texts, refuse
the same texts, and give equal values of the same type.

Texts are kept within the server's length limit for an option (a guard against
abuse, not a way of reading). A sweep lists its values between commas, so a
text with a comma, or with nothing in it, is not one value there: the lab is
compared on the others.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.cli import parse_options, parse_sweep
from plunder.engine.options import NO_WORDS, YES_WORDS, Option
from plunder.engine.registry import game_class
from plunder.server.inputs import MAX_OPTION_TEXT, BadInput, normalise_options

REFUSED = ("refused",)
OPTIONS = [
    (name, spec) for name in plunder.engine.names() for spec in game_class(name).option_specs()
]


def typed(value: Any) -> tuple[Any, ...]:
    # True == 1 in Python: the type tells a yes from a one.
    return ("value", type(value), value)


def by_command_line(game: str, name: str, text: str) -> tuple[Any, ...]:
    try:
        return typed(parse_options([f"{name}={text}"], game)[name])
    except typer.Exit:  # the command line's refusal: a message, then exit
        return REFUSED


def by_server(game: str, name: str, text: str) -> tuple[Any, ...]:
    try:
        return typed(normalise_options(game_class(game).option_specs(), {name: text})[name])
    except BadInput:
        return REFUSED


def by_lab(game: str, name: str, text: str) -> tuple[Any, ...]:
    try:
        sweep = parse_sweep(f"{name}={text}", game)
    except typer.Exit:
        return REFUSED
    assert sweep is not None
    (value,) = sweep[1]
    return typed(value)


def spaced(word: str) -> st.SearchStrategy[str]:
    cases = st.sampled_from([word, word.upper(), word.title()])
    pad = st.sampled_from(["", " ", "  ", "\t"])
    return st.tuples(pad, cases, pad).map("".join)


def texts(spec: Option) -> st.SearchStrategy[str]:
    words = sorted({str(spec.default), *(str(c) for c in spec.choices), *YES_WORDS, *NO_WORDS})
    numbers = st.integers(-(10**20), 10**20).flatmap(
        lambda n: st.sampled_from([str(n), f"+{n}" if n >= 0 else str(n), f"0{abs(n)}"])
    )
    return st.one_of(
        st.sampled_from(words).flatmap(spaced),
        numbers,
        st.sampled_from(["", " ", "²", "٣", "1.5", "1e3", "- 3", "+", "-", "yes!", "nope"]),
        st.text(max_size=12),
    ).filter(lambda text: len(text) <= MAX_OPTION_TEXT)


@pytest.mark.parametrize(("game", "spec"), OPTIONS, ids=[f"{g}-{s.name}" for g, s in OPTIONS])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_command_line_the_server_and_the_lab_read_a_text_alike(
    game: str, spec: Option, data: st.DataObject
) -> None:
    text = data.draw(texts(spec), label="text")
    told = by_command_line(game, spec.name, text)
    assert by_server(game, spec.name, text) == told
    if "," not in text and text.strip():
        assert by_lab(game, spec.name, text) == told


def test_every_game_has_options_of_each_kind_read_here() -> None:
    kinds = {type(spec.default) for _, spec in OPTIONS}
    assert {bool, int, str} <= kinds
    assert len(OPTIONS) > 20


@pytest.mark.parametrize("text", ["yes", "Yes", " TRUE ", "on", "1"])
def test_a_yes_is_true_everywhere(text: str) -> None:
    for reader in (by_command_line, by_server, by_lab):
        assert reader("rumble", "gestures", text) == typed(True), reader.__name__


@pytest.mark.parametrize("text", ["no", "False", " off", "0"])
def test_a_no_is_false_everywhere(text: str) -> None:
    for reader in (by_command_line, by_server, by_lab):
        assert reader("rumble", "gestures", text) == typed(False), reader.__name__


@pytest.mark.parametrize("text", ["maybe", "", "y", "2", "²"])
def test_no_other_text_is_a_yes_or_a_no(text: str) -> None:
    readers = (by_command_line, by_server, by_lab) if text else (by_command_line, by_server)
    for reader in readers:
        assert reader("rumble", "gestures", text) == REFUSED, reader.__name__


def test_a_whole_number_is_ascii_digits_with_a_sign() -> None:
    for reader in (by_command_line, by_server, by_lab):
        assert reader("duel", "target", " +7") == typed(7)
        assert reader("duel", "target", "-3") == typed(-3)  # its range is the game's to check
        for text in ("٣", "7.0", "1e1", "seven", "9" * 19):
            assert reader("duel", "target", text) == REFUSED, (reader.__name__, text)
