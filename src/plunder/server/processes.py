"""Running the server: one process, or several workers on one machine (``--workers``).

Each worker listens on the public port, which they share (``SO_REUSEPORT``: the
kernel hands each new connection to one of them), and on a port of its own, the
address other processes relay a table's requests to when it owns that table
(``plunder.server.relay``). The first process supervises the workers: one that
dies is started again on the same ports, and takes back at once the tables it
held (a lease held at its own address is its own: see ``Store.claim_lease``).
"""

from __future__ import annotations

import logging
import signal
import socket
import time
from dataclasses import dataclass
from typing import Any

from plunder.server.children import start_child, stop_children
from plunder.server.owners import Ownership
from plunder.server.settings import LEASE_TTL, Settings

log = logging.getLogger("plunder.server")

# Seconds between two starts of one worker that keeps dying.
RESTART_WAIT = 1.0


@dataclass(frozen=True)
class Serving:
    """What ``plunder serve`` was asked: everything a worker needs to start."""

    url: str
    settings: Settings
    host: str = "127.0.0.1"
    port: int = 8000
    quiet: bool = False
    forwarded_allow_ips: str = ""
    internal_host: str = "127.0.0.1"
    lease_ttl: float = LEASE_TTL
    # The store is PostgreSQL: tables are held under leases, others may share it.
    shared: bool = False


def _listen(host: str, port: int, share: bool) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if share:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _end_with_parent() -> None:
    """A worker is sent SIGTERM when the process that started it dies, however it died
    (Linux; elsewhere the supervisor's own stop ends its workers)."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def serve_one(serving: Serving, internal_port: int | None) -> None:
    """Serve in this process: on the public port alone, or as a worker (``internal_port``)."""
    import uvicorn

    from plunder.server.app import create_app

    logging.basicConfig(
        level=logging.WARNING if serving.quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    sockets = None
    reached_at = serving.port
    if internal_port is not None:
        _end_with_parent()
        sockets = [
            _listen(serving.host, serving.port, share=True),
            _listen(serving.internal_host, internal_port, share=False),
        ]
        reached_at = internal_port
    ownership = None
    if serving.shared:
        ownership = Ownership(f"http://{serving.internal_host}:{reached_at}", serving.lease_ttl)
    config = uvicorn.Config(
        create_app(serving.url, settings=serving.settings, ownership=ownership),
        host=serving.host,
        port=serving.port,
        log_level="warning" if serving.quiet else "info",
        # Refuse big frames in the protocol layer; the app answers anything over
        # max_message with an error and closes.
        ws_max_size=4 * serving.settings.max_message,
        ws_per_message_deflate=serving.settings.ws_compression,
        access_log=not serving.quiet,
        # A client is the address of its connection, unless that is a proxy the
        # operator named: anyone could otherwise claim any address (and so escape
        # the limits per client) by sending X-Forwarded-For.
        proxy_headers=bool(serving.forwarded_allow_ips),
        forwarded_allow_ips=serving.forwarded_allow_ips or None,
    )
    uvicorn.Server(config).run(sockets=sockets)


def supervise(serving: Serving, workers: int, first_internal: int) -> None:
    """Run ``workers`` worker processes until asked to stop; start again any that dies."""
    logging.basicConfig(
        level=logging.WARNING if serving.quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    stopping = False

    def stop(_signal: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def start(index: int) -> Any:
        process = start_child(serve_one, (serving, first_internal + index),
                              f"plunder-worker-{index}")
        log.info("worker %d started (pid %s, port %d)", index, process.pid,
                 first_internal + index)
        return process

    running = [start(index) for index in range(workers)]
    started = [time.monotonic()] * workers
    try:
        while not stopping:
            time.sleep(0.2)
            for index, process in enumerate(running):
                if process.exitcode is None or stopping:
                    continue
                if time.monotonic() - started[index] < RESTART_WAIT:
                    continue
                log.warning("worker %d exited (%s); started again", index, process.exitcode)
                running[index] = start(index)
                started[index] = time.monotonic()
    finally:
        stop_children(running, grace=15)
