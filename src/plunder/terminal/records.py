"""Writing game records to disk, where ``plunder replay`` and ``plunder.replay`` read them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

RECORDS_DIR = Path("records")


def default_record_path(game: str, seed: int, when: datetime | None = None) -> Path:
    """``records/<game>-<YYYYmmdd-HHMMSS>-<seed>.json``, made unique if it already exists."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = RECORDS_DIR / f"{game}-{stamp}-{seed}.json"
    counter = 2
    while path.exists():
        path = RECORDS_DIR / f"{game}-{stamp}-{seed}-{counter}.json"
        counter += 1
    return path


def record_json(record: Mapping[str, Any]) -> str:
    """The record as JSON text with one move per line (readable, and diffs stay small)."""
    head = json.dumps({**record, "moves": []}, indent=2, ensure_ascii=False)
    moves = record.get("moves") or []
    if not moves:
        return head + "\n"
    listed = ",\n    ".join(json.dumps(list(move), ensure_ascii=False) for move in moves)
    # "moves" is the last key of a record: its placeholder is the last one in the text.
    before, _, after = head.rpartition('"moves": []')
    return f'{before}"moves": [\n    {listed}\n  ]{after}\n'


def save_record(record: Mapping[str, Any], path: Path) -> Path:
    """Write ``record`` to ``path`` (creating its folder); raises ``OSError`` on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record_json(record), encoding="utf-8")
    return path


__all__ = ["RECORDS_DIR", "default_record_path", "record_json", "save_record"]
