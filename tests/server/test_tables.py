"""The lobby and the table through the server's API: create, join, play, end, replay."""

from __future__ import annotations

import json
import random

import plunder
from server.kit import HUMAN, Socket, bot, create, host_and_guest, join, replay_views, summary


def play_out(sockets: dict[int, Socket], rng: random.Random, first: dict[int, dict]) -> dict:
    """Every seat plays random legal actions until the game is over; the last state seen.

    Each accepted action is one move and is broadcast to every connection, so after
    ``k`` actions every socket catches up to the move ``k`` further on.
    """
    latest = dict(first)
    while True:
        move = max(message["move"] for message in latest.values())
        for seat, ws in sockets.items():
            latest[seat] = ws.state(move) if latest[seat]["move"] < move else latest[seat]
        if any(message["view"]["over"] for message in latest.values()):
            return latest[min(latest)]
        acted = 0
        for seat, ws in sockets.items():
            if latest[seat]["legal"]:
                ws.send({"type": "act", "action": rng.choice(latest[seat]["legal"])})
                acted += 1
        assert acted, "no seat could act in a running game"
        for seat, ws in sockets.items():
            latest[seat] = ws.state(move + acted)


def test_games_catalogue_lists_duel_with_options_and_bots(client):
    games = client.get("/api/games").json()
    duel = next(g for g in games if g["name"] == "duel")
    assert (duel["min_players"], duel["max_players"], duel["default_players"]) == (2, 5, 2)
    assert {o["name"] for o in duel["options"]} >= {"players", "target", "deflection"}
    bots = {b["name"]: b["levels"] for b in duel["bots"]}
    assert bots["random"] == ["easy", "normal", "hard"]
    assert "greedy" in bots


def test_bots_sit_under_crew_names_with_their_kind_apart(client):
    created = create(client, [HUMAN, bot("random"), bot("greedy", "easy"), bot("random")],
                     options={"players": 4})
    seats = client.get(f"/api/tables/{created['table']}").json()["seats"]
    names = [s["name"] for s in seats[1:]]
    assert len(set(names)) == 3  # never two alike at one table
    assert all(n.isalpha() and n[0].isupper() for n in names)  # a name, not "random (normal)"
    assert [(s["kind"], s["bot"], s["level"]) for s in seats[1:]] == [
        ("bot", "random", "normal"), ("bot", "greedy", "easy"), ("bot", "random", "normal")]


