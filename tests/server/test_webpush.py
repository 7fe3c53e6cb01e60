"""Web Push notices: a seat owing a decision at a turn-based table, whose player has
not seen it for two minutes, has its browser's push service sent a notice, within
the webhooks' limits. The push service is a receiver on loopback; the test holds
the browser's side (its P-256 key and auth secret) and reads the notice itself,
following RFC 8291's steps with nothing from the server's module, and checks the
server's VAPID signature (RFC 8292) with the key the server publishes."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from plunder.server.app import create_app
from plunder.server.store import Store
from plunder.server.webpush import KEY_NAME, ServerKey, encrypt
from server.kit import HUMAN, create
from server.test_notices import Receiver as Webhook
from server.test_notices import advance, run_notices
from server.test_turns import TURN_SETTINGS, TestClock, hub_of, serving, turn_table, visit


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A browser's side of a push subscription: its own key pair and auth secret."""

    def __init__(self, private: bytes | None = None, auth: bytes | None = None) -> None:
        self.private = (
            ec.generate_private_key(ec.SECP256R1()) if private is None
            else ec.derive_private_key(int.from_bytes(private, "big"), ec.SECP256R1())
        )
        self.public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.auth = os.urandom(16) if auth is None else auth

    def subscription(self, endpoint: str) -> dict[str, Any]:
        return {"endpoint": endpoint, "keys": {"p256dh": b64(self.public), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> bytes:
        """A push message's text, decrypted as RFC 8291 §3 and RFC 8188 §2 say."""

        def mac(key: bytes, data: bytes) -> bytes:
            return hmac.new(key, data, hashlib.sha256).digest()

        # RFC 8188 §2.1: salt (16) || record size (4) || keyid length (1) || keyid.
        salt, size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        keyid, record = body[21:21 + id_length], body[21 + id_length:]
        assert size == 4096 and id_length == 65  # keyid: the sender's P-256 public key
        assert len(record) <= size
        sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), keyid)
        shared = self.private.exchange(ec.ECDH(), sender)
        # RFC 8291 §3.4, written as its HMAC steps.
        prk_key = mac(self.auth, shared)
        ikm = mac(prk_key, b"WebPush: info\x00" + self.public + keyid + b"\x01")
        prk = mac(salt, ikm)
        cek = mac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
        nonce = mac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
        padded = AESGCM(cek).decrypt(nonce, record, None)
        # The only (so the last) record: its text, the delimiter 2, then zeros.
        text = padded.rstrip(b"\x00")
        assert text.endswith(b"\x02"), padded[-20:]
        return text[:-1]


