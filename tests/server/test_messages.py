"""What the table sends besides the view: events by increments, actions as data, catalogues.

- A state message carries the view without the log and only the events the
  connection lacks, so its size does not grow with the game.
- ``GET /api/games/{name}/catalogue`` answers the game's catalogue for the options
  in the query, validated as a table's options are.
- A game's renderer styles are served from its package; the replay gives every
  move as data beside the record's notation.

(That the server names no game is checked for every front end in
``tests/test_no_game_names.py``.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import plunder
from plunder.engine import registry
from plunder.engine.errors import OptionError
from server.kit import HUMAN, Socket, bot, create, replay_views

SERVER = Path(plunder.__file__).parent / "server"


def test_a_state_message_at_move_2000_is_no_bigger_than_at_move_0(client, capsys):
    # Five seats to $20 with no limit worth the name: random play lasts well past
    # 2,000 moves (at least 2,500 in 40 seeded plays).
    options = {"target": 20, "shootout_limit": 1000, "duel_limit": 10000}
    created = create(client, [HUMAN, bot(), bot(), bot(), bot()], options=options)
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        rng = random.Random(4)
        message = me.state()
        while message["move"] < 2000:
            assert not message["view"]["over"], "the game should last 2,000 moves"
            if message["legal"]:
                me.send({"type": "act", "action": rng.choice(message["legal"])})
            message = me.state()
    sized = [
        (message, size)
        for message, size in zip(me.received, me.sizes, strict=True)
        if message["type"] == "state"
    ]
    start, start_size = sized[0]
    early, early_size = next((m, s) for m, s in sized if m["move"] >= 10)
    late, late_size = next((m, s) for m, s in sized if m["move"] >= 2000)

    def with_whole_log(message: dict) -> int:
        """What the message would weigh with the whole log in its view, as it once had."""
        whole = {**message, "view": me.full_view(message), "events": []}
        return len(json.dumps(whole, separators=(",", ":")).encode())

    with capsys.disabled():
        print(
            f"\nstate message bytes: move {start['move']}: {start_size}, "
            f"move {early['move']}: {early_size}, move {late['move']}: {late_size} "
            f"(with the whole log: {with_whole_log(start)}, {with_whole_log(early)}, "
            f"{with_whole_log(late)})"
        )
    # The first message of a connection carries the whole log so far (at the
    # start, the opening events); each later one only what happened since.
    assert start["events_from"] == 0 and start["move"] < 10
    assert me.log_at(start) == start["events"]
    assert late_size < 2 * start_size
    assert late_size < 2 * early_size
    assert with_whole_log(late) > 50 * late_size
    assert len(me.log_at(late)) > 1000


def test_the_catalogue_follows_the_options_of_the_query(client):
    duel = client.get("/api/games/duel/catalogue")
    assert duel.status_code == 200
    assert duel.json() == plunder.load("duel").catalogue()
    query = {"players": "5", "mode": "camp", "gestures": "true", "pirates": "random"}
    rumble = client.get("/api/games/rumble/catalogue", params=query)
    assert rumble.status_code == 200, rumble.text
    expected = plunder.load("rumble", players=5, mode="camp", gestures=True).catalogue()
    assert rumble.json() == expected


@pytest.mark.parametrize(
    ("game", "query", "options"),
    [
        ("duel", {"players": "9"}, {"players": 9}),
        ("duel", {"target": "many"}, {"target": "many"}),
        ("duel", {"deflection": "sideways"}, {"deflection": "sideways"}),
        ("duel", {"colour": "red"}, {"colour": "red"}),
        ("rumble", {"gestures": "maybe"}, {"gestures": "maybe"}),
    ],
)
def test_bad_catalogue_options_are_refused_as_at_a_table(client, game, query, options):
    with pytest.raises(OptionError) as refused:
        plunder.load(game, **options)
    response = client.get(f"/api/games/{game}/catalogue", params=query)
    assert response.status_code == 400
    assert response.json() == {"error": str(refused.value)}
    table = client.post("/api/tables", json={"game": game, "options": options})
    assert table.status_code == 400


def test_an_unknown_game_has_no_catalogue_and_no_renderer(client):
    assert client.get("/api/games/nosuchgame/catalogue").status_code == 404
    assert client.get("/games/nosuchgame/renderer.js").status_code == 404
    assert client.get("/games/nosuchgame/renderer.css").status_code == 404


def test_a_games_styles_come_from_its_own_package(client):
    for name in registry.names():
        manifest = registry.manifest(name)
        response = client.get(f"/games/{name}/renderer.css")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/css")
        shipped = manifest.file(str(Path(manifest.browser or "none").with_suffix(".css")))
        assert response.text == (shipped.read_text() if shipped else "")
    assert ".duel-table" in client.get("/games/duel/renderer.css").text
    assert ".duel-table" not in (SERVER / "static" / "style.css").read_text()


def test_the_replay_gives_every_move_as_data(client):
    created = create(client, [bot(), bot()], options={"target": 1})
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        watcher = Socket(ws)
        watcher.send({"type": "hello"})
        watcher.until(lambda m: m["type"] == "state" and m["view"]["over"], limit=100000)
    table = created["table"]
    record = client.get(f"/api/tables/{table}/record").json()
    game = plunder.load(record["game"], **record["options"])
    expected = [game.parse(notation).to_json() for _, notation in record["moves"]]
    assert [a["notation"] for a in expected] == [n for _, n in record["moves"]]
    # Each view of a page comes with the move that led to it, as data.
    _, actions = replay_views(client, table, count=5)
    assert actions == [None, *expected]
    one = client.get(f"/api/tables/{table}/replay", params={"move": 2}).json()
    assert one["actions"] == expected
