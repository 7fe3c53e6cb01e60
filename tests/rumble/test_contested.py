"""Contested rulings: three readings of the summary players may disagree on, each an option.

Rule numbers refer to ``docs/rules/rumble.md`` (R91 ``void_cost``, R92 ``block_cut``,
R93 ``last_gasp``). Each test plays the same table under every value of its option,
the default included, and every expectation is worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

import plunder
from rumble.kit import alive, counts, damage, health, last_round, log, new, play, row


def test_the_contested_options_default_to_the_first_reading() -> None:
    """R91-R93: by default a void card is free, Block lets a Cut by, a pirate at 0 is dead."""
    options = plunder.load("rumble").options
    chosen = (options["void_cost"], options["block_cut"], options["last_gasp"])
    assert chosen == ("free", "no", "no")


@pytest.mark.parametrize(
    ("name", "value"), [("void_cost", "sometimes"), ("block_cut", True), ("last_gasp", "maybe")]
)
def test_other_values_are_refused(name: str, value: object) -> None:
    with pytest.raises(plunder.OptionError, match=name):
        plunder.load("rumble", **{name: value})


# ----------------------------------------------------------------- R91 void_cost
@pytest.mark.parametrize(
    ("options", "after"),
    [
        # Free: the void Shoot costs nothing and hits no one (R62, R63).
        ({}, [(5, 2), (5, 2)]),
        ({"void_cost": "free"}, [(5, 2), (5, 2)]),
        # Paid: Blackbeard puts his bullet back all the same; Cheung is still unhurt.
        ({"void_cost": "paid"}, [(5, 1), (5, 2)]),
    ],
)
def test_a_void_card_is_free_or_paid_for(options: dict, after: list) -> None:
    """R91: with gestures on, a wrong gesture loses the card's effect; its cost per option."""
    state = new("blackbeard,cheung", gestures=True, **options)
    play(state, {0: "shoot>1", 1: "load"}, {0: "gesture>pump", 1: "gesture>none"})
    assert log(state, "gestures")[0]["voided"] == [0, 1]
    assert counts(state) == after
    assert damage(state) == {}


@pytest.mark.parametrize(("value", "tokens"), [("free", 2), ("paid", 1)])
def test_a_void_take_cover_spends_its_token_only_when_paid(value: str, tokens: int) -> None:
    """R75, R91: Take Cover's special token is its cost; a void one passes no harm on."""
    state = new("morgan,cheung", gestures=True, void_cost=value)
    play(state, {0: "cover>1", 1: "shoot>0"}, {0: "gesture>pump", 1: "gesture>point"})
    assert row(state, 0, 1)["tokens"] == tokens
    assert damage(state) == {0: 1}  # the void cover passed nothing to Cheung


def test_without_gestures_void_cost_changes_nothing() -> None:
    """R91: no gesture step, no void card: both values play alike."""
    plays = [{0: "load", 1: "load"}, {0: "shoot>1", 1: "fire"}, {0: "dodge", 1: "search"}]
    logs = []
    for value in ("free", "paid"):
        state = new("blackbeard,cheung", seed=3, void_cost=value)
        for round_plays in plays:
            play(state, round_plays)
        logs.append(state.view(None)["log"])
    assert logs[0] == logs[1]
    assert [e["type"] for e in logs[0]].count("reveal") == 3


# ----------------------------------------------------------------- R92 block_cut
@pytest.mark.parametrize(
    ("options", "struck_back"),
    [({}, []), ({"block_cut": "no"}, []), ({"block_cut": "yes"}, [0])],
)
def test_block_strikes_back_at_a_cut_only_with_the_option(options: dict, struck_back: list) -> None:
    """R65, R92: the Cut deals its 1 through Block either way; the cutter is struck per option."""
    state = new("read,kuki", **options)
    play(state, {0: "cut>1", 1: "block"})
    assert damage(state) == {1: 1, **{seat: 1 for seat in struck_back}}
    assert health(state, 1) == 4
    assert health(state, 0) == 5 - len(struck_back)
    assert [e["attacker"] for e in last_round(state) if e["type"] == "block"] == struck_back


