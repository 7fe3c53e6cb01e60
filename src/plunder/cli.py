"""The ``plunder`` command: list games, play at the terminal, replay records, run bot matches
and balance studies."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import OptionError, PlunderError, RecordError, UnknownGame
from plunder.engine.game import GameInfo
from plunder.engine.lesson import Lesson
from plunder.engine.options import read_options
from plunder.engine.registry import game_class, manifest
from plunder.engine.registry import games as registered_games
from plunder.match import (
    GameOutcome,
    MatchReport,
    bot_rng,
    check_bots,
    default_jobs,
    run_match,
)
from plunder.match_record import MatchRecord, MatchRecordError, match_header, read_match_record
from plunder.server.command import serve_command
from plunder.terminal.records import default_record_path, record_json, save_record
from plunder.terminal.replay import RecordPlayer, read_record_file
from plunder.terminal.table import InputEnded, QuitRequested, TerminalTable, table_labels


class _FlagHelp:
    """``--help`` reads as the flag it is, with no ``<bool>`` beside it (as our flags)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.metavar = ""
        return option


class _Command(_FlagHelp, TyperCommand):
    pass


class _Group(_FlagHelp, TyperGroup):
    pass


app = typer.Typer(
    name="plunder",
    cls=_Group,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help="The game to play (see `plunder games`).")
]
OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option as KEY=VALUE (repeat for more; `plunder games` lists each game's "
        "options). Each value is read as its option takes it: a whole number, yes or no "
        "(also true/false, on/off, 1/0), or text.",
    ),
]

PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (default: the game's).")
]

ModeOption = Annotated[
    str | None,
    typer.Option(
        "--mode",
        "-m",
        metavar="MODE",
        help="A game's mode, for games with a 'mode' option (the same as --option mode=MODE; "
        "`plunder games` lists each game's modes).",
    ),
]


def _stdout() -> Console:
    # Made per command, not at import, so it follows whatever sys.stdout is then.
    return Console(highlight=False)


def _stderr() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Report a user error on stderr (no traceback) and exit with ``code``."""
    # soft_wrap: no hard line breaks inside paths and engine messages.
    _stderr().print(Text(f"Error: {message}", style="red"), soft_wrap=True)
    raise typer.Exit(code)


def parse_options(items: list[str] | None, game: str) -> dict[str, Any]:
    """``-o KEY=VALUE`` items as ``game``'s options, each value read as its option
    takes it (``Option.read``, as the server and the lab read them).

    >>> parse_options(["target=3", "deflection=per-weapon"], "duel")
    {'target': 3, 'deflection': 'per-weapon'}
    >>> parse_options(["gestures=yes"], "rumble")
    {'gestures': True}
    """
    texts: dict[str, str] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise typer.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="--option")
        if key in texts:
            raise typer.BadParameter(f"option {key!r} is given twice", param_hint="--option")
        texts[key] = raw
    return _read_options(game, texts)


def _read_options(game: str, texts: dict[str, str]) -> dict[str, Any]:
    try:
        specs = game_class(game).option_specs()
    except UnknownGame:
        specs = ()  # the texts as they are: loading the game names the problem
    try:
        return read_options(specs, texts)
    except OptionError as exc:
        fail(str(exc))


def _with_players(options: dict[str, Any], players: int | None) -> dict[str, Any]:
    if players is not None:
        if "players" in options and options["players"] != players:
            fail(f"--players {players} and --option players={options['players']} disagree")
        options["players"] = players
    return options


def _with_mode(game: str, options: dict[str, Any], mode: str | None) -> dict[str, Any]:
    """``--mode`` as the game's ``mode`` option; an error for a game that has none."""
    if mode is None:
        return options
    try:
        info = game_class(game).info()
    except PlunderError:  # an unknown game: loading it says so
        return options
    if not _has_mode(info):
        with_modes = [other.name for other in registered_games() if _has_mode(other)]
        others = f"; --mode is for {', '.join(with_modes)}" if with_modes else ""
        fail(f"{info.title} ({game}) has no modes to choose with --mode{others}")
    if "mode" in options and options["mode"] != mode:
        fail(f"--mode {mode} and --option mode={options['mode']} disagree")
    options["mode"] = mode
    return options


def _has_mode(info: GameInfo) -> bool:
    return any(option.name == "mode" for option in info.options)


def _load(game: str, options: dict[str, Any]) -> plunder.Game:
    try:
        return plunder.load(game, **options)
    except PlunderError as exc:  # an unknown game or a bad option
        fail(str(exc))


def _bot(name: str, game: str) -> bot_registry.Bot:
    try:
        return bot_registry.from_spec(name, game)
    except bot_registry.UnknownBot as exc:
        fail(str(exc))


def _check_bots(table_game: plunder.Game, names: list[str]) -> None:
    """Refuse, before play, a spec that names no bot or a bot that cannot play this table."""
    try:
        check_bots(table_game, names)
    except bot_registry.UnknownBot as exc:
        fail(str(exc))


def default_bot(game: str) -> str:
    """The bot that fills empty seats (``plunder.bots.default``: ismcts)."""
    return bot_registry.default(game)


def _split(names: str) -> list[str]:
    return [name.strip() for name in names.split(",") if name.strip()]


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return False


def _version(value: bool) -> None:
    if value:
        typer.echo(f"plunder {plunder.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print plunder's version and exit.",
            metavar="",
        ),
    ] = False,
) -> None:
    """Tabletop games on one rules engine.

    List the games, play one at the terminal against bots or friends sharing one
    device, replay a saved record step by step, pit bots against each other, or
    measure a game's balance over thousands of bot games (lab).
    """


