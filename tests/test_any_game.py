"""Any game plugs in: a toy registered from a package outside the project plays everywhere.

The toy (``tests/anygame/plunder_toygame``: Odds, stakes chosen in secret and a
public die) brings its rules, an encoder and a catalogue, and nothing else: no
renderer, no bot. It is copied to a temporary folder and found through
``PLUNDER_GAMES``, exactly as a game kept anywhere else would be. These tests
then show that ``plunder games`` lists it, the conformance kit passes it, the
terminal plays and replays it, every generic bot plays it, ``plunder match``
runs it and the browser table plays it with the generic renderer.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import plunder
from anygame import kit
from plunder import bots
from plunder.engine import registry
from plunder.engine.conformance import check_game, option_matrix
from plunder.engine.words import Filler, label, prompt
from plunder.server.app import create_app
from server.kit import HUMAN, Socket, bot
from words_js import run_js

ROOT = Path(__file__).resolve().parents[1]
STAKES = {"stake>1", "stake>2", "stake>3"}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """The toy copied to a folder outside the project (not registered in this process)."""
    folder = kit.install(tmp_path / "elsewhere")
    assert ROOT not in folder.resolve().parents
    return folder


@pytest.fixture
def toy(outside: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy registered in this process, as ``PLUNDER_GAMES`` makes the registry find it."""
    assert kit.NAME not in registry._manifests, "the toy leaked from an earlier test"
    monkeypatch.syspath_prepend(str(outside))
    monkeypatch.setenv(registry.ENVIRONMENT, kit.PACKAGE)
    try:
        yield outside
    finally:
        kit.forget()


def plunder_command(folder: Path, *args: str, stdin: str = "", timeout: float = 300) -> str:
    """Run ``plunder ARGS`` in a process that finds the toy in ``folder``; its output."""
    done = subprocess.run(
        [sys.executable, "-m", "plunder.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=kit.environment(folder),
        cwd=folder,
        timeout=timeout,
    )
    assert done.returncode == 0, f"plunder {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


# ------------------------------------------------------------------ registry


def test_a_game_without_a_batch_engine_says_so(toy: Path) -> None:
    from plunder.rl.batched import rules_for

    assert registry.manifest(kit.NAME).batch is None
    with pytest.raises(NotImplementedError, match="no batch engine"):
        rules_for(kit.NAME)


def test_the_toy_is_found_through_the_environment_only(toy: Path) -> None:
    assert kit.NAME in plunder.engine.names()
    found = registry.manifest(kit.NAME)
    assert found.package == kit.PACKAGE
    assert Path(sys.modules[kit.PACKAGE].__file__ or "").resolve().is_relative_to(toy.resolve())
    # It brings no renderer and no bot: every front end must use its generic parts.
    assert (found.terminal, found.browser, dict(found.bots)) == (None, None, {})


def test_the_toy_is_unknown_without_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(registry.ENVIRONMENT, raising=False)
    assert kit.NAME not in plunder.engine.names()
    with pytest.raises(plunder.UnknownGame):
        plunder.load(kit.NAME)


def test_the_project_never_names_the_toy() -> None:
    # Nothing in the package special-cases the toy: it works by the protocol alone.
    mentions = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "src").rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".js", ".html", ".css", ".toml")
        and kit.PACKAGE in path.read_text(encoding="utf-8")
    ]
    assert mentions == []


def test_plunder_games_lists_the_toy_with_its_options(outside: Path) -> None:
    listed = json.loads(plunder_command(outside, "games", "--json"))
    toy = next((game for game in listed if game["name"] == kit.NAME), None)
    assert toy is not None, [game["name"] for game in listed]
    assert (toy["title"], toy["min_players"], toy["max_players"]) == (kit.TITLE, 2, 4)
    options = {option["name"]: option for option in toy["options"]}
    assert list(options) == ["players", "target", "round_limit"]
    assert (options["target"]["default"], options["target"]["minimum"]) == (3, 1)
    assert options["round_limit"]["default"] == 12
    # The real games are still there beside it.
    assert {"duel", "rumble"} <= {game["name"] for game in listed}
    table = plunder_command(outside, "games")
    assert re.search(rf"\b{kit.NAME}\b.*\b{kit.TITLE}\b.*2-4", table)
    assert f"Options of {kit.NAME}" in table and "round_limit" in table


# ------------------------------------------------------------------ the kit


