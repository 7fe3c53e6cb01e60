"""Swordplay's refusals: each decision says why an action is not taken.

A card played from the hand that the hand does not hold is named; anything else
is answered with what the open decision takes (R12, R16-R22, R24-R29). The
expected sentences are written out from the rules and the cards' titles.
"""

from __future__ import annotations

import pytest

import plunder
from swordplay.kit import attack, give, kind, new

FIVE_PLAIN = ("high", "high", "low", "low", "left")
DISCARD = "now is the discard decision: discard:CARD or pass"
READY = (
    "now is the ready decision: drop:ITEM, ready:CARD "
    "(a stance or an item that fits free hands) or pass"
)
ATTACK = "now is the attack decision: attack:CARD>SEAT (a living opponent) or pass"
DEFEND = (
    "now is the defend decision: "
    "a defence that fits the attack (defend:CARD), guard:CLOAK, or no"
)


def why(state: plunder.State, seat: int, action: object) -> str:
    """The reason ``seat``'s ``action`` is refused; the state must stay as it was."""
    before = state.view(None)
    with pytest.raises(plunder.IllegalAction) as caught:
        state.act(seat, action)  # type: ignore[arg-type]
    assert state.view(None) == before
    return caught.value.reason


def test_the_discard_decision_names_a_card_not_held_or_what_it_takes() -> None:  # R12
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    assert kind(state) == "discard"
    assert why(state, 0, "discard:right") == "seat 0 holds no Attack - Right"
    assert why(state, 0, "attack:high>1") == DISCARD
    assert why(state, 0, "no") == DISCARD


def test_the_ready_decision_names_a_card_not_held_or_what_it_takes() -> None:  # R16-R22
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    state.act(0, "pass")
    assert kind(state) == "ready"
    assert why(state, 0, "ready:cutlass") == "seat 0 holds no Cutlass"
    # An attack card is held but is no item or stance: what the decision takes.
    assert why(state, 0, "ready:high") == READY
    # A drop names an item in play, not in the hand: never "holds no".
    assert why(state, 0, "drop:cutlass") == READY


def test_the_attack_decision_names_a_card_not_held_or_what_it_takes() -> None:  # R24-R27
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    state.act(0, "pass")
    state.act(0, "pass")
    assert kind(state) == "attack"
    assert why(state, 0, "attack:right>1") == "seat 0 holds no Attack - Right"
    assert why(state, 0, "attack:high>0") == ATTACK  # never at oneself
    assert why(state, 0, "discard:high") == ATTACK


def test_the_defence_names_a_card_not_held_or_what_it_takes() -> None:  # R28, R29
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "duck", "parry_low", "high", "low", "low")
    attack(state, "attack:high>1")
    assert kind(state) == "defend"
    assert why(state, 1, "defend:dodge") == "seat 1 holds no Dodge"
    # Held, but a low parry does not fit a high attack.
    assert why(state, 1, "defend:parry_low") == DEFEND
    # A guard names a cloak in play, not in the hand.
    assert why(state, 1, "guard:cloak") == DEFEND


def test_an_action_of_another_game_is_named() -> None:
    state = new("vane,grady")
    foreign = next(iter(plunder.load("duel").action_space()))
    assert why(state, 0, foreign) == f"{foreign!r} is not a Swordplay action"
