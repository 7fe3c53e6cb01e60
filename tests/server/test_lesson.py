"""A guided first game at the browser table: the lobby's "Learn to play" makes a
table from the game's lesson, and the learner's state messages carry the hint."""

from __future__ import annotations

import pytest

import plunder
from plunder.bots import from_spec
from plunder.engine.registry import manifest
from server.kit import Socket, summary


def _lesson_table(client, game: str = "duel") -> dict:
    response = client.post("/api/tables", json={"game": game, "lesson": True, "name": "Ann"})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_games_list_says_which_games_have_a_guided_first_game(client):
    listed = {g["name"]: g["lesson"] for g in client.get("/api/games").json()}
    assert listed["duel"] is True and listed["rumbones"] is True
    assert listed["rumble"] is False


def test_a_lesson_table_is_the_lessons_table(client):
    lesson = manifest("duel").lesson_of()
    assert lesson is not None
    made = _lesson_table(client)
    assert made["seat"] == lesson.seat and made["token"]
    table = summary(client, made["table"])
    assert table["status"] == "running"
    kinds = [(s["kind"], s.get("bot")) for s in table["seats"]]
    assert kinds == [("human", None), ("bot", lesson.bot)]


def test_the_learner_is_told_the_hint_the_lesson_gives_and_a_spectator_none(client):
    lesson = manifest("duel").lesson_of()
    assert lesson is not None
    made = _lesson_table(client)
    table = made["table"]
    coach = from_spec(lesson.coach, "duel")
    with client.websocket_connect(f"/ws/{table}") as a, client.websocket_connect(
        f"/ws/{table}"
    ) as b:
        learner, spectator = Socket(a), Socket(b)
        learner.send({"type": "hello", "token": made["token"]})
        spectator.send({"type": "hello"})
        first = learner.until(lambda m: m["type"] == "state" and m["legal"])
        # The deal is the lesson's: the hint is the one the lesson gives for it.
        state = plunder.load("duel", players=lesson.players).new(seed=lesson.seed)
        assert first["hint"] == lesson.hint(state, lesson.seat, coach).to_json()
        assert first["hint"]["suggest"] == ["colt>1"] and first["hint"]["taken"] == 0
        # The learner follows the hints; each step is counted as it is taken.
        taken = 0
        for _ in range(60):
            message = learner.until(lambda m: (m["type"] == "state" and m["legal"])
                                    or (m["type"] == "state" and m["hint"]["over"]))
            hint = message["hint"]
            assert hint["taken"] >= taken
            taken = hint["taken"]
            if hint["over"]:
                break
            learner.send({"type": "act", "action": (hint["suggest"] or message["legal"])[0]})
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
def test_a_lesson_that_cannot_be_is_refused_saying_why(client, body, message):
    response = client.post("/api/tables", json={**body, "name": "Ann"})
    assert response.status_code == 400
    assert message in response.text