def test_create_join_and_list(client):
    created = create(client, [HUMAN, HUMAN], name="Ann")
    table = created["table"]
    assert created["seat"] == 0
    assert len(created["token"]) >= 40
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "open"
    assert [s["taken"] for s in summary["seats"]] == [True, False]
    assert summary["seats"][0]["name"] == "Ann"
    listed = client.get("/api/tables").json()
    assert [t["table"] for t in listed] == [table]

    joined = join(client, table, "Bob")
    assert joined["seat"] == 1
    assert joined["token"] != created["token"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "running"
    assert summary["seats"][1]["name"] == "Bob"
    # A full table refuses another player.
    full = client.post(f"/api/tables/{table}/join", json={"name": "Cy"})
    assert full.status_code == 409
    assert "no free seat" in full.json()["error"]


def test_two_humans_play_a_whole_game_over_websockets(client):
    with host_and_guest(client) as (table, sa, sb):
        first = {0: sa.state(), 1: sb.state()}
        assert first[0]["seat"] == 0 and first[1]["seat"] == 1
        assert first[0]["legal"] and first[1]["legal"]
        end = play_out({0: sa, 1: sb}, random.Random(5), first)
    assert end["view"]["over"] is True
    assert end["table"]["status"] == "over"
    assert end["table"]["result"]["winners"] == end["view"]["result"]["winners"]
    # The record downloads once the game is over and replays to the same end.
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["format"] == "plunder-record"
    replayed = plunder.replay(record)
    assert replayed.is_over
    assert json.loads(json.dumps(replayed.view(end["seat"]))) == sa.full_view(end)
    assert len(replayed.moves) == end["move"]


def test_a_table_of_bots_with_one_human_finishes(client):
    created = create(client, [HUMAN, bot("greedy"), bot("random")])
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        rng = random.Random(3)
        message = me.state()
        for _ in range(5000):
            if message["view"]["over"]:
                break
            if message["legal"]:
                me.send({"type": "act", "action": rng.choice(message["legal"])})
            message = me.state(message["move"] + 1)
        assert message["view"]["over"]
        assert message["table"]["status"] == "over"
    assert client.get("/api/tables").json() == []  # over: no longer listed


def test_bots_wait_until_every_human_seat_is_taken(client):
    created = create(client, [HUMAN, bot(), HUMAN])
    table = created["table"]
    assert client.get(f"/api/tables/{table}").json()["move"] == 0
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        state = me.state()
        assert state["table"]["status"] == "open"
        assert state["legal"] == []  # nothing is offered before the table is full
        me.send({"type": "act", "action": "reload"})
        assert "waiting for players" in me.error()["message"]
        join(client, table, "Cy")
        running = me.until(lambda m: m["type"] == "state" and m["table"]["status"] == "running")
        assert "reload" in running["legal"]
        # Now the bot moves and the human's action is accepted.
        me.send({"type": "act", "action": "reload"})
        after = me.until(lambda m: m["type"] == "state" and m["move"] >= 2)
        assert after["table"]["status"] == "running"


def test_all_bot_table_plays_itself_and_creator_gets_no_seat(client):
    created = create(client, [bot("random"), bot("greedy", "easy")])
    assert created["seat"] is None and created["token"] is None
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        watcher = Socket(ws)
        watcher.send({"type": "hello"})
        end = watcher.until(lambda m: m["type"] == "state" and m["view"]["over"], limit=100000)
    assert end["seat"] is None
    assert end["legal"] == []
    assert end["view"]["viewer"] is None


def test_replay_steps_through_a_finished_game(client):
    created = create(client, [bot("random"), bot("random")])
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        watcher = Socket(ws)
        watcher.send({"type": "hello"})
        watcher.until(lambda m: m["type"] == "state" and m["view"]["over"], limit=100000)
    record = client.get(f"/api/tables/{table}/record").json()
    # Pages of 7 views: the views add up to every view of the game, whole.
    views, _ = replay_views(client, table, seat=1, count=7)
    assert len(views) == len(record["moves"]) + 1
    for moves in (0, 3, len(record["moves"])):
        state = plunder.replay({**record, "moves": record["moves"][:moves]})
        assert views[moves] == json.loads(json.dumps(state.view(1)))
    state = plunder.replay({**record, "moves": record["moves"][:3]})
    one = client.get(f"/api/tables/{table}/replay", params={"seat": 0, "move": 3}).json()
    assert one["views"] == [json.loads(json.dumps(state.view(0)))]
    start = client.get(f"/api/tables/{table}/replay", params={"move": 0}).json()
    opening = plunder.replay({**record, "moves": []}).view(None)
    assert start["views"] == [json.loads(json.dumps(opening))]
    assert start["views"][0]["over"] is False


def test_record_and_replay_wait_for_the_end(client):
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    for path in ("record", "replay"):
        response = client.get(f"/api/tables/{table}/{path}")
        assert response.status_code == 409
        assert "over" in response.json()["error"]


def test_rematch_makes_one_new_table_with_the_same_seats(client):
    created = create(client, [HUMAN, bot("random")], options={"target": 1})
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        message = me.state()
        rng = random.Random(1)
        while not message["view"]["over"]:
            if message["legal"]:
                me.send({"type": "act", "action": rng.choice(message["legal"])})
            message = me.state(message["move"] + 1)
        headers = {"X-Plunder-Token": created["token"]}
        rematch = client.post(f"/api/tables/{table}/rematch", headers=headers).json()
        again = client.post(f"/api/tables/{table}/rematch", headers=headers).json()
        assert again["table"] == rematch["table"] != table
        assert rematch["options"]["target"] == 1
        assert [s["kind"] for s in rematch["seats"]] == ["human", "bot"]
        assert rematch["seats"][0]["taken"] is False
        assert rematch["status"] == "open" and rematch["host"] is None
        told = me.until(lambda m: m["type"] == "state" and m["table"]["rematch"])
        assert told["table"]["rematch"] == rematch["table"]
    # The first to join the rematch takes the free seat and hosts it.
    joined = join(client, rematch["table"], "Ann")
    assert joined["seat"] == 0
    summary = client.get(f"/api/tables/{rematch['table']}").json()
    assert (summary["host"], summary["status"]) == (0, "running")
    refused = client.post(f"/api/tables/{table}/rematch", headers={"X-Plunder-Token": "nope"})
    assert refused.status_code == 403


def test_host_hands_a_seat_to_a_bot_and_the_player_takes_it_back(client):
    with host_and_guest(client) as (table, host, guest):
        host.state()
        guest.state()
        # Only the host may hand a seat over.
        guest.send({"type": "handover", "seat": 0})
        assert "only the host" in guest.error()["message"]
        # The guest is here: the host's handover asks them, and hands nothing over.
        host.send({"type": "handover", "seat": 1})
        asked = host.until(lambda m: m["type"] == "notice")
        assert "asked" in asked["message"]
        assert guest.until(lambda m: m["type"] == "handover_asked")["by"] == "Ann"
        assert summary(client, table)["seats"][1]["auto"] is False
        # The guest agrees: their own leave hands the seat to the bot.
        guest.send({"type": "leave"})
        handed = guest.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["auto"])
        assert handed["table"]["seats"][1]["auto"] is True
        # The bot standing in plays seat 1: once the host chooses, the shootout resolves.
        host.send({"type": "act", "action": "reload"})
        resolved = host.until(lambda m: m["type"] == "state" and m["move"] >= 2)
        assert resolved["move"] >= 2
        guest.send({"type": "takeback"})
        back = guest.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["auto"])
        assert back["table"]["seats"][1]["auto"] is False


def test_a_clock_running_out_hands_the_seat_to_a_bot(client, monkeypatch):
    import plunder.server.live as live

    created = create(client, [HUMAN, HUMAN], clock=5)
    table = created["table"]
    joined = join(client, table)
    # Clocks sleep until their deadline; shortened sleeps make them run out at once.
    real_sleep = live.asyncio.sleep

    async def fast_sleep(seconds: float) -> None:
        await real_sleep(min(seconds, 0.05))

    monkeypatch.setattr(live.asyncio, "sleep", fast_sleep)
    with client.websocket_connect(f"/ws/{table}") as a:
        me = Socket(a)
        me.send({"type": "hello", "token": created["token"]})
        first = me.state()
        assert first["table"]["clock"] == 5.0
        # Neither seat moves; the clocks run out and bots play both seats on.
        ran_out = me.until(
            lambda m: m["type"] == "state" and all(s["auto"] for s in m["table"]["seats"])
        )
        assert ran_out["table"]["seats"][1]["name"] == "Bob"
        moved = me.until(lambda m: m["type"] == "state" and m["move"] >= 2)
        assert moved["move"] >= 2
    assert joined["seat"] == 1
