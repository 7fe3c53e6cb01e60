"""Loading the project's ``scripts/`` (not a package) as modules, for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script_path(name: str) -> Path:
    """The file of ``scripts/<name>.py``."""
    return SCRIPTS / f"{name}.py"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module, loaded once."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, script_path(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Dataclasses look their module up in sys.modules while the class is built.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