# ---------------------------------------------------------------- games
@app.command("games", cls=_Command)
def games_command(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the list as JSON.", metavar="")
    ] = False,
) -> None:
    """List the games: name, title, players, modes, bots and options with their defaults."""
    infos = registered_games()
    bots = {info.name: bot_registry.names(info.name) for info in infos}
    if as_json:
        listed = [{**info.to_json(), "bots": bots[info.name]} for info in infos]
        typer.echo(json.dumps(listed, indent=2))
        return
    console = _stdout()
    table = Table(title="Games")
    for column in ("name", "title", "players", "modes", "bots", "summary"):
        table.add_column(column)
    for info in infos:
        players = f"{info.min_players}-{info.max_players}"
        modes = ", ".join(info.modes)
        cells = (info.name, info.title, players, modes, ", ".join(bots[info.name]), info.summary)
        # Text, not markup: a help text may hold brackets.
        table.add_row(*(Text(cell) for cell in cells))
    console.print(table)
    for info in infos:
        options = Table(title=f"Options of {info.name} (--option KEY=VALUE)", title_justify="left")
        for column in ("option", "default", "accepts", "meaning"):
            options.add_column(column)
        for option in info.options:
            spec = option.describe()
            if option.accepts:
                accepts = option.accepts
            elif "choices" in spec:
                # Each value with its words, since the meaning says what the option is
                # about, not what each of its values does.
                accepts = ", ".join(
                    str(choice) if str(choice) == words else f"{choice} ({words})"
                    for choice, words in zip(spec["choices"], spec["choice_labels"], strict=True)
                )
            elif "minimum" in spec or "maximum" in spec:
                accepts = f"{spec.get('minimum', '')}..{spec.get('maximum', '')}"
            else:
                accepts = ""
            row = (option.name, str(option.default), accepts, option.help)
            options.add_row(*(Text(cell) for cell in row))
        console.print(options)


