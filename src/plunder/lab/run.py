"""Where a study's games are played: this process, a pool of processes, or a Ray cluster.

Every backend plays the same batches of scheduled games with the same function
(``plunder.lab.play.play_batch``) and hands the records back as batches finish;
the lab puts them back in schedule order, so the report does not depend on the
backend. Games travel in batches so that the cost of sending work to a process
or a node stays small next to the games themselves.

Ray is optional (``pip install 'plunder[lab]'``) and imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from plunder.engine.errors import PlunderError
from plunder.engine.registry import ENVIRONMENT
from plunder.lab.play import GameRecord, play_batch
from plunder.lab.schedule import Slot
from plunder.match import default_jobs, start_worker, stop_workers

# A study of a run (one per value of a sweep): its game options and its games.
Study = tuple[Mapping[str, Any], Sequence[Slot]]
# Told, as each batch ends, which study it belongs to and its records.
OnRecords = Callable[[int, list[GameRecord]], None]
# A batch of work: the study's number, its options and some of its games.
Task = tuple[int, dict[str, Any], list[Slot]]

# The address that starts a Ray instance on this machine rather than joining one.
LOCAL = "local"
# Batches per worker, about: enough to keep every worker busy to the end and the
# progress bar moving, few enough that sending them costs little.
BATCHES_PER_WORKER = 40
LARGEST_BATCH = 25


class LabError(PlunderError):
    """A study that cannot run as asked (a backend that is missing or cannot start)."""


def tasks(studies: Sequence[Study], workers: int) -> list[Task]:
    """The studies' games cut into batches for ``workers`` workers.

    >>> [len(t[2]) for t in tasks([({}, list(range(10)))], 1)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    >>> [len(t[2]) for t in tasks([({}, list(range(5_000))), ({}, list(range(5_000)))], 2)][:4]
    [1, 1, 25, 25]
    >>> sum(len(t[2]) for t in tasks([({}, list(range(5_000))), ({}, list(range(5_000)))], 2))
    10000
    """
    total = sum(len(slots) for _, slots in studies)
    size = max(1, min(LARGEST_BATCH, total // (workers * BATCHES_PER_WORKER)))
    out: list[Task] = []
    for number, (options, slots) in enumerate(studies):
        # Each worker's first batch is one game, so that the first results (and the
        # progress bar) come as soon as a game is played.
        cuts = list(range(min(workers, len(slots)))) if not out else []
        cuts += range(len(cuts), len(slots), size)
        for start, end in zip(cuts, [*cuts[1:], len(slots)], strict=True):
            out.append((number, dict(options), list(slots[start:end])))
    return out


def play_task(game_name: str, task: Task) -> tuple[int, list[GameRecord]]:
    """Play one batch of work: its study's number and the records of its games."""
    number, options, slots = task
    return number, play_batch(game_name, options, slots)


@dataclass(frozen=True)
class Backend:
    """How to play the games: ``jobs`` workers (0: one per core), on a Ray
    ``cluster`` (an address, or ``"local"``) or, without one, in a process pool.
    ``fresh``: in new processes even with one worker, which read the game's content
    anew (with the overrides of the environment, ``plunder.engine.tuning``)."""

    jobs: int = 0
    cluster: str | None = None
    fresh: bool = False

    @property
    def workers(self) -> int:
        return default_jobs(self.jobs)

    def describe(self) -> dict[str, Any]:
        if self.cluster is not None:
            return {"kind": "ray", "address": self.cluster, "jobs": self.jobs}
        return {"kind": "pool" if self.workers > 1 else "process", "jobs": self.workers}

    def run(self, game_name: str, studies: Sequence[Study], on_records: OnRecords) -> None:
        """Play every study's games, calling ``on_records`` as each batch ends."""
        if self.cluster is not None:
            _run_ray(game_name, studies, self.cluster, self.jobs, on_records)
        elif not self.fresh and (
            self.workers == 1 or sum(len(slots) for _, slots in studies) == 1
        ):
            for task in tasks(studies, 1):
                on_records(*play_task(game_name, task))
        else:
            _run_pool(game_name, studies, self.workers, on_records)


def _run_pool(
    game_name: str, studies: Sequence[Study], workers: int, on_records: OnRecords
) -> None:
    cut = tasks(studies, workers)
    # "spawn": clean interpreters, with no lock or thread (the progress bar's) copied
    # mid-use, and the same behaviour on every platform.
    executor = ProcessPoolExecutor(
        max_workers=min(workers, len(cut)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=start_worker,
        initargs=(None,),
    )
    try:
        waiting: set[Future[tuple[int, list[GameRecord]]]] = {
            executor.submit(play_task, game_name, task) for task in cut
        }
        while waiting:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                on_records(*future.result())
    except BaseException:
        # Ctrl-C, or a game that raised: stop the workers now, not after their games.
        stop_workers(executor)
        raise
    executor.shutdown(wait=True)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LabError(
            "--cluster runs the games on Ray, which is not installed: "
            "pip install 'plunder[lab]' (in a checkout: pip install -e '.[lab]')"
        ) from None
    return ray


# Ray takes a node's address to be one other machines can reach unless this is "0"
# (its setting for single-machine platforms): then every server it starts (the GCS,
# the raylet, the object manager, the workers and their agents) listens on
# 127.0.0.1 alone. Read when Ray is imported, and by the processes Ray starts.
LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def ray_settings(address: str, jobs: int, passed: Mapping[str, str]) -> dict[str, Any]:
    """The arguments of ``ray.init`` for a run at ``address`` (``LOCAL``: a Ray of this
    machine's own, reachable from it alone)."""
    settings: dict[str, Any] = {
        # The dashboard is a web server open to whoever reaches it: a run needs none.
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": "ERROR",
        "runtime_env": {"env_vars": dict(passed)} if passed else None,
    }
    if address == LOCAL:
        settings["num_cpus"] = default_jobs(jobs)
        settings["_node_ip_address"] = "127.0.0.1"
    else:
        settings["address"] = address
    return settings


def _run_ray(
    game_name: str, studies: Sequence[Study], address: str, jobs: int, on_records: OnRecords
) -> None:
    if address == LOCAL:
        # A Ray started here takes no connection from another machine: the lab sends
        # nothing anywhere and lets nothing in.
        os.environ[LOOPBACK_ONLY] = "0"
    ray = _import_ray()
    if address == LOCAL:
        # Ray read the setting when it was imported: if that was before (in a
        # process that used Ray already), its constant is set as the import would have.
        from ray._private import ray_constants

        ray_constants.ENABLE_RAY_CLUSTER = False
    # Ray reports usage to its makers unless told not to; a lab run sends nothing.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # The workers find games kept outside plunder the way this process does.
    passed = {k: os.environ[k] for k in (ENVIRONMENT, "PYTHONPATH") if os.environ.get(k)}
    try:
        ray.init(**ray_settings(address, jobs, passed))
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError...
        raise LabError(f"could not start or reach Ray at {address!r}: {exc}") from exc
    try:
        workers = int(ray.cluster_resources().get("CPU", 1)) if jobs == 0 else jobs
        remote = ray.remote(play_task)
        waiting = [remote.remote(game_name, task) for task in tasks(studies, workers)]
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                on_records(*ray.get(ref))
    except KeyboardInterrupt:
        for ref in waiting:
            ray.cancel(ref, force=True)
        raise
    finally:
        ray.shutdown()


__all__ = ["LOCAL", "LOOPBACK_ONLY", "Backend", "LabError", "play_task", "ray_settings", "tasks"]
