"""The terminal table: bots and humans around one state, until the game ends.

Each human sees only their seat's view. With several humans on one device, a
"pass the device" screen comes before each human's turn and, on a real terminal,
the screen and its scrollback are cleared around it, so one human never sees
another's hand or choice; not between teammates of a game whose teammates see all
each other sees (``Game.team_sees_all``), who have nothing to hide from each other.
A human may have the table pass the any-time windows of some timings for them
(``autopass``): such a window is passed without a prompt (and without a pass
screen), and only that human is told. A decision with one legal answer plays
itself (``autoplay``, on unless turned off), and only that human is told; where a
pass screen would come before it, it still comes, so that the screens shown tell
the others nothing of the hand that left one answer. Output stays plain text
when stdout is not a terminal (Rich leaves out control codes then, and the screen
is never cleared).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from plunder.bots import Bot, UnknownBot
from plunder.bots import get as get_bot
from plunder.bots.table import waits_for_humans
from plunder.engine.action import Action
from plunder.engine.errors import IllegalAction
from plunder.engine.lesson import Lesson
from plunder.engine.state import ELIMINATED, State
from plunder.engine.windows import AutoPass
from plunder.pace import time_cap, wait_out
from plunder.terminal.render import (
    GenericRenderer,
    guide_file,
    renderer_for,
    seats_text,
    shown_path,
)

# How many unseen events a human's screen recaps before eliding the older ones.
RECAP_LINES = 12

# The terminal control that erases the scrollback (xterm's "ED 3").
ERASE_SCROLLBACK = "\x1b[3J"


class InputEnded(Exception):
    """Standard input closed while the table was waiting for a human."""


class QuitRequested(Exception):
    """A human typed ``q``: stop and keep the game so far."""


class TerminalTable:
    """Plays ``state`` to the end: bots (``bots[seat]``) choose, the other seats are humans.

    ``read_line(prompt)`` reads one line of a human's input and raises
    ``EOFError`` when input ends (default: ``console.input``). ``echo_input``
    prints what was read, so a transcript of piped input shows the answers.
    ``autoplay`` is every human's setting at the start: whether a decision with
    one legal answer is played for them (each may change theirs, ``autoplay``).
    """

    def __init__(
        self,
        state: State,
        bots: Mapping[int, Bot],
        console: Console,
        rng: random.Random,
        *,
        labels: Mapping[int, str] | None = None,
        echo_input: bool = False,
        read_line: Callable[[str], str] | None = None,
        autoplay: bool = True,
        lesson: Lesson | None = None,
        coach: Bot | None = None,
    ) -> None:
        self.state = state
        # A player may take back a quiet move of their own turn (``undo``).
        state.track_undo()
        self.bots = dict(bots)
        self.humans = [seat for seat in range(state.players) if seat not in self.bots]
        self.console = console
        self.rng = rng
        self.names = dict(labels or {})
        self.echo_input = echo_input
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        self.renderer: GenericRenderer = renderer_for(state.game.name)
        # How many entries of each viewer's log (key None: the public log) were shown.
        self.seen: dict[int | None, int] = {}
        # Every human is out and chose to see the end at once: the bots play it quickly,
        # and the steps on the way are not printed.
        self.rushed = False
        self.offered = False
        # Each human's private auto-pass, and the lines only that human is to read
        # (told at their next turn, when others share the screen).
        self.autopass: dict[int, AutoPass] = {}
        self.notes: dict[int, list[str]] = {}
        # Each human's choice of having their decisions with one legal answer played.
        self.autoplay = dict.fromkeys(self.humans, autoplay)
        # The human whose screen the device shows now (None: no one's yet).
        self.holder: int | None = None
        # A guided first game: its hints, and the bot whose choice they suggest.
        self.lesson = lesson
        self.coach = coach
        self.lesson_told_done = False

    # ------------------------------------------------------------ the loop
    def run(self) -> None:
        """Play until the game is over. Raises ``QuitRequested`` or ``InputEnded`` to stop early."""
        self.show_new_events()
        while not self.state.is_over:
            pending = sorted(self.state.pending)
            # Bots first, so a human's screen shows who has already chosen; but a
            # team's decision answered once waits for the team's humans.
            bot_seats = [seat for seat in pending if seat in self.bots
                         and not waits_for_humans(self.state, seat, self.humans)]
            passing = [seat for seat in pending if self.auto_pass(seat) is not None]
            if bot_seats:
                seat = bot_seats[0]
                fell_due = time.monotonic()
                action = self.bots[seat].choose(self.state, seat, self.rng)
                if self.humans and not self.rushed:
                    # Shown no sooner than the bot's time cap: how long it thought
                    # tells the players nothing of its hand (plunder.pace).
                    wait_out(fell_due, time_cap(self.bots[seat]))
                self.state.act(seat, action)
            elif passing:
                self.pass_for(passing[0])
            else:
                # A bot of a team waits for the team's human: the human answers first.
                self.human_turn(next(seat for seat in pending if seat not in self.bots))
            if not self.state.committed:  # the step resolved
                if not self.rushed:
                    self.show_new_events()
                if not self.offered and self.humans_out():
                    self.offer_finish()
        if self.rushed:
            self.show_new_events()

    def humans_out(self) -> bool:
        """Whether the game goes on with no human left in it (every human's pirate out)."""
        return (
            bool(self.humans)
            and not self.state.is_over
            and all(self.state.status(seat) == ELIMINATED for seat in self.humans)
        )

    def offer_finish(self) -> None:
        """No human is left in the game: watch the bots step by step, or see the end now."""
        self.offered = True
        try:
            answer = self.read_line(
                "Every player is out of the game. f: finish it now, Enter: watch the bots > "
            )
        except EOFError:
            answer = "f"
        if self.echo_input:
            self.say(answer)
        if answer.strip().lower() not in ("f", "finish"):
            return
        self.rushed = True
        self.say("The bots play the game out…")
        game = self.state.game.name
        for seat, bot in self.bots.items():
            with contextlib.suppress(UnknownBot):  # a bot without levels plays on as it is
                self.bots[seat] = get_bot(bot.name, game, level="easy")

    @property
    def audience(self) -> int | None:
        """Whose view the running event log follows: the lone human, else the public."""
        return self.humans[0] if len(self.humans) == 1 else None

    def show_new_events(self) -> None:
        who = self.audience
        log = self.state.view(who)["log"]
        for event in log[self.seen.get(who, 0) :]:
            reveal = self.renderer.reveal_lines(event)
            if reveal is None:
                self.say("  " + self.renderer.event(event))
                continue
            # The best moment of a simultaneous game: a block of its own, a line a seat.
            self.console.rule("Reveal", style="bold")
            for line in reveal:
                self.say("  " + line)
            self.console.rule(style="dim")
        self.seen[who] = len(log)

    # ------------------------------------------------------------ auto-pass
    def auto_pass(self, seat: int) -> Action | None:
        """The pass to play for human ``seat`` now by its auto-pass, or None."""
        if seat in self.bots or seat not in self.autopass:
            return None
        return self.autopass[seat].passing(self.state, seat)

    def pass_for(self, seat: int) -> None:
        """Pass the open window for ``seat``, telling that player alone."""
        passing = self.auto_pass(seat)
        assert passing is not None and self.state.decision is not None
        timing = self.renderer.timing(self.state.decision.kind, self.state.view(seat, log=False))
        self.state.act(seat, passing)
        self.tell(seat, f"You pass ({timing}; auto-pass).")

    def tell(self, seat: int, line: str) -> None:
        """A line for ``seat``'s player alone: now if the screen is theirs, else at their
        next turn, behind the pass screen."""
        if seat == self.audience:
            self.say(line)
        else:
            self.notes.setdefault(seat, []).append(line)

    def met_timings(self, seat: int) -> list[str]:
        """The window timings ``seat`` has been offered so far (the open one included)."""
        view = self.state.view(seat)
        met = [
            event["timing"]
            for event in view["log"]
            if event.get("type") == "window" and str(seat) in event.get("choices", {})
        ]
        decision = view.get("decision") or {}
        if decision.get("window") and seat in decision.get("seats", []):
            met.append(decision["kind"])
        return list(dict.fromkeys(met))

    def set_autopass(self, seat: int, asked: str) -> bool:
        """``autopass``: show the seat's setting, or set it (``TIMING``, ``all``, ``off``).

        ``True`` when the new setting passes the window the seat owes now.
        """
        setting = self.autopass.get(seat, AutoPass())
        met = self.met_timings(seat)
        view = self.state.view(seat, log=False)
        word = asked.lower()
        if word == "off":
            setting = AutoPass()
        elif word in ("all", "every"):
            setting = AutoPass(True, setting.timings)
        elif word in met:
            setting = AutoPass(setting.every, setting.timings | {word})
        elif word:
            self.say(
                f"No window called {asked!r} has been offered to you. "
                + self.autopass_choices(met, view)
            )
            return False
        if word:
            self.autopass[seat] = setting
        if not setting:
            self.say("Auto-pass is off: every window is yours to answer.")
        elif setting.every:
            self.say("Auto-pass: every window is passed for you.")
        else:
            named = ", ".join(self.renderer.timing(t, view) for t in sorted(setting.timings))
            self.say(f"Auto-pass: these windows are passed for you: {named}.")
        if not word:
            self.say(self.autopass_choices(met, view))
        if self.auto_pass(seat) is None:
            return False
        self.pass_for(seat)
        return True

    def autopass_choices(self, met: list[str], view: Mapping[str, Any]) -> str:
        if not met:
            return "No window has been offered to you yet: autopass all, or autopass off."
        shown = "; ".join(f"{kind} ({self.renderer.timing(kind, view)})" for kind in met)
        return f"Windows offered to you: {shown}. Type autopass TIMING, all or off."

    # ------------------------------------------------------------ autoplay
    def forced(self, seat: int) -> Action | None:
        """The one legal answer of human ``seat`` to play for it now, or None (several
        answers, or the seat's autoplay off)."""
        if not self.autoplay.get(seat, False):
            return None
        legal = self.state.legal(seat)
        return legal[0] if len(legal) == 1 else None

    def play_forced(self, seat: int, action: Action, screened: bool) -> None:
        """Play ``seat``'s only answer for it and tell that player alone.

        Behind a pass screen (``screened``) the player, who now holds the device,
        reads the line and hands the device on; without one, the screen is theirs
        or their team's, and the line is said at once.
        """
        assert self.state.decision is not None
        words = self.renderer.timing(self.state.decision.kind, self.state.view(seat, log=False))
        if self.takes_lesson_step(seat, action):
            self.show_lesson(seat)
        self.state.act(seat, action)
        self.say(f"Played for you: {action}, your only choice ({words}; autoplay).")
        if screened:
            answer = self.read("Pass the device on: press Enter. ")
            if answer.strip().lower() in ("q", "quit"):
                raise QuitRequested

    def set_autoplay(self, seat: int, asked: str) -> bool:
        """``autoplay``: show the seat's setting, or set it (``on``, ``off``).

        ``True`` when the new setting plays the decision the seat owes now.
        """
        word = asked.lower()
        if word in ("on", "off"):
            self.autoplay[seat] = word == "on"
        elif word:
            self.say(f"autoplay takes on or off, not {asked!r}.")
            return False
        if self.autoplay.get(seat):
            self.say("Autoplay is on: a decision with one legal answer is played for you.")
        else:
            self.say("Autoplay is off: every decision waits for you, even with one answer.")
        action = self.forced(seat)
        if action is None:
            return False
        self.play_forced(seat, action, screened=False)
        return True

    # ------------------------------------------------------------ humans
    def shares_screen(self, seat: int) -> bool:
        """Whether ``seat`` may see the screen as it stands: it holds the device, or a
        teammate who sees all it sees does (``Game.team_sees_all``)."""
        if len(self.humans) == 1:
            return True
        if not self.state.game.team_sees_all:
            return False
        team = self.state.allies(seat)
        # At the first turn the device is before all of them: theirs, if they are one team.
        holders = self.humans if self.holder is None else [self.holder]
        return all(holder in team for holder in holders)

    def human_turn(self, seat: int) -> None:
        screened = not self.shares_screen(seat)
        if screened:
            self.pass_device(seat)
        self.holder = seat
        forced = self.forced(seat)
        if forced is not None:
            self.play_forced(seat, forced, screened)
            return
        self.draw(seat)
        while True:
            text = self.read(f"Seat {seat} > ").strip()
            if self.handle(seat, text):
                return

    def handle(self, seat: int, text: str) -> bool:
        """Act on one line typed by ``seat``; ``True`` once its choice is committed."""
        legal = [str(action) for action in self.state.legal(seat)]
        command = text.lower()
        if not text:
            self.say("Type an action or its number; ? lists the actions, q saves and quits.")
            return False
        if text not in legal:
            if command in ("?", "help"):
                self.show_help(seat)
                return False
            if command.startswith("?"):
                self.explain(seat, text[1:].strip())
                return False
            if command in ("q", "quit"):
                raise QuitRequested
            if command in ("t", "table"):
                self.draw(seat)
                return False
            if command in ("rules", "guide"):
                self.show_guide()
                return False
            if command.split()[0] == "autopass":
                return self.set_autopass(seat, text.strip()[len("autopass") :].strip())
            if command.split()[0] == "autoplay":
                return self.set_autoplay(seat, text.strip()[len("autoplay") :].strip())
            if command == "undo":
                self.undo(seat)
                return False
        choice = text
        # An exact notation wins over a list number, for games whose notation is a number.
        if text not in legal and text.isdigit():
            index = int(text)
            if not 1 <= index <= len(legal):
                self.say(f"{index} is not on the list: pick 1..{len(legal)} or type an action.")
                return False
            choice = legal[index - 1]
        try:
            self.state.act(seat, choice)
        except IllegalAction as exc:
            view = self.state.view(seat, log=False)
            message, *items = self.renderer.refusal(exc, view, self.structured(seat))
            self.say(message)
            for line in pack(items, self.console.width):
                self.say(line)
            return False
        if self.state.committed:
            waiting = seats_text(self.state.pending)
            self.say(f"You chose {choice} (hidden from the others; waiting for {waiting}).")
        else:
            self.say(f"You chose {choice}.")
        return True

    def undo(self, seat: int) -> None:
        """``undo``: take back the seat's last move where it cannot leak
        (``state.may_undo``); the seat then owes the decision that move answered."""
        if not self.state.may_undo(seat):
            self.say(
                "Nothing to take back: only your own last move, while no one has moved "
                "since, and never past a die roll, a draw or a card shown."
            )
            return
        self.state.undo(seat)
        # The log is as it was before the move: what was shown of it ends there too.
        for who, count in self.seen.items():
            self.seen[who] = min(count, self.state.event_count(who))
        self.say("Your last move is taken back.")
        self.draw(seat)

    def pass_device(self, seat: int) -> None:
        self.clear()
        self.console.rule(f"Pass the device to Seat {seat}", style="bold")
        answer = self.read(
            f"Pass the device to Seat {seat} — press Enter when only Seat {seat} can see. "
        )
        if answer.strip().lower() in ("q", "quit"):
            raise QuitRequested
        self.clear()

    def draw(self, seat: int) -> None:
        """The seat's screen: its unseen events, then the table as its view shows it."""
        view = self.state.view(seat)
        self.console.rule(f"Seat {seat}: your turn", style="bold")
        log = view["log"]
        unseen = log[self.seen.get(seat, 0) :]
        # The lone human already saw these as they happened; others get a recap.
        if unseen and seat != self.audience:
            self.say("Since your last turn:")
            if len(unseen) > RECAP_LINES:
                self.say(f"  ({len(unseen) - RECAP_LINES} earlier events not shown)")
            for event in unseen[-RECAP_LINES:]:
                self.say("  " + self.renderer.event(event))
        self.seen[seat] = len(log)
        for line in self.notes.pop(seat, []):
            self.say(line)
        self.console.print(self.renderer.table(view, self.labels_for(seat)))
        last = self.state.last_move(seat)
        if last is not None:
            marked = self.renderer.last_move(log[last:], self.console.width)
            if marked is not None:
                self.console.print(marked)
        asked = self.renderer.prompt(view)
        if asked:
            self.say(asked)
        listed = self.renderer.actions(self.structured(seat), view)
        for line in pack(["Actions:", *listed], self.console.width):
            self.say(line)
        self.say(self.renderer.actions_hint(view, self.structured(seat)))
        self.show_lesson(seat)

    def show_lesson(self, seat: int) -> None:
        """In a guided first game, what to do next and why (once done, that it is done)."""
        if self.lesson is None or seat != self.lesson.seat or self.lesson_told_done:
            return
        hint = self.lesson.hint(self.state, seat, self.coach)
        self.lesson_told_done = hint.over
        label = "Lesson done" if hint.over else f"Lesson, step {hint.step} of {hint.steps}"
        line = Text(f"{label}: ", style="bold green")
        line.append(hint.text.replace("`", ""))  # notations in backticks: typed here
        if hint.suggest:
            line.append(f"  Try: {', '.join(hint.suggest[:4])}", style="bold")
        self.console.print(line)

    def takes_lesson_step(self, seat: int, action: Action) -> bool:
        """Whether ``action``, played for ``seat``, takes the lesson's hinted step: the
        hint is then said first, so that no step goes by untold."""
        if self.lesson is None or seat != self.lesson.seat or self.lesson_told_done:
            return False
        hint = self.lesson.hint(self.state, seat, self.coach)
        return not hint.over and bool(self.lesson.steps[hint.step - 1].moves([str(action)]))

    def structured(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions as the engine describes them, for the renderer."""
        return [action.to_json() for action in self.state.legal(seat)]

    def explain(self, seat: int, term: str) -> None:
        """``? NAME``: a card, a pirate, a ship... from the game's catalogue; ``? me``: yours."""
        lines = self.renderer.explain(term, self.state.view(seat, log=False))
        if lines is None:
            self.say(f"Nothing here is called {term!r}. Try ? me, or ? alone for the actions.")
            return
        for line in lines:
            self.say(line)

    def show_help(self, seat: int) -> None:
        view = self.state.view(seat)
        self.say("Legal actions now:")
        for index, action in enumerate(self.structured(seat), 1):
            words = self.renderer.describe(action, view)
            notation = action["notation"]
            self.say(f"  {index:>2}. {notation}" + (f"  ({words})" if words else ""))
        self.say("")
        self.say(self.renderer.rules_help(view))
        self.say(
            "Commands: an action's notation or its number; ? or help: this list; "
            "? NAME: a card, pirate or other piece explained; ? me: your own pieces; "
            "rules: the player's guide; autopass TIMING|all|off: the any-time windows "
            "passed for you (autopass alone: which); autoplay on|off: decisions with one "
            "legal answer played for you (on at first); undo: take back your last move, "
            "while no one has moved since and it showed no one anything new (no die, no "
            "draw, no card); t: redraw the table; q: save and quit."
        )

    def show_guide(self) -> None:
        """``rules``: the game's guide for players, drawn from its Markdown."""
        found = guide_file({"game": self.state.game.name})
        if found is None:
            self.say("This game ships no guide; ? lists what you may do now.")
            return
        self.console.print(Markdown(found.read_text(encoding="utf-8")))
        self.say(f"(The guide is {shown_path(found)}; type t to see the table again.)")

    # ------------------------------------------------------------ output
    def labels_for(self, viewer: int | None) -> dict[int, str]:
        labels = dict(self.names)
        if viewer is not None:
            labels[viewer] = "you"
        return labels

    def show_result(self) -> None:
        view = self.state.view(self.audience)
        self.console.rule("Game over", style="bold")
        self.console.print(self.renderer.table(view, self.labels_for(self.audience)))
        self.console.print(self.renderer.result(view, self.labels_for(self.audience)))

    def say(self, text: str) -> None:
        # Engine messages contain brackets ("[notation]"): never read them as markup.
        self.console.print(Text(text))

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
            # Clearing the screen leaves the scrollback, where the last player's
            # hand and choice could be scrolled back to: erase it too (ED 3).
            self.console.file.write(ERASE_SCROLLBACK)
            self.console.file.flush()

    def read(self, prompt: str) -> str:
        try:
            line = self.read_line(prompt)
        except EOFError:
            self.console.print()
            raise InputEnded from None
        if self.echo_input:
            self.console.print(Text(line))
        return line


def table_labels(bots: Mapping[int, Bot], players: int) -> dict[int, str]:
    """How the table names each seat: the bot's name, or "human"."""
    return {seat: bots[seat].name if seat in bots else "human" for seat in range(players)}


def pack(items: list[str], width: int, gap: str = "  ") -> list[str]:
    """Lay items out in lines of at most ``width`` columns, never breaking an item
    except a longer one, which is broken after a ``|`` (a list of alternatives).

    >>> pack(["Actions:", "1) draw", "2) draw>1", "3) pass-on"], 23)
    ['Actions:  1) draw', '2) draw>1  3) pass-on']
    >>> pack(["Actions:", "wait", "signal>red|green|blue|white"], 16)
    ['Actions:  wait', 'signal>red|', 'green|blue|', 'white']
    """
    lines: list[str] = []
    line = ""
    for item in items:
        pieces = _broken(item, width)
        if len(pieces) > 1:
            if line:
                lines.append(line)
            lines.extend(pieces[:-1])
            line = pieces[-1]
        elif line and len(line) + len(gap) + len(item) > width:
            lines.append(line)
            line = item
        else:
            line = f"{line}{gap}{item}" if line else item
    if line:
        lines.append(line)
    return lines


def _broken(item: str, width: int) -> list[str]:
    """``item`` in pieces of at most ``width`` columns, each ending at a ``|`` where it can."""
    if len(item) <= width or "|" not in item:
        return [item]
    pieces: list[str] = []
    piece = ""
    for part in item.split("|"):
        part_with_bar = part + "|"
        if piece and len(piece) + len(part_with_bar) > width:
            pieces.append(piece)
            piece = ""
        piece += part_with_bar
    pieces.append(piece[:-1])  # the last alternative has no bar after it
    return pieces


__all__ = ["InputEnded", "QuitRequested", "TerminalTable", "table_labels"]
