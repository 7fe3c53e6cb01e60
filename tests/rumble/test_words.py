"""Pirate Rumble's decisions in words: each kind's prompt and each answer's label are
declared once (``text.ASKS``) and read the same at the terminal and in the browser."""

from __future__ import annotations

from typing import Any

import plunder
from plunder.games.rumble import text
from plunder.terminal.render import renderer_for
from words_js import run_js


def both(state: Any, seat: int) -> tuple[list[str], list[str]]:
    """The open decision's prompt then each legal action's label, as the terminal
    words them and as the browser's word filler does."""
    view = state.view(seat)
    catalogue = state.game.catalogue()
    legal = [action.to_json() for action in state.legal(seat)]
    assert legal, "the seat has a decision to make"
    terminal = renderer_for("rumble")
    python = [terminal.prompt(view), *(terminal.describe(action, view) for action in legal)]
    browser = run_js(
        [["prompt", catalogue, view], *(["label", catalogue, action, view] for action in legal)]
    )
    return python, browser


def test_every_kind_of_decision_is_declared_with_its_words():
    catalogue = plunder.load("rumble", players=3).catalogue()
    assert set(catalogue["asks"]) == {"draft", "choose", "gesture", "reach"}
    assert catalogue["asks"] == {kind: ask.to_json() for kind, ask in text.ASKS.items()}


def test_the_draft_in_words():
    state = plunder.load("rumble", players=3, pirates="draft").new(seed=4)
    python, browser = both(state, 0)
    assert python == browser
    assert python[0] == "Pick your pirate: each seat in turn picks one of those left."
    assert "pick William Kidd" in python and "pick Ching Shih" in python


def test_a_card_at_a_pirate_names_the_seat_and_its_pirate():
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=4)
    python, browser = both(state, 0)
    assert python == browser
    assert python[0] == "Round 1: choose a card to play face down; all are revealed at once."
    assert "play Load" in python
    assert "play Shoot at seat 2 (Zheng)" in python
    assert "play Shoot Twice at seat 1 (Kidd), seat 2 (Zheng)" in python


def test_the_gestures_in_words():
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng", gestures=True).new(seed=4)
    for seat, card in enumerate(("search", "dodge", "load")):
        state.act(seat, card)
    python, browser = both(state, 1)
    assert python == browser
    assert python[0].startswith("Cards revealed: make the gesture of your card")
    assert "make the duck gesture" in python  # Dodge's
    assert python[-1] == "make no gesture"


def test_a_reach_names_the_golden_card_of_the_slot():
    state = plunder.load("rumble", players=3, pirates="chingshih,kidd,read", race="arrival").new(
        seed=4
    )
    for seat in range(3):
        state.act(seat, "search")
    area = state.view(0)["area"]
    assert area == ["heal"]
    python, browser = both(state, 0)
    assert python == browser
    assert python == ["Reach for a golden card: the first to touch it takes it!", "reach for Heal"]


def test_ching_shih_takes_from_the_discard_pile_in_words():
    state = plunder.load("rumble", players=3, pirates="chingshih,kidd,read").new(seed=0)
    # Rounds found to bring Ching Shih, searching, a discard pile to take from.
    moves = [
        (0, "search"), (1, "steal>0"), (2, "load"), (0, "cut>2"), (1, "dodge"),
        (2, "search"), (0, "search"), (1, "shoot>2"), (2, "fire"),
    ]
    for seat, move in moves:
        state.act(seat, move)
    assert state.view(0)["discard"] == ["steal", "cut"]
    assert state.view(0)["area"] == ["block"]
    python, browser = both(state, 0)
    assert python == browser
    assert python[0] == (
        "Reach for a golden card: where two reach for the same one, a draw decides."
    )
    assert python[1:] == [
        "reach for Block",
        "take Cut from the discard pile",
        "take Steal from the discard pile",
    ]