# ---------------------------------------------------------------- play
@app.command("play", cls=_Command)
def play_command(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME", help="The game to play (see `plunder games`); not with --resume."
        ),
    ] = None,
    players: PlayersOption = None,
    humans: Annotated[
        int | None,
        typer.Option(
            "--humans",
            min=0,
            help="How many humans share this terminal; the other seats are bots. The humans "
            "sit at seats 0..H-1, but in a game of teams together on one side (the first "
            "team's seats, then the next's) unless --apart. 0 lets the bots play it all "
            "while you watch. [default: 1]",
        ),
    ] = None,
    apart: Annotated[
        bool,
        typer.Option(
            "--apart",
            metavar="",
            help="In a game of teams, seat the humans on different sides (one on each "
            "team in turn) instead of together.",
        ),
    ] = False,
    lesson: Annotated[
        bool,
        typer.Option(
            "--lesson",
            metavar="",
            help="A guided first game: a set deal against a gentle bot, and the table says "
            "what to do next and why until you have seen each part of a turn (every "
            "game has one).",
        ),
    ] = False,
    no_autoplay: Annotated[
        bool,
        typer.Option(
            "--no-autoplay",
            metavar="",
            help="Ask every decision, even one with a single legal answer (by default such a "
            "decision plays itself and the table says so; `autoplay on|off` at the table "
            "changes it for your seat).",
        ),
    ] = False,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            metavar="SPEC",
            help="The bot for the bot seats: a name with an optional level or settings, "
            "e.g. random, greedy:hard, ismcts:easy, ismcts:iterations=200, or a game's own "
            "bot (`plunder games` lists them; default: ismcts, which thinks up to a second).",
        ),
    ] = None,
    seat_bots: Annotated[
        str | None,
        typer.Option(
            "--seat-bots",
            metavar="SPEC,SPEC,...",
            help="Bots for the bot seats in seat order, e.g. greedy:hard,ismcts:easy; "
            "seats left over get --bot.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for the deal and the bots (default: random).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Where to save the record (default: a new file in records/, named after "
            "the game, the date and time, and the seed).",
        ),
    ] = None,
    mode: ModeOption = None,
    option: OptionList = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help="Go on with an unfinished game saved by `plunder play` (q saves one), with "
            "its seats as they were (unless --humans, --bot or --seat-bots say otherwise); it "
            "is saved back to FILE unless --save says where.",
        ),
    ] = None,
) -> None:
    """Play a game at the terminal, e.g. `plunder play GAME --players 3 --humans 1`
    (`plunder games` lists the games).

    At your turn, type an action's notation or its number in the list; ? shows
    the legal actions and a reminder of the rules and content, ? me your own
    pieces, rules the game's guide for players; q saves and quits, and `plunder
    play --resume FILE` goes on from there. With several humans, a
    pass-the-device screen hides each player's hand from the others (not between
    teammates who see each other's cards). A decision with one legal answer plays
    itself (--no-autoplay: ask it all the same). The record is saved at the end,
    to replay with `plunder replay`.
    """
    seating: tuple[list[int], dict[int, str]] | None = None
    guided = None
    if lesson:
        if resume is not None or players is not None or mode is not None or option or seed:
            fail("--lesson sets the table itself: give only GAME with it")
        if humans is not None or bot is not None or seat_bots is not None:
            fail("--lesson seats you against its own bot: give no --humans, --bot or --seat-bots")
        if game is None:
            fail("name the GAME to learn, e.g. `plunder play duel --lesson`")
        guided = _lesson(game)
        game = guided.game
        players, seed, option = guided.players, guided.seed, [
            f"{name}={value}" for name, value in guided.options.items()
        ]
        bots = {s: guided.bot for s in range(guided.players) if s != guided.seat}
        seating = ([guided.seat], bots)
    if resume is not None:
        if game is not None or players is not None or mode is not None or option or seed:
            fail(
                "--resume takes the game, its options and its seed from FILE: give no GAME, "
                "--players, --mode, -o or --seed with it"
            )
        state, seating = _resumed(resume)
        table_game, seed = state.game, state.seed
        save = save or resume
    else:
        if game is None:
            fail("name the GAME to play (`plunder games` lists them), or give --resume FILE")
        options = _with_mode(game, _with_players(parse_options(option, game), players), mode)
        table_game = _load(game, options)
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        state = table_game.new(seed=seed)
    if seating is not None and humans is None and bot is None and seat_bots is None:
        human_seats, specs = seating
    else:
        humans = 1 if humans is None else humans
        if humans > table_game.players:
            fail(f"--humans {humans} is more than the {table_game.players} seats")
        human_seats = seats_for_humans(table_game, humans, apart)
        bot_seats = [s for s in range(table_game.players) if s not in human_seats]
        specs = _seat_specs(table_game, bot_seats, bot, seat_bots)
    humans = len(human_seats)
    seated = {seat: _bot(spec, table_game.name) for seat, spec in specs.items()}

    console = _stdout()
    labels = table_labels(seated, table_game.players)
    intro = {**labels, human_seats[0]: "you"} if humans == 1 else labels
    sitting = ", ".join(f"seat {s}: {intro[s]}" for s in range(table_game.players))
    console.rule(f"{table_game.title}, {table_game.players} players", style="bold")
    console.print(Text(f"{sitting}. Seed {seed} (play this deal again with --seed {seed})."))
    if table_game.has_teams:
        sides = " against ".join(
            "seats " + ", ".join(map(str, team)) for team in _teams_in_order(table_game)
        )
        console.print(Text(f"Teams: {sides}."))
    if humans:
        console.print(
            Text(
                "Type ? at your turn for the actions and a rules reminder, ? me for your own "
                "pieces, rules for the player's guide."
            )
        )
    table = TerminalTable(
        state,
        seated,
        console,
        bot_rng(seed),
        labels=labels,
        echo_input=not _stdin_is_tty(),
        autoplay=not no_autoplay,
        lesson=guided,
        coach=_bot(guided.coach, table_game.name) if guided and guided.coach else None,
    )
    path = save or default_record_path(table_game.name, seed)
    try:
        table.run()
    except QuitRequested:
        _save(_table_record(state, human_seats, specs), path, console)
        console.print(
            Text(f"Game saved, unfinished, to {path}. {_go_on(path)}"),
            soft_wrap=True,
        )
        raise typer.Exit(0) from None
    except InputEnded:
        # Ctrl-D at a terminal, or the end of piped input: saved like q, and said how to
        # go on, but an error all the same for a script that meant to finish the game.
        _save(_table_record(state, human_seats, specs), path, console)
        fail(
            f"input ended before the game was over; the game so far ({len(state.moves)} moves) "
            f"is saved to {path}. {_go_on(path)}",
            code=1,
        )
    except KeyboardInterrupt:
        _save(_table_record(state, human_seats, specs), path, console)
        _stderr().print(
            Text(
                f"Interrupted; the game so far is saved to {path}. {_go_on(path)}"
            ),
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    table.show_result()
    _save(_table_record(state, human_seats, specs), path, console)
    console.print(
        Text(f"Record saved to {path} (replay it with: plunder replay {path})"), soft_wrap=True
    )


def _teams_in_order(table_game: plunder.Game) -> list[list[int]]:
    """The game's teams, each in seat order, ordered by their first seat."""
    return sorted((sorted(team) for team in table_game.teams()), key=lambda team: team[0])


def seats_for_humans(table_game: plunder.Game, humans: int, apart: bool = False) -> list[int]:
    """Where ``humans`` friends sharing the terminal sit: seats 0..H-1 in a game without
    teams; in a game of teams, the first team's seats, then the next team's (friends
    asked for together play on one side), or with ``apart`` one seat of each team in
    turn (on different sides).

    >>> duel = plunder.load("duel", players=4)
    >>> seats_for_humans(duel, 2), seats_for_humans(duel, 2, apart=True)
    ([0, 1], [0, 1])
    >>> bones = plunder.load("rumbones", players=4)  # teams: seats 0, 2 against 1, 3
    >>> seats_for_humans(bones, 2), seats_for_humans(bones, 2, apart=True)
    ([0, 2], [0, 1])
    >>> seats_for_humans(bones, 3)
    [0, 1, 2]
    """
    teams = _teams_in_order(table_game)
    if apart:
        widest = max(len(team) for team in teams)
        order = [team[i] for i in range(widest) for team in teams if i < len(team)]
    else:
        order = [seat for team in teams for seat in team]
    return sorted(order[:humans])


def _seat_specs(
    table_game: plunder.Game, seats: list[int], bot: str | None, seat_bots: str | None
) -> dict[int, str]:
    """The bot spec at each bot seat: ``--seat-bots`` in seat order, then ``--bot`` or the
    default; refused before play if a spec names no bot that can play this table."""
    listed = _split(seat_bots or "")
    if len(listed) > len(seats):
        fail(f"--seat-bots names {len(listed)} bots for {len(seats)} bot seats")
    fallback = bot or default_bot(table_game.name)
    chosen = listed + [fallback] * (len(seats) - len(listed))
    _check_bots(table_game, chosen)
    return dict(zip(seats, chosen, strict=True))


def _table_record(
    state: plunder.State, humans: list[int], specs: dict[int, str]
) -> dict[str, Any]:
    """The game's record, with who sat where (``table``: the human seats, each bot
    seat's bot) so that --resume can seat them again; records without it replay all
    the same."""
    table = {"humans": humans, "bots": {str(seat): spec for seat, spec in specs.items()}}
    # A finished game's result, each score's parts included (a replay works it out again).
    result = {"result": state.result.to_json()} if state.result is not None else {}
    return {**state.record, "table": table, **result}


def _lesson(game: str) -> Lesson:
    """The guided first game ``game`` ships; a clear refusal where it has none."""
    try:
        found = manifest(game).lesson_of()
    except UnknownGame as exc:
        fail(str(exc))
    if found is None:
        having = [info.name for info in registered_games() if manifest(info.name).lesson]
        fail(f"{game} has no guided first game yet; these have one: {', '.join(having)}")
    return found


def _go_on(path: Path) -> str:
    """How to go on with a saved game, in both forms: from a checkout, ``./run`` is the
    command there is (``plunder`` is on the PATH only where the package is installed)."""
    return f"Go on with: ./run play --resume {path} (or plunder play --resume {path})"


def _resumed(path: Path) -> tuple[plunder.State, tuple[list[int], dict[int, str]] | None]:
    """The unfinished game saved in ``path``, and its seating when the file says it."""
    try:
        record = read_record_file(path)
    except RecordError as exc:
        fail(str(exc))
    state = plunder.replay(record)
    if state.is_over:
        fail(f"the game in {path} is over: step through it with `plunder replay {path}`")
    table = json.loads(path.read_text(encoding="utf-8")).get("table")
    try:
        listed = table["humans"]
        # A record saved before humans could sit apart from seat 0 counts them.
        humans = list(range(listed)) if type(listed) is int else [int(s) for s in listed]
        specs = {int(seat): str(spec) for seat, spec in table["bots"].items()}
    except (TypeError, KeyError, ValueError, AttributeError):
        return state, None
    seats = set(humans)
    if len(seats) != len(humans) or seats & set(specs):
        return state, None
    if seats | set(specs) != set(range(state.players)):
        return state, None
    return state, (sorted(humans), specs)


def _save(record: dict[str, Any], path: Path, console: Console) -> None:
    """Save the record; if the disk refuses, print it so nothing is lost, and exit 1."""
    try:
        save_record(record, path)
    except OSError as exc:
        console.print(Text(record_json(record)), soft_wrap=True)
        reason = exc.strerror or str(exc)
        fail(f"could not save the record to {path} ({reason}); it is printed above", code=1)


# ---------------------------------------------------------------- replay
@app.command("replay", cls=_Command)
def replay_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A record saved by `plunder play` (JSON).")
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="Show what this seat saw, its hand included (default: a spectator's view).",
        ),
    ] = None,
    all_steps: Annotated[
        bool, typer.Option("--all", help="Print every step without waiting for Enter.", metavar="")
    ] = False,
) -> None:
    """Step through a saved game: after each step, the new events and the table.

    On a terminal, press Enter for the next step, b to go back one, or q to
    stop; with --all, or when input is not a terminal, every step is printed at
    once.
    """
    try:
        record = read_record_file(file)
    except RecordError as exc:
        fail(str(exc))
    players = record["options"]["players"]
    if seat is not None and not 0 <= seat < players:
        fail(f"--seat {seat} is not a seat of this game (seats are 0..{players - 1})")
    player = RecordPlayer(record, _stdout(), seat=seat, wait=not all_steps and _stdin_is_tty())
    try:
        player.run()
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


