"""My tables: the tables whose seats the tokens sent hold, those owing a move first;
nothing for a token that holds no seat, and nothing hidden for one that does."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi.testclient import TestClient

from plunder.server.app import create_app
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join

ENTRY_KEYS = {
    "table", "game", "title", "status", "speed", "turn_hours", "created", "move", "seat",
    "name", "owes", "left", "notices", "others", "result",
}
OTHER_KEYS = {"seat", "kind", "name", "bot", "level", "taken"}


def mine(client: TestClient, seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    answer = client.post("/api/my-tables", json={"seats": seats})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert isinstance(found, list)
    return found


def play_first(client: TestClient, table: str, token: str) -> None:
    with client.websocket_connect(f"/ws/{table}") as ws:
        seat = Socket(ws)
        seat.send({"type": "hello", "token": token})
        found = seat.state()
        assert found["legal"]
        seat.send({"type": "act", "action": found["legal"][0]})
        seat.state(found["move"] + 1)


def tables_of_ann(client: TestClient) -> dict[str, Any]:
    """Ann's tables: a turn-based one owing her a move, a live one where she has moved
    and waits for Carl, a closed one; and Carl's own table, where she has no seat."""
    days = create(client, [HUMAN, HUMAN], speed="turns", turn_hours=24, name="Ann")
    bob = join(client, days["table"], "Bob")
    waiting = create(client, [HUMAN, HUMAN], name="Ann")
    join(client, waiting["table"], "Carl")
    play_first(client, waiting["table"], waiting["token"])
    closed = create(client, [HUMAN, {"kind": "bot", "bot": "random"}], name="Ann")
    shut = client.post(
        f"/api/tables/{closed['table']}/close", headers={"X-Plunder-Token": closed["token"]}
    )
    assert shut.status_code == 200, shut.text
    carls = create(client, [HUMAN, HUMAN], name="Carl")
    return {"days": days, "bob": bob, "waiting": waiting, "closed": closed, "carls": carls}


def seat_of(created: dict[str, Any]) -> dict[str, str]:
    return {"table": created["table"], "token": created["token"]}


def test_my_tables_lists_my_seats_owing_first(client):
    ann = tables_of_ann(client)
    # Sent in another order than the answer's.
    found = mine(client, [seat_of(ann["closed"]), seat_of(ann["waiting"]), seat_of(ann["days"])])
    assert [f["table"] for f in found] == [
        ann["days"]["table"], ann["waiting"]["table"], ann["closed"]["table"]
    ]
    days, waiting, closed = found
    for entry in found:
        assert set(entry) == ENTRY_KEYS
        assert all(set(other) == OTHER_KEYS for other in entry["others"])
        assert (entry["seat"], entry["name"], entry["game"]) == (0, "Ann", "duel")
    assert days["owes"] and days["speed"] == "turns" and days["turn_hours"] == 24.0
    assert 23 * 3600 < days["left"] <= 24 * 3600
    assert [(o["seat"], o["name"], o["kind"]) for o in days["others"]] == [(1, "Bob", "human")]
    # Ann has chosen; Carl has not: the table owes her nothing, and a live table
    # without a turn clock has no time to show.
    assert (waiting["owes"], waiting["left"], waiting["status"]) == (False, None, "running")
    assert [o["name"] for o in waiting["others"]] == ["Carl"]
    assert (closed["owes"], closed["status"]) == (False, "closed")
    assert [(o["kind"], o["bot"]) for o in closed["others"]] == [("bot", "random")]
    # Bob's token, at the same table, is Bob's seat alone.
    (bobs,) = mine(client, [{"table": ann["days"]["table"], "token": ann["bob"]["token"]}])
    assert (bobs["seat"], bobs["name"]) == (1, "Bob")
    assert [o["name"] for o in bobs["others"]] == ["Ann"]


def test_a_token_that_holds_no_seat_gets_nothing(client):
    ann = tables_of_ann(client)
    days, carls = ann["days"], ann["carls"]
    token = days["token"]
    wrong = [
        # Ann's token at Carl's table.
        {"table": carls["table"], "token": token},
        # A made-up token, one a character off, none at all, an empty one.
        {"table": days["table"], "token": "A" * 43},
        {"table": days["table"], "token": token[:-1] + ("A" if token[-1] != "A" else "B")},
        {"table": days["table"], "token": ""},
        # The token's digest (what the store keeps) is not the token.
        {"table": days["table"], "token": "0" * 64},
        # No such table, and ids no table can have.
        {"table": "nosuchtable", "token": token},
        {"table": "../" + days["table"], "token": token},
        {"table": days["table"] + "\x00", "token": token},
        {"table": "x" * 5000, "token": token},
    ]
    for seat in wrong:
        assert mine(client, [seat]) == [], seat
    assert mine(client, wrong) == []
    assert mine(client, []) == []
    # Among wrong ones, a right one is answered for, alone.
    found = mine(client, [*wrong, seat_of(days)])
    assert [f["table"] for f in found] == [days["table"]]


def test_my_tables_refuses_what_is_not_a_list_of_seats(client):
    for body in (
        {},
        {"seats": "all"},
        {"seats": {"table": "x", "token": "y"}},
        {"seats": ["x"]},
        {"seats": [{"table": 1, "token": "y"}]},
        {"seats": [{"table": "x"}]},
        {"seats": [{"table": "x", "token": "y"}] * 201},
    ):
        answer = client.post("/api/my-tables", json=body)
        assert answer.status_code == 400, body
        assert "seats" in answer.json()["error"]
    # Nothing is listed without tokens: no route lists the tables of others.
    assert client.get("/api/my-tables").status_code == 405


def test_my_tables_tells_nothing_of_the_game_beyond_the_summary(client):
    ann = tables_of_ann(client)
    text = client.post("/api/my-tables", json={"seats": [seat_of(ann["days"])]}).text
    # No view, hand, legal actions, seed, secret or token in the answer.
    for hidden in ("view", "hand", "legal", "seed", "secret", "token", ann["days"]["token"]):
        assert hidden not in text


def test_the_my_tables_page_is_served(client):
    page = client.get("/my")
    assert page.status_code == 200
    assert "mine.js" in page.text


def test_a_client_asking_too_often_is_told_to_wait(db_url):
    settings = dataclasses.replace(UNLIMITED, mine_rate=1, mine_burst=3)
    with TestClient(create_app(db_url, settings=settings)) as client:
        for _ in range(3):
            assert mine(client, []) == []
        answer = client.post("/api/my-tables", json={"seats": []})
        assert answer.status_code == 429
        assert "try again in" in answer.json()["error"]
