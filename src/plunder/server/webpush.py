"""Web Push: a notice of a seat's move shown by its player's browser, even with no
page of the site open.

The browser subscribes with a push service (its vendor's) and gives the page an
endpoint there and two keys of its own; the server posts the notice to the
endpoint, encrypted for the browser alone (RFC 8291: the push service cannot read
it) and signed with the server's own key (RFC 8292, "VAPID": the push service
takes only the server's messages for that subscription).

The server's key pair is made once and kept in the store (``Store.keep_value``),
so every process sharing it signs with the same key and a restart keeps the
browsers' subscriptions valid; its private half never leaves the server. What is
sent is the same short notice a webhook gets: which table and game, nothing hidden.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import struct
import urllib.parse
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from plunder.server.notices import post, read_webhook
from plunder.server.table import TableError

# The store's name for the server's private key (PKCS #8, PEM).
KEY_NAME = "webpush_private_key"
# A push service keeps an undelivered notice this long (seconds): a day, about the
# shortest time to move a turn-based table gives.
TTL = 24 * 3600
# How long a signature is valid for (seconds): RFC 8292 §2 allows at most 24 hours.
SIGNATURE_LIFE = 12 * 3600
# RFC 8188's record size: the whole message is one record of at most this.
RECORD_SIZE = 4096
# RFC 8291 §4: a push message's body is at most 4096 bytes; with the header (86
# bytes), the padding delimiter and the AEAD tag (17) this leaves 3993 for the text.
LONGEST_PAYLOAD = 3993
# What a push service answers for a subscription it no longer has (RFC 8030 §7.3
# says 410; some answer 404): the server forgets it too.
GONE = (404, 410)
# P-256 public keys are sent uncompressed (65 bytes); the auth secret is 16 bytes.
PUBLIC_KEY_SIZE = 65
AUTH_SIZE = 16


def b64url(data: bytes) -> str:
    """Base64url without padding, as Web Push writes every key."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def from_b64url(text: str) -> bytes:
    """The bytes of base64url text, padded or not; ``ValueError`` if it is not."""
    if not text.replace("-", "").replace("_", "").rstrip("=").isalnum() or not text.isascii():
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error as exc:
        raise ValueError("not base64url") from exc


def public_bytes(key: ec.EllipticCurvePublicKey) -> bytes:
    """A P-256 public key as an uncompressed point (0x04 || x || y)."""
    return key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


