"""Pirate Rumble at the terminal table: whole games typed in notation, the renderer's
discretion, refusals, `--mode` and replays."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter

import pytest
from rich.console import Console

import plunder
from plunder.engine.errors import IllegalAction
from plunder.games.rumble.terminal import RumbleRenderer, camp_text, group_actions
from plunder.terminal.records import save_record
from plunder.terminal.render import renderer_for

# What a scripted human types, over and over: notation first (most of it refused
# at any one step, which the table must shrug off), then "1", the first legal
# action, so every step gets an answer.
TYPED = ["load", "dodge", "search", "grab>0", "pirate>kidd", "gesture>duck", "1"]
SCRIPT = "\n".join(TYPED * 700) + "\n"


def flat(text: str) -> str:
    return " ".join(text.split())


CAMPS = plunder.load("rumble", players=4, mode="camp").catalogue()["camps"]


def structured(notations: list[str], players: int = 6) -> list[dict]:
    """Notations as the engine's structured actions (what the table hands a renderer)."""
    game = plunder.load("rumble", players=players)
    return [game.parse(notation).to_json() for notation in notations]


def play(plunder_cli, save, *args: str, seed: int = 5, script: str = SCRIPT):
    return plunder_cli(
        [
            "play",
            "rumble",
            "--humans",
            "1",
            "--bot",
            "random",
            "--seed",
            str(seed),
            "--save",
            str(save),
            *args,
        ],
        input=script,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "4"],
        ["--players", "6", "--mode", "camp"],
        ["--players", "5", "--mode", "duel", "-o", "pirates=draft", "-o", "gestures=true"],
    ],
    ids=["duel-mode", "camp-mode", "draft-and-gestures"],
)
def test_a_human_types_a_whole_rumble_game_against_bots(plunder_cli, tmp_path, args):
    save = tmp_path / "game.json"
    result = play(plunder_cli, save, *args)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Traceback" not in result.output
    out = result.stdout
    assert "Pirate Rumble" in out
    assert "Game over" in out
    assert "Refused:" in out  # the script's misses were refused, and play went on
    state = plunder.replay(json.loads(save.read_text()))
    assert state.is_over
    mine = [notation for seat, notation in state.record["moves"] if seat == 0]
    assert {"load", "dodge"} & set(mine)  # typed notation was taken
    if "camp" in args:
        assert state.game.options["mode"] == "camp"
        assert "Camp Mode" in out
    if "pirates=draft" in args:
        assert mine[0] == "pirate>kidd"
        assert "gesture>duck" in mine
    winners = sorted(state.result.winners)
    if winners:
        shown = re.search(r"Winners?: (.*?) —", out)
        assert shown is not None
        assert sorted(int(s) for s in re.findall(r"seat (\d+)", shown.group(1))) == winners
    else:
        assert "No one wins" in out


def test_the_actions_are_grouped_by_card_and_a_bad_input_is_refused_with_its_reason(
    plunder_cli, tmp_path
):
    save = tmp_path / "game.json"
    bad = ["xyz", "shoot>0", "grab>0", "pirate>kidd", "shoot2>3,3", "99"]
    script = "\n".join([*bad, "?", "dodge", "q"]) + "\n"
    result = play(plunder_cli, save, "--players", "6", "--mode", "camp", script=script)
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert "Actions: load shoot>1|2|3|4|5 shoot2>X,Y (two different) of 1|2|3|4|5 dodge" in out
    assert "e.g. shoot>5 or shoot2>1,2" in out
    state = plunder.load("rumble", players=6, mode="camp").new(seed=5)
    for notation in bad[:-1]:
        with pytest.raises(IllegalAction) as error:
            state.act(0, notation)
        assert flat(f"Refused: {error.value.reason}") in out
    assert out.count("Legal now: load shoot>1|2|3|4|5") == len(bad) - 1
    assert "99 is not on the list" in out
    # ? lists every action with its number and a few words, and the rules.
    for number, action in enumerate(state.legal(0), 1):
        assert f"{number}. {action} " in out
    assert "plunder/games/rumble/guide.md" in out
    assert "Traceback" not in result.output
    moves = json.loads(save.read_text())["moves"]
    assert [0, "dodge"] in moves  # the first answer the engine took


