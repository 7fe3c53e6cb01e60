"""An attack's dice say why each hit or missed (R18): a 1 always misses, a face that
with its modifier falls short of the to-hit number misses; and hits that find no
enemy left in the zone say they are lost (R19)."""

from __future__ import annotations

from rumbones import kit
from rumbones.kit import activate, crew, empty, place, play, rolls_for


def test_each_die_of_an_attack_says_why_it_hit_or_missed() -> None:
    """Hueso's Bone Club: 2 dice hitting on 3+; a 1 misses, a 3 hits, a 2 falls short."""
    state = empty()
    kit.turn(state, 1)
    place(state, 5, "c6")
    crew(state, 0, "c5", deckhands=3)
    activate(state, 5)
    rolls_for(state, 1, 3)
    since = state.event_count(None)
    play(state, 1, "attack:bone_club>c5")
    roll = next(e for e in state.events(None, since) if e["type"] == "roll")
    assert (roll["dice"], roll["why"], roll["hits"]) == ([1, 3], ["one", "hit"], 1)
    assert "missed: a 1 always misses" in roll["text"]


def test_a_die_short_of_the_number_says_so() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 5, "c6")
    crew(state, 0, "c5", deckhands=3)
    activate(state, 5)
    rolls_for(state, 2, 6)
    since = state.event_count(None)
    play(state, 1, "attack:bone_club>c5")
    roll = next(e for e in state.events(None, since) if e["type"] == "roll")
    assert (roll["dice"], roll["why"]) == ([2, 6], ["short", "hit"])
    assert "missed: 2 short of 3+" in roll["text"]


def test_hits_beyond_the_last_enemy_are_lost_and_say_so() -> None:
    """R19: two hits on a zone holding one deckhand: one KOs it, the other is lost."""
    state = empty()
    kit.turn(state, 1)
    place(state, 5, "c6")
    crew(state, 0, "c5", deckhands=1)
    activate(state, 5)
    rolls_for(state, 6, 6)
    since = state.event_count(None)
    play(state, 1, "attack:bone_club>c5")
    missed = [e for e in state.events(None, since) if e["type"] == "miss"]
    assert [(e["why"], e["hits"], e["zone"]) for e in missed] == [("no_target", 1, "c5")]
    assert missed[0]["text"] == "1 hit finds no enemy left in c5 and is lost."