# ---------------------------------------------------------------- match
@app.command("match", cls=_Command)
def match_command(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="SPEC,SPEC,...",
            help="The bots in the match, e.g. greedy,random or ismcts:hard,greedy:easy or "
            "ismcts:iterations=200,random (a spec is a name, then optional :level or "
            ":setting=value parts; `plunder games` lists each game's bots); the list is "
            "cycled to fill the seats and rotated one seat per game.",
        ),
    ],
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Game i is seeded SEED+i (default: a random SEED)."),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            help="Worker processes playing games at once; 0 means one per core. The report "
            "is the same for any number. Default 1, because bots that search on the clock "
            "(the ismcts levels) play weaker when workers share the cores with other work, "
            "and the ms/decision figures are only comparable without that contention.",
        ),
    ] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the report as JSON.", metavar="")
    ] = False,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Keep each game in FILE (JSON lines) as it finishes; with a FILE that "
            "already holds games of the same match, play only the games it lacks and "
            "report them all (a long match, stopped any way, goes on where it was). "
            "The seed, when not given, is the record's. A record of another match, or "
            "of games played by other code (its rules, content or bots changed), is "
            "refused.",
        ),
    ] = None,
    mode: ModeOption = None,
    option: OptionList = None,
) -> None:
    """Play bots against each other and report wins with 95% confidence intervals.

    A shared win counts 1/(number of winners). Also reported: average game length
    in decisions and mean time per decision. Game i is a function of SEED+i alone,
    so a match can be replayed exactly, with any --jobs. A progress bar (games
    done, elapsed time, time left, and the decisions of the games under way, which
    move it on as they are played) shows on stderr when it is a terminal; Ctrl-C
    stops the workers and exits with status 130.
    """
    names = _split(bots)
    if not names:
        fail("--bots names no bot")
    options = _with_mode(game, _with_players(parse_options(option, game), players), mode)
    table_game = _load(game, options)  # user errors before the progress bar
    _check_bots(table_game, names)
    if seed is None:
        seed = _recorded_seed(record)
    if seed is None:  # a record's seed may be 0
        seed = random.SystemRandom().randrange(10**9)
    kept, played = _open_record(record, match_header(game, table_game.options, names, seed))
    err = _stderr()
    done = len([index for index in played if index < games])
    # Games under way: decisions made so far. The bar moves by each game's share of
    # the most decisions the rules allow it, so a long game shows it is moving.
    running: dict[int, int] = {}
    finished: set[int] = set()
    most = max(1, table_game.max_decisions())

    def show() -> None:
        partial = sum(min(made / most, 0.99) for made in running.values())
        now = ", ".join(f"game {i + 1}: {made:,} decisions" for i, made in sorted(running.items()))
        progress.update(task, completed=done + partial, now=now)

    def advance(index: int, outcome: GameOutcome) -> None:
        nonlocal done
        if kept is not None:
            kept.add(index, outcome)
        done += 1
        finished.add(index)
        running.pop(index, None)
        show()

    def moving(index: int, decisions: int) -> None:
        if index not in finished:
            running[index] = decisions
            show()

    try:
        with _progress_bar(err, "now") as progress:
            task = progress.add_task(
                f"{game}: {' vs '.join(names)}", total=games, completed=done, now=""
            )
            report = run_match(
                game,
                names,
                games,
                None,
                seed,
                options,
                jobs=default_jobs(jobs),
                on_game=advance,
                on_progress=moving if err.is_terminal else None,
                played=played,
            )
    except KeyboardInterrupt:
        kept_note = "" if kept is None else (
            f" They are kept in {kept.path}: the same command goes on from there."
        )
        err.print(Text(f"Interrupted after {done} of {games} games; no report.{kept_note}"))
        raise typer.Exit(130) from None
    except PlunderError as exc:  # a bot or a game that failed during play
        fail(str(exc), code=1)
    finally:
        if kept is not None:
            kept.close()
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        _print_report(report, _stdout())


