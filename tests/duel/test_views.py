"""Duel's views: what each seat may know, as JSON, for random plays.

A committed card stays concealed until the shootout resolves (R7, R10); a view
holds only the viewer's own hand and choice; spectators see no hand.
"""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import plunder

PLAIN_KEYS = {"pending", "committed"}

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "target": st.integers(1, 3),
        "deflection": st.sampled_from(["seed", "per-weapon"]),
        "shootout_limit": st.integers(1, 8),
    }
)


def start(options: dict, seed: int) -> plunder.State:
    return plunder.load("duel", **options).new(seed=seed)


def viewers(state: plunder.State) -> list[int | None]:
    return [*range(state.game.players), None]


def play_shootouts(state: plunder.State, data: st.DataObject, count: int) -> None:
    """Play ``count`` whole shootouts with drawn legal actions (fewer if the game ends)."""
    for _ in range(count):
        if state.is_over:
            return
        for seat in sorted(state.pending):
            legal = state.legal(seat)
            state.act(seat, legal[data.draw(st.integers(0, len(legal) - 1))])


@settings(max_examples=150, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), steps=st.integers(0, 40), data=st.data())
def test_views_are_json_and_show_only_the_viewers_hand(
    options: dict, seed: int, steps: int, data: st.DataObject
) -> None:
    """View: JSON after every act; a seat sees its own hand and choice, a spectator neither."""
    state = start(options, seed)
    chosen: dict[int, str] = {}
    for _ in range(steps):
        if state.is_over:
            break
        seat = data.draw(st.sampled_from(sorted(state.pending)))
        legal = state.legal(seat)
        chosen[seat] = str(legal[data.draw(st.integers(0, len(legal) - 1))])
        state.act(seat, chosen[seat])
        if not state.view(None)["committed"]:
            chosen.clear()  # the shootout resolved: every card is revealed
        for viewer in viewers(state):
            view = state.view(viewer)
            assert json.loads(json.dumps(view)) == view
            assert view["viewer"] == viewer
            if viewer is None:
                assert "hand" not in view
                assert "choice" not in view
                continue
            assert len(view["hand"]) == view["players"][viewer]["hand_size"]
            if viewer in chosen:
                assert view["choice"] == chosen[viewer]
            else:
                assert "choice" not in view


@settings(max_examples=150, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), shootouts=st.integers(0, 12), data=st.data())
def test_a_committed_choice_is_hidden_from_everyone_else(
    options: dict, seed: int, shootouts: int, data: st.DataObject
) -> None:
    """R7: until the last card is down, no one else can tell what a player chose."""
    state = start(options, seed)
    play_shootouts(state, data, shootouts)
    if state.is_over:
        return
    assert len(state.pending) >= 2  # a duel goes on only with two or more alive
    chooser = data.draw(st.sampled_from(sorted(state.pending)))
    others = [viewer for viewer in viewers(state) if viewer != chooser]
    before = {viewer: state.view(viewer) for viewer in others}
    legal = state.legal(chooser)
    action = legal[data.draw(st.integers(0, len(legal) - 1))]
    state.act(chooser, action)
    assert state.pending  # the shootout has not resolved
    assert state.view(chooser)["choice"] == str(action)
    for viewer in others:
        after = state.view(viewer)
        assert after["committed"] == [chooser]
        assert chooser not in after["pending"]
        unchanged = {k: v for k, v in before[viewer].items() if k not in PLAIN_KEYS}
        assert {k: v for k, v in after.items() if k not in PLAIN_KEYS} == unchanged
        assert "choice" not in after


@settings(max_examples=150, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), shootouts=st.integers(0, 12), data=st.data())
def test_other_views_do_not_depend_on_what_was_chosen(
    options: dict, seed: int, shootouts: int, data: st.DataObject
) -> None:
    """R7: two different concealed choices give every other viewer equal views."""
    state = start(options, seed)
    play_shootouts(state, data, shootouts)
    if state.is_over:
        return
    chooser = min(state.pending)
    legal = state.legal(chooser)
    first = state.clone()
    second = state.clone()
    first.act(chooser, legal[data.draw(st.integers(0, len(legal) - 1))])
    second.act(chooser, legal[data.draw(st.integers(0, len(legal) - 1))])
    for viewer in viewers(state):
        if viewer != chooser:
            assert first.view(viewer) == second.view(viewer)


@settings(max_examples=100, deadline=None)
@given(options=games, seed=st.integers(0, 2**32), shootouts=st.integers(0, 12), data=st.data())
def test_view_keys_and_public_facts(
    options: dict, seed: int, shootouts: int, data: st.DataObject
) -> None:
    """View: the documented keys; public facts are the same for every viewer."""
    state = start(options, seed)
    play_shootouts(state, data, shootouts)
    spectator = state.view(None)
    assert {
        "players",
        "master",
        "duel",
        "shootout",
        "target",
        "pending",
        "committed",
        "log",
        "over",
        "result",
    } <= set(spectator)
    assert spectator["target"] == options["target"]
    assert spectator["over"] is state.is_over
    assert spectator["pending"] == sorted(state.pending)
    for player in spectator["players"]:
        assert set(player) == {"seat", "alive", "dollars", "played", "hand_size"}
        assert player["hand_size"] + len(player["played"]) == 6
    for seat in range(state.game.players):
        own = state.view(seat)
        public = {k: v for k, v in own.items() if k not in {"hand", "viewer", "choice"}}
        assert public == {k: v for k, v in spectator.items() if k != "viewer"}


def test_changing_a_view_does_not_change_the_game() -> None:
    """View: a view is a copy; a table that edits what it shows cannot alter the play."""
    state = plunder.load("duel", players=3).new(seed=2)
    state.act(0, "colt>1")
    state.act(1, "barricade")
    state.act(2, "reload")
    expected = copy.deepcopy(state.view(None))
    shown = state.view(2)
    shown["players"][0]["played"].append("rifle")
    shown["hand"].clear()
    for event in shown["log"]:
        event["text"] = "edited"
        event.pop("choices", None)
    assert state.view(None) == expected
