"""Several server processes on one PostgreSQL store: every connection of a table reaches
its owner, the lobby is the same everywhere, and a worker killed, frozen or restarted
loses nothing and stores nothing twice."""

from __future__ import annotations

import json
import os
import signal

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server.kit import ServerProcess, wait_until
from server.workers_kit import (
    Player,
    new_table,
    owner_address,
    owner_pid,
    play_some,
    postgres_only,
    reconnect_until_served,
    stored_chat,
    stored_moves,
    workers,
)

pytestmark = [postgres_only, pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)]


def check_nothing_lost_nor_twice(db_url: str, table: str, players: list[Player]) -> None:
    """Every move a player was told of is stored where it was played; every stored move
    is one a player sent, once."""
    stored = stored_moves(db_url, table)
    acknowledged = sorted(m for p in players for m in p.acknowledged)
    unknown = [m for p in players for m in p.unknown]
    assert acknowledged, "no move was played"
    assert set(acknowledged) <= set(stored)
    assert [m[0] for m in stored] == list(range(len(stored)))
    extra = [m for m in stored if m not in acknowledged]
    assert all(m in unknown for m in extra), (extra, unknown)


def test_two_players_on_different_workers_play_one_table_and_see_one_chat(db_url, tmp_path):
    servers = workers(db_url, tmp_path, 3)
    try:
        table, ann_token, bob_token = new_table(servers[0])
        ann = Player(table, ann_token, servers[1])
        bob = Player(table, bob_token, servers[2])
        ann.connect()
        bob.connect()
        # Both connections are at the owner: the table shows both seats connected,
        # whichever worker is asked.
        assert wait_until(lambda: all(
            s["connected"]
            for s in httpx.get(f"{servers[1].url}/api/tables/{table}", timeout=10).json()["seats"]
        ))
        assert play_some([ann, bob], 6) == 6
        assert ann.last["move"] == bob.last["move"] == 6
        # A spectator through the first worker reads what a player writes through another.
        with connect(servers[0].ws_url(table), open_timeout=10) as spectator:
            spectator.send(json.dumps({"type": "hello"}))
            assert ann.ws is not None
            ann.ws.send(json.dumps({"type": "chat", "text": "ahoy"}))
            while True:
                message = json.loads(spectator.recv(timeout=20))
                if message["type"] == "chat":
                    break
            assert (message["text"], message["seat"]) == ("ahoy", 0)
        # The lobby lists the table, with its moves, whichever worker is asked.
        for server in servers:
            listed = httpx.get(server.url + "/api/tables", timeout=10).json()
            assert [t["move"] for t in listed if t["table"] == table] == [6]
        check_nothing_lost_nor_twice(db_url, table, [ann, bob])
        ann.close()
        bob.close()
    finally:
        for server in servers:
            server.stop()


def test_kill_9_of_an_owner_loses_no_move_and_no_clock_runs_out(db_url, tmp_path):
    servers = workers(db_url, tmp_path, 3)
    victim, survivors = servers[0], servers[1:]
    tables = []
    try:
        for index in range(4):
            # Made through the victim: it owns them. The last has a 5-second turn
            # clock, shorter than the handover may take.
            table, ann_token, bob_token = new_table(victim, clock=5 if index == 3 else None)
            assert owner_address(db_url, table) == victim.url
            players = [Player(table, ann_token, survivors[index % 2]),
                       Player(table, bob_token, survivors[(index + 1) % 2])]
            for player in players:
                player.connect()
            play_some(players, 3)
            tables.append((table, players))
        victim.kill()
        # The clocked table first: its clock starts again, in full, on the new owner,
        # and the handover handed no seat to a bot.
        clocked = tables[-1][1]
        for player in clocked:
            reconnect_until_served(player, survivors)
        seats = clocked[0].last["table"]["seats"]
        assert not any(seat["auto"] for seat in seats)
        owing = [p for p in clocked if p.owes()]
        assert owing and owing[0].last["table"]["seats"][owing[0].last["seat"]]["deadline"] > 0
        for _table, players in tables[:-1]:
            # Each relayed connection was closed with its owner: each comes back.
            for player in players:
                reconnect_until_served(player, survivors)
        for _table, players in tables:
            play_some(players, 3)
        for table, players in tables:
            assert owner_address(db_url, table) in {s.url for s in survivors}
            check_nothing_lost_nor_twice(db_url, table, players)
            assert len(players[0].acknowledged) + len(players[1].acknowledged) == 6
            for player in players:
                player.close()
    finally:
        for server in servers:
            server.stop()


