"""The state of one play, and the engine's handling of decisions.

A game's state derives from ``State`` and supplies the rules through handlers per
kind of decision (``_legal_<kind>`` and ``_on_<kind>``, see "Dispatch by
decision" below), ``_view`` and a few optional hooks (``_deciders``, ``_result``,
``_info_key``, ``_out``). The base class owns everything the protocol promises for
every game alike:

* Simultaneous decisions. A *step* is the set of seats that owe a decision; each
  ``act`` commits one seat's choice (hidden from the others) and the step resolves
  when the last seat commits. A sequential turn is a step of one seat.
* Decision frames: a stack of what is being decided (``push``, ``pop``,
  ``replace``); the frame on top names the deciding seats and is shown to all.
  A frame is answered by all its seats, or by any one of them for all (a team's
  decision).
* Dispatch by decision: the legal actions and the resolution of a step go to the
  handlers of the top frame's kind, so a game never tests which decision is open.
* Teams (``game.teams()``, ``allies``): teammates see each other's committed
  choices, a determinization keeps them, and results pay a team as one.
* Validation before mutation, so a rejected action leaves the state unchanged.
* The move list behind ``record`` and the filtered event log behind ``view`` and
  ``events``.
* Chance from one seeded generator held in the state and never shown, through
  ``roll``, ``shuffle``, ``choice`` and ``sample``.
* The end of the game (``finish``), cloning, pickling, and the search and
  learning helpers (``info_key``, ``legal_mask``, ``observation``, ``status``).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import marshal
import random
import types
import typing
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, cast, dataclass_transform

import numpy as np

from plunder.engine.action import Action
from plunder.engine.dice import Dice, DicePool
from plunder.engine.errors import IllegalAction, PlunderError, RecordError
from plunder.engine.frame import ANY, Frame
from plunder.engine.record import make_record
from plunder.engine.result import Result
from plunder.engine.triggers import Trigger, Triggers
from plunder.engine.undo import Undo
from plunder.engine.windows import Windows

if TYPE_CHECKING:
    from plunder.engine.game import Game

# An event visible to every seat and to spectators.
PUBLIC: None = None

T = TypeVar("T")

# What ``status(seat)`` can say of a seat.
DECIDING, WAITING, OUT, ELIMINATED = "deciding", "waiting", "out", "eliminated"


class Event:
    """One entry of the event log: what happened, and who may see it (``None``: everyone).

    The data is never changed once logged, so clones share events; its JSON text is
    made the first time a view needs it, keeping random playouts free of encoding.
    """

    __slots__ = ("_text", "data", "to")

    def __init__(self, to: frozenset[int] | None, data: dict[str, Any]) -> None:
        self.to = to
        self.data = data
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.data)
        return self._text

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.to, self.data)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.to, self.data = state
        self._text = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        return self  # never changed once logged


# ``_legal_<word>`` names that are the engine's own, never a decision's handler.
_NOT_KINDS = frozenset(("actions", "cache"))


class Handlers:
    """The handlers of one kind of decision, found on a ``State`` class by name.

    ``legal(state, seat, frame)`` lists a deciding seat's actions. ``resolve`` is
    ``_on_<kind>``: written ``(self, seat, action, frame)`` it takes the one answer
    of a step (a sequential turn, or a frame any one seat answers); written
    ``(self, answers, frame)`` it takes every answer, in arrival order.
    """

    __slots__ = ("kind", "legal", "one", "resolve")

    def __init__(self, kind: str, legal: Callable[..., Any], resolve: Callable[..., Any]) -> None:
        self.kind = kind
        self.legal = legal
        self.resolve = resolve
        arity = len(inspect.signature(resolve).parameters)
        if arity not in (3, 4):
            raise TypeError(
                f"_on_{kind} takes (self, seat, action, frame) or (self, answers, frame), "
                f"not {arity} parameters"
            )
        self.one = arity == 4


def find_handlers(cls: type) -> dict[str, Handlers]:
    """``_legal_<kind>`` and ``_on_<kind>`` pairs of ``cls`` and its bases, by kind."""
    legal: dict[str, Callable[..., Any]] = {}
    resolve: dict[str, Callable[..., Any]] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if not callable(value):
                continue
            if name.startswith("_legal_") and name[7:] not in _NOT_KINDS:
                legal[name[7:]] = value
            elif name.startswith("_on_"):
                resolve[name[4:]] = value
    lonely = sorted(set(legal) ^ set(resolve))
    if lonely:
        kind = lonely[0]
        has, lacks = ("_legal_", "_on_") if kind in legal else ("_on_", "_legal_")
        raise TypeError(
            f"{cls.__name__} has {has}{kind} but no {lacks}{kind}: a kind of decision "
            "needs both its legal actions and its resolution"
        )
    return {kind: Handlers(kind, legal[kind], resolve[kind]) for kind in legal}


class State(Windows, Triggers, Dice, Undo):
    """The whole truth of one play of a game.

    Public protocol: ``pending``, ``legal``, ``act``, ``view``, ``events``,
    ``decision``, ``step``, ``status``, ``is_over``, ``result``, ``clone``,
    ``determinize``, ``record``, ``info_key``, ``legal_mask``, ``observation``,
    ``allies``, ``default_action``, ``timeout_action``.

    Dispatch by decision
        The frame on top of the stack names the kind of decision open now. The
        state hands a deciding seat's legal actions to ``_legal_<kind>(seat,
        frame)`` and a complete step to ``_on_<kind>``, so a game writes one pair
        of handlers per kind and never tests which decision is open. A kind with
        one handler and not the other is refused when the class is made; a frame
        of a kind without handlers, when its step opens. Two kinds are the
        engine's own: any-time windows (``open_window``, ``plunder.engine.windows``)
        and the ``order`` of triggers that arise together
        (``plunder.engine.triggers``).
    """

    game: Game
    # The handlers of each kind of decision, found by name when the class is made.
    decisions: ClassVar[dict[str, Handlers]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.decisions = find_handlers(cls)

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.moves: list[tuple[int, str]] = []
        self.log: list[Event] = []
        self.frames: list[Frame] = []
        # Events everyone may see, and the events seen by a seat alone on top of those.
        self._public = 0
        self._private = [0] * game.players
        self._commits: dict[int, Action] = {}
        self._step: frozenset[int] = frozenset()
        self._steps = 0
        # Where the log stood when the last step began to resolve (None: no step yet):
        # the events from there on are the last move as each seat saw it.
        self._last_move: int | None = None
        self._legal_cache: dict[int, tuple[Action, ...]] = {}
        self._determinized = False
        self._over: Result | None = None
        # The open frame is answered by any one of its seats for all.
        self._any = False
        # The trigger queue: triggers waiting to fire, and the continuation after them.
        self._queue: list[Trigger] = []
        self._then = ""
        self._order_data: dict[str, Any] = {}
        # The quiet moves that may be taken back (``plunder.engine.undo``); None: untracked.
        self._takeback = None

    # ----------------------------------------------------------------- hooks
    def _deciders(self) -> frozenset[int]:
        """Seats that owe a decision in the current step: by default the top frame's."""
        return self.frames[-1].seats if self.frames else frozenset()

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now; only called for deciding seats.

        By default the open frame's ``_legal_<kind>(seat, frame)``. A game may
        hand out a tuple it keeps (the engine never changes it)."""
        frame = self.frames[-1]
        return self._handlers(frame).legal(self, seat, frame)

    def _resolve(self, commits: dict[int, Action]) -> None:
        """Apply a complete step; ``commits`` keeps the order choices arrived in.

        By default the open frame's ``_on_<kind>``."""
        frame = self.frames[-1]
        handlers = self._handlers(frame)
        if not handlers.one:
            handlers.resolve(self, commits, frame)
            return
        if len(commits) != 1:
            raise PlunderError(
                f"_on_{frame.kind} takes one answer, but {len(commits)} seats answered: "
                f"write it as _on_{frame.kind}(self, answers, frame)"
            )
        ((seat, action),) = commits.items()
        handlers.resolve(self, seat, action, frame)

    def _handlers(self, frame: Frame) -> Handlers:
        handlers = self.decisions.get(frame.kind)
        if handlers is None and frame.window:
            return _WINDOW
        if handlers is None:
            raise PlunderError(
                f"{type(self).__name__} has no handlers for its {frame.kind!r} decision "
                f"(_legal_{frame.kind} and _on_{frame.kind})"
            )
        return handlers

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's part of ``view``: only what ``seat`` may know."""
        raise NotImplementedError

    def _result(self) -> Result | None:
        """The result once the game is over, else ``None`` (by default what ``finish`` set)."""
        return self._over

    def _explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now (for the error message).

        By default the open frame's ``_explain_<kind>(seat, action, frame)``, found by
        name like the pair of handlers, when the game writes one; else ``_refusal``.
        """
        frame = self.frames[-1] if self.frames else None
        explain = None if frame is None else getattr(self, f"_explain_{frame.kind}", None)
        if explain is None:
            return self._refusal(seat, action)
        return explain(seat, action, frame)

    def _refusal(self, seat: int, action: Action) -> str:
        """The plain refusal, for an action the game has no better reason to refuse."""
        return f"{action} is not a legal action for seat {seat} now"

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see (hands, decks) for ``determinize``."""

    def _info_key(self, seat: int | None) -> Any:
        """A hashable key of the game's part of ``view(seat)``, equal exactly when it is.

        Made from the view itself, so it can never forget what the view shows nor
        hold what it hides: the view's bytes as ``marshal`` writes them (format 2,
        which never writes back-references, so equal views give equal bytes; a
        few times cheaper than sorted JSON text). Views are built by code, so
        equal views list their keys in the same order; the kit checks that one
        view never gets two keys.
        """
        return marshal.dumps(self._view(seat), 2)

    def _out(self, seat: int) -> str | None:
        """``OUT`` (out for now), ``ELIMINATED`` (for good) or ``None`` (in play)."""
        return None

    # ------------------------------------------------------------- who plays what
    def first_movers(self) -> tuple[frozenset[int], ...]:
        """Who moved first: the seats that led the play's first round, then the seats
        that led each later round, for a game whose lead passes from round to round
        (a team's lead is its seats). Read from a finished play by the balance lab,
        which measures the first player's advantage from it. By default seat 0, once:
        a game that says nothing is taken to start with seat 0 and keep that order.
        """
        return (frozenset((0,)),)

    def seat_sides(self) -> tuple[str, ...]:
        """The side each seat played, by name (a faction, a camp), one per seat, or
        ``()`` for a game without sides (the default). Read from a finished play by
        the balance lab, which gives each side's win share; it may name what was
        hidden while the play ran.
        """
        return ()

    # ------------------------------------------------------------- frames
    @property
    def decision(self) -> Frame | None:
        """The decision open now (the top frame), or ``None``."""
        return self.frames[-1] if self.frames else None

    def push(self, frame: Frame) -> None:
        """Open an interrupt: ``frame`` is decided before the one below it resumes."""
        self.frames.append(frame)

    def pop(self) -> Frame:
        """Close the decision on top (resolved); the one below it resumes."""
        return self.frames.pop()

    def replace(self, frame: Frame) -> None:
        """Put ``frame`` in place of the decision on top (the next question of a sequence)."""
        if self.frames:
            self.frames[-1] = frame
        else:
            self.frames.append(frame)

    # ------------------------------------------------------------- chance
    def roll(
        self,
        sides: int = 6,
        count: int = 1,
        *,
        reason: str = "",
        seat: int | None = None,
        to: Iterable[int] | None = PUBLIC,
    ) -> list[int]:
        """Roll ``count`` dice of ``sides`` faces and log the roll (public unless ``to``)."""
        dice = [self.rng.randint(1, sides) for _ in range(count)]
        event: dict[str, Any] = {"type": "roll", "sides": sides, "dice": dice, "reason": reason}
        who = "Roll" if seat is None else f"Seat {seat} rolls"
        event["text"] = f"{who} {', '.join(map(str, dice))}" + (f" ({reason})." if reason else ".")
        if seat is not None:
            event["seat"] = seat
        self.emit(event, to=to)
        return dice

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (the new order is hidden: nothing is logged)."""
        self.rng.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items`` at random; a game that makes it public logs what it means."""
        return self.rng.choice(items)

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """``count`` different items at random."""
        return self.rng.sample(items, count)

    def randrange(self, stop: int) -> int:
        """A whole number in ``0..stop-1`` at random."""
        return self.rng.randrange(stop)

    # ------------------------------------------------------------- protocol
    def _open_step(self) -> None:
        """Start a new step; games call it at the end of set-up and the base after each resolve."""
        self._legal_cache = {}
        self._steps += 1
        if self._result() is not None:
            self._step = frozenset()
            self.frames.clear()
            self._any = False
        else:
            self._step = self._deciders()
            self._any = bool(self.frames) and self.frames[-1].answer == ANY

    def allies(self, seat: int) -> frozenset[int]:
        """``seat``'s team, itself included (alone unless the game has teams)."""
        return self.game.team_of(seat)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def step(self) -> int:
        """A public id of the current step, increasing by one each time a step opens."""
        return self._steps

    @property
    def pending(self) -> frozenset[int]:
        """Seats that owe a decision now and have not yet committed it."""
        if not self._commits:
            return self._step
        return self._step.difference(self._commits)

    def seats_to_act(self) -> Iterator[int]:
        """The seats that owe the open step an answer, lowest first, one at a time.

        For a caller that commits for every seat of a step in turn (a random play, a
        table of bots): each seat is yielded only while it still owes this step, and
        the iteration ends when the step resolves. ``pending`` is a snapshot, and a
        commit may change it: a team's decision is answered once, by the first of its
        members to commit, and the last commit resolves the step and opens the next,
        whose seats are not this step's.
        """
        step = self._steps
        for seat in sorted(self.pending):
            if self._steps != step:
                return
            if seat in self.pending:
                yield seat

    def arrivals(self) -> Iterator[int]:
        """The seats that owe the open step an answer, one at a time, in the order the
        game takes their answers to arrive.

        For a caller that holds every seat's answer at once (a table of bots): its
        commits reach the game together, so which came first is the game's to say, not
        the caller's loop (under a rule such as Rumble's ``race="arrival"``, a loop
        that commits the lowest seat first would hand it every race). The order is
        drawn once per step from the game's seed and the step, by a generator of its
        own, so the game's chance draws stay as they are, and a replay, which commits
        the moves in the order recorded, rebuilds the same game. A seat is yielded
        only while it still owes the step, as by ``seats_to_act``.
        """
        step = self._steps
        order = sorted(self._step)
        if len(order) > 1:
            random.Random(f"plunder-arrival:{self.seed}:{step}").shuffle(order)
        for seat in order:
            if self._steps != step:
                return
            if seat in self.pending:
                yield seat

    @property
    def committed(self) -> frozenset[int]:
        """Seats that have committed in the current step (never what they chose)."""
        return frozenset(self._commits)

    @property
    def open_frame(self) -> Frame | None:
        """The decision ``view["decision"]`` shows: the top frame while a step is open."""
        return self.frames[-1] if self.frames and self._step else None

    def own_choice(self, seat: int | None) -> Action | None:
        """What ``seat`` has committed this step (``view(seat)["choice"]``), else ``None``.

        Only that seat sees it: an encoder writes it into that seat's observation alone.
        """
        return None if seat is None else self._commits.get(seat)

    @property
    def is_over(self) -> bool:
        return not self._step and self._result() is not None

    @property
    def result(self) -> Result | None:
        return self._result()

    def finish(self, result: Result) -> None:
        """End the game with ``result``: log its end and close every open decision.

        In a game of teams the result learns them, so its returns pay a team as one.
        """
        if result.teams is None and self.game.has_teams:
            result = dataclasses.replace(result, teams=self.game.teams())
        self._over = result
        self.frames.clear()
        self.emit(
            {"type": "game_end", "winners": sorted(result.winners), "text": result.reason + "."}
        )

    def status(self, seat: int) -> str:
        """``deciding``, ``waiting``, ``out`` (for now) or ``eliminated`` (for good)."""
        self._check_seat(seat, spectator=False)
        if seat in self.pending:
            return DECIDING
        return self._out(seat) or WAITING

    def legal(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now; empty when it owes no decision."""
        return list(self.legal_tuple(seat))

    def legal_tuple(self, seat: int) -> tuple[Action, ...]:
        """``legal(seat)`` as the tuple the engine keeps for the step (not copied).

        A game that works a situation's legal actions out once hands back the same
        tuple whenever the situation comes back, so a caller may key a cache of its
        own on the tuple (holding it, so that its identity stays its own).
        """
        if type(seat) is not int or seat not in self._step or seat in self._commits:
            return ()
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = tuple(self._legal_actions(seat))
        return cached

    def legal_mask(self, seat: int) -> np.ndarray:
        """A bool array over ``game.action_space()``: True where the action is legal now."""
        space = self.game.action_space()
        mask = np.zeros(len(space), dtype=bool)
        mask[space.positions(self.legal(seat))] = True
        return mask

    def act(self, seat: int, action: Action | str) -> None:
        """Commit ``seat``'s decision (an ``Action`` or its notation).

        Raises ``IllegalAction`` naming the problem, with the state unchanged.
        """
        # The common case in one test (play is hot in searches and simulations);
        # ``type(...) is int`` also keeps out ``True`` and unhashable values.
        if type(seat) is not int or seat not in self._step or seat in self._commits:
            self._refuse_seat(seat)
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = tuple(self._legal_actions(seat))
        if isinstance(action, str):
            action = self.game.parse(action, legal=[str(a) for a in legal])
        elif not isinstance(action, Action):
            raise IllegalAction(
                f"{action!r} is neither an action nor its notation",
                rule="notation",
                legal=[str(a) for a in legal],
            )
        # Actions are interned, so the legal one is usually this very object: look
        # for it by identity before comparing values (a dataclass's == is slow).
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self._explain(seat, action), legal=[str(a) for a in legal])
        self._commits[seat] = action
        self.moves.append((seat, action.notation))
        if self._any or len(self._commits) == len(self._step):
            commits, self._commits = self._commits, {}
            self._last_move = len(self.log)
            # With undo tracked, a move that resolves its step alone is noted with
            # whether it revealed anything (``plunder.engine.undo``).
            noted = self._takeback is not None and len(commits) == 1
            if noted:
                frame, chance = self.frames[-1], self.rng.getstate()
            self._resolve(commits)
            self._open_step()
            if noted:
                self._note_move(seat, action, frame, chance, self._last_move)

    def _refuse_seat(self, seat: object) -> None:
        """Raise the ``IllegalAction`` that says why ``seat`` may not act now."""
        if self.is_over:
            raise IllegalAction("the game is over", rule="end")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(
                f"{seat!r} is not a seat of this game (seats are 0..{self.players - 1})",
                rule="seats",
            )
        if seat in self._commits:
            raise IllegalAction(
                f"seat {seat} has already committed its choice this step; "
                f"waiting for {_seats(self.pending)}",
                rule="one decision per step",
            )
        raise IllegalAction(
            f"seat {seat} owes no decision now; waiting for {_seats(self.pending)}",
            rule="turn order",
        )

    def default_action(self, seat: int) -> Action | None:
        """The open decision's default answer for pending ``seat`` (its frame's
        ``default``: a defence's "take it", a window's pass), or ``None``.

        A default says what stands for no answer; it does not time the decision.
        """
        if type(seat) is not int or seat not in self.pending:
            return None
        frame = self.decision
        if frame is None or frame.default is None:
            return None
        return self.game.parse(frame.default)

    def timeout_action(self, seat: int) -> Action | None:
        """The legal action ``seat`` is taken to play if it lets a *timed* decision pass.

        ``None`` for a decision whose time the rules do not limit, however it may
        default (a table may still put its turn clock on it). A decision the rules
        time (a reaction window, a gesture made as the cards are revealed) is a
        ``timed`` frame; a table's reflex clock plays its default when time is up.
        """
        frame = self.decision
        if frame is None or not frame.timed:
            return None
        return self.default_action(seat)

    def _check_seat(self, seat: object, spectator: bool = True) -> None:
        if (seat is None and spectator) or (
            type(seat) is int and 0 <= seat < self.players
        ):
            return
        also = ", or None for a spectator" if spectator else ""
        raise IllegalAction(
            f"{seat!r} is not a seat of this game (seats are 0..{self.players - 1}{also})",
            rule="seats",
        )

    def view(self, seat: int | None = None, *, log: bool = True) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-ready data (``None``: a spectator).

        ``log=False`` leaves out the event log, for callers (bots, learners, a
        table that sends only new events) that look at many positions.
        """
        self._check_seat(seat)
        out = self._view(seat)
        result = self._result()
        frame = self.decision
        out["game"] = self.game.name
        out["options"] = dict(self.game.options)
        out["viewer"] = seat
        out["pending"] = sorted(self.pending)
        out["committed"] = sorted(self._commits)
        out["decision"] = frame.to_json() if frame is not None and self._step else None
        if seat is not None and seat in self._commits:
            out["choice"] = self._commits[seat].notation
        if self.game.has_teams:
            out["teams"] = [sorted(team) for team in self.game.teams()]
            if seat is not None:
                allied = self._allied_choices(seat)
                if allied:
                    out["allied_choices"] = {str(s): n for s, n in allied}
        if log:
            out["log"] = self.events(seat)
        out["over"] = result is not None
        out["result"] = None if result is None else result.to_json()
        return out

    def events(self, seat: int | None = None, since: int = 0) -> list[dict[str, Any]]:
        """The events ``seat`` may see, from its ``since``-th on (fresh copies).

        ``since`` counts only the events that seat may see, so a client that holds
        ``k`` of them asks for ``events(seat, k)`` and gets exactly what it lacks.
        The cost grows with what is returned, not with the length of the game.
        """
        self._check_seat(seat)
        want = self.event_count(seat) - max(0, since)
        if want <= 0:
            return []
        found: list[str] = []
        for event in reversed(self.log):
            if event.to is None or (seat is not None and seat in event.to):
                found.append(event.text)
                if len(found) == want:
                    break
        found.reverse()
        # Decoding the events' JSON text hands out fresh copies: no caller can
        # change the log through a view.
        return json.loads("[" + ",".join(found) + "]")

    def last_move(self, seat: int | None = None) -> int | None:
        """Where the last move begins in the events ``seat`` may see: the index of the
        first event the last resolved step made that ``seat`` sees (the move's events
        run from there to the end of its log), or ``None`` before any step resolved.

        A commit that leaves the step open makes no event, so a concealed choice is
        never anyone's last move until the step it belongs to is revealed.
        """
        self._check_seat(seat)
        if self._last_move is None:
            return None
        after = 0
        for event in self.log[self._last_move:]:
            if event.to is None or (seat is not None and seat in event.to):
                after += 1
        return self.event_count(seat) - after

    def event_count(self, seat: int | None = None) -> int:
        """How many events ``seat`` may see so far."""
        self._check_seat(seat)
        return self._public + (0 if seat is None else self._private[seat])

    def info_key(self, seat: int | None) -> Any:
        """A compact hashable key of all ``seat`` knows now: equal exactly when
        ``view(seat, log=False)`` is equal (within one game and options)."""
        self._check_seat(seat)
        frame = self.decision if self._step else None
        choice = self._commits.get(seat) if seat is not None else None
        allied = self._allied_choices(seat) if seat is not None and self._commits else ()
        return (
            seat,
            tuple(sorted(self.pending)),
            tuple(sorted(self._commits)),
            None if choice is None else choice.notation,
            allied,
            None if frame is None else frame.key(),
            self._result(),
            self._info_key(seat),
        )

    def _allied_choices(self, seat: int) -> tuple[tuple[int, str], ...]:
        """Teammates' committed choices, which ``seat`` sees when the game shares them."""
        if not self.game.team_shares_choices:
            return ()
        team = self.game.team_of(seat)
        if len(team) == 1:
            return ()
        return tuple(
            (s, self._commits[s].notation) for s in sorted(team) if s != seat and s in self._commits
        )

    def observation(self, seat: int | None) -> np.ndarray:
        """``view(seat, log=False)`` encoded as the game's float32 vector (``None``: spectator)."""
        self._check_seat(seat)
        return self.game.encoder().observe(self, (seat,))[0]

    def observations(self, seats: Sequence[int | None]) -> np.ndarray:
        """The observations of ``seats`` at once, one row each (``observation`` of each):
        what every seat sees alike is encoded once."""
        for seat in seats:
            self._check_seat(seat)
        return self.game.encoder().observe(self, seats)

    def clone(self) -> Self:
        """An independent copy: acting on it never changes this state."""
        new = object.__new__(type(self))
        fields = new.__dict__
        for name, value in self.__dict__.items():
            if name in _SHALLOW:
                # The engine's own lists and maps hold only immutable values.
                fields[name] = value.copy()
            elif name in _SHARED:
                fields[name] = value
            else:
                fields[name] = fresh(value)
        # Random.__new__ skips seeding from the OS, which setstate overwrites anyway.
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate(self.rng.getstate())
        # A copy explores (a search, a bot's thinking): it takes nothing back.
        new._takeback = None
        self._clone_into(new)
        return new

    def _clone_into(self, new: State) -> None:
        """Copy what the generic copy cannot (objects of the game's own classes)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A clone in which everything ``seat`` cannot see is resampled.

        Other seats' committed but unrevealed choices are redrawn from their legal
        actions, the game resamples its hidden parts, and the chance generator is
        reseeded, so the result is one possible truth consistent with
        ``view(seat)``. A determinized state has no replayable record.
        """
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        new._determinized = True
        # Hidden parts first: another seat's legal actions may depend on its hidden
        # hand, so its concealed choice is redrawn in the resampled world. What
        # the seat's team shares (teammates' choices) stays as it is.
        known = {seat} if seat is None else {seat, *(s for s, _ in self._allied_choices(seat))}
        new._resample_hidden(seat, rng)
        new._legal_cache = {s: a for s, a in new._legal_cache.items() if s == seat}
        if new._commits:
            arrival = list(new._commits)
            for other in arrival:
                if other not in known:
                    options = new._legal_cache[other] = tuple(new._legal_actions(other))
                    new._commits[other] = rng.choice(options)
            new.moves[-len(arrival) :] = [(s, new._commits[s].notation) for s in arrival]
        return new

    @property
    def record(self) -> dict[str, Any]:
        """JSON-ready record (game, options, seed, moves); ``plunder.replay`` rebuilds the state."""
        if self._determinized:
            raise RecordError("a determinized state has no record: its hidden parts were resampled")
        return make_record(self.game.name, self.game.options, self.seed, self.moves)

    # ------------------------------------------------------------- helpers
    def emit(self, event: dict[str, Any], to: Iterable[int] | None = PUBLIC) -> None:
        """Add an event to the log, visible to ``to`` (default: everyone)."""
        if to is None:
            self.log.append(Event(None, event))
            self._public += 1
            return
        audience = frozenset(to)
        self.log.append(Event(audience, event))
        for seat in audience:
            self._private[seat] += 1

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"pending={sorted(self.pending)}"
        return f"<{type(self).__name__} {self.game.name} moves={len(self.moves)} {status}>"

    def to_json(self) -> str:
        """The spectator view as JSON text (handy in a REPL)."""
        return json.dumps(self.view(None))


