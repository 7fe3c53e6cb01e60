"""A table id is checked before it reaches the store.

An id holding a NUL character once got 503 "store unavailable" on every table
route under PostgreSQL (which refuses NUL in a text), closed websockets with 1013
and logged a traceback, where SQLite answered 404. Any id the server could not
have made (``[A-Za-z0-9_-]``, at most 32) is no table: 404 on every route, 4404
on the socket, on every store, and nothing logged as a failure.
"""

from __future__ import annotations

import logging
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from plunder.server.keeper import TABLE_ID
from server.kit import HUMAN, create

ROUTES = [
    ("GET", "/api/tables/{}"),
    ("POST", "/api/tables/{}/join"),
    ("POST", "/api/tables/{}/rematch"),
    ("POST", "/api/tables/{}/close"),
    ("GET", "/api/tables/{}/record"),
    ("GET", "/api/tables/{}/replay"),
    ("GET", "/api/tables/{}/log"),
]

BAD_IDS = ["ab\x00cd", "\x00", "a b", "table\u00e9", "x" * 33, "a.b", "a\x7fb"]


@pytest.mark.parametrize("table_id", BAD_IDS)
def test_an_id_no_table_can_have_is_404_on_every_route(client, table_id, caplog):
    caplog.set_level(logging.ERROR, logger="plunder.server")
    for method, path in ROUTES:
        url = path.format(quote(table_id, safe=""))
        response = client.request(method, url, json={} if method == "POST" else None)
        assert response.status_code == 404, (method, path, response.status_code, response.text)
    with client.websocket_connect(f"/ws/{quote(table_id, safe='')}") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    # Refused, not failed: no traceback, no store fault.
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_server_makes_only_ids_it_accepts(client):
    for _ in range(20):
        assert TABLE_ID.fullmatch(create(client, [HUMAN, HUMAN])["table"])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_an_id_is_accepted_only_if_url_safe_and_short(text: str) -> None:
    safe = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    expected = 1 <= len(text) <= 32 and set(text) <= safe
    assert bool(TABLE_ID.fullmatch(text)) == expected
