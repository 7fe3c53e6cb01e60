"""A Ray the lab starts on this machine (``--cluster local``) listens on loopback alone:
no server of it can be reached from another machine."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import pytest

from plunder.lab.run import LOCAL, Backend, ray_settings
from plunder.lab.study import LabSpec, run_lab

LISTEN = "0A"  # the state of a listening socket in /proc/net/tcp


def _descendants(root: int) -> set[int]:
    """``root`` and every process started under it (Ray's servers and workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # a process that ended meanwhile
                continue
            parents[int(entry.name)] = int(fields[1])
    found = {root}
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return found


def _socket_inodes(pids: set[int]) -> set[str]:
    inodes = set()
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[len("socket:[") : -1])
    return inodes


def _address(hexed: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    # /proc/net/tcp writes the address as 32-bit words in the machine's byte order.
    raw = bytes.fromhex(hexed)
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    found = ipaddress.ip_address(words)
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def listening(pids: set[int]) -> list[tuple[str, int]]:
    """The addresses and ports on which ``pids`` listen for TCP connections."""
    inodes = _socket_inodes(pids)
    out = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == LISTEN and fields[9] in inodes:
                host, port = fields[1].split(":")
                out.append((str(_address(host)), int(port, 16)))
    return out


def test_the_address_reader_reads_proc_net_tcp() -> None:
    # Lines of /proc/net/tcp and tcp6 on a little-endian machine, read by hand.
    assert str(_address("0100007F")) == "127.0.0.1"
    assert str(_address("020200C0")) == "192.0.2.2"
    assert str(_address("00000000000000000000000000000000")) == "::"
    assert str(_address("0000000000000000FFFF00000100007F")) == "127.0.0.1"
    assert str(_address("00000000000000000000000001000000")) == "::1"


def test_a_local_ray_is_started_without_a_dashboard_on_loopback() -> None:
    settings = ray_settings(LOCAL, 2, {})
    assert settings["include_dashboard"] is False
    assert settings["_node_ip_address"] == "127.0.0.1"
    assert settings["num_cpus"] == 2
    joined = ray_settings("ray://head:10001", 0, {"PYTHONPATH": "x"})
    assert joined["address"] == "ray://head:10001" and "_node_ip_address" not in joined
    assert joined["runtime_env"] == {"env_vars": {"PYTHONPATH": "x"}}


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_a_local_ray_listens_on_loopback_alone() -> None:
    pytest.importorskip("ray")
    seen: list[tuple[str, int]] = []

    def look(done: int, total: int) -> None:
        # Called while Ray is up: its servers and workers are this process's children.
        seen.extend(listening(_descendants(os.getpid())))

    spec = LabSpec("duel", ("greedy", "random"), 2, {}, seed=1)
    report = run_lab(spec, Backend(jobs=1, cluster=LOCAL), on_progress=look)
    assert report["timing"]["backend"]["kind"] == "ray"
    assert seen, "Ray listened on nothing: the sockets were not found"
    exposed = [(host, port) for host, port in seen if not ipaddress.ip_address(host).is_loopback]
    assert not exposed, f"Ray listens beyond this machine: {exposed}"
