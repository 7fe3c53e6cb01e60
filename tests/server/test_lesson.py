"""A guided first game at the browser table: the lobby's "Learn to play" makes a
table from the game's lesson, and the learner's state messages carry the hint."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

import plunder
from plunder.bots import from_spec
from plunder.engine.registry import games, manifest
from plunder.server.routes import games as games_routes
from plunder.server.routes import lobby as lobby_routes
from server.kit import Socket, summary

LESSONS = [info.name for info in games() if manifest(info.name).lesson]


def _lesson_table(client, game: str = "duel") -> dict:
    response = client.post("/api/tables", json={"game": game, "lesson": True, "name": "Ann"})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_games_list_says_which_games_have_a_guided_first_game(client, monkeypatch):
    listed = {g["name"]: g["lesson"] for g in client.get("/api/games").json()}
    assert listed == dict.fromkeys(["duel", "rumble", "rumbones", "swordplay", "underfire"], True)
    # A game without one (one is taken away, as a game added without one) says so.
    monkeypatch.setattr(games_routes, "manifest", _without_rumbles)
    listed = {g["name"]: g["lesson"] for g in client.get("/api/games").json()}
    assert listed["rumble"] is False and listed["duel"] is True


def _next_decision(m: dict, answered: int) -> bool:
    """A state message with a decision later than move ``answered``, or with the
    lesson over (or the game: no hint at all)."""
    return m["type"] == "state" and (
        (bool(m["legal"]) and m["move"] > answered) or m["hint"] is None or m["hint"]["over"])


def _without_rumbles(name: str):
    found = manifest(name)
    return dataclasses.replace(found, lesson=None) if name == "rumble" else found


def test_a_lesson_table_is_the_lessons_table(client):
    lesson = manifest("duel").lesson_of()
    assert lesson is not None
    made = _lesson_table(client)
    assert made["seat"] == lesson.seat and made["token"]
    table = summary(client, made["table"])
    assert table["status"] == "running"
    kinds = [(s["kind"], s.get("bot")) for s in table["seats"]]
    assert kinds == [("human", None), ("bot", lesson.bot)]


@pytest.mark.parametrize("game", LESSONS)
def test_the_learner_is_told_the_hint_the_lesson_gives_and_a_spectator_none(client, game):
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    made = _lesson_table(client, game)
    table = made["table"]
    coach = from_spec(lesson.coach, game)
    with client.websocket_connect(f"/ws/{table}") as a, client.websocket_connect(
        f"/ws/{table}"
    ) as b:
        learner, spectator = Socket(a), Socket(b)
        learner.send({"type": "hello", "token": made["token"]})
        spectator.send({"type": "hello"})
        first = learner.until(lambda m: m["type"] == "state" and m["legal"])
        # The deal is the lesson's: before anyone has moved, the hint is the one the
        # lesson gives for it; the welcome comes first either way.
        state = plunder.load(game, players=lesson.players, **lesson.options).new(
            seed=lesson.seed)
        if first["move"] == 0:
            assert first["hint"] == lesson.hint(state, lesson.seat, coach).to_json()
        assert first["hint"]["text"].startswith(lesson.intro)
        assert first["hint"]["suggest"] and first["hint"]["taken"] == 0
        # The learner follows the hints; each step is counted as it is taken.
        taken = 0
        message = first
        for _ in range(300):
            hint = message["hint"]
            if hint is None:  # the game ended first (no hints after the end): a failure
                break
            assert hint["taken"] >= taken
            taken = hint["taken"]
            if hint["over"]:
                break
            learner.send({"type": "act", "action": (hint["suggest"] or message["legal"])[0]})
            # The next decision (a later move than the one just answered), or the end.
            message = learner.until(partial(_next_decision, answered=message["move"]))
        assert taken == len(lesson.steps)
        spectator.until(lambda m: m["type"] == "state")
    assert all(m["hint"] is None for m in spectator.received if m["type"] == "state")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "rumble", "lesson": True}, "rumble has no guided first game"),
        ({"game": "duel", "lesson": "yes"}, "lesson: true for the game's guided first game"),
    ],
)
def test_a_lesson_that_cannot_be_is_refused_saying_why(client, monkeypatch, body, message):
    monkeypatch.setattr(lobby_routes, "manifest", _without_rumbles)
    response = client.post("/api/tables", json={**body, "name": "Ann"})
    assert response.status_code == 400
    assert message in response.text