def _recorded_seed(path: Path | None) -> int | None:
    """The seed of the match kept at ``path``, if there is one."""
    if path is None or not path.exists() or not path.stat().st_size:
        return None
    try:
        header, _ = read_match_record(path)
    except (MatchRecordError, OSError) as exc:
        fail(f"--record: {exc}")
    return int(header["seed"])


def _open_record(
    path: Path | None, header: dict[str, Any]
) -> tuple[MatchRecord | None, dict[int, GameOutcome]]:
    """The record at ``path`` opened for the match of ``header``, and its games."""
    if path is None:
        return None, {}
    try:
        return MatchRecord.open(path, header)
    except (MatchRecordError, OSError) as exc:
        fail(f"--record: {exc}")


def _progress_bar(console: Console, field: str) -> Progress:
    """A bar of games done, time elapsed and left, then the task's ``field``, on
    ``console`` when it is a terminal (and gone once done)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("elapsed"),
        TimeRemainingColumn(),
        TextColumn("left"),
        TextColumn(f"{{task.fields[{field}]}}"),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    )


def _print_report(report: MatchReport, console: Console) -> None:
    extra = {k: v for k, v in report.options.items() if k != "players"}
    shown = ", ".join(f"{k}={v}" for k, v in extra.items())
    title = f"{report.game}, {report.players} players, {report.games} games, seed {report.seed}"
    table = Table(title=title, caption=f"options: {shown}" if shown else None)
    # Two-line headers leave room for bot specs (ismcts:iterations=200) in 80
    # columns; a longer spec wraps, and the figures are never cut short.
    table.add_column("bot", overflow="fold")
    for column in ("games", "wins", "win\nshare", "95% CI", "avg\nlength", "ms per\ndecision"):
        table.add_column(column, justify="right", no_wrap=True)
    for bot in report.bots:
        table.add_row(
            bot.label,
            str(bot.games),
            f"{bot.wins:g}",
            f"{bot.win_share:.1%}",
            f"{bot.ci_low:.1%}-{bot.ci_high:.1%}",
            f"{bot.mean_length:.1f}",
            f"{bot.mean_decision_ms:.3f}",
        )
    console.print(table)
    console.print(
        Text(
            f"Games without a winner: {report.draws}. Average game length: "
            f"{report.mean_length:.1f} decisions. Seats rotate one place per game."
        )
    )


# ---------------------------------------------------------------- lab
def parse_sweep(text: str | None, game: str) -> tuple[str, tuple[Any, ...]] | None:
    """``"target=3,5,7"`` as ``("target", (3, 5, 7))``: each value read as ``game``'s
    option takes it (``Option.read``, as ``-o`` and the server read them).

    >>> parse_sweep("target=3,5,7", "duel"), parse_sweep("deflection=seed,never", "duel")
    (('target', (3, 5, 7)), ('deflection', ('seed', 'never')))
    """
    if text is None:
        return None
    key, sep, raw = text.partition("=")
    key = key.strip()
    texts = [v.strip() for v in raw.split(",") if v.strip()]
    if not sep or not key or not texts:
        raise typer.BadParameter(f"{text!r} is not OPTION=VALUE,VALUE,...", param_hint="--sweep")
    return key, tuple(_read_options(game, {key: value})[key] for value in texts)


class _LabGroup(_Group):
    """``plunder lab GAME ...`` runs a study, ``plunder lab tune GAME ...`` a search: a
    first word that names no subcommand (a game, an option, or nothing) goes to the
    study, whose help is the group's."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:
            args = [STUDY, *args]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name, command, rest = super().resolve_command(ctx, args)
        # The study is `plunder lab GAME`, in its usage line and its errors too.
        return ("" if name == STUDY else name), command, rest


class _StudyContext(typer.Context):
    @property
    def command_path(self) -> str:
        return super().command_path.rstrip()


class _StudyCommand(_Command):
    context_class = _StudyContext


STUDY = "study"
lab_app = typer.Typer(name="lab", cls=_LabGroup, add_completion=False,
                      pretty_exceptions_show_locals=False)
app.add_typer(
    lab_app,
    name="lab",
    help="Play many bot games of GAME and report on its balance, e.g. `plunder lab GAME "
    "--players 4 --bots greedy,random --games 1000 --out DIR`; `plunder lab tune GAME` "
    "searches its tunable numbers toward a goal.",
)


