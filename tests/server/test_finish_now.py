"""Finishing a game now: once no player is left in it, a player may have the bots play
the rest at once (no pause between moves, their quickest level)."""

from __future__ import annotations

import plunder
from plunder.server.store import RUNNING, SeatRow, TableRow
from plunder.server.table import LiveTable
from server.kit import HUMAN, Socket, bot, create, summary


def test_the_bots_finish_at_once_when_no_player_is_left(client):
    # Ten seconds between bot moves: a game played at that pace would outlast the test.
    created = create(client, [HUMAN, bot("random")], options={"target": 2}, bot_delay=10)
    table = created["table"]
    with (
        client.websocket_connect(f"/ws/{table}") as ws,
        client.websocket_connect(f"/ws/{table}") as watching,
    ):
        host, spectator = Socket(ws), Socket(watching)
        host.send({"type": "hello", "token": created["token"]})
        spectator.send({"type": "hello"})
        first = host.state()
        spectator.state()
        assert first["table"]["finishable"] is False
        host.send({"type": "finish"})
        assert "still in the game" in host.error()["message"]

        host.send({"type": "handover", "seat": 0})  # the only player leaves it to a bot
        handed = host.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["auto"])
        assert handed["table"]["finishable"] is True
        spectator.send({"type": "finish"})
        assert "only a player" in spectator.error()["message"]

        host.send({"type": "finish"})
        end = host.until(lambda m: m["type"] == "state" and m["table"]["status"] == "over")
        assert end["table"]["rushed"] is True and end["table"]["finishable"] is False
        assert end["view"]["over"] and end["table"]["result"] is not None
    assert summary(client, table)["status"] == "over"


def test_a_dead_pirate_leaves_no_player_in_the_game():
    # The check reads the engine's status: a pirate out for good is no longer playing.
    game = plunder.load("rumble", players=3, pirates="kidd,bonny,read")
    state = game.new(seed=1)
    state.health[0] = 1  # a position: Kidd at his last health
    for seat in range(3):
        state.act(seat, "shoot>0" if seat else "load")
    assert state.status(0) == "eliminated" and not state.is_over
    seats = [
        SeatRow(0, "human", name="Ann", token_hash="x"),
        SeatRow(1, "bot", bot="random"),
        SeatRow(2, "human", name="Bob", token_hash="y"),
    ]
    row = TableRow(
        id="t",
        game="rumble",
        options=dict(game.options),
        seed=1,
        host_seat=0,
        clock=None,
        bot_delay=0,
        created=0.0,
        status=RUNNING,
        seats=seats,
    )
    table = LiveTable(row, game, state)
    assert not table.humans_out()  # Bob still plays
    seats[2].auto = True
    assert table.humans_out()  # Ann is dead and a bot plays for Bob
