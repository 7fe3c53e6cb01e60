"""Swordplay's notation: every action's text parses back; bad text is refused."""

from __future__ import annotations

import random

import pytest

import plunder


@pytest.mark.parametrize(
    "text",
    ["pass", "no", "discard:duck", "ready:rapier", "drop:cloak", "attack:high>1",
     "defend:parry_high", "defend:dodge", "guard:cloak"],
)
def test_documented_notation_parses_back(text: str) -> None:
    game = plunder.load("swordplay", players=2)
    assert str(game.parse(text)) == text
    assert game.parse(text).to_json()["notation"] == text


def test_a_card_is_written_alike_in_discard_and_defence() -> None:
    game = plunder.load("swordplay", players=2)
    for card in ("parry_high", "dodge", "riposte"):
        assert str(game.parse(f"discard:{card}")).split(":")[1] == card
        assert str(game.parse(f"defend:{card}")) == f"defend:{card}"


@pytest.mark.parametrize("location", ["high", "low", "left", "right", "thrust"])
def test_the_former_parry_notation_is_still_read(location: str) -> None:
    # Records made before every defence was written defend:<card> wrote parry:<location>.
    game = plunder.load("swordplay", players=2)
    assert game.parse(f"parry:{location}") == game.parse(f"defend:parry_{location}")
    assert str(game.parse(f"parry:{location}")) == f"defend:parry_{location}"


def test_a_record_in_the_former_notation_replays() -> None:
    state = plunder.load("swordplay", pirates="vane,grady").new(seed=11)
    rng = random.Random(3)
    moves: list[list[object]] = []
    while not state.is_over and not any(n.startswith("defend:parry_") for _, n in state.moves):
        seat = min(state.pending)
        choices = state.legal(seat)
        parries = [a for a in choices if str(a).startswith("defend:parry_")]
        state.act(seat, parries[0] if parries else rng.choice(choices))
    assert any(n.startswith("defend:parry_") for _, n in state.moves)
    moves = [[seat, "parry:" + n.split("_", 1)[1] if n.startswith("defend:parry_") else n]
             for seat, n in state.moves]
    record = dict(state.record, moves=moves)
    replayed = plunder.replay(record)
    assert replayed.view(None) == state.view(None)
    assert replayed.moves == state.moves  # written anew in today's notation


@pytest.mark.parametrize(
    "text",
    ["attack:high", "attack:kraken>1", "defend:high", "parry:high>1", "parry:sideways",
     "pass:now", "ready:rapier>1", "", 7],
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
