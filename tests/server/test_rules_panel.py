"""The rules panel: each game's rules document, served as HTML from the game's manifest."""

from __future__ import annotations

import html

import pytest

from plunder.engine.registry import manifest, names
from plunder.server.app import rules_html


@pytest.mark.parametrize("game", names())
def test_every_game_serves_its_numbered_rules(client, game: str) -> None:
    response = client.get(f"/games/{game}/rules")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    text = response.text
    source = manifest(game).rules_file()
    assert source is not None
    title = source.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert f"<h1>{html.escape(title, quote=False)}</h1>" in text
    # The numbered rules (as a list or a table), and tables drawn as tables.
    assert ("R1." in text or "<td>R1</td>" in text) and "<table>" in text


def test_an_unknown_game_has_no_rules(client) -> None:
    assert client.get("/games/no-such-game/rules").status_code == 404


def test_raw_html_in_a_document_is_shown_never_run(tmp_path) -> None:
    document = tmp_path / "rules.md"
    document.write_text("# Rules\n\n<script>alert(1)</script>\n\n- R1. <b>bold</b>\n")
    html = rules_html(document)
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "<li>R1." in html
