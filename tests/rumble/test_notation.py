"""Pirate Rumble's notation: the written forms, and property tests of the parser.

See the Notation section of ``docs/rules/rumble.md``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import plunder
from rumble.kit import legal, new, play

GAME = plunder.load("rumble", players=8)

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "pirates": st.sampled_from(["random", "draft"]),
        "gestures": st.booleans(),
        "race": st.sampled_from(["random", "arrival"]),
    }
)


def reachable(options: dict, seed: int, steps: int, data: st.DataObject) -> plunder.State:
    """A state after up to ``steps`` random legal actions."""
    state = plunder.load("rumble", **options).new(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = data.draw(st.sampled_from(sorted(state.pending)))
        actions = state.legal(seat)
        state.act(seat, actions[data.draw(st.integers(0, len(actions) - 1))])
    return state


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("load", "load"),
        ("shoot>3", "shoot>3"),
        ("shoot2>1,4", "shoot2>1,4"),
        ("shoot2>3,3", "shoot2>3,3"),
        ("search", "search"),
        ("steal>2", "steal>2"),
        ("hide", "hide"),
        ("cover>1", "cover>1"),
        ("grab>0", "grab>0"),
        ("dig>steal", "dig>steal"),
        ("gesture>point", "gesture>point"),
        ("gesture>none", "gesture>none"),
        ("pirate>kidd", "pirate>kidd"),
        ("  SHOOT > 3 ", "shoot>3"),
        ("Shoot2 > 1 , 4", "shoot2>1,4"),
        ("shoot2>4,1", "shoot2>1,4"),  # two targets in any order
        ("grab>01", "grab>1"),
        ("Gesture>Double-Point", "gesture>double-point"),
    ],
)
def test_written_forms(text: str, short: str) -> None:
    """Notation: case and spaces are free; records use the short form."""
    assert str(GAME.parse(text)) == short


@pytest.mark.parametrize(
    "text", ["", ">", "shoot>", "shoot>a", "shoot>1,2,3", "grab>x", "gesture>", "cannon", "dig>"]
)
def test_text_that_is_no_action_is_refused(text: str) -> None:
    """Notation: a ``NotationError`` (an ``IllegalAction``) that says what was expected."""
    with pytest.raises(plunder.NotationError, match="expected"):
        GAME.parse(text)


def test_an_action_that_reads_but_is_not_legal_names_the_rule() -> None:
    """Notation: ``shoot>0`` reads as an action; aimed at oneself it is refused."""
    state = new("blackbeard,cheung")
    with pytest.raises(plunder.IllegalAction, match="not another living pirate"):
        state.act(0, "shoot>0")
    with pytest.raises(plunder.IllegalAction, match="costs 3"):
        state.act(0, "fire")
    with pytest.raises(plunder.IllegalAction, match="holds no"):
        state.act(0, "bomb>1")
    with pytest.raises(plunder.IllegalAction, match="chooses a card"):
        state.act(0, "grab>0")
    assert state.pending == frozenset({0, 1})


def test_grab_names_a_slot_of_the_golden_area() -> None:
    """Notation: ``grab>SLOT`` counts the face-up golden cards from 0."""
    state = new("blackbeard,chingshih,morgan,pargo")
    play(state, {0: "search", 1: "search", 2: "load", 3: "load"})
    assert legal(state, 0) == ["grab>0", "grab>1"]
    with pytest.raises(plunder.IllegalAction, match="empty or does not exist"):
        state.act(0, "grab>2")


@settings(max_examples=60, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), steps=st.integers(0, 60), data=st.data())
def test_every_legal_action_reads_back(
    options: dict, seed: int, steps: int, data: st.DataObject
) -> None:
    """Notation: parse(str(a)) == a for every legal action of a reachable state."""
    state = reachable(options, seed, steps, data)
    for seat in state.pending:
        for action in state.legal(seat):
            assert state.game.parse(str(action)) == action


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=24))
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    """Notation: garbage never raises anything but ``NotationError``."""
    try:
        action = GAME.parse(text)
    except plunder.NotationError:
        return
    assert GAME.parse(str(action)) == action


words = st.sampled_from(
    ["load", "shoot", "shoot2", "fire", "steal", "cut", "grab", "dig", "gesture", "pirate", "x"]
)
tails = st.one_of(
    st.none(),
    st.text(alphabet="0123456789,-> abz", max_size=8),
    st.sampled_from(["steal", "none", "point", "kidd", "99", "-1", "0,0", "1,2,3"]),
)


@settings(max_examples=150, deadline=None)
@given(
    options=games,
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 30),
    word=words,
    tail=tails,
    seat=st.integers(-1, 9),
    data=st.data(),
)
def test_acting_with_garbage_raises_illegal_action_and_changes_nothing(
    options: dict,
    seed: int,
    steps: int,
    word: str,
    tail: str | None,
    seat: int,
    data: st.DataObject,
) -> None:
    """Notation: near-miss text at any seat is refused with ``IllegalAction`` or accepted."""
    state = reachable(options, seed, steps, data)
    text = word if tail is None else f"{word}>{tail}"
    before = [state.view(s) for s in range(state.game.players)]
    try:
        state.act(seat, text)
    except plunder.IllegalAction:
        assert [state.view(s) for s in range(state.game.players)] == before
    else:
        assert state.record["moves"][-1] == [seat, str(state.game.parse(text))]