def test_mode_sets_the_mode_option_like_o_mode(plunder_cli, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    common = ["--players", "4", "--humans", "0", "--bot", "random", "--seed", "3"]
    by_flag = plunder_cli(["play", "rumble", *common, "--mode", "camp", "--save", str(first)])
    by_option = plunder_cli(["play", "rumble", *common, "-o", "mode=camp", "--save", str(second)])
    assert by_flag.exit_code == 0, by_flag.output
    assert by_option.exit_code == 0, by_option.output
    record = json.loads(first.read_text())
    assert record["options"]["mode"] == "camp"
    assert record == json.loads(second.read_text())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["duel", "--mode", "camp"], "Duel (duel) has no modes to choose with --mode"),
        (["rumble", "--mode", "war"], "option 'mode' is 'war'"),
        (["rumble", "--mode", "camp", "-o", "mode=duel"], "--mode camp and --option mode=duel"),
        (["rumble", "--mode", "camp", "--players", "3"], "Camp Mode is for 4 to 8 players"),
    ],
)
def test_mode_errors_are_clear(plunder_cli, args, message):
    result = plunder_cli(["play", *args, "--humans", "0"])
    assert result.exit_code == 2
    assert message in flat(result.stderr)
    assert "Traceback" not in result.output


def test_match_takes_mode_too(plunder_cli):
    args = ["--bots", "random", "--games", "2", "--players", "4", "--seed", "1", "--json"]
    result = plunder_cli(["match", "rumble", *args, "--mode", "camp"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["mode"] == "camp"
    refused = plunder_cli(["match", "duel", "--bots", "random", "--mode", "camp"])
    assert refused.exit_code == 2
    assert "has no modes" in flat(refused.stderr)


# ------------------------------------------------------------------ discretion
def render(renderable, width: int = 240) -> str:
    screen = io.StringIO()
    Console(file=screen, width=width, highlight=False).print(renderable)
    return screen.getvalue()


def rows_of(text: str, players: int) -> dict[int, str]:
    """The players table's rows, by seat, from a rendering wide enough not to wrap."""
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("seat "))
    rows = {}
    for line in lines[header + 1 : header + 1 + players]:
        seat = int(line.split()[0])
        rows[seat] = line
    return rows


def secret_titles(state, seat: int) -> set[str]:
    """Golden cards the table has not seen in ``seat``'s hand (from the whole truth)."""
    known = Counter(state.golden[seat]) - Counter(state.secret[seat])
    return {plunder_title(card) for card in state.secret[seat] if not known[card]}


def plunder_title(card: str) -> str:
    from plunder.games.rumble.content import CONTENT

    return CONTENT.cards[card].title


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"players": 6, "mode": "camp", "pirates": "bonny,kidd,read,morgan,chingshih,kuki"}, 1),
        (
            {"players": 8, "mode": "camp", "pirates": "draft", "gestures": True, "round_limit": 30},
            2,
        ),
        ({"players": 5, "pirates": "roberts,bonny,zheng,pargo,blackbeard"}, 3),
    ],
    ids=["camp-6", "camp-8-draft-gestures", "duel-5"],
)
def test_the_renderer_never_shows_what_a_view_leaves_out(options, seed):
    state = plunder.load("rumble", **options).new(seed=seed)
    renderer = renderer_for("rumble")
    assert isinstance(renderer, RumbleRenderer)
    rng = random.Random(seed)
    players = state.players
    checked = {"counts": 0, "camps": 0, "golden": 0}
    while not state.is_over:
        if not state.committed and len(state.living()) > 2 and state.phase != "draft":
            for viewer in [None, *range(players)]:
                text = render(renderer.table(state.view(viewer), {}))
                rows = rows_of(text, players)
                for seat, row in rows.items():
                    if seat == viewer or not state.alive[seat]:
                        continue
                    cells = row.split()
                    assert "shield" in cells, row
                    health = f"{state.health[seat]}/"
                    assert not any(cell.startswith(health) for cell in cells), row
                    checked["counts"] += 1
                    if state.camp and not state.camp_shown[seat]:
                        hidden = camp_text(state.camp[seat], CAMPS).split()[0]
                        assert hidden not in row, (viewer, seat, row)
                        checked["camps"] += 1
                    for name in secret_titles(state, seat):
                        assert name not in row, (viewer, seat, row)
                        checked["golden"] += 1
                if viewer is None:
                    assert "your hand" not in text
                    assert "Your camp" not in text
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    assert checked["counts"] > 0
    if "camp" in options.values():
        assert checked["camps"] > 0
    if "bonny" in str(options["pirates"]):
        assert checked["golden"] > 0


