"""Pirate Rumble on the engine's protocol for search and learning, through the public API.

Action space, legal mask, decision frames (draft, choose, gesture, reach), status,
catalogue, observation, information keys, pickling, incremental events, the end
of the game and draws. Every expected value is worked out from the rules
(docs/rules/rumble.md) and the content files by hand.
"""

from __future__ import annotations

import copy
import pickle
import random
import tomllib
from pathlib import Path

import numpy as np
import pytest

import plunder
from plunder.games.rumble import content as rumble_content
from plunder.games.rumble import game as rumble_game
from rumble.kit import alive, new, play

CARDS_TOML = rumble_content.CARDS_FILE
PIRATES_TOML = rumble_content.PIRATES_FILE
CAMPS_TOML = rumble_content.CAMPS_FILE

PIRATE_ORDER = [
    "blackbeard", "bonny", "cheung", "chingshih", "kidd", "kuki",
    "morgan", "pargo", "read", "roberts", "zheng",
]
GOLDEN = ["block", "heal", "loadfull", "cut", "hide", "steal"]
GESTURES = [
    "pump", "point", "double-point", "duck", "spray", "snatch", "cross", "heart", "salute",
    "slash", "cover-eyes", "pickpocket", "crouch", "beckon", "throw", "thrust", "chop", "spin",
    "none",
]


def toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def fields(game: plunder.Game, vector: np.ndarray) -> dict[str, list[float]]:
    """The observation cut into its named fields (by the encoder's own layout)."""
    return {
        row["name"]: vector[row["offset"] : row["offset"] + row["size"]].tolist()
        for row in game.encoder().describe()
    }