@lab_app.command(STUDY, cls=_StudyCommand, hidden=True)
def lab_command(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="SPEC,SPEC,...",
            help="The bots, e.g. greedy,random or greedy,random,ismcts:easy (specs as for "
            "`plunder match`). With no more bots than seats the list is cycled to fill the "
            "seats (greedy,random at 4 seats: two of each); with more, every choice of as "
            "many bots as seats plays in turn (a round-robin over line-ups).",
        ),
    ],
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, help="Games per study (per value of --sweep)."),
    ] = 1000,
    players: PlayersOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Game i is dealt SEED+i (with --mirror, SEED+its rotation); the same seed "
            "gives the same figures on any backend (default: a random SEED).",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            help="Worker processes (or Ray CPUs with --cluster local); 0 means one per core.",
        ),
    ] = 0,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            metavar="ADDRESS",
            envvar="RAY_ADDRESS",
            help="Play the games on Ray: 'local' starts Ray on this machine, an address "
            "(ray://host:10001, or host:6379 from a node) joins a running cluster, whose "
            "nodes need plunder installed; the RAY_ADDRESS environment variable does the "
            "same. Needs the lab extra: pip install 'plunder\\[lab]'.",
            show_envvar=False,
        ),
    ] = None,
    mirror: Annotated[
        bool,
        typer.Option(
            "--mirror",
            help="Deal the same seed to every game of a rotation group: each deal is played "
            "with the bots, and the sides where the game seats them by an option, in every "
            "seat, so a deal's luck cancels and fewer games tell them apart; the report "
            "says how much variance that removed.",
            metavar="",
        ),
    ] = False,
    sweep: Annotated[
        str | None,
        typer.Option(
            "--sweep",
            metavar="OPTION=V1,V2,...",
            help="Run the study once per value of a game option and plot each measure "
            "against it, e.g. --sweep target=3,5,7.",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Where to write report.json, report.html and the plots "
            "(default: lab/GAME-SEED).",
        ),
    ] = None,
    records: Annotated[
        bool,
        typer.Option(
            "--records",
            help="Also write every game's record beside the report, in DIR/records/ "
            "(one JSON file a game, as each ends), for `plunder replay`.",
            metavar="",
        ),
    ] = False,
    mode: ModeOption = None,
    option: OptionList = None,
) -> None:
    """Play many bot games of GAME and report on its balance, e.g. `plunder lab GAME
    --players 4 --bots greedy,random --games 1000 --out DIR`.

    Every bot plays every seat equally often, and so does every side where the game
    seats its sides by an option. The report (report.json, report.html with its
    plots embedded, and the plots as PNG) gives each seat's, bot's and side's win
    share with 95% intervals, the first player's advantage (from who moved first),
    balance with its bootstrap interval, games without a
    winner or cut off at a limit, game length, decision points, time per decision,
    lead changes and decisiveness, the game's content statistics, and the bots'
    ratings; docs/lab.md explains each. Games run on every core by default, or on
    Ray with --cluster. A progress bar (games, games/s, time left) shows on stderr
    when it is a terminal, and otherwise a line every 5% of the games (at most 50
    games apart) with the time left; Ctrl-C stops the run and exits with status 130.

    `plunder lab tune GAME ...` searches a game's tunable numbers toward a goal
    (see `plunder lab tune --help`).
    """
    from plunder.lab.progress import ProgressLines
    from plunder.lab.report import RECORDS, record_file, write_game_record, write_report
    from plunder.lab.run import Backend, LabError
    from plunder.lab.study import LabSpec, prepare, run_lab

    names = _split(bots)
    if not names:
        fail("--bots names no bot")
    options = _with_mode(game, _with_players(parse_options(option, game), players), mode)
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    spec = LabSpec(game, tuple(names), games, options, seed, mirror, parse_sweep(sweep, game))
    try:
        studies = prepare(spec)  # user errors before the progress bar
    except (PlunderError, ValueError) as exc:
        fail(str(exc))
    target = out if out is not None else Path("lab") / f"{game}-{seed}"
    backend = Backend(jobs=jobs, cluster=cluster or None)
    total = sum(len(study.schedule.slots) for study in studies)
    err = _stderr()
    done = 0
    # Output sent to a file or a pipe gets no bar: a line every few games instead.
    lines = None if err.is_terminal else ProgressLines(
        total, lambda text: err.print(Text(text), soft_wrap=True), f"{game}: {', '.join(names)}"
    )
    try:
        with _progress_bar(err, "rate") as progress:
            task = progress.add_task(f"{game}: {', '.join(names)}", total=total, rate="")

            def advance(finished: int, _total: int) -> None:
                nonlocal done
                done = finished
                elapsed = progress.tasks[0].elapsed or 0.0
                rate = f"{finished / elapsed:,.1f} games/s" if elapsed > 0 else ""
                progress.update(task, completed=finished, rate=rate)
                if lines is not None:
                    lines(finished)

            def keep(number: int, game_record: Any) -> None:
                path = record_file(target, number, len(studies), game_record.index)
                write_game_record(path, game_record.record, game_record.bots)

            report = run_lab(spec, backend, advance, studies, keep if records else None)
    except KeyboardInterrupt:
        err.print(Text(f"Interrupted after {done} of {total} games; no report."))
        raise typer.Exit(130) from None
    except (LabError, PlunderError) as exc:  # Ray missing, or a game that failed during play
        fail(str(exc), code=1)
    except OSError as exc:  # a record that could not be written
        fail(f"could not write the records to {target} ({exc.strerror or exc})", code=1)
    report["records"] = RECORDS if records else None
    try:
        write_report(report, target)
    except OSError as exc:
        fail(f"could not write the report to {target} ({exc.strerror or exc})", code=1)
    _print_lab_summary(report, target, _stdout())


