"""A shot that does no harm says why: a shield took it, or nothing was in plain sight
to aim at; a ship that burns or sinks says what hit it (R23-R27)."""

from __future__ import annotations

from tests.underfire.kit import blank, new, play, put


def shots(state, kind: str) -> list[dict]:
    return [e for e in state.events(None) if e["type"] == kind]


def test_a_shield_that_takes_the_hit_says_so() -> None:  # R25
    state = blank(new(13), 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c5", 1, 4, shield=True)
    play(state, 0, "3@c1", "fire@c5")
    (shielded,) = shots(state, "shielded")
    assert (shielded["at"], shielded["why"]) == ("c5", "a shield took the hit")
    assert not shots(state, "burning")


def test_a_ship_hit_without_a_shield_burns_under_fire() -> None:  # R23, R24
    state = blank(new(13), 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c5", 1, 4)
    play(state, 0, "3@c1", "fire@c5")
    (burning,) = shots(state, "burning")
    assert (burning["at"], burning["why"]) == ("c5", "under fire")
    assert burning["text"] == "Seat 1's ship on c5 catches fire (under fire)."


def test_a_shot_with_no_enemy_in_plain_sight_says_so() -> None:  # R27
    state = blank(new(13), 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c3", 0, 1)  # the player's own ship blocks the column
    put(state, "c5", 1, 4)
    play(state, 0, "3@c1")
    missed = [e for e in state.events(None) if e["type"] == "effect" and e.get("missed")]
    assert [(e["effect"], e["why"]) for e in missed] == [("line", "nothing to aim at")]
    assert missed[0]["text"] == (
        "Seat 0's shot along the row and the column finds no enemy ship in plain sight."
    )
