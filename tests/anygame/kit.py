"""The toy game outside the project: copy it to a folder, register it, forget it again.

``tests/anygame/plunder_toygame`` is the source of a game package that lives
outside ``src/plunder`` (pytest never imports it from here: see this folder's
conftest). A test copies it to a temporary folder and makes plunder find it the
way any outside game is found: by the environment variable ``PLUNDER_GAMES``
naming an importable package (``PYTHONPATH`` for a subprocess, ``sys.path``
in-process).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from plunder.engine import registry

SOURCE = Path(__file__).parent / "plunder_toygame"
PACKAGE = "plunder_toygame"
NAME = "odds"  # the game's name, as its Game class declares it
TITLE = "Odds"


def install(folder: Path) -> Path:
    """Copy the toy package into ``folder`` (created if needed); returns ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCE, folder / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def environment(folder: Path) -> dict[str, str]:
    """This process's environment, plus what makes a subprocess find the toy in ``folder``."""
    env = dict(os.environ)
    games = [name for name in env.get(registry.ENVIRONMENT, "").split(",") if name.strip()]
    env[registry.ENVIRONMENT] = ",".join([*games, PACKAGE])
    paths = [path for path in env.get("PYTHONPATH", "").split(os.pathsep) if path]
    env["PYTHONPATH"] = os.pathsep.join([str(folder), *paths])
    return env


def forget() -> None:
    """Undo the toy's registration in this process, so later tests see only the real games.

    The registry keeps what it imported for the life of the process; a test that
    registered the toy must leave no trace of it for tests that walk every game.
    """
    registry._manifests.pop(NAME, None)
    registry._imported.discard(PACKAGE)
    for module in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[module]