def one_hot(index: int, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


# ------------------------------------------------------------------ action space
def three_player_space() -> list[str]:
    """The order of RumbleGame's action space for 3 seats, written out by hand."""
    seats = range(3)
    out = [f"pirate>{p}" for p in PIRATE_ORDER]
    out += ["load", *(f"shoot>{t}" for t in seats)]
    out += [f"shoot2>{a},{b}" for a in seats for b in seats if a <= b]
    out += ["dodge", "fire", "search", "block", "heal", "loadfull"]
    out += [f"cut>{t}" for t in seats] + ["hide"] + [f"steal>{t}" for t in seats]
    out += [f"cover>{t}" for t in seats] + ["pick"] + [f"bomb>{t}" for t in seats]
    out += [f"stab>{t}" for t in seats] + [f"smite>{t}" for t in seats] + ["whirlwind"]
    out += ["grab>0"] + [f"dig>{c}" for c in GOLDEN] + [f"gesture>{g}" for g in GESTURES]
    return out


def test_the_action_space_lists_draft_cards_reaches_and_gestures_in_order() -> None:
    space = plunder.load("rumble", players=3).action_space()
    assert space.notations() == three_player_space()
    assert len(space) == 74
    # 11 pirates, 10 untargeted cards, 7 one-target cards at any seat, Shoot Twice
    # at every pair (one seat twice included), n // 2 slots, 6 digs, 19 gestures.
    for n in range(2, 9):
        expected = 11 + 10 + 7 * n + n * (n + 1) // 2 + n // 2 + 6 + 19
        assert len(plunder.load("rumble", players=n).action_space()) == expected


def test_every_index_round_trips_through_action_and_notation() -> None:
    game = plunder.load("rumble", players=5)
    space = game.action_space()
    for index in range(len(space)):
        action = space.action(index)
        assert space.index(action) == index
        assert space.index(str(action)) == index
        assert game.parse(str(action)) == action


def test_the_legal_mask_of_mary_reads_first_round() -> None:
    state = new("read,kidd,zheng")
    # Two bullets: no Fire (3); Shoot Twice may name one seat twice; her Cut reaches anyone.
    legal = ["load", "shoot>1", "shoot>2", "shoot2>1,1", "shoot2>1,2", "shoot2>2,2",
             "dodge", "search", "cut>1", "cut>2"]
    space = three_player_space()
    assert np.flatnonzero(state.legal_mask(0)).tolist() == sorted(space.index(n) for n in legal)
    assert sorted(str(a) for a in state.legal(0)) == sorted(legal)


def test_an_action_is_structured_data_beside_its_notation() -> None:
    game = plunder.load("rumble", players=3)
    assert game.parse("shoot2>1,2").to_json() == {
        "verb": "play", "name": "shoot2", "targets": [1, 2], "notation": "shoot2>1,2"
    }
    assert game.parse("grab>0").to_json() == {
        "verb": "grab", "name": "0", "targets": [], "notation": "grab>0"
    }


# ------------------------------------------------------------------ decisions and status
def test_the_draft_asks_one_seat_at_a_time_in_seat_order() -> None:
    state = plunder.load("rumble", players=3, pirates="draft").new(seed=2)
    step = state.step
    for seat, pirate in enumerate(["kidd", "bonny", "zheng"]):
        assert state.view(None)["decision"] == {"kind": "draft", "seats": [seat], "round": 1}
        assert [state.status(s) for s in range(3)] == [
            "deciding" if s == seat else "waiting" for s in range(3)
        ]
        mask = state.legal_mask(seat)
        taken = ["kidd", "bonny", "zheng"][:seat]
        assert mask[:11].tolist() == [p not in taken for p in PIRATE_ORDER]
        assert not mask[11:].any()
        state.act(seat, f"pirate>{pirate}")
        assert state.step == step + seat + 1
    assert state.view(0)["decision"] == {"kind": "choose", "seats": [0, 1, 2], "round": 1}


def test_the_gesture_frame_is_timed_and_its_timeout_is_no_gesture() -> None:
    state = new("read,kidd,zheng", gestures=True)
    play(state, {0: "load", 1: "load", 2: "load"})
    gesture = {
        "kind": "gesture", "seats": [0, 1, 2], "round": 1, "default": "gesture>none", "timed": True
    }
    assert state.view(2)["decision"] == gesture
    assert state.timeout_action(0) == state.game.parse("gesture>none")
    assert np.flatnonzero(state.legal_mask(0)).tolist() == list(range(55, 74))
    state.act(0, "gesture>pump")
    assert state.status(0) == "waiting"
    assert state.timeout_action(0) is None  # it has answered
    assert state.view(0)["decision"] == gesture  # still open for seats 1 and 2
    assert state.view(0)["pending"] == [1, 2]


def test_the_reach_frame_names_the_searchers() -> None:
    state = new("blackbeard,chingshih,morgan,pargo")
    play(state, {0: "search", 1: "load", 2: "search", 3: "load"})
    # Two searchers and two face-up golden cards: a race, so a decision.
    assert state.view(1)["decision"] == {"kind": "reach", "seats": [0, 2], "round": 1}
    assert state.view(1)["searchers"] == [0, 2]
    assert [state.status(s) for s in range(4)] == ["deciding", "waiting", "deciding", "waiting"]
    # grab>0 and grab>1 follow the 11 pirates and the 48 card actions of 4 seats.
    assert np.flatnonzero(state.legal_mask(2)).tolist() == [59, 60]
    assert state.game.action_space().notations()[59:61] == ["grab>0", "grab>1"]


def test_a_dead_pirate_is_eliminated_and_a_committed_one_waits() -> None:
    state = new("blackbeard,chingshih,morgan,pargo")
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})  # 5 - 3 = 2
    play(state, {0: "dodge", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})  # 2 - 3 < 0
    assert alive(state) == [False, True, True, True]
    assert state.view(None)["decision"] == {"kind": "choose", "seats": [1, 2, 3], "round": 4}
    assert [state.status(s) for s in range(4)] == ["eliminated", "deciding", "deciding",
                                                   "deciding"]
    state.act(1, "load")
    assert [state.status(s) for s in range(4)] == ["eliminated", "waiting", "deciding",
                                                   "deciding"]
    assert not state.legal_mask(0).any()


# ------------------------------------------------------------------ catalogue
def test_the_catalogue_restates_the_content_files() -> None:
    cards, pirates, camps = toml(CARDS_TOML), toml(PIRATES_TOML), toml(CAMPS_TOML)
    catalogue = plunder.load("rumble").catalogue()
    assert (catalogue["game"], catalogue["title"]) == ("rumble", "Pirate Rumble")
    assert list(catalogue["cards"]) == list(cards["cards"])
    for name, card in cards["cards"].items():
        entry = catalogue["cards"][name]
        assert (entry["id"], entry["title"], entry["text"]) == (name, card["title"], card["text"])
        assert (entry["kind"], entry["cost"], entry["target"], entry["gesture"]) == (
            card["kind"], card["cost"], card["target"], card["gesture"]
        )
    assert list(catalogue["pirates"]) == PIRATE_ORDER
    for name, pirate in pirates["pirates"].items():
        entry = catalogue["pirates"][name]
        assert (entry["title"], entry["short"]) == (pirate["title"], pirate["short"])
        assert entry["hand"] == pirate["hand"]
        assert entry["abilities"] == [
            {"id": a, "text": pirates["abilities"][a]} for a in sorted(pirate.get("abilities", []))
        ]
    assert catalogue["pirates"]["kidd"]["abilities"] == [
        {"id": "grand_steal", "text": "Steal takes every bullet of the target."}
    ]
    assert catalogue["pirates"]["zheng"]["bullet_name"] == "Qi-Gong"
    assert catalogue["camps"]["sun"]["title"] == camps["camps"]["sun"]
    assert catalogue["camp_table"]["5"] == {
        "sun": camps["table"]["5"]["sun"],
        "moon": camps["table"]["5"]["moon"],
        "face_up": camps["table"]["5"]["face_up"],
    }
    assert catalogue["gestures"] == GESTURES
    assert list(catalogue["decisions"]) == ["draft", "choose", "gesture", "reach"]


