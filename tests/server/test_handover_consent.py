"""A host cannot take a player's seat: a bot plays it only with its player's consent.

An attacking host once handed a connected player's seat to the stand-in bot at any
moment, as often as it liked: at a table with no bot delay the bot made most of
the victim's decisions although the victim took the seat back each time. Now:

- a player who is at the table is asked (``handover_asked``, to that seat alone),
  the host is told so (``notice``), and nothing changes until the player's own
  ``leave``; asking again before ``handover_grace`` is refused;
- a player away for less than ``handover_grace`` keeps the seat;
- a player gone for ``handover_grace`` (no connection) may be handed over at once;
- the host's own seat is the host's to hand over.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from plunder.server.app import create_app
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, host_and_guest, join, summary


def test_the_host_cannot_hand_over_a_seat_whose_player_is_here(client):
    with host_and_guest(client) as (table, host, guest):
        host.state()
        guest.state()
        for attempt in range(5):
            host.send({"type": "handover", "seat": 1})
            answer = host.until(lambda m: m["type"] in ("notice", "error"))
            if attempt == 0:
                assert answer["type"] == "notice", answer
                assert "Bob" in answer["message"] and "asked" in answer["message"]
            else:
                # One question is enough: asking again is refused, not sent again.
                assert answer["type"] == "error"
                assert "asked already" in answer["message"]
        asked = guest.until(lambda m: m["type"] == "handover_asked")
        assert asked == {"type": "handover_asked", "by": "Ann"}
        # The guest still plays the seat: no bot decided for it.
        assert summary(client, table)["seats"][1]["auto"] is False
        guest.send({"type": "act", "action": "reload"})
        played = guest.until(lambda m: m["type"] == "state" and 1 in m["view"]["committed"])
        assert played["table"]["seats"][1]["auto"] is False
    # No other connection of the table was asked: the host's own socket got a notice only.
    assert not [m for m in host.received if m["type"] == "handover_asked"]


def test_the_player_agrees_by_leaving_and_takes_the_seat_back_later(client):
    with host_and_guest(client) as (_, host, guest):
        host.state()
        guest.state()
        host.send({"type": "handover", "seat": 1})
        guest.until(lambda m: m["type"] == "handover_asked")
        guest.send({"type": "leave"})
        handed = guest.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["auto"])
        assert handed["table"]["seats"][1]["auto"] is True
        guest.send({"type": "takeback"})
        back = guest.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["auto"])
        assert back["table"]["seats"][1]["auto"] is False


@contextlib.contextmanager
def guest_who_leaves(client: TestClient, ask_first: bool = False) -> Iterator[tuple[str, Socket]]:
    """A table whose guest (seat 1) connects, then closes the page: yields the table
    and the host's socket once the host is told the guest is gone. With
    ``ask_first`` the host asks to hand the seat over while the guest is there."""
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    joined = join(client, table)
    with client.websocket_connect(f"/ws/{table}") as a:
        host = Socket(a)
        host.send({"type": "hello", "token": created["token"]})
        host.state()
        with client.websocket_connect(f"/ws/{table}") as b:
            guest = Socket(b)
            guest.send({"type": "hello", "token": joined["token"]})
            guest.state()
            if ask_first:
                # Still here: even with no grace, a present player is only asked.
                host.send({"type": "handover", "seat": 1})
                assert host.until(lambda m: m["type"] == "notice")
                assert summary(client, table)["seats"][1]["auto"] is False
        host.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["connected"])
        yield table, host


def test_a_player_away_for_less_than_the_grace_keeps_the_seat(client):
    # Bob's page closed a moment ago (a reload, a lost network): his seat waits.
    with guest_who_leaves(client) as (table, host):
        host.send({"type": "handover", "seat": 1})
        refused = host.error()
        assert "left" in refused["message"] and "60 s" in refused["message"]
    assert summary(client, table)["seats"][1]["auto"] is False


@pytest.fixture
def no_grace(db_url: str) -> Iterator[TestClient]:
    """A server whose hosts may hand over a seat as soon as its player has gone."""
    settings = dataclasses.replace(UNLIMITED, handover_grace=0.0)
    with TestClient(create_app(db_url, settings=settings)) as test_client:
        yield test_client


def test_a_player_gone_for_the_grace_is_handed_over_at_once(no_grace):
    with guest_who_leaves(no_grace, ask_first=True) as (_, host):
        host.send({"type": "handover", "seat": 1})
        handed = host.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["auto"])
        assert handed["table"]["seats"][1]["auto"] is True


def test_the_host_hands_over_its_own_seat_without_asking(client):
    with host_and_guest(client) as (_, host, guest):
        host.state()
        guest.state()
        host.send({"type": "handover", "seat": 0})
        handed = host.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["auto"])
        assert handed["table"]["seats"][0]["auto"] is True
        assert not [m for m in guest.received if m["type"] == "handover_asked"]