@lab_app.command("tune", cls=_Command)
def tune_command(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="SPEC,SPEC,...",
                     help="The bots, as for `plunder lab` (e.g. greedy)."),
    ] = "greedy",
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            metavar="NAME",
            help="A parameter to tune: its name (heroes.ishmael.hp), its group (hp) or a "
            "pattern with * (pirates.*.life); repeat for more; default: every one the "
            "game declares (--list shows them).",
        ),
    ] = None,
    shares: Annotated[
        list[str] | None,
        typer.Option(
            "--shares",
            metavar="KIND=LOW-HIGH",
            help="Goal: every piece of KIND (a kind of the game's content statistics, e.g. "
            "hero, fighter; or side) wins a share from LOW to HIGH percent, e.g. "
            "hero=45-55; KIND:PIECE,PIECE=LOW-HIGH for some pieces of a kind only "
            "(fighter:brakka,sigrun=45-55); repeat for more kinds.",
        ),
    ] = None,
    first_player: Annotated[
        float | None,
        typer.Option("--first-player", metavar="POINTS",
                     help="Goal: the first player's advantage under POINTS points, either way."),
    ] = None,
    length: Annotated[
        str | None,
        typer.Option("--length", metavar="LOW-HIGH",
                     help="Goal: the mean length, in the game's own unit (rounds, turns) "
                     "or else decisions, from LOW to HIGH."),
    ] = None,
    start: Annotated[
        Path | None,
        typer.Option("--start", metavar="FILE",
                     help="Start from a setting instead of the content as it is: an earlier "
                     "search's tune.json (its best setting) or a JSON table of parameter "
                     "names and values. The diff is still against the content files."),
    ] = None,
    within: Annotated[
        float | None,
        typer.Option("--within", metavar="N", min=0,
                     help="Search at most N from each parameter's current value (inside its "
                     "declared bounds): a search near the game as it is."),
    ] = None,
    trials: Annotated[
        int, typer.Option("--trials", "-t", min=1, help="Settings to try, at most.")
    ] = 20,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per trial (every trial is "
                          "dealt the same seeds).")
    ] = 100,
    confirm: Annotated[
        int, typer.Option("--confirm", min=0, help="Games to play the best setting again on "
                          "fresh seeds, for its figures (0: none).")
    ] = 1000,
    keep_going: Annotated[
        bool, typer.Option("--keep-going", metavar="",
                           help="Play every trial, even after one meets the goal.")
    ] = False,
    search: Annotated[
        str, typer.Option("--search", metavar="auto|steer|tpe",
                          help="How the next setting is chosen: steer each number by its "
                          "piece's measured share (where the game declares which piece "
                          "each strengthens and the goal is shares), or Optuna's TPE "
                          "sampler (any goal); auto: steer where it can.")
    ] = "auto",
    players: PlayersOption = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="The seed of the search and of its games: the same seed "
                     "gives the same trials (default: a random SEED).")
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="Worker processes; 0 means one per core.")
    ] = 0,
    mirror: Annotated[
        bool, typer.Option("--mirror", metavar="", help="Mirrored studies, as for `plunder lab`.")
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="DIR", help="Where to write tune.json, best.diff and "
                     "the confirmation's report (default: lab/tune-GAME-SEED)."),
    ] = None,
    show: Annotated[
        bool, typer.Option("--list", metavar="", help="List the game's tunable parameters "
                           "and stop.")
    ] = False,
    mode: ModeOption = None,
    option: OptionList = None,
) -> None:
    """Search GAME's tunable numbers (a hero's HP, a target score: what the game declares
    in its tunables file) for a setting whose lab measures meet a goal, e.g. `plunder lab
    tune rumbones --param 'hp*' --shares hero=45-55 --trials 20 --games 100`.

    Each trial plays a lab study of one setting (every trial on the same seeds) and scores
    how far its measures lie outside the goal (the sum of the squared points outside each
    band). The next setting moves each number by its piece's share (--search steer), or
    Optuna's TPE sampler, seeded, picks it (--search tpe). The search stops at the
    first trial that meets the goal (unless --keep-going), then plays the best setting
    again on fresh seeds (--confirm) and reports its measures with their 95% intervals and
    the change to the content files (a diff) or options that would make it the default.
    A line on stderr tells each trial as it ends, and the games of a long one.
    """
    from plunder.engine.tuning import TuningError, choose, content_diff, game_tunables
    from plunder.lab.report import write_report
    from plunder.lab.tune import (
        Goal,
        TuneError,
        TuneSpec,
        check_goal,
        dumps,
        method,
        parse_band,
        parse_shares,
        read_start,
        tune,
    )

    try:
        declared = game_tunables(game)
    except (PlunderError, TuningError) as exc:
        fail(str(exc))
    if show:
        _print_tunables(declared, game, _stdout())
        return
    names = _split(bots)
    if not names:
        fail("--bots names no bot")
    options = _with_mode(game, _with_players(parse_options(option, game), players), mode)
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    try:
        chosen = choose(declared, [name for item in param or [] for name in _split(item)])
        if not chosen:
            raise TuneError(f"{game} declares no tunable parameters")
        if within is not None:
            chosen = tuple(t.near(within) for t in chosen)
        goal = Goal(parse_shares(shares or []), first_player,
                    None if length is None else parse_band(length, "--length"))
        overlap = {t.option for t in chosen if t.option} & set(options)
        if overlap:
            raise TuneError(f"option {', '.join(sorted(overlap))} is both tuned and set")
        check_goal(game, goal, options, names)
        begin: dict[str, float] = {}
        if start is not None:
            try:
                text = start.read_text(encoding="utf-8")
            except OSError as exc:
                raise TuneError(f"--start {start}: cannot read it ({exc.strerror or exc})"
                                ) from None
            begin = read_start(text, chosen, str(start))
    except (PlunderError, TuningError, ValueError) as exc:
        fail(str(exc))
    spec = TuneSpec(game, tuple(names), chosen, goal, trials, games, confirm, options, seed,
                    mirror, stop_at_goal=not keep_going, search=search, start=begin)
    try:
        how = method(spec)
    except TuneError as exc:
        fail(str(exc))
    target = out if out is not None else Path("lab") / f"tune-{game}-{seed}"
    err = _stderr()

    def say(text: str) -> None:
        err.print(Text(text), soft_wrap=True)

    many = "one trial" if trials == 1 else f"up to {trials} trials"
    say(f"tune {game}: {len(chosen)} parameters, {many} of {games} games "
        f"({'steered by the shares' if how == 'steer' else 'TPE'}), then {confirm} games "
        f"to confirm; seed {seed}")
    shown = {"at": 0.0}

    played: list[Any] = []

    def on_trial(trial: Any, best: Any, elapsed: float) -> None:
        # The trials so far, kept as each ends: a search stopped early keeps them.
        played.append(trial.to_json())
        try:
            target.mkdir(parents=True, exist_ok=True)
            (target / "tune.json").write_text(json.dumps(
                {"format": "plunder-lab-tune", "partial": True, "trials": played}, indent=2
            ) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"could not write to {target} ({exc.strerror or exc})", code=1)
        worst = max(trial.items, key=lambda item: item.outside, default=None)
        changed = ", ".join(f"{name}={value:g}" for name, value in trial.setting.items()
                            if value != next(t.default for t in chosen if t.name == name))
        left = (trials - trial.number) * elapsed / trial.number
        say(f"tune {game}: trial {trial.number}/{trials} ({changed or 'as it is'}): loss "
            f"{trial.loss:.1f}" + ("" if worst is None or worst.met else
                                   f" (worst: {worst.what} {_shown(worst.value, worst.unit)})")
            + f"; best {best.loss:.1f} at trial {best.number}; {_duration(elapsed)} so far, "
            f"at most {_duration(left)} more for the trials")

    def on_progress(stage: str, done: int, total: int) -> None:
        # A line at most every 30 s within a study, so a long trial shows it is alive.
        now = time.monotonic()
        if now - shown["at"] >= 30 or (stage == "confirmation" and done == total):
            shown["at"] = now
            say(f"tune {game}: {stage}: {done}/{total} games")

    try:
        result = tune(spec, jobs, on_trial, on_progress)
    except KeyboardInterrupt:
        say("Interrupted; no result.")
        raise typer.Exit(130) from None
    except (TuneError, TuningError) as exc:
        fail(str(exc))
    except PlunderError as exc:
        fail(str(exc), code=1)
    project = Path(__file__).resolve().parents[2]
    diff = content_diff(result.setting(), project)
    try:
        target.mkdir(parents=True, exist_ok=True)
        (target / "tune.json").write_text(dumps(result) + "\n", encoding="utf-8")
        (target / "best.diff").write_text(diff, encoding="utf-8")
        if result.confirmation is not None:
            write_report(result.confirmation, target / "confirmation")
    except OSError as exc:
        fail(f"could not write to {target} ({exc.strerror or exc})", code=1)
    _print_tune_summary(result, diff, target, _stdout())