class ServerKey:
    """The server's VAPID key pair (P-256)."""

    def __init__(self, private: ec.EllipticCurvePrivateKey) -> None:
        self.private = private
        self.public = b64url(public_bytes(private.public_key()))

    @staticmethod
    def new_pem() -> str:
        """A new private key, as the store keeps it."""
        key = ec.generate_private_key(ec.SECP256R1())
        return key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode("ascii")

    @classmethod
    def from_pem(cls, pem: str) -> ServerKey:
        key = serialization.load_pem_private_key(pem.encode("ascii"), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError("the stored Web Push key is not an elliptic-curve key")
        return cls(key)

    def authorization(self, endpoint: str, contact: str, now: float) -> str:
        """The ``Authorization`` header for a post to ``endpoint`` (RFC 8292 §2-3):
        a JWT signed with ES256 whose audience is the endpoint's origin, expiring
        within 24 hours, with a contact (``sub``) for the push service's operator."""
        parts = urllib.parse.urlsplit(endpoint)
        claims = {
            "aud": f"{parts.scheme}://{parts.netloc}",
            "exp": int(now) + SIGNATURE_LIFE,
            "sub": contact,
        }
        header = {"typ": "JWT", "alg": "ES256"}
        signed = ".".join(
            b64url(json.dumps(part, separators=(",", ":")).encode()) for part in (header, claims)
        )
        der = self.private.sign(signed.encode("ascii"), ec.ECDSA(hashes.SHA256()))
        # JWS (RFC 7518 §3.4) writes an ES256 signature as r || s, 32 bytes each.
        r, s = decode_dss_signature(der)
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
        return f"vapid t={signed}.{b64url(signature)}, k={self.public}"


def _hkdf(salt: bytes, secret: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(secret)


def encrypt(
    payload: bytes,
    p256dh: bytes,
    auth: bytes,
    salt: bytes | None = None,
    sender: ec.EllipticCurvePrivateKey | None = None,
) -> bytes:
    """``payload`` encrypted for the browser whose subscription keys are ``p256dh``
    (its public key, uncompressed) and ``auth`` (its secret): the body of a push
    message in the ``aes128gcm`` content coding (RFC 8291 §3-4, RFC 8188 §2).
    ``salt`` and ``sender`` (the ephemeral key) are fresh unless given."""
    if len(payload) > LONGEST_PAYLOAD:
        raise ValueError(f"a push message holds at most {LONGEST_PAYLOAD} bytes")
    ua_public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), p256dh)
    # RFC 8291 §3.1: a new key pair for each message; its public half is the keyid.
    as_private = sender or ec.generate_private_key(ec.SECP256R1())
    as_public = public_bytes(as_private.public_key())
    ecdh_secret = as_private.exchange(ec.ECDH(), ua_public)
    # §3.3-3.4: the auth secret and both public keys go into the input keying material.
    key_info = b"WebPush: info\x00" + p256dh + as_public
    ikm = _hkdf(auth, ecdh_secret, key_info, 32)
    # RFC 8188 §2.2-2.3: the content-encryption key and the nonce, from a random salt.
    salt = os.urandom(16) if salt is None else salt
    cek = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    # §2: one record (sequence number 0, so the nonce as it is), the last: its
    # padding delimiter is 0x02, and no padding follows.
    record = AESGCM(cek).encrypt(nonce, payload + b"\x02", None)
    # §2.1: salt || rs || idlen || keyid, then the record.
    header = salt + struct.pack("!IB", RECORD_SIZE, len(as_public)) + as_public
    return header + record


def read_subscription(data: Any, private: bool = False) -> dict[str, Any] | None:
    """A browser's push subscription as its page sends it (``PushSubscription``'s
    JSON: ``{"endpoint", "keys": {"p256dh", "auth"}}``), checked; None for none.
    ``TableError`` says what is wrong with another."""
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise TableError('push: a subscription {"endpoint": url, "keys": {"p256dh", "auth"}}')
    endpoint = read_webhook(data.get("endpoint"), private, what="push endpoint")
    if endpoint is None:
        raise TableError("push: a subscription has an endpoint")
    keys = data["keys"]
    for name, size in (("p256dh", PUBLIC_KEY_SIZE), ("auth", AUTH_SIZE)):
        value = keys.get(name)
        try:
            raw = from_b64url(value) if isinstance(value, str) and len(value) < 200 else b""
        except ValueError:
            raw = b""
        if len(raw) != size:
            raise TableError(f"push: keys.{name} is {size} bytes in base64url")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), from_b64url(keys["p256dh"]))
    except ValueError:
        raise TableError("push: keys.p256dh is not a P-256 public key") from None
    return {"endpoint": endpoint, "keys": {"p256dh": keys["p256dh"], "auth": keys["auth"]}}


def push_body(table_id: str, title: str) -> dict[str, str]:
    """What a push notice says (the service worker shows it): the table, its game,
    that it is the seat's move, and where the table is."""
    return {
        "title": "plunder",
        "body": f"Your move in {title} at table {table_id}.",
        "url": f"/t/{table_id}",
    }


async def send_push(
    subscription: dict[str, Any],
    body: dict[str, str],
    key: ServerKey,
    contact: str,
    now: float,
    table_id: str,
    seat: int,
    private: bool = False,
) -> int | None:
    """Post ``body`` to the subscription's push service, encrypted and signed, once
    (as a webhook's notice is: ``notices.post``); its answer's HTTP status, None if
    there was none."""
    endpoint = subscription["endpoint"]
    keys = subscription["keys"]
    content = encrypt(
        json.dumps(body).encode(), from_b64url(keys["p256dh"]), from_b64url(keys["auth"])
    )
    headers = {
        "Authorization": key.authorization(endpoint, contact, now),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(TTL),
        "Urgency": "normal",
    }
    return await post(endpoint, table_id, seat, private, content=content, headers=headers)
