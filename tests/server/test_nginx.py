"""nginx from the distribution in front of three workers (deploy/nginx.conf.template):
tables played through it, and played on when the owner of one is killed."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.kit import free_port
from server.workers_kit import (
    Player,
    new_table,
    owner_address,
    play_some,
    postgres_only,
    reconnect_until_served,
    stored_moves,
    workers,
)

pytestmark = [postgres_only, pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)]

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "nginx-front.sh"


class Front:
    """nginx's address, as a test reaches a server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"


@pytest.fixture
def front(tmp_path: Path) -> Iterator[tuple[Front, Path]]:
    yield Front(free_port()), tmp_path / "nginx"
    subprocess.run([str(SCRIPT), "stop", str(tmp_path / "nginx")], check=False,
                   capture_output=True)


def test_tables_are_played_through_nginx_and_survive_a_killed_worker(db_url, tmp_path, front):
    proxy, folder = front
    servers = workers(db_url, tmp_path, 3)
    try:
        subprocess.run(
            [str(SCRIPT), "start", str(folder), f"127.0.0.1:{proxy.port}",
             *(f"127.0.0.1:{s.port}" for s in servers)],
            check=True, timeout=300,
        )
        games = []
        for _ in range(6):
            table, ann_token, bob_token = new_table(proxy)
            players = [Player(table, ann_token, proxy), Player(table, bob_token, proxy)]
            for player in players:
                player.connect()
            assert play_some(players, 3) == 3
            games.append((table, players))
        listed = {t["table"] for t in httpx.get(proxy.url + "/api/tables", timeout=10).json()}
        assert {table for table, _ in games} <= listed
        # The owner of the first table is killed: through nginx its players come back
        # to another worker, which has taken the table over.
        victim = next(s for s in servers if s.url == owner_address(db_url, games[0][0]))
        victim.kill()
        for _table, players in games:
            # Any connection may have passed through the killed worker: each comes back.
            for player in players:
                reconnect_until_served(player, [proxy])
            assert play_some(players, 3) == 3
        for table, players in games:
            assert owner_address(db_url, table) != victim.url
            told = sorted(m for p in players for m in p.acknowledged)
            assert stored_moves(db_url, table) == told and len(told) == 6
            for player in players:
                player.close()
    finally:
        for server in servers:
            server.stop()