class PushService:
    """A push service on loopback: keeps each request's path, headers and body."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                received.append((self.path, dict(self.headers), self.rfile.read(length)))
                self.send_response(410 if self.path == "/gone" else 201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def paths(self) -> list[str]:
        return [path for path, _, _ in self.received]


@pytest.fixture
def service() -> Iterator[PushService]:
    push = PushService()
    push.thread.start()
    yield push
    push.server.shutdown()
    push.server.server_close()


@pytest.fixture
def webhook() -> Iterator[Webhook]:
    hook = Webhook()
    hook.thread.start()
    yield hook
    hook.server.shutdown()
    hook.server.server_close()


def set_push(client: TestClient, table: str, token: str | None, push: Any) -> httpx.Response:
    headers = {"x-plunder-token": token} if token is not None else {}
    return client.post(f"/api/tables/{table}/notices", json={"push": push}, headers=headers)


def server_key(client: TestClient) -> str:
    answer = client.get("/api/push/key")
    assert answer.status_code == 200
    return str(answer.json()["key"])


def vapid_claims(authorization: str, key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=..., k=...`` header, once its ES256 signature is
    checked against ``key`` (which must be the header's ``k``)."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    assert len(raw) == 64  # JWS's r || s
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    with pytest.raises(InvalidSignature):  # and it is a signature of these claims only
        public.verify(der, f"{header}.{claims}x".encode(), ec.ECDSA(hashes.SHA256()))
    found: dict[str, Any] = json.loads(unb64(claims))
    return found


def test_a_push_notice_is_signed_by_the_server_and_readable_by_the_browser_alone(
    db_url, service
):
    clock = TestClock()
    ann, bob = Browser(), Browser()
    with serving(db_url, clock) as client:
        table, ann_token, bob_token = turn_table(client)
        key = server_key(client)
        answer = set_push(client, table, ann_token, ann.subscription(service.origin() + "/ann"))
        assert answer.json() == {"table": table, "seat": 0, "push": True}
        set_push(client, table, bob_token, bob.subscription(service.origin() + "/bob"))
        assert run_notices(client) == 2
        assert sorted(service.paths()) == ["/ann", "/bob"]

        for path, headers, body in service.received:
            browser = ann if path == "/ann" else bob
            headers = {name.lower(): value for name, value in headers.items()}
            assert headers["content-encoding"] == "aes128gcm"
            assert headers["ttl"] == str(24 * 3600)
            assert headers["urgency"] == "normal"
            claims = vapid_claims(headers["authorization"], key)
            assert claims["aud"] == service.origin()
            assert clock() < claims["exp"] <= clock() + 24 * 3600
            assert claims["sub"] == "http://testserver"  # the site: no contact is set
            # What the browser reads: the table, its game, where it is; nothing else.
            assert json.loads(browser.read(body)) == {
                "title": "plunder",
                "body": f"Your move in Duel at table {table}.",
                "url": f"/t/{table}",
            }
        # The other browser's keys cannot read it.
        with pytest.raises(InvalidTag):
            bob.read(next(body for path, _, body in service.received if path == "/ann"))

        # One notice per decision, as with a webhook.
        advance(clock, 30)
        assert run_notices(client) == 0
        # A player may stop them.
        assert set_push(client, table, ann_token, None).json()["push"] is False
        assert hub_of(client).tables[table].seat_row(0).push is None


def test_the_servers_key_and_a_seats_subscription_survive_a_restart(db_url, service):
    clock = TestClock()
    browser = Browser()
    with serving(db_url, clock) as client:
        key = server_key(client)
        raw = unb64(key)
        assert len(raw) == 65 and raw[0] == 4  # an uncompressed P-256 point
        table, ann, _ = turn_table(client)
        set_push(client, table, ann, browser.subscription(service.origin() + "/ann"))
    with serving(db_url, clock) as client:
        assert server_key(client) == key
        assert run_notices(client) == 2 - 1  # Ann's; Bob has no subscription
        headers = {name.lower(): value for name, value in service.received[0][1].items()}
        vapid_claims(headers["authorization"], key)
        assert b"Your move in Duel" in browser.read(service.received[0][2])


def test_every_process_sharing_the_store_has_the_key_the_first_one_kept(db_url):
    stores = [Store(db_url), Store(db_url)]
    try:
        kept = [store.keep_value(KEY_NAME, ServerKey.new_pem()) for store in stores]
        assert kept[0] == kept[1]
        assert ServerKey.from_pem(kept[0]).public == ServerKey.from_pem(kept[1]).public
    finally:
        for store in stores:
            store.close()


def test_a_webhook_and_a_push_subscription_both_get_the_notice(db_url, service, webhook):
    clock = TestClock()
    browser = Browser()
    with serving(db_url, clock) as client:
        table, ann, _ = turn_table(client)
        client.post(f"/api/tables/{table}/notices", headers={"x-plunder-token": ann}, json={
            "webhook": webhook.url("/ann"),
            "push": browser.subscription(service.origin() + "/ann"),
        })
        assert run_notices(client) == 2
        assert webhook.paths() == ["/ann"] and service.paths() == ["/ann"]
        # Setting one leaves the other as it was.
        set_push(client, table, ann, None)
        assert hub_of(client).tables[table].seat_row(0).webhook == webhook.url("/ann")


def test_only_a_seats_own_player_sets_its_subscription(db_url, service):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, _, bob = turn_table(client)
        other = create(client, [HUMAN, HUMAN], speed="turns", turn_hours=24)["token"]
        thief = Browser().subscription(service.origin() + "/thief")
        for token in (None, "", "not-a-seat", other):
            answer = set_push(client, table, token, thief)
            assert answer.status_code == 403, (token, answer.text)
        assert [hub_of(client).tables[table].seat_row(s).push for s in (0, 1)] == [None, None]
        answer = client.post(
            f"/api/tables/{table}/notices",
            json={"push": Browser().subscription(service.origin() + "/bob"), "seat": 0},
            headers={"x-plunder-token": bob},
        )
        assert answer.json() == {"table": table, "seat": 1, "push": True}
        # Nothing anyone may read shows where a seat's notices go.
        assert "/bob" not in client.get(f"/api/tables/{table}").text
        assert "/bob" not in client.get("/api/tables").text
        listed = client.post(
            "/api/my-tables", json={"seats": [{"table": table, "token": bob}]}
        ).json()
        assert listed[0]["notices"] is True and "/bob" not in json.dumps(listed)
        advance(clock, 3)
        assert run_notices(client) == 1
        assert service.paths() == ["/bob"]


GOOD = Browser()
ENDPOINT = "https://push.example.com/send/abc"
KEYS = GOOD.subscription(ENDPOINT)["keys"]


@pytest.mark.parametrize(
    ("push", "says"),
    [
        ("https://push.example.com/send/abc", "subscription"),
        ({"endpoint": ENDPOINT}, "subscription"),
        ({"endpoint": "ftp://push.example.com/x", "keys": KEYS}, "push endpoint"),
        ({"endpoint": None, "keys": KEYS}, "endpoint"),
        ({"endpoint": ENDPOINT, "keys": {"p256dh": KEYS["p256dh"]}}, "keys.auth"),
        ({"endpoint": ENDPOINT, "keys": {**KEYS, "auth": b64(os.urandom(15))}}, "keys.auth"),
        ({"endpoint": ENDPOINT, "keys": {**KEYS, "auth": "not base64!!!!!!!!!!!"}}, "keys.auth"),
        ({"endpoint": ENDPOINT, "keys": {**KEYS, "p256dh": b64(GOOD.public[:33])}}, "keys.p256dh"),
        ({"endpoint": ENDPOINT, "keys": {**KEYS, "p256dh": 42}}, "keys.p256dh"),
        # 65 bytes in the right form, but not a point of the curve.
        ({"endpoint": ENDPOINT, "keys": {**KEYS, "p256dh": b64(b"\x04" + b"\x01" * 64)}},
         "P-256"),
    ],
)
def test_a_bad_subscription_is_refused_saying_why(db_url, push, says):
    with serving(db_url, TestClock()) as client:
        table, ann, _ = turn_table(client)
        answer = set_push(client, table, ann, push)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"].startswith("push") and says in answer.json()["error"]
        assert hub_of(client).tables[table].seat_row(0).push is None
        # A good one is taken.
        assert set_push(client, table, ann, GOOD.subscription(ENDPOINT)).status_code == 200


def test_by_default_a_push_endpoint_may_not_point_into_the_servers_network(db_url):
    settings = dataclasses.replace(TURN_SETTINGS, webhook_private=False)
    with TestClient(create_app(db_url, settings=settings, now=TestClock())) as client:
        table, ann, _ = turn_table(client)
        answer = set_push(client, table, ann, GOOD.subscription("http://127.0.0.1:8000/push"))
        assert answer.status_code == 400
        assert "public addresses" in answer.json()["error"]


def test_a_player_who_just_saw_the_table_gets_no_push(db_url, service):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, _ = turn_table(client)
        set_push(client, table, ann, Browser().subscription(service.origin() + "/ann"))
        visit(client, table, ann, move=False)  # opens the table, looks, leaves
        assert run_notices(client) == 0
        advance(clock, 1.9)
        assert run_notices(client) == 0
        assert service.received == []
        advance(clock, 0.2)
        assert run_notices(client) == 1
        assert service.paths() == ["/ann"]


def test_the_contact_signs_the_notices_and_a_lapsed_subscription_is_forgotten(
    db_url, service, caplog
):
    settings = dataclasses.replace(TURN_SETTINGS, push_contact="mailto:crew@example.com")
    with TestClient(create_app(db_url, settings=settings, now=TestClock())) as client:
        table, ann, bob = turn_table(client)
        set_push(client, table, ann, Browser().subscription(service.origin() + "/ann"))
        set_push(client, table, bob, Browser().subscription(service.origin() + "/gone"))
        with caplog.at_level("WARNING", logger="plunder.server.notices"):
            assert run_notices(client) == 1  # the push service forgot Bob's subscription
        warned = [r.getMessage() for r in caplog.records if r.name == "plunder.server.notices"]
        assert len(warned) == 1 and "HTTP 410" in warned[0] and "/gone" not in warned[0]
        # A subscription its push service no longer has is forgotten, Ann's kept.
        seats = hub_of(client).tables[table]
        assert seats.seat_row(1).push is None and seats.seat_row(0).push is not None
        sent = service.received[service.paths().index("/ann")][1]
        headers = {name.lower(): value for name, value in sent.items()}
        assert vapid_claims(headers["authorization"], server_key(client))["sub"] == (
            "mailto:crew@example.com"
        )


def test_a_contact_that_is_not_mailto_or_https_is_refused():
    with pytest.raises(ValueError, match="push_contact"):
        dataclasses.replace(TURN_SETTINGS, push_contact="crew@example.com").check()


def test_the_rfcs_example_message_is_made_and_read_as_the_rfc_gives_it():
    # RFC 8291 §5 and Appendix A: its inputs (whitespace taken out) and its message.
    browser = Browser(
        private=unb64("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"),
        auth=unb64("BTBZMqHH6r4Tts7J_aSIgg"),
    )
    assert b64(browser.public) == (
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    )
    sender = ec.derive_private_key(
        int.from_bytes(unb64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"), "big"), ec.SECP256R1()
    )
    message = (
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocI"
        "nmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVW"
        "GNWQexSgSxsj_Qulcy4a-fN"
    )
    text = b"When I grow up, I want to be a watermelon"
    made = encrypt(text, browser.public, browser.auth, unb64("DGv6ra1nlYgDCS1FRnbzlw"), sender)
    assert b64(made) == message
    assert browser.read(unb64(message)) == text


@settings(max_examples=60, deadline=None)
@given(payload=st.binary(max_size=3000))
def test_any_payload_comes_back_as_it_was_sent(payload):
    browser = Browser()
    body = encrypt(payload, browser.public, browser.auth)
    assert browser.read(body) == payload
    # Fresh salt and key each time: the same text is never sent the same twice.
    assert encrypt(payload, browser.public, browser.auth)[:86] != body[:86]


def test_the_web_app_files_are_served(db_url):
    with serving(db_url, TestClock()) as client:
        worker = client.get("/sw.js")
        assert worker.status_code == 200
        assert worker.headers["content-type"].startswith("text/javascript")
        assert "showNotification" in worker.text and "notificationclick" in worker.text
        manifest = client.get("/manifest.webmanifest")
        assert manifest.headers["content-type"].startswith("application/manifest+json")
        shown = manifest.json()
        assert (shown["start_url"], shown["display"]) == ("/", "standalone")
        for page in ("/", "/my", "/t/abc"):
            assert '<link rel="manifest" href="/manifest.webmanifest">' in client.get(page).text
        assert "Notify me on this device" in client.get("/t/abc").text