def test_the_toy_passes_the_conformance_kit(toy: Path) -> None:
    combos = option_matrix(kit.NAME)
    # Every player count, then the whole-number options at their minimum.
    assert {combo["players"] for combo in combos} == {2, 3, 4}
    assert {"target": 1} in [{k: v for k, v in c.items() if k == "target"} for c in combos]
    for options in combos:
        report = check_game(plunder.load(kit.NAME, **options), playouts=8, deep=1, seed=3)
        assert report.playouts == 8 and report.states_checked_deeply > 0


def test_the_toy_offers_what_learners_read(toy: Path) -> None:
    game = plunder.load(kit.NAME, players=3)
    assert [action.notation for action in game.action_space()] == sorted(STAKES)
    state = game.new(seed=4)
    assert state.legal_mask(0).tolist() == [True, True, True]
    assert state.observation(0).shape == game.observation_shape()
    assert state.view(0)["decision"] == {"kind": "stake", "seats": [0, 1, 2], "round": 1}
    catalogue = game.catalogue()
    assert catalogue["title"] == kit.TITLE
    assert [entry["id"] for entry in catalogue["stakes"]] == ["stake-1", "stake-2", "stake-3"]
    assert game.max_decisions() == 12 * 3


# ------------------------------------------------------------------ the terminal


def test_the_toy_plays_at_the_terminal_and_its_record_replays(outside: Path) -> None:
    record = outside / "odds.json"
    # The human asks for help, types a stake that is no action, then always takes
    # the first action listed; more lines than the game can use.
    answers = "?\nstake>9\n" + "1\n" * 60
    shown = plunder_command(
        outside,
        "play", kit.NAME, "--players", "3", "--humans", "1", "--bot", "random",
        "--seed", "11", "--save", str(record), "--option", "target=2",
        stdin=answers,
    )
    assert f"{kit.TITLE}, 3 players" in shown
    assert "Seat 0: your turn" in shown
    assert "1) stake>1" in shown  # the generic renderer lists the legal actions
    # The toy's declared words for its decision and its actions, with no renderer.
    assert "Round 1: stake 1 to 3 coins in secret." in shown
    assert "put 1 on the table" in shown
    assert "a stake is 1 to 3 coins, not 9" in shown  # the rules' own refusal
    # The lone human sees its own lucky number each round, and no other seat's.
    dealt = len(re.findall(r"Round \d+: your lucky number is [1-6]\.", shown))
    revealed = len(re.findall(r"Stakes: seat 0", shown))
    assert dealt == revealed > 0
    assert re.search(r"Winners?: seat", shown), shown[-2000:]
    saved = json.loads(record.read_text())
    assert (saved["game"], saved["seed"], saved["options"]["target"]) == (kit.NAME, 11, 2)
    humans = [notation for seat, notation in saved["moves"] if seat == 0]
    assert humans and set(humans) <= STAKES

    replayed = plunder_command(outside, "replay", str(record), "--all")
    assert "Result" in replayed and re.search(r"Winners?: seat", replayed)
    assert "your lucky number" not in replayed  # a spectator sees no seat's secret
    # Every round's public events are shown: the stakes, the die and who scored.
    rounds = sum(1 for _ in re.finditer(r"Stakes: seat 0", replayed))
    assert rounds == len(saved["moves"]) // 3 > 0


def test_the_toys_declared_decision_is_worded_alike_by_both_front_ends(toy: Path) -> None:
    """A kind of decision declared in the game's words needs no front-end code: the
    terminal's and the browser's fillers word its prompt and actions alike."""
    game = plunder.load(kit.NAME, players=2)
    state = game.new(seed=3)
    view = state.view(0)
    catalogue = game.catalogue()
    filler = Filler(catalogue)
    actions = [action.to_json() for action in state.legal(0)]
    python = [prompt(catalogue, view, filler)] + [
        label(catalogue, action, view, filler) for action in actions
    ]
    browser = run_js(
        [["prompt", catalogue, view]] + [["label", catalogue, action, view] for action in actions]
    )
    assert python == browser
    assert python == [
        "Round 1: stake 1 to 3 coins in secret.",
        "put 1 on the table",
        "put 2 on the table",
        "put 3 on the table",
    ]


# ------------------------------------------------------------------ the bots


