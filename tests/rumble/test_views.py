"""Pirate Rumble's views: what each seat may know, and what determinization resamples.

Rule numbers refer to ``docs/rules/rumble.md`` (R15 and R60: the shield; R53-R55:
camp cards; R70, R73: golden cards no one else saw).
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import plunder
from rumble.kit import alive, counts, new, play, row

START = {"roberts": (6, 2), "bonny": (5, 4)}  # every other pirate: 5 health, 2 bullets
MAX_HEALTH = {"roberts": 6}
COST = {"shoot": 1, "shoot2": 2, "fire": 3, "bomb": 3, "stab": 2, "smite": 2, "whirlwind": 2}

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "mode": st.sampled_from(["duel", "camp"]),
        "gestures": st.booleans(),
        "race": st.sampled_from(["random", "arrival"]),
        # The contested readings (R91-R93) change counts, never what a view may hold.
        "void_cost": st.sampled_from(["free", "paid"]),
        "block_cut": st.sampled_from(["no", "yes"]),
        "last_gasp": st.sampled_from(["no", "yes"]),
    }
).filter(lambda o: o["mode"] == "duel" or o["players"] >= 4)


def reachable(options: dict, seed: int, steps: int, data: st.DataObject) -> plunder.State:
    state = plunder.load("rumble", **options).new(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = data.draw(st.sampled_from(sorted(state.pending)))
        actions = state.legal(seat)
        state.act(seat, actions[data.draw(st.integers(0, len(actions) - 1))])
    return state


# ------------------------------------------------------------------ the shield
def test_a_seat_sees_its_own_counts_and_no_one_elses() -> None:
    """R15, R60: with three pirates alive, other seats' health and bullets are hidden."""
    state = new("roberts,bonny,kidd")
    view = state.view(1)
    assert view["shield"] is True
    assert [(p["health"], p["bullets"]) for p in view["players"]] == [
        (None, None),
        (5, 4),
        (None, None),
    ]
    spectator = state.view(None)
    assert [(p["health"], p["bullets"]) for p in spectator["players"]] == [(None, None)] * 3
    assert [p["max_health"] for p in spectator["players"]] == [6, 5, 5]
    assert [p["tokens"] for p in spectator["players"]] == [1, 0, 0]


def test_a_dead_pirates_counts_are_shown_and_two_left_lift_the_shield() -> None:
    """R15, R60: a death leaves two pirates: every count is shown to everyone."""
    state = new("blackbeard,chingshih,morgan,kuki")
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})
    play(state, {0: "dodge", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})
    view = state.view(2)
    assert view["shield"] is True
    assert [(p["health"], p["bullets"]) for p in view["players"]] == [
        (0, 5),
        (None, None),
        (5, 3),
        (None, None),
    ]
    play(state, {1: "load", 2: "load", 3: "dodge"})
    play(state, {1: "fire", 2: "fire", 3: "load"})
    play(state, {1: "shoot>3", 2: "shoot>3", 3: "shoot2>1,2"})
    play(state, {1: "load", 2: "load", 3: "load"})
    play(state, {1: "shoot>3", 2: "shoot>3", 3: "fire"})
    assert alive(state) == [False, True, True, False]
    spectator = state.view(None)
    assert spectator["shield"] is False
    assert [(p["health"], p["bullets"]) for p in spectator["players"]] == [
        (0, 5),
        (1, 3),
        (1, 3),
        (0, 2),
    ]


