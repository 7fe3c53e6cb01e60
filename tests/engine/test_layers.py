"""The games and the engine stand below the learning layer: none of them imports it.

A game's batch engine keeps a contract of the engine's (``plunder.engine.batch``);
``plunder.rl`` runs it. Were a game to import ``plunder.rl``, loading the game
would pull in the learning layer, and the layers would depend on each other. Every
module under ``src/plunder/games`` and ``src/plunder/engine`` is read (not
imported) and each of its imports, relative ones resolved, is checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "plunder"
BELOW_RL = ("games", "engine")
FORBIDDEN = "plunder.rl"


def module_name(path: Path) -> str:
    """``src/plunder/games/duel/batch.py`` -> ``plunder.games.duel.batch``."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool) -> list[str]:
    """Every module ``source`` (the text of ``module``) imports, relative ones made absolute."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            # ``from plunder import rl`` imports the module ``plunder.rl``.
            found += [target] + [f"{target}.{alias.name}" for alias in node.names]
    return found


def reaches_rl(name: str) -> bool:
    return name == FORBIDDEN or name.startswith(FORBIDDEN + ".")


def test_the_scan_catches_each_way_of_importing_the_learning_layer() -> None:
    leaks = [
        "import plunder.rl",
        "import plunder.rl.batched as b",
        "from plunder.rl.batched import BatchEnv",
        "from plunder import rl",
        "from ...rl import batched",  # from plunder.games.duel
        "def later():\n    from plunder.rl import batch\n",
    ]
    for source in leaks:
        assert any(map(reaches_rl, imported(source, "plunder.games.duel.batch", False))), source
    fine = ["import plunder.engine.batch", "from plunder.engine import batch",
            "from ..rumble import rules", "import plunder.rules"]
    for source in fine:
        assert not any(map(reaches_rl, imported(source, "plunder.games.duel.batch", False))), source


@pytest.mark.parametrize("layer", BELOW_RL)
def test_no_game_and_no_engine_module_imports_the_learning_layer(layer: str) -> None:
    files = sorted((SOURCE / layer).rglob("*.py"))
    assert len(files) > 10  # the layer is where the scan looks
    leaks = []
    for path in files:
        names = imported(path.read_text(encoding="utf-8"), module_name(path),
                         path.name == "__init__.py")
        leaks += [f"{path.relative_to(SOURCE)}: {name}" for name in names if reaches_rl(name)]
    assert leaks == []