# Any-time windows, whatever their timing, are answered by the engine's machinery.
_WINDOW = Handlers("window", Windows._window_legal, Windows._window_resolve)

# Fields the generic clone shares or sets itself: the game (immutable) and the
# generator (copied through its state).
_SHARED = frozenset(("game", "rng"))
# The engine's containers of immutable values: a shallow copy is independent.
_SHALLOW = frozenset(
    ("moves", "log", "frames", "_private", "_commits", "_legal_cache", "_queue")
)

# Values that are never changed in place: shared by a state and its clones.
# Tuples count among them: a game keeps no mutable value inside a tuple (the
# conformance kit checks that a clone shares no mutable value).
_ATOMS: set[type] = {
    int, float, str, bool, type(None), bytes, tuple, frozenset, Result, Frame, Event, Trigger,
    DicePool,
}


# The copier of each record class (``@record``), by class.
_RECORDS: dict[type, Callable[[Any], Any]] = {}


@dataclass_transform()
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a record: a small mutable dataclass with slots whose fields are
    named, for a part of a state (a hero, a crew, a monster) that would otherwise
    be a list read by position.

    ``clone`` copies a record as cheaply as a list: a copier written for the class
    copies each field, sharing the immutable ones and copying the rest with
    ``fresh`` (lists, dicts, sets and records inside are copied all the way down),
    where any other object is deep-copied. Records compare by their fields, pickle
    and deep-copy like any dataclass.
    """
    made = dataclasses.dataclass(slots=True)(cls)
    names = tuple(f.name for f in dataclasses.fields(cast(Any, made)))
    _RECORDS[made] = _copier(made, names)
    return made


def is_record(value: object) -> bool:
    """Whether ``value`` is an instance of a ``@record`` class."""
    return type(value) in _RECORDS


# Declared types whose values are never changed in place (as ``_ATOMS``).
_ATOM_HINTS = frozenset((int, float, str, bool, type(None), bytes))


def _immutable(hint: Any) -> bool:
    """Whether a field declared ``hint`` only ever holds values shared by clones."""
    origin = typing.get_origin(hint)
    if hint in _ATOM_HINTS or hint is tuple or origin is tuple or origin is frozenset:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(arg) for arg in typing.get_args(hint))
    return False


def _field_copy(hint: Any) -> str:
    """How the copier writes a field declared ``hint`` from ``field``: shared when
    immutable, a flat copy for a list, set or dict of immutable values, else
    ``fresh`` (which looks at the value's type)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if _immutable(hint):
        return "field"
    if origin in (list, set) and args and _immutable(args[0]):
        return "field.copy()"
    if origin is dict and len(args) == 2 and _immutable(args[0]) and _immutable(args[1]):
        return "field.copy()"
    return "field if type(field) in atoms else fresh(field)"


def _copier(cls: type, names: tuple[str, ...]) -> Callable[[Any], Any]:
    # One function per class with its fields spelled out: a loop over the names
    # with getattr and setattr costs about twice as much, and clones run in every
    # playout of a search. A field's declared type says how to copy it where it
    # can (a list of names is copied flat, a number shared) without looking at
    # the value; a type the class cannot resolve leaves it to ``fresh``.
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError):
        hints = {}
    lines = ["def copy(value):", "    new = make(cls)"]
    for name in names:
        how = _field_copy(hints[name]) if name in hints else "fresh(field)"
        lines.append(f"    field = value.{name}")
        lines.append(f"    new.{name} = {how}")
    lines.append("    return new")
    scope: dict[str, Any] = {"make": object.__new__, "cls": cls, "atoms": _ATOMS, "fresh": fresh}
    exec("\n".join(lines), scope)  # the names are a dataclass's fields, never input
    copy_record: Callable[[Any], Any] = scope["copy"]
    return copy_record


def fresh(value: Any) -> Any:
    """An independent copy of ``value``: containers and records are copied all the
    way down, immutable values (numbers, text, actions, frames, frozen sets) shared."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else fresh(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else fresh(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    copier = _RECORDS.get(kind)
    if copier is not None:
        return copier(value)
    if isinstance(value, (Action, Frame, Result, frozenset)):
        _ATOMS.add(kind)
        return value
    return copy.deepcopy(value)


def _seats(seats: Iterable[int]) -> str:
    listed = sorted(seats)
    if not listed:
        return "no one"
    return (
        "seat " + ", ".join(str(s) for s in listed)
        if len(listed) == 1
        else ("seats " + ", ".join(str(s) for s in listed))
    )


__all__ = [
    "DECIDING",
    "ELIMINATED",
    "OUT",
    "PUBLIC",
    "WAITING",
    "Event",
    "PlunderError",
    "State",
    "fresh",
    "is_record",
    "record",
]