def test_a_seat_sees_its_own_counts_camp_secret_card_and_hand():
    state = plunder.load(
        "rumble", players=6, mode="camp", pirates="bonny,kidd,read,morgan,chingshih,kuki"
    ).new(seed=1)
    renderer = renderer_for("rumble")
    text = render(renderer.table(state.view(0), {0: "you"}))
    row = rows_of(text, 6)[0]
    assert "0 you" in row and "Bonny" in row
    assert f"{state.health[0]}/5 {state.bullets[0]}" in row
    (secret,) = state.secret[0]
    assert f"{plunder_title(secret)} (secret)" in row
    assert camp_text(state.camp[0], CAMPS) in row
    assert "Your camp:" in text
    for card in ("load", "shoot", "shoot2", "dodge", "fire", "search", secret):
        assert re.search(rf"^{card}\s", text, re.MULTILINE), card
    assert "Golden card area: [0]" in text
    # Kidd's Steal and Kuki's two Blocks are known to all; Bonny's draw is not.
    assert "Steal" in rows_of(text, 6)[1]
    assert "Block x2" in rows_of(text, 6)[5]
    spectator = render(renderer.table(state.view(None), {}))
    assert "+1 unseen" in rows_of(spectator, 6)[0]


def test_the_revealed_cards_and_void_ones_are_drawn():
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng", gestures=True).new(seed=4)
    for seat, card in ((0, "load"), (1, "dodge"), (2, "load")):
        state.act(seat, card)
    renderer = renderer_for("rumble")
    text = flat(render(renderer.table(state.view(1), {})))
    assert "Revealed this round: seat 0 Load · seat 1 Dodge · seat 2 Load" in text
    legal = [action.to_json() for action in state.legal(1)]
    hint = renderer.actions_hint(state.view(1), legal)
    assert hint.startswith("Type one action, e.g. gesture>duck, the gesture of your card")
    state.act(0, "gesture>pump")
    state.act(1, "gesture>pump")  # wrong: Dodge's gesture is duck
    state.act(2, "gesture>pump")
    log = flat(render(renderer.table(state.view(None), {})))
    assert "Wrong gesture, card void: seat 1." in log


def test_group_actions():
    assert group_actions(structured(["grab>0", "grab>2"])) == ["grab>0|2"]
    read = ["shoot2>1,1", "shoot2>1,2", "shoot2>1,3", "shoot2>2,2", "shoot2>2,3", "shoot2>3,3"]
    assert group_actions(structured(read)) == ["shoot2>X,Y (the same one twice too) of 1|2|3"]
    few = ["shoot2>1,2", "shoot2>1,3", "shoot2>2,3"]
    assert group_actions(structured(few)) == ["shoot2>1,2|1,3|2,3"]
    gaps = ["shoot2>1,2", "shoot2>1,3", "shoot2>1,4", "shoot2>2,3", "shoot2>3,4"]
    assert group_actions(structured(gaps)) == ["shoot2>1,2|1,3|1,4|2,3|3,4"]
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=1)
    legal = [a.to_json() for a in state.legal(0)]
    assert group_actions(legal)[:2] == ["load", "shoot>1|2"]


def test_duel_keeps_its_numbered_list():
    duel = renderer_for("duel")
    game = plunder.load("duel", players=2)
    view = game.new(seed=1).view(0)
    listed = [game.parse(notation).to_json() for notation in ("colt", "colt>1")]
    assert duel.actions(listed, view) == ["1) colt", "2) colt>1"]
    assert duel.actions_hint(view) == "Type an action or its number (? help, q save and quit)."


# ------------------------------------------------------------------ replay
def test_replay_of_a_rumble_record(plunder_cli, tmp_path):
    state = plunder.load("rumble", players=6, mode="camp").new(seed=8)
    rng = random.Random(8)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    path = save_record(state.record, tmp_path / "rumble.json")
    spectator = plunder_cli(["replay", str(path), "--all"])
    assert spectator.exit_code == 0, spectator.output
    out = flat(spectator.stdout)
    assert "Replay of Pirate Rumble, 6 players" in out
    assert "Result" in out
    assert "your hand" not in out
    for event in state.view(None)["log"]:
        assert flat(event["text"]) in out
    seat = plunder_cli(["replay", str(path), "--seat", "2", "--all"])
    assert seat.exit_code == 0, seat.output
    assert "your hand" in seat.stdout
    assert "2 you" in seat.stdout
    assert "Your camp:" in seat.stdout


