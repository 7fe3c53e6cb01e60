"""The learning libraries are an optional extra: a clear message when one is missing."""

from __future__ import annotations

import importlib
from types import ModuleType

# The distribution that provides each module, for the message.
DISTRIBUTIONS = {"gymnasium": "gymnasium", "pettingzoo": "pettingzoo", "pyspiel": "open_spiel"}


class MissingExtra(ImportError):
    """A learning library is not installed: ``pip install plunder[rl]`` brings them all."""


def need(module: str) -> ModuleType:
    """Import ``module``, or say which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        wanted = DISTRIBUTIONS.get(module.split(".")[0], module)
        raise MissingExtra(
            f"plunder.rl needs {wanted}, which is not installed: "
            f"pip install 'plunder[rl]' (or pip install -e '.[rl]' in a checkout)"
        ) from exc


__all__ = ["MissingExtra", "need"]