@pytest.mark.parametrize(("value", "read_takes"), [("no", 0), ("yes", 1)])
def test_block_meets_a_shot_and_a_cut_together(value: str, read_takes: int) -> None:
    """R65, R92: the shot is reduced to 0 and struck back; the Cut is not reduced.

    Kuki blocks; Cheung shoots him (1 - 1 = 0) and Mary Read cuts him (1): Kuki takes 1,
    Cheung takes 1 back, and Mary Read takes 1 back only with ``block_cut="yes"``.
    """
    state = new("read,kuki,cheung", block_cut=value)
    play(state, {0: "cut>1", 1: "block", 2: "shoot>1"})
    assert [health(state, s) for s in range(3)] == [5 - read_takes, 4, 4]
    guard = log(state, "guard")[0]
    assert (guard["attackers"], guard["prevented"]) == ([2], 1)  # Block never stops a Cut


def test_dodge_never_strikes_back_at_a_cut() -> None:
    """R92: the option is Block's; Dodge strikes no one."""
    state = new("read,blackbeard", block_cut="yes")
    play(state, {0: "cut>1", 1: "dodge"})
    assert damage(state) == {1: 1}
    assert counts(state) == [(5, 2), (4, 3)]


@pytest.mark.parametrize(("value", "read_takes"), [("no", 0), ("yes", 1)])
def test_a_cut_passed_on_by_take_cover_is_struck_back_by_the_blocker(
    value: str, read_takes: int
) -> None:
    """R75, R92: Mary Read cuts Morgan, who passes it to Kuki; Kuki's Block meets the Cut."""
    state = new("read,morgan,kuki", block_cut=value)
    play(state, {0: "cut>1", 1: "cover>2", 2: "block"})
    assert [health(state, s) for s in range(3)] == [5 - read_takes, 5, 4]


# ----------------------------------------------------------------- R93 last_gasp
def to_one_health(**options: object) -> plunder.State:
    """Blackbeard (seat 0) brought to 1 health in two rounds, worked out by hand.

    Round 1 everyone loads (5 bullets each). Round 2 Blackbeard shoots Pargo, Pargo
    bombs Blackbeard (3, and 1 to each of Blackbeard's neighbours: Pargo himself and
    Cheung), Cheung shoots Blackbeard and Pargo at once: Blackbeard 5 - 3 - 1 = 1,
    Pargo 5 - 1 - 1 - 1 = 2, Cheung 5 - 1 = 4; bullets 4, 2 and 3.
    """
    state = new("blackbeard,pargo,cheung", **options)
    play(state, {0: "load", 1: "load", 2: "load"})
    play(state, {0: "shoot>1", 1: "bomb>0", 2: "shoot2>0,1"})
    assert counts(state) == [(1, 4), (2, 2), (4, 3)]
    return state


@pytest.mark.parametrize("card", ["search", "pick"])
@pytest.mark.parametrize(
    ("options", "saved"),
    [({}, False), ({"last_gasp": "no"}, False), ({"last_gasp": "yes"}, True)],
)
def test_health_of_the_round_saves_a_pirate_only_with_the_option(
    card: str, options: dict, saved: bool
) -> None:
    """R71, R93: shot to 0 while searching (or picking with no golden card played).

    Without the option the death is settled first and the dead take no health; with it
    the 1 health comes first: 1 - 1 + 1 = 1, and Blackbeard lives on.
    """
    state = to_one_health(**options)
    play(state, {0: card, 1: "shoot>0", 2: "load"})
    assert damage(state) == {0: 1}
    assert alive(state) == [saved, True, True]
    assert health(state, 0) == (1 if saved else 0)
    assert [e["seat"] for e in log(state, "death")] == ([] if saved else [0])
    assert [e["seat"] for e in last_round(state) if e["type"] == "health"] == ([0] if saved else [])


@pytest.mark.parametrize("value", ["no", "yes"])
def test_health_that_does_not_lift_a_pirate_above_zero_saves_no_one(value: str) -> None:
    """R93: two shots take Blackbeard to -1; his 1 health of Search brings him to 0: dead."""
    state = to_one_health(last_gasp=value)
    play(state, {0: "search", 1: "shoot>0", 2: "shoot>0"})
    assert damage(state) == {0: 2}
    assert alive(state) == [False, True, True]
    assert health(state, 0) == 0
