"""A card that misses or is stopped says why: the target hid, dodged or blocked, a
steal found no bullet, a gesture was wrong (R22, R26, R30, R62, R65, R67, R68).

Every expectation is worked out by hand from the rules the docstrings cite."""

from __future__ import annotations

from rumble.kit import log, new_with, play

PLAIN3 = "blackbeard,chingshih,morgan"


def test_a_shot_at_a_hider_names_the_hider() -> None:
    """R30, R67: both shots at seat 0, who hides, do nothing, because seat 0 hid."""
    state = new_with(PLAIN3, "hide")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "hide", 1: "shoot>0", 2: "shoot>0"})
    cancelled = log(state, "cancelled")
    assert [(e["seat"], e["targets"], e["why"]) for e in cancelled] == [
        (1, [0], "hides"), (2, [0], "hides")
    ]
    assert cancelled[0]["text"] == "Seat 1's Shoot is aimed at seat 0, who hides, and does nothing."


def test_a_dodge_and_a_failed_steal_say_why() -> None:
    """R22, R65, R68: seat 1 dodges the steal: the steal takes nothing because it dodged."""
    state = new_with(PLAIN3, "steal")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "steal>1", 1: "dodge", 2: "dodge"})
    (steal,) = log(state, "steal")
    assert (steal["taken"], steal["why"]) == ([0], "dodges")
    assert steal["text"] == "Seat 1 dodges: seat 0 steals nothing."
    guards = {e["seat"]: e["why"] for e in log(state, "guard")}
    assert guards == {1: "dodges", 2: "dodges"}


def test_a_shot_at_a_dodger_is_one_damage_short() -> None:
    """R22, R65: a Shoot (1 damage) at a dodger is stopped whole: the dodge names it."""
    state = new_with(PLAIN3, "steal")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "dodge", 1: "shoot>0", 2: "search"})
    (guard,) = log(state, "guard")
    assert (guard["seat"], guard["why"], guard["attackers"], guard["prevented"]) == (
        0, "dodges", [1], 1
    )
    assert not [e for e in log(state, "damage") if e["seat"] == 0]