def _duration(seconds: float) -> str:
    from plunder.lab.progress import duration

    return duration(seconds)


def _shown(value: float, unit: str) -> str:
    if unit == "share":
        return f"{value:.1%}"
    if unit == "points":
        return f"{value * 100:+.1f} points"
    return f"{value:.1f} {unit}"


def _print_tunables(declared: Any, game: str, console: Console) -> None:
    table = Table(title=f"{game}: tunable parameters")
    for column in ("name", "group", "now", "from", "to", "where"):
        table.add_column(column, overflow="fold")
    for t in declared:
        where = f"option {t.option}" if t.option else f"{t.file.name} [{t.key}]"
        table.add_row(t.name, t.group, f"{t.default:g}", f"{t.low:g}", f"{t.high:g}", where)
    console.print(table)
    steered = {t.group: t for t in declared if t.strengthens}
    for group, t in steered.items():
        console.print(Text(f"{group}: each makes its {t.strengthens.split(' ')[0]} stronger "
                           f"(a first guess: {t.points:g} points of its share a unit), so "
                           "--search steer can move it by that share."))
    if not declared:
        console.print(Text(f"{game} declares no tunable parameters."))


def _print_tune_summary(result: Any, diff: str, target: Path, console: Console) -> None:
    spec = result.spec
    best = result.best
    table = Table(title=f"Best of {len(result.trials)} trials: trial {best.number}, "
                  f"loss {best.loss:.1f} over {spec.games} games")
    for column in ("parameter", "now", "best"):
        table.add_column(column, overflow="fold")
    for t in spec.parameters:
        value = best.setting[t.name]
        table.add_row(t.name, f"{t.default:g}", f"{value:g}" + (" *" if value != t.default else ""))
    console.print(table)
    items = result.confirmed or best.items
    where = (f"confirmation, {spec.confirm:,} games on fresh seeds"
             if result.confirmed else f"trial {best.number}, {spec.games:,} games")
    checks = Table(title=f"The goal, measured ({where})")
    for column in ("measure", "value", "95% interval", "goal", "met"):
        checks.add_column(column, overflow="fold")
    for item in items:
        low, high = item.ci95
        checks.add_row(item.what, _shown(item.value, item.unit),
                       f"{_shown(low, item.unit)} – {_shown(high, item.unit)}",
                       f"{_shown(item.low, item.unit)} – {_shown(item.high, item.unit)}",
                       "yes" if item.met else "NO")
    console.print(checks)
    met = all(item.met for item in items)
    console.print(Text(("Every measure lies within the goal." if met else
                        f"{sum(not i.met for i in items)} of {len(items)} measures lie "
                        "outside the goal.") + f" The search took {_duration(result.seconds)}."))
    console.print(Text("The change that makes the best setting the default:" if diff else
                       "The best setting is the default already."))
    if diff:
        console.print(Text(diff), soft_wrap=True)
    console.print(Text(f"Every trial: {target / 'tune.json'}; the diff: {target / 'best.diff'}"
                       + (f"; the confirmation's report: {target / 'confirmation'}"
                          if result.confirmation is not None else "") + "."), soft_wrap=True)


def _print_lab_summary(report: dict[str, Any], target: Path, console: Console) -> None:
    timing = report["timing"]
    sweep = report["sweep"]
    table = Table(
        title=f"{report['title']}, {report['players']} players, {report['games']:,} games"
        + (" per value" if sweep else "") + f", seed {report['seed']}"
    )
    table.add_column(sweep["option"] if sweep else "study", overflow="fold")
    for column in ("balance", "first\nplayer", "no\nwinner", "cut\noff", "avg\nlength"):
        table.add_column(column, justify="right", no_wrap=True)
    bots = list(dict.fromkeys(report["bots"]))
    sides = list(dict.fromkeys(side for study in report["studies"]
                               for side in study["measures"]["sides"]))
    for bot in bots:
        table.add_column(f"{bot}\nwins", justify="right", overflow="fold")
    for side in sides:
        table.add_column(f"{side}\nwins", justify="right", overflow="fold")
    for study in report["studies"]:
        m = study["measures"]
        cut = m["cut_off_share"]
        found = m["sides"]
        table.add_row(
            str(study["value"]) if sweep else "all games",
            f"{m['balance']:.3f}",
            f"{m['first_player']['advantage']['value']:+.1%}",
            f"{m['no_winner_share']:.1%}",
            "–" if cut is None else f"{cut:.1%}",
            f"{m['length']['decisions']['mean']:.1f}",
            *(f"{m['bots'][bot]['share']:.1%}" for bot in bots),
            *(f"{found[side]['share']:.1%}" if side in found else "–" for side in sides),
        )
    console.print(table)
    console.print(
        Text(
            f"{sum(s['measures']['games'] for s in report['studies']):,} games in "
            f"{timing['seconds']:.1f} s ({timing['games_per_second']:.1f} games/s). "
            f"Report: {target / 'report.html'} (figures in {target / 'report.json'})."
            + (f" Each game's record: {target / report['records']}." if report["records"] else "")
        ),
        soft_wrap=True,
    )


app.command("serve", cls=_Command)(serve_command)


def main() -> None:
    """Entry point of the ``plunder`` command."""
    app(prog_name="plunder")


if __name__ == "__main__":
    main()
