"""Suite-wide switches: the ``slow`` tests run only when asked for.

``./run test`` runs a quick set (the conformance kit over every pair of option
values, few playouts); ``./run test --slow`` (or ``PLUNDER_SLOW=1``) adds the
tests marked ``slow``: the full playout counts and whole option products, as CI
runs them. Slow tests are deselected, not skipped, so a report never counts them
as passed or hides a failure behind a skip.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

SLOW_ENVIRONMENT = "PLUNDER_SLOW"

# Property tests judge what the code does, not how fast: no deadline per example,
# which a loaded machine (the suite runs on two workers) could overrun.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help=f"also run the tests marked slow (or set {SLOW_ENVIRONMENT}=1)",
    )


def slow_wanted(config: pytest.Config) -> bool:
    """Whether this run includes the slow tests: asked for, or picked with ``-m``."""
    return (
        bool(config.getoption("--slow"))
        or os.environ.get(SLOW_ENVIRONMENT, "") not in ("", "0")
        or "slow" in (config.getoption("markexpr") or "")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_wanted(config):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