def follow_the_log(state: plunder.State) -> list[tuple[int, int]]:
    """Every seat's (health, bullets), worked out from the spectator's log alone.

    A perfect memory at the table: the starting counts of each pirate, then every
    card revealed, void, cancelled, every steal, damage, reserve token, death and
    health taken, applied in the order of R61 (deaths and health in the log's order,
    which R93's option ``last_gasp`` turns round), under the table's public options.
    """
    spectator = state.view(None)
    events = spectator["log"]
    # R91: with void_cost="paid" a void card is paid for all the same.
    void_is_paid = spectator["options"]["void_cost"] == "paid"
    setup = next(e for e in events if e["type"] == "setup")
    pirates = setup["pirates"]
    health = [START.get(p, (5, 2))[0] for p in pirates]
    bullets = [START.get(p, (5, 2))[1] for p in pirates]
    rounds: list[list[dict]] = []
    for event in events:
        if event["type"] == "reveal":
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    for batch in rounds:
        cards = {c["seat"]: c["card"] for c in batch[0]["choices"]}
        void = {s for e in batch if e["type"] == "gestures" for s in e["voided"]}
        cancelled = {e["seat"] for e in batch if e["type"] == "cancelled"}
        live = {s: c for s, c in cards.items() if s not in void}
        for seat, card in (cards if void_is_paid else live).items():
            bullets[seat] -= COST.get(card, 0)
        steals = [e for e in batch if e["type"] == "steal"]
        for e in steals:  # every loss first, then every gain (R68)
            bullets[e["seat"]] -= sum(e["taken"])
        for e in steals:
            for thief, taken in zip(e["thieves"], e["taken"], strict=True):
                bullets[thief] = min(5, bullets[thief] + taken)
        for e in batch:
            if e["type"] == "damage":
                health[e["seat"]] -= e["amount"]
        for seat, card in live.items():
            if seat in cancelled:
                continue
            gain = {"load": 3, "loadfull": 5, "dodge": 1}.get(card, 0)
            if card == "fire" and pirates[seat] == "cheung":
                gain = 1
            bullets[seat] = min(5, bullets[seat] + gain)
        for e in batch:
            if e["type"] == "reserve":
                health[e["seat"]] += 1
            elif e["type"] == "death":
                health[e["seat"]] = 0
            elif e["type"] == "health":
                seat = e["seat"]
                card = cards[seat]
                gain = {"heal": 2}.get(card, 1)
                if card == "pick":
                    bullets[seat] = min(5, bullets[seat] + 1)
                health[seat] = min(MAX_HEALTH.get(pirates[seat], 5), health[seat] + gain)
    return list(zip(health, bullets, strict=True))


@settings(max_examples=150, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), steps=st.integers(0, 120), data=st.data())
def test_the_shield_spares_memory_and_hides_no_event(
    options: dict, seed: int, steps: int, data: st.DataObject
) -> None:
    """R60: the public log accounts for every count the shield hides."""
    state = reachable(options | {"pirates": "random"}, seed, steps, data)
    if state.view(None)["phase"] == "choose" or state.is_over:
        truth = [(row(state, s)["health"], row(state, s)["bullets"]) for s in range(state.players)]
        assert follow_the_log(state) == truth