def test_every_generic_bot_is_offered_and_plays_whole_games(toy: Path) -> None:
    assert bots.names(kit.NAME) == ["random", "ismcts"]
    game = plunder.load(kit.NAME, players=3, target=2)
    for name in bots.names(kit.NAME):
        player = bots.get(name, kit.NAME, level="easy")
        bots.check_game(player, game)
        for seed in (1, 2):
            state = game.new(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = min(state.pending)
                state.act(seat, player.choose(state, seat, rng))
            assert state.result is not None
            assert len(state.moves) <= game.max_decisions()
            assert plunder.replay(state.record).view(None) == state.view(None)


def test_plunder_match_runs_the_toy(outside: Path) -> None:
    shown = plunder_command(
        outside,
        "match", kit.NAME, "--bots", "random,ismcts:easy", "--games", "4", "--jobs", "1",
        "--seed", "9", "--json",
    )
    report = json.loads(shown)
    assert (report["game"], report["games"], report["players"]) == (kit.NAME, 4, 3)
    assert [entry["label"] for entry in report["bots"]] == ["random", "ismcts:easy"]
    wins = sum(entry["wins"] for entry in report["bots"])
    assert wins + report["draws"] == pytest.approx(4)


# ------------------------------------------------------------------ the browser table


@pytest.fixture
def client(toy: Path, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", bot_delay=0)) as made:
        yield made


def test_the_lobby_lists_the_toy_with_the_generic_bots(client: TestClient) -> None:
    games = client.get("/api/games").json()
    toy = next((game for game in games if game["name"] == kit.NAME), None)
    assert toy is not None, [game["name"] for game in games]
    assert toy["title"] == kit.TITLE and toy["default_players"] == 3
    assert [b["name"] for b in toy["bots"]] == ["random", "ismcts"]
    assert toy["timed_when"] is None


def test_the_generic_browser_renderer_draws_the_toy(client: TestClient) -> None:
    script = client.get(f"/games/{kit.NAME}/renderer.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert script.text == ""  # the page falls back to static/generic.js
    assert client.get("/games/no-such-game/renderer.js").status_code == 404


def _holds_choice(message: dict[str, Any], round_: int) -> bool:
    """A state in which seat 0's stake for ``round_`` is committed (or resolved)."""
    if message["type"] != "state":
        return False  # the chat history, or another message beside the states
    view = message["view"]
    return view["over"] or view["round"] > round_ or 0 in view["committed"]


def test_a_human_plays_the_toy_to_the_end_at_the_browser_table(client: TestClient) -> None:
    body = {
        "game": kit.NAME,
        "options": {"target": 2},
        "seats": [HUMAN, bot("random"), bot("ismcts", "easy")],
        "name": "Ann",
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    created = response.json()
    table = created["table"]
    rng = random.Random(2)
    acted = 0
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        message = me.state()
        assert message["seat"] == 0 and message["table"]["title"] == kit.TITLE
        for _ in range(500):
            view = message["view"]
            if view["over"]:
                break
            assert view["game"] == kit.NAME and "lucky" in view
            if message["legal"]:
                legal = message["legal"]
                assert set(legal) <= STAKES and len(legal) >= 2
                # Beside the notation, the action's own fields: what front ends read.
                assert message["actions"] == [
                    {"coins": int(notation[-1]), "notation": notation} for notation in legal
                ]
                assert view["decision"]["kind"] == "stake"
                me.send({"type": "act", "action": rng.choice(legal)})
                acted += 1
                # Bots may move before the server reads the choice: wait for the
                # state that holds it, not for one that still offers this round.
                message = me.until(lambda m, r=view["round"]: _holds_choice(m, r))
            else:
                message = me.state(message["move"] + 1)
    assert message["view"]["over"] and message["table"]["status"] == "over"
    assert acted > 0
    assert [m for m in me.received if m["type"] == "error"] == []
    # The events the seat was sent, put together, are its log: its own lucky number
    # each round, which the reveal then shows to all, and no other seat's.
    log: list[dict[str, Any]] = []
    for sent in (m for m in me.received if m["type"] == "state"):
        assert sent["events_from"] <= len(log)
        log[sent["events_from"] :] = sent["events"]
    mine = [event["number"] for event in log if event["type"] == "lucky"]
    shown = [event["lucky"][0] for event in log if event["type"] == "reveal"]
    assert mine == shown and len(mine) == message["view"]["round"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["game"] == kit.NAME
    assert sum(1 for seat, _ in record["moves"] if seat == 0) == acted
    replayed = plunder.replay(record)
    assert replayed.is_over
    assert replayed.result is not None
    assert sorted(replayed.result.winners) == message["view"]["result"]["winners"]
