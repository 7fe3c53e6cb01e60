"""`plunder games`, `--help`, `--version`, and the renderers."""

from __future__ import annotations

import io
import json

from rich.console import Console

import plunder
from plunder.games.duel.terminal import DuelRenderer
from plunder.terminal.render import GenericRenderer, renderer_for


def test_games_lists_duel(plunder_cli):
    result = plunder_cli(["games"])
    assert result.exit_code == 0
    assert "duel" in result.stdout
    assert "Duel" in result.stdout
    assert "2-5" in result.stdout
    assert "deflection" in result.stdout and "per-weapon" in result.stdout


def test_games_lists_each_choice_with_its_words_and_how_a_list_is_typed(
    plunder_cli, monkeypatch
):
    """The options' help is in players' words; the notation a value is typed in stays
    in the "accepts" column, each choice there with its words."""
    monkeypatch.setenv("COLUMNS", "2000")  # one line a row: nothing folded mid-word
    shown = " ".join(plunder_cli(["games"]).stdout.split())
    assert "seed (A pirate who shoots cannot be hit)" in shown
    assert "carcharius,ishmael,nerissa;calavera,demarco,hueso" in shown
    listed = json.loads(plunder_cli(["games", "--json"]).stdout)
    heroes = next(o for g in listed if g["name"] == "rumbones" for o in g["options"]
                  if o["name"] == "heroes")
    assert ";" in heroes["accepts"] and ";" not in heroes["help"]


def test_games_json(plunder_cli):
    result = plunder_cli(["games", "--json"])
    games = json.loads(result.stdout)
    duel = next(game for game in games if game["name"] == "duel")
    assert duel["min_players"] == 2 and duel["max_players"] == 5
    assert {option["name"] for option in duel["options"]} >= {"players", "target", "deflection"}


def test_version(plunder_cli):
    result = plunder_cli(["--version"])
    assert result.exit_code == 0
    assert plunder.__version__ in result.stdout


def test_help_describes_every_command(plunder_cli):
    result = plunder_cli(["--help"])
    assert result.exit_code == 0
    for command in ("games", "play", "replay", "match"):
        assert command in result.stdout
    for command in ("games", "play", "replay", "match"):
        assert plunder_cli([command, "--help"]).exit_code == 0


def test_flags_show_no_value_type(plunder_cli):
    # A flag takes no value, so its help line names none: "--json", not "--json <bool>".
    for command in ([], ["games"], ["play"], ["replay"], ["match"], ["serve"]):
        text = plunder_cli([*command, "--help"]).stdout
        assert "--json" in text or command not in (["games"], ["match"])
        assert "--help" in text
        flagged = [line for line in text.splitlines() if "<bool>" in line]
        assert not flagged, flagged


def render(renderable) -> str:
    screen = io.StringIO()
    Console(file=screen, width=100).print(renderable)
    return screen.getvalue()


def test_duel_renderer_draws_only_the_view():
    state = plunder.load("duel", players=3).new(seed=1)
    state.act(0, "rifle>2")
    renderer = renderer_for("duel")
    assert isinstance(renderer, DuelRenderer)
    mine = render(renderer.table(state.view(0), {0: "you"}))
    assert "chosen: rifle>2" in mine  # a seat sees its own committed choice
    assert "Your hand: colt x3, rifle, barricade, reload" in mine
    theirs = render(renderer.table(state.view(1), {1: "you"}))
    assert "rifle>2" not in theirs
    assert "chosen" in theirs  # that seat 0 has chosen, not what
    spectator = render(renderer.table(state.view(None), {}))
    assert "Your hand" not in spectator


def test_generic_renderer_draws_any_view():
    renderer = renderer_for("no-such-game")
    assert type(renderer) is GenericRenderer
    state = plunder.load("duel", players=2).new(seed=1)
    text = render(renderer.table(state.view(0), {0: "you"}))
    assert "seat 0 (you)" in text
    assert "Your hand" in text
    assert "Still to choose: seats 0, 1." in text
    assert renderer.event({"type": "tick", "n": 3}) == "tick: n=3"
    assert "plunder/games/duel/guide.md" in renderer.rules_help(state.view(0))