@settings(max_examples=150, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_a_view_holds_no_other_seats_secrets(
    options: dict, seed: int, steps: int, data: st.DataObject
) -> None:
    """R15, R53, R54, R60, R70: counts, camp cards and unseen golden cards stay hidden."""
    state = reachable(options | {"pirates": "random"}, seed, steps, data)
    players = state.players
    own = [state.view(s) for s in range(players)]
    spectator = state.view(None)
    shielded = spectator["players"][0]["alive"] is not None and sum(alive(state)) > 2
    for viewer in [*range(players), None]:
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view
        for seat, line in enumerate(view["players"]):
            if seat == viewer:
                continue
            if shielded and line["alive"]:
                assert line["health"] is None
                assert line["bullets"] is None
            if "camp" in line:
                assert line["camp"] == spectator["players"][seat]["camp"]
            truth = own[seat]["golden"]
            assert len(line["golden_known"]) + line["golden_unseen"] == len(truth)
            assert line["golden_known"] == spectator["players"][seat]["golden_known"]
        private = [e for e in view["log"] if e["type"] in ("secret_golden", "camp")]
        assert all(e["seat"] == viewer for e in private)
        if viewer is None:
            assert "hand" not in view
            assert "golden" not in view
            assert "camp" not in view


def test_a_spectator_view_example() -> None:
    """Views: the example of the rules document, worked out by hand.

    Kidd steals all 4 of Bonny's bullets (2 + 4 stops at 5), Bonny loads 3 into an
    empty pocket, Zheng smites Kidd for 2 and Bonny, Kidd's other neighbour, for 1.
    """
    state = new("kidd,bonny,zheng", seed=4)
    play(state, {0: "steal>1", 1: "load", 2: "smite>0"})
    state.act(0, "shoot>2")
    assert counts(state) == [(3, 5), (4, 3), (5, 0)]
    view = state.view(None)
    assert [p["cards"] for p in view["players"]] == [6, 6, 5]
    assert (view["area"], view["pile"], view["discard"]) == (["loadfull"], 19, ["steal"])
    assert "choice" not in view
    assert state.view(0)["choice"] == "shoot>2"
    assert view["decision"] == {"kind": "choose", "seats": [0, 1, 2], "round": view["round"]}
    assert set(view) == {
        "decision",
        "mode",
        "round",
        "phase",
        "shield",
        "players",
        "area",
        "pile",
        "discard",
        "revealed",
        "voided",
        "searchers",
        "game",
        "options",
        "viewer",
        "pending",
        "committed",
        "log",
        "over",
        "result",
    }
    assert set(state.view(0)) == set(view) | {"hand", "golden", "choice"}


# ------------------------------------------------------------- determinization
def test_determinization_keeps_every_count() -> None:
    """R60: counts are not resampled: the shield hides nothing a memory cannot keep."""
    state = new("bonny,kidd,roberts,zheng")
    play(state, {0: "load", 1: "steal>0", 2: "shoot>3", 3: "load"})
    for seat in range(4):
        det = state.determinize(seat, random.Random(seat))
        assert [row(det, s)["health"] for s in range(4)] == [
            row(state, s)["health"] for s in range(4)
        ]
        assert [row(det, s)["bullets"] for s in range(4)] == [
            row(state, s)["bullets"] for s in range(4)
        ]
        assert det.view(seat) == state.view(seat)


def test_determinization_resamples_a_golden_card_no_one_else_saw() -> None:
    """R60, R73: Anne Bonny's unseen card is redrawn for others, kept for herself."""
    state = new("bonny,kidd,cheung")
    theirs = {tuple(state.determinize(1, random.Random(i)).view(0)["golden"]) for i in range(30)}
    hers = {tuple(state.determinize(0, random.Random(i)).view(0)["golden"]) for i in range(30)}
    assert len(theirs) > 1
    assert hers == {tuple(state.view(0)["golden"])}


def test_determinization_resamples_the_golden_piles_order() -> None:
    """R60: the card turned up after a Search is not known before."""
    state = new("blackbeard,chingshih,morgan")
    refills = set()
    for i in range(30):
        det = state.determinize(0, random.Random(i))
        play(det, {0: "search", 1: "load", 2: "load"})
        refills.add(det.view(None)["area"][0])
    assert len(refills) > 1


def test_determinization_resamples_face_down_camp_cards_only() -> None:
    """R53, R60: own and face-up camp cards stay; the others are redrawn."""
    state = plunder.load("rumble", players=6, mode="camp").new(seed=3)
    truth = [state.view(s)["camp"] for s in range(6)]
    shown = [p["camp"] for p in state.view(None)["players"]]
    dealt = set()
    for i in range(30):
        det = state.determinize(0, random.Random(i))
        camps = [det.view(s)["camp"] for s in range(6)]
        assert camps[0] == truth[0]
        assert all(c == t for c, t in zip(camps, shown, strict=True) if t)
        assert sorted(camps) == sorted(truth)
        dealt.add(tuple(camps))
    assert len(dealt) > 1