def test_changed_content_files_show_in_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = CARDS_TOML.read_text(encoding="utf-8")
    pirates = PIRATES_TOML.read_text(encoding="utf-8")
    assert 'title = "Heal"' in cards and 'short = "Kidd"' in pirates
    (tmp_path / "cards.toml").write_text(cards.replace('title = "Heal"', 'title = "Mend"'),
                                         encoding="utf-8")
    (tmp_path / "pirates.toml").write_text(
        pirates.replace('short = "Kidd"', 'short = "Captain Kidd"').replace(
            "Steal takes every bullet of the target.", "Steal empties the target's pockets."
        ),
        encoding="utf-8",
    )
    content = rumble_content.load_content(tmp_path / "cards.toml", tmp_path / "pirates.toml")
    # The catalogue is the game's: the content it reads is patched where it reads it.
    monkeypatch.setattr(rumble_game, "CONTENT", content)
    monkeypatch.setattr(rumble_game, "CARDS", content.cards)
    monkeypatch.setattr(rumble_game, "PIRATES", content.pirates)
    catalogue = plunder.load("rumble").catalogue()
    assert catalogue["cards"]["heal"]["title"] == "Mend"
    assert catalogue["pirates"]["kidd"]["short"] == "Captain Kidd"
    assert catalogue["pirates"]["kidd"]["abilities"] == [
        {"id": "grand_steal", "text": "Steal empties the target's pockets."}
    ]
    assert catalogue["cards"]["load"]["title"] == "Load"


# ------------------------------------------------------------------ observation
def test_the_observation_hides_what_the_shields_hide() -> None:
    state = new("read,kidd,zheng")
    game = state.game
    assert game.observation_shape() == (288,)
    area = state.view(None)["area"]
    seen = fields(game, state.observation(0))
    assert seen["viewer"] == [1, 0, 0]
    assert seen["decision"] == [0, 1, 0, 0]  # choose
    assert seen["round"] == pytest.approx([1 / 100])
    assert (seen["camp_mode"], seen["shield"]) == ([0], [1])
    assert seen["pirate"] == one_hot(8, 11) + one_hot(4, 11) + one_hot(10, 11)
    # Only Mary Read's own counts are shown; the others' are 0 and marked unknown.
    assert seen["health"] == pytest.approx([5 / 9, 0, 0])
    assert seen["health_known"] == [1, 0, 0]
    assert seen["bullets"] == pytest.approx([2 / 5, 0, 0])
    assert seen["bullets_known"] == [1, 0, 0]
    # Six basic cards each, and Read's Cut and Kidd's Steal, out of the golden pile.
    assert seen["cards_held"] == pytest.approx([7 / 16, 7 / 16, 6 / 16])
    assert seen["golden_known"] == pytest.approx(
        [0, 0, 0, 1 / 3, 0, 0] + [0, 0, 0, 0, 0, 1 / 3] + [0] * 6
    )
    assert seen["area"] == one_hot(GOLDEN.index(area[0]), 6)  # one slot for 3 seats
    assert seen["pile"] == pytest.approx([19 / 22])  # 22 less Cut, Steal and the face-up card
    assert seen["hand"] == [1] * 6 + [0] * 12
    assert seen["golden"] == pytest.approx([0, 0, 0, 1 / 3, 0, 0])
    assert seen["pending"] == [1, 1, 1]
    spectator = fields(game, state.observation(None))
    assert spectator["health"] == [0, 0, 0] and spectator["health_known"] == [0, 0, 0]
    assert spectator["hand"] == [0] * 18


def test_with_two_pirates_the_shields_are_down_in_the_observation() -> None:
    state = new("read,kidd")
    seen = fields(state.game, state.observation(None))
    assert seen["shield"] == [0]
    assert seen["health"] == pytest.approx([5 / 9, 5 / 9])
    assert seen["health_known"] == [1, 1]
    assert seen["bullets_known"] == [1, 1]


def test_the_observation_of_a_revealed_round() -> None:
    state = new("read,kidd,zheng", gestures=True)
    play(state, {0: "shoot2>1,1", 1: "load", 2: "load"})
    seen = fields(state.game, state.observation(0))
    assert seen["decision"] == [0, 0, 1, 0]  # gesture
    load, shoot2 = 0, 2  # card order of cards.toml
    assert seen["revealed"] == one_hot(shoot2, 18) + one_hot(load, 18) + one_hot(load, 18)
    # Per seat, its card's targets: Read aims both shots at seat 1 (her double shot).
    assert seen["revealed_targets"] == [0, 2, 0, 0, 0, 0, 0, 0, 0]
    assert seen["hand"] == [1, 1, 0, 1, 1, 1] + [0] * 12  # Shoot Twice is on the table


