"""The rules panel: each game's guide for players, served as HTML from the game's
manifest; a game without a guide gets its numbered rules document instead."""

from __future__ import annotations

import dataclasses
import html

import pytest

from plunder.engine import registry
from plunder.engine.registry import manifest, names
from plunder.server.routes.pages import rules_html


@pytest.mark.parametrize("game", names())
def test_every_game_serves_its_players_guide(client, game: str) -> None:
    response = client.get(f"/games/{game}/rules")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    text = response.text
    own = manifest(game)
    guide = own.file(own.guide)
    assert guide is not None, f"{game} ships no guide"
    title = guide.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert f"<h1>{html.escape(title, quote=False)}</h1>" in text
    # The content drawn as tables; not the developers' document, with its
    # numbered rules, its tests and its sources.
    assert "<table>" in text
    assert "R1." not in text and "<td>R1</td>" not in text
    assert "tests/" not in text and "seeds/" not in text


def test_a_game_without_a_guide_serves_its_numbered_rules(client, monkeypatch) -> None:
    """A game kept outside the project may ship only its rules document."""
    bare = dataclasses.replace(manifest("duel"), guide=None)
    monkeypatch.setitem(registry._manifests, "duel", bare)
    text = client.get("/games/duel/rules").text
    source = bare.rules_file()
    assert source is not None
    title = source.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert f"<h1>{html.escape(title, quote=False)}</h1>" in text
    assert "R1." in text  # the numbered rules


def test_an_unknown_game_has_no_rules(client) -> None:
    assert client.get("/games/no-such-game/rules").status_code == 404


def test_raw_html_in_a_document_is_shown_never_run(tmp_path) -> None:
    document = tmp_path / "rules.md"
    document.write_text("# Rules\n\n<script>alert(1)</script>\n\n- R1. <b>bold</b>\n")
    html = rules_html(document)
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "<li>R1." in html