def test_a_frozen_owner_loses_its_tables_and_its_writes_on_waking_are_refused(
    db_url, tmp_path
):
    servers = workers(db_url, tmp_path, 3)
    frozen, others = servers[0], servers[1:]
    try:
        table, ann_token, bob_token = new_table(frozen)
        # Both straight to the owner, no relay.
        before = [Player(table, ann_token, frozen), Player(table, bob_token, frozen)]
        for player in before:
            player.connect()
        play_some(before, 2)
        assert frozen.process is not None
        os.kill(frozen.process.pid, signal.SIGSTOP)
        try:
            # A move and a chat line sent to the frozen owner wait in its socket.
            late = next(p for p in before if p.owes())
            assert late.ws is not None
            late.ws.send(json.dumps({"type": "act", "action": late.last["legal"][0],
                                     "step": late.last["step"]}))
            late.ws.send(json.dumps({"type": "chat", "text": "late"}))
            # Through the others, the table is served again once the lease has ended.
            after = [Player(table, ann_token, others[0]), Player(table, bob_token, others[1])]
            for player in after:
                reconnect_until_served(player, others)
            assert owner_address(db_url, table) != frozen.url
            play_some(after, 2)
        finally:
            os.kill(frozen.process.pid, signal.SIGCONT)
        # Awake, the former owner refuses what it was sent (its late writes are fenced
        # out) and drops the table: the connection is closed or told so.
        with pytest.raises((ConnectionClosed, AssertionError)):
            late.state(late.last["move"] + 1)
        # The new owner is still the owner, and the store holds the moves its players
        # were told of, and no late chat line.
        assert owner_address(db_url, table) != frozen.url
        played = sorted(m for p in before + after for m in p.acknowledged)
        assert stored_moves(db_url, table) == played and len(played) == 4
        assert stored_chat(db_url, table) == []
        for player in before + after:
            player.close()
    finally:
        for server in servers:
            server.stop()


def test_a_rolling_restart_of_every_worker_loses_nothing(db_url, tmp_path):
    servers = workers(db_url, tmp_path, 3)
    try:
        games = []
        for index, server in enumerate(servers):
            table, ann_token, bob_token = new_table(server)
            players = [Player(table, ann_token, servers[(index + 1) % 3]),
                       Player(table, bob_token, servers[(index + 2) % 3])]
            for player in players:
                player.connect()
            play_some(players, 2)
            games.append((table, players))
        for server in servers:
            server.stop()  # a clean stop: its leases released at once
            server.start()
            for _, players in games:
                for player in players:
                    reconnect_until_served(player, servers)
                play_some(players, 2)
        for table, players in games:
            check_nothing_lost_nor_twice(db_url, table, players)
            assert len(stored_moves(db_url, table)) == 8
            for player in players:
                player.close()
    finally:
        for server in servers:
            server.stop()


def answers(address: str) -> bool:
    try:
        return httpx.get(address + "/api/games", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_workers_sharing_one_port_serve_a_table_whichever_each_connection_reaches(
    db_url, tmp_path
):
    """``--workers 2``: two processes on one port, the kernel handing each connection to
    either; a table's players play on, whichever process each reached."""
    server = ServerProcess(db_url, tmp_path / "workers.log",
                           extra=["--workers", "2", "--lease-ttl", "2"])
    server.start()
    try:
        tables = [new_table(server) for _ in range(4)]
        for table, ann_token, bob_token in tables:
            players = [Player(table, ann_token, server), Player(table, bob_token, server)]
            for player in players:
                player.connect()
            assert play_some(players, 4) == 4
            check_nothing_lost_nor_twice(db_url, table, players)
            for player in players:
                player.close()
        listed = {t["table"] for t in httpx.get(server.url + "/api/tables", timeout=10).json()}
        assert {table for table, _, _ in tables} <= listed
        # The tables are held by the two workers, each reached at its own port.
        both = {f"http://127.0.0.1:{server.port + 1}", f"http://127.0.0.1:{server.port + 2}"}
        assert {owner_address(db_url, table) for table, _, _ in tables} <= both
        # A worker killed: its tables play on (taken by the other worker, or by the
        # killed one started again in its place, whichever comes first), and the
        # first process starts it again on its own port.
        table, ann_token, bob_token = tables[0]
        address = owner_address(db_url, table)
        os.kill(owner_pid(db_url, table), signal.SIGKILL)
        players = [Player(table, ann_token, server), Player(table, bob_token, server)]
        for player in players:
            reconnect_until_served(player, [server])
        assert play_some(players, 2) == 2
        assert owner_address(db_url, table) in both
        assert len(stored_moves(db_url, table)) == 6
        assert wait_until(lambda: answers(address), seconds=60)
        for player in players:
            player.close()
    finally:
        server.stop()