# ------------------------------------------------------------------ information keys
def test_info_key_is_equal_exactly_when_the_seat_sees_the_same() -> None:
    game = plunder.load("rumble", players=3, pirates="bonny,kidd,zheng")
    # Two deals that differ only in Anne Bonny's unseen golden card.
    pair = None
    first = game.new(seed=0)
    for seed in range(1, 200):
        other = game.new(seed=seed)
        if (other.view(1, log=False) == first.view(1, log=False)
                and other.view(0, log=False)["golden"] != first.view(0, log=False)["golden"]):
            pair = other
            break
    assert pair is not None, "no two deals differ only in Bonny's unseen card"
    assert pair.info_key(1) == first.info_key(1)
    assert pair.info_key(2) == first.info_key(2)
    assert pair.info_key(None) == first.info_key(None)
    assert pair.info_key(0) != first.info_key(0)
    # A card laid face down is hidden too; that a seat has laid one is not.
    one, two = first.clone(), first.clone()
    one.act(2, "load")
    two.act(2, "dodge")
    assert one.info_key(0) == two.info_key(0)
    assert one.info_key(2) != two.info_key(2)
    assert one.info_key(0) != first.info_key(0)


# ------------------------------------------------------------------ copies and records
def test_a_pickled_state_plays_on_to_the_same_record() -> None:
    state = plunder.load("rumble", players=4, gestures=True).new(seed=12)
    rng = random.Random(3)
    while state.view(None)["phase"] != "gesture" or not state.committed:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied.view(0) == state.view(0)
        assert copied.pending == state.pending
        original = state.clone()
        rng_a, rng_b = random.Random(9), random.Random(9)
        while not original.is_over and len(original.moves) < 300:
            seat = min(original.pending)
            original.act(seat, rng_a.choice(original.legal(seat)))
            copied.act(seat, rng_b.choice(copied.legal(seat)))
        assert copied.record == original.record
        assert copied.view(None) == original.view(None)


# ------------------------------------------------------------------ events
def test_the_secret_golden_card_is_only_in_its_holders_events() -> None:
    state = new("bonny,kidd,zheng", seed=3)
    (secret,) = state.view(0, log=False)["golden"]
    assert [e["type"] for e in state.events(0)] == ["secret_golden", "setup"]
    assert state.events(0)[0] == {
        "type": "secret_golden",
        "seat": 0,
        "card": secret,
        "text": f"Seat 0 draws {state.game.catalogue()['cards'][secret]['title']} unseen.",
    }
    for seat in (1, 2, None):
        assert [e["type"] for e in state.events(seat)] == ["setup"]
        assert state.event_count(seat) == 1
    assert state.event_count(0) == 2
    assert state.events(0, since=1) == state.events(1, since=0)
    play(state, {0: "load", 1: "load", 2: "load"})
    # Bonny has seen one event more than the others; each asks for its own tail.
    assert state.events(0, since=2) == state.events(1, since=1)
    assert state.events(0, since=2)[0]["type"] == "reveal"


# ------------------------------------------------------------------ the end, draws, bounds
def test_the_end_is_logged_once_and_both_dead_pirates_draw() -> None:
    state = new("blackbeard,chingshih")
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # each 1 damage: 4, 4
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # 3, 3
    play(state, {0: "shoot>1", 1: "shoot>0"})  # 2, 2
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # 1, 1
    play(state, {0: "shoot>1", 1: "shoot>0"})  # 0, 0: both die at once
    assert state.is_over
    assert [e["type"] for e in state.events(None)].count("game_end") == 1
    assert state.decision is None and state.view(1)["decision"] is None
    assert [state.status(s) for s in (0, 1)] == ["eliminated", "eliminated"]
    assert state.result is not None and state.result.returns() == (0.5, 0.5)


def test_the_round_limit_is_a_draw_with_an_even_share() -> None:
    state = new("read,kidd,zheng", round_limit=1)
    play(state, {0: "load", 1: "load", 2: "load"})
    assert state.is_over
    result = state.result
    assert result is not None and result.winners == frozenset()
    assert result.returns() == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_bounds_for_search_and_learning() -> None:
    game = plunder.load("rumble", players=4, round_limit=10)
    assert game.max_decisions() == 4 + 3 * 4 * 10  # the draft, then three steps a round
    assert game.utility_range() == (0.0, 1.0)
