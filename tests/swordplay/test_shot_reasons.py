"""An attack that is stopped or lands says why (R28-R30, R39, R42, R43): the defence
that countered it and what it counters, the ready guard, or that the target did not
counter and what lessened the blow. Whether the target held a fitting defence stays
its secret: a hit says only that it did not counter."""

from __future__ import annotations

from swordplay.kit import attack, equip, give, new

FIVE_PLAIN = ("high", "high", "low", "low", "left")


def events(state, kind: str) -> list[dict]:
    return [e for e in state.events(None) if e["type"] == kind]


def test_a_parry_says_which_attack_it_counters() -> None:
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "duck", "parry_high", "dodge", "parry_low", "jump")
    attack(state, "attack:high>1")
    state.act(1, "defend:parry_high")
    (defend,) = events(state, "defend")
    assert defend["why"] == "parry"
    assert defend["text"].endswith("countered (it counters a high attack).")
    assert not events(state, "hit")


def test_a_dodge_says_it_counters_anything() -> None:
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "dodge", "pistol", "pistol", "flurry", "flurry")
    attack(state, "attack:low>1")
    state.act(1, "defend:dodge")
    (defend,) = events(state, "defend")
    assert defend["why"] == "dodge"
    assert defend["text"] == "Seat 1 answers with Dodge: countered (a Dodge counters any attack)."


def test_a_ready_cloak_says_it_countered() -> None:
    state = new("vane,grady")
    equip(state, 1, "cloak")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "guard:cloak")
    (guard,) = events(state, "guard")
    assert (guard["card"], guard["why"]) == ("cloak", "guard")


def test_a_hit_says_the_target_did_not_counter_and_what_lessened_it() -> None:
    """R30, R42: Wary Footing takes 1 off the 1 damage: a hit of 0 (Finch has 9 life)."""
    state = new("vane,finch")
    equip(state, 1, "wary")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")
    (hit,) = events(state, "hit")
    assert (hit["why"], hit["less"], hit["life"]) == ("taken", ["1 less for Wary Footing"], 0)
    assert hit["text"] == (
        "Seat 1 is hit (seat 1 did not counter; 1 less for Wary Footing): 0 to life "
        "(9 life left)."
    )
