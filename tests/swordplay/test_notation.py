"""Swordplay's notation: every action's text parses back; bad text is refused."""

from __future__ import annotations

import pytest

import plunder


@pytest.mark.parametrize(
    "text",
    ["pass", "no", "discard:duck", "ready:rapier", "drop:cloak", "attack:high>1",
     "parry:high", "defend:dodge", "guard:cloak"],
)
def test_documented_notation_parses_back(text: str) -> None:
    game = plunder.load("swordplay", players=2)
    assert str(game.parse(text)) == text
    assert game.parse(text).to_json()["notation"] == text


@pytest.mark.parametrize(
    "text",
    ["attack:high", "attack:kraken>1", "parry:sideways", "pass:now", "ready:rapier>1", "", 7],
)
def test_bad_notation_is_refused(text: object) -> None:
    with pytest.raises(plunder.IllegalAction):
        plunder.load("swordplay").parse(text)  # type: ignore[arg-type]


def test_every_action_of_the_space_parses_back() -> None:
    game = plunder.load("swordplay", players=4, arena_seats=2)
    for action in game.action_space():
        assert game.parse(str(action)) == action


def test_an_illegal_action_says_what_is_asked() -> None:
    state = plunder.load("swordplay").new(seed=1)
    seat = min(state.pending)
    with pytest.raises(plunder.IllegalAction) as caught:
        state.act(seat, "attack:high>1")
    assert "discard" in str(caught.value)
