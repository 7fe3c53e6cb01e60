"""Pirates Under Fire's content file: loaded, checked, errors that name the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from plunder.engine.errors import ContentError
from plunder.games.underfire.content import CONTENT, CONTENT_FILE, load_content


def test_shipped_content_loads() -> None:
    assert sorted(CONTENT.ships) == list(range(1, 10))
    assert len(CONTENT.boards) == 6
    assert CONTENT.start["draw_pile"] == 18 and CONTENT.start["reserve"] == 9


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = CONTENT_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_an_unknown_effect_names_file_entry_and_field(tmp_path: Path) -> None:
    path = broken(tmp_path, 'effects = ["gold:2"]', 'effects = ["plunder"]')
    with pytest.raises(ContentError) as error:
        load_content(path)
    message = str(error.value)
    assert "plunder" in message and "content.toml" in message and "effects" in message
    assert error.value.entry == "1"


def test_a_board_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, 'a = [["gold:1"], ["reserve"], ["vp:1"]]', 'a = [["gold:1"]]')
    with pytest.raises(ContentError) as error:
        load_content(path)
    assert error.value.entry == "narrows" and error.value.field == "a"


def test_an_amount_on_an_effect_that_takes_none_is_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, 'effects = ["mine"]', 'effects = ["mine:2"]')
    with pytest.raises(ContentError, match="amount"):
        load_content(path)


def test_a_market_larger_than_the_mercenaries_is_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, "5 = 1", "5 = 4")
    with pytest.raises(ContentError, match="draws 4"):
        load_content(path)
