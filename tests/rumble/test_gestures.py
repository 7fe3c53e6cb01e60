"""Option ``gestures``: after the reveal every pirate answers with the card's gesture.

Rule numbers refer to ``docs/rules/rumble.md``; the gestures are designed (R89).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import plunder
from rumble.kit import bullets, counts, health, legal, log, new, new_with, play, row

CARDS_TOML = Path(plunder.__file__).parent / "games" / "rumble" / "cards.toml"
GESTURES = {
    name: card["gesture"] for name, card in tomllib.loads(CARDS_TOML.read_text())["cards"].items()
}


def test_every_card_has_its_own_gesture() -> None:
    """R89: one gesture per card, no two alike, as listed in cards.toml."""
    assert len(set(GESTURES.values())) == len(GESTURES) == 18
    assert GESTURES["shoot"] == "point"
    assert GESTURES["dodge"] == "duck"


def test_gestures_are_a_step_after_the_reveal() -> None:
    """R10, R61, R62: every living pirate answers, choosing among every gesture or none."""
    state = new("blackbeard,kidd,cheung", gestures=True)
    play(state, {0: "pick", 1: "steal>0", 2: "load"})
    assert state.pending == frozenset({0, 1, 2})
    assert state.view(None)["phase"] == "gesture"
    assert [r["card"] for r in state.view(None)["revealed"]] == ["pick", "steal", "load"]
    assert legal(state, 0) == [f"gesture>{g}" for g in GESTURES.values()] + ["gesture>none"]
    assert str(state.timeout_action(0)) == "gesture>none"


def test_gestures_are_off_by_default() -> None:
    """R62: without the option the battle follows the reveal at once."""
    state = new("blackbeard,cheung")
    play(state, {0: "load", 1: "load"})
    assert state.view(None)["phase"] == "choose"
    assert state.view(None)["round"] == 2


def test_the_right_gesture_keeps_the_card() -> None:
    """R62: a shot with the right gesture hits."""
    state = new("blackbeard,cheung", gestures=True)
    play(state, {0: "shoot>1", 1: "load"}, {0: "gesture>point", 1: "gesture>pump"})
    assert counts(state) == [(5, 1), (4, 5)]
    assert log(state, "gestures")[0]["voided"] == []


def test_a_wrong_gesture_voids_the_card_and_its_cost() -> None:
    """R12, R62, R63: a void card has no effect and costs nothing."""
    state = new("blackbeard,cheung", gestures=True)
    play(state, {0: "shoot>1", 1: "load"}, {0: "gesture>pump", 1: "gesture>none"})
    assert counts(state) == [(5, 2), (5, 2)]
    assert log(state, "gestures")[0]["voided"] == [0, 1]
    assert state.view(None)["voided"] == []  # cleared when the round ends
    # A void basic card still lies face up for a round.
    assert row(state, 0, 1)["face_up"] == "shoot"
    assert "shoot>1" not in legal(state, 0)


def test_a_void_search_takes_nothing() -> None:
    """R62: no reach, no golden card, no health."""
    state = new_with("blackbeard,cheung", "heal", gestures=True)
    play(state, {0: "search", 1: "shoot>0"}, {0: "gesture>none", 1: "gesture>point"})
    assert health(state, 0) == 4
    assert state.view(0)["golden"] == []
    assert state.view(None)["area"] == ["heal"]


def test_a_void_golden_card_is_still_discarded() -> None:
    """R25, R62: played is played: the void Steal goes to the discard pile."""
    state = new("kidd,cheung", gestures=True)
    play(state, {0: "steal>1", 1: "load"}, {0: "gesture>point", 1: "gesture>pump"})
    assert (bullets(state, 0), bullets(state, 1)) == (2, 5)
    assert state.view(None)["discard"] == ["steal"]


def test_pick_takes_void_golden_cards_too() -> None:
    """R76: Blackbeard picks the golden cards played, void or not."""
    state = new("blackbeard,kidd,kuki", gestures=True)
    play(
        state,
        {0: "pick", 1: "steal>0", 2: "block"},
        {0: "gesture>beckon", 1: "gesture>none", 2: "gesture>cross"},
    )
    assert state.view(0)["golden"] == ["steal", "block"]
    assert bullets(state, 0) == 2


def test_a_void_pick_picks_nothing() -> None:
    """R62, R76: the void Pick leaves the golden cards to the discard pile."""
    state = new("blackbeard,kidd", gestures=True)
    play(state, {0: "pick", 1: "steal>0"}, {0: "gesture>none", 1: "gesture>pickpocket"})
    assert state.view(0)["golden"] == []
    assert state.view(None)["discard"] == ["steal"]
    assert bullets(state, 0) == 0


def test_a_gesture_in_the_choose_step_is_refused() -> None:
    """R61: the gesture step comes after the reveal."""
    state = new("blackbeard,cheung", gestures=True)
    with pytest.raises(plunder.IllegalAction, match="chooses a card"):
        state.act(0, "gesture>point")
