"""Child processes of the server: bot workers and table workers start and stop here.

Children are started with ``spawn``: a clean interpreter that inherits no thread,
lock or open socket of the server (``fork`` would copy an event loop mid-flight).
A child asked to stop is sent SIGTERM, given ``grace`` seconds to finish what it is
doing, then killed.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable
from multiprocessing.process import BaseProcess
from typing import Any

SPAWN = multiprocessing.get_context("spawn")


def start_child(
    target: Callable[..., object], args: tuple[Any, ...], name: str, daemon: bool = False
) -> BaseProcess:
    """A started child process running ``target(*args)``."""
    process = SPAWN.Process(target=target, args=args, name=name, daemon=daemon)
    process.start()
    return process


def stop_children(processes: Iterable[BaseProcess], grace: float) -> None:
    """Ask each living child to stop, wait up to ``grace`` seconds for each, then kill
    those still running. Every child is asked before any is waited for, so they stop
    side by side."""
    processes = list(processes)
    for process in processes:
        if process.exitcode is None:
            process.terminate()
    for process in processes:
        process.join(grace)
        if process.exitcode is None:
            process.kill()
            process.join(grace)