def test_two_humans_share_the_device_and_never_see_each_others_card(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    # Seat 1 can never aim at itself, so "shoot>1" can only reach seat 1's
    # screen by leaking seat 0's choice.
    answers = "\nshoot>1\n\ndodge\nq\n"
    result = plunder_cli(
        [
            "play",
            "rumble",
            "--players",
            "4",
            "--mode",
            "camp",
            "-o",
            "pirates=kidd,read,morgan,kuki",
            "--humans",
            "2",
            "--bot",
            "random",
            "--seed",
            "4",
            "--save",
            str(save),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    seat_1_turn = out[out.index("Pass the device to Seat 1") : out.index("You chose dodge")]
    assert "1 you" in seat_1_turn  # seat 1's own screen...
    assert "your hand" in seat_1_turn
    assert "shoot>1" not in seat_1_turn  # ...without seat 0's card
    assert "Shoot at 1" not in seat_1_turn
    state = plunder.replay(save.read_text())
    assert (0, "shoot>1") in state.moves


class Shooter:
    """A bot that shoots seat 0 while it can (a test's scripted opponent)."""

    name = "random"

    def choose(self, state, seat, rng):
        legal = state.legal(seat)
        return next((a for a in legal if str(a) == "shoot>0"), legal[0])


@pytest.mark.parametrize("answer", ["f", ""])
def test_a_player_out_of_the_game_may_see_the_end_at_once(answer):
    from plunder.terminal.table import TerminalTable

    state = plunder.load("rumble", players=3, pirates="kidd,bonny,read").new(seed=1)
    state.health[0] = 1  # a position: the human at her last health
    screen = io.StringIO()
    console = Console(file=screen, width=100)
    answers = iter(["load", answer])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    table = TerminalTable(state, {1: Shooter(), 2: Shooter()}, console, random.Random(1),
                          read_line=read)
    table.run()
    out = screen.getvalue()
    assert state.is_over and state.status(0) == "eliminated"
    assert prompts[-1].startswith("Every player is out of the game. f: finish it now")
    assert len(prompts) == 2  # asked once, and never again
    if answer == "f":
        assert "The bots play the game out" in out
        # The bots were swapped for their quickest level.
        assert not any(isinstance(bot, Shooter) for bot in table.bots.values())
    else:
        assert "The bots play the game out" not in out
        assert all(isinstance(bot, Shooter) for bot in table.bots.values())
    assert "Seat 0 dies." in out


def test_the_reveal_is_a_block_of_its_own_a_line_a_seat():
    from plunder.terminal.table import QuitRequested, TerminalTable

    state = plunder.load("rumble", players=3, pirates="kidd,bonny,read").new(seed=1)
    screen = io.StringIO()
    answers = iter(["load", "q"])
    table = TerminalTable(state, {1: Shooter(), 2: Shooter()}, Console(file=screen, width=100),
                          random.Random(1), read_line=lambda prompt: next(answers))
    with pytest.raises(QuitRequested):
        table.run()
    lines = screen.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if "Reveal" in line and "─" in line)
    assert [line.strip() for line in lines[start + 1 : start + 4]] == [
        "Seat 0 plays Load",
        "Seat 1 plays Shoot at seat 0",
        "Seat 2 plays Shoot at seat 0",
    ]
    assert set(lines[start + 4].strip()) == {"─"}  # the block is closed


@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        ("? me", "William Kidd"),
        ("? my pirate", "Steal takes every bullet of the target."),
        ("? Ching Shih", "Ching Shih"),
        ("? shoot2", "Shoot Twice"),
        ("?  shoot twice ", "Shoot Twice"),
        ("? kraken", "Nothing here is called 'kraken'"),
    ],
)
def test_question_mark_explains_a_card_a_pirate_or_your_own(asked, expected):
    from plunder.terminal.table import QuitRequested, TerminalTable

    state = plunder.load("rumble", players=3, pirates="kidd,chingshih,read").new(seed=1)
    screen = io.StringIO()
    answers = iter([asked, "q"])
    table = TerminalTable(state, {1: Shooter(), 2: Shooter()}, Console(file=screen, width=120),
                          random.Random(1), read_line=lambda prompt: next(answers))
    with pytest.raises(QuitRequested):
        table.run()
    assert expected in screen.getvalue()
