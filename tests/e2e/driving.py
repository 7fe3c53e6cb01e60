"""Playing the browser table the way a person does: clicks on the lobby form, cards and players."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from server.kit import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).parent / "screenshots"


class Server:
    """The running server: its base URL and its log."""

    def __init__(self, url: str, log: Path) -> None:
        self.url = url
        self.log = log

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@contextlib.contextmanager
def serving(
    folder: Path, flags: tuple[str, ...] = (), env: Mapping[str, str] | None = None
) -> Iterator[Server]:
    """``plunder serve`` in a process of its own (the suite's ``ServerProcess``), with a
    SQLite file in ``folder`` and quick bots; stopped when the block ends."""
    log = folder / "server.log"
    process = ServerProcess(
        f"sqlite:///{folder / 'tables.sqlite3'}", log, bot_delay=0.05, bot_reflex=0.05,
        extra=list(flags), env=env,
    )
    process.start()
    try:
        yield Server(process.url, log)
    finally:
        process.stop()


class Pages:
    """Opens pages in fresh browser contexts (one per player) and checks them at the end.

    Every page's uncaught script errors are collected, and every file outside
    the API that the server did not find (a missing script, style or icon); a
    test fails if any page had one.
    """

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(
        self, viewport: dict[str, int] | None = None, reveal_pause: int = 0, **options: Any
    ) -> Any:
        """A page for a new player. ``reveal_pause`` (ms) is how long the table holds a
        reveal before the next choices: none by default, so games by clicks run fast."""
        context = self.browser.new_context(
            viewport=viewport or DESKTOP, base_url=self.server.url, **options
        )
        context.add_init_script(
            f"try {{ localStorage.setItem('plunder:reveal-pause', '{int(reveal_pause)}'); }}"
            " catch (_) {}"
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("response", self._check_found)
        return page

    def _check_found(self, response: Any) -> None:
        if response.status == 404 and "/api/" not in response.url:
            self.errors.append(f"not found: {response.url}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


# What a player can click on in the game area right now: the legal actions
# (data-action) and the cards that take a target next (data-card). Hidden or
# disabled elements are left out.
CLICKABLE_JS = """
() => Array.from(document.querySelectorAll('#game [data-action], #game [data-card]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.dataset.action || null, card: e.dataset.card || null,
                index: e.dataset.index || null}))
"""


def create_table(
    page: Any,
    name: str,
    seats: list[str],
    options: dict[str, int | str | bool] | None = None,
    clock: int | None = None,
    game: str = "duel",
    reflex_clock: float | None = None,
    turn_hours: float | None = None,
) -> str:
    """Sets a table of ``game`` in the lobby by filling the form; returns the table id.
    ``turn_hours`` makes it a turn-based table with that many hours a move.

    ``seats`` holds one entry per seat: ``"human"`` or ``"bot:<name>"``. An
    option is chosen in its list, ticked or typed, as its field asks; one folded
    under "More options" is unfolded first, as a person does.
    """
    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}-kind", kind)
    for option, value in (options or {}).items():
        field = page.locator(f"#option-{option}")
        if not field.is_visible():
            page.click("#more-options > summary")
        tag = field.evaluate("(e) => e.tagName + ':' + (e.type || '')")
        if tag.startswith("SELECT"):
            field.select_option(str(value))
        elif tag.endswith(":checkbox"):
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
    page.fill("#name", name)
    if turn_hours is not None:
        # A turn-based table: its speed, then the hours a move.
        page.select_option("#speed", "turns")
        page.fill("#turn-hours", str(turn_hours))
    if clock is not None:
        page.fill("#clock", str(clock))
    if reflex_clock is not None:
        page.fill("#reflex-clock", str(reflex_clock))
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#game > *")
    return page.url.rsplit("/t/", 1)[1].split("?")[0]


def join_on_a_phone(pages: Callable[..., Any], host: Any, server_url: str, table: str,
                    name: str) -> Any:
    """A second player opens the host's invite link on a phone and takes a seat by name;
    returns the new player's page, seated."""
    invite = host.input_value("#invite-link")
    assert invite == f"{server_url}/t/{table}"
    page = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(invite)
    expect(page.locator("#join")).to_be_visible()
    page.fill("#join-name", name)
    page.click("#join-button")
    expect(page.locator("#seats .seat-item.me .seat-name")).to_have_text(f"{name} (you)")
    return page


def refuse_the_first_move(page: Any, notation: str) -> list[str]:
    """Turns the page's first move into ``notation`` on its way to the server, as a
    stale or tampered page would send it; the list returned gets the notation the
    page meant to send. Call it before the page opens the table."""
    meant: list[str] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "act" and not meant:
                meant.append(data["action"])
                data["action"] = notation
            server.send(json.dumps(data))

        ws.on_message(to_server)

    page.route_web_socket("**/ws/*", route)
    return meant


def refusal_shown(reason: str) -> str:
    """The toast's words for the engine's ``reason``: the reason alone, as a sentence."""
    line = " ".join(reason.split())
    line = line[:1].upper() + line[1:]
    return line if line.endswith((".", "!", "?", "…")) else f"{line}."


def clickable(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(CLICKABLE_JS)


def play_one(
    page: Any, rng: random.Random, before_commit: Callable[[str], None] | None = None
) -> str | None:
    """Makes one decision on ``page`` by clicks, if it has one to make.

    Picks at random (from ``rng``) among the legal actions and the cards shown;
    a weapon card is clicked first and then one of the targets it offers (a
    player or "at no one"). ``before_commit(notation)`` is told of the choice
    just before the click that commits it. Returns the notation committed, or
    None when there was nothing to click or the table changed under the click.
    """
    options = clickable(page)
    if not options:
        return None
    pick = rng.choice(options)
    if pick["action"] is None:
        # A Colt or a Rifle: pick the card, then aim.
        card = pick["card"]
        if not click(page, f'#game [data-card="{card}"][data-index="{pick["index"]}"]'):
            return None
        try:
            page.wait_for_selector("#game .aim, #game .hand-extra [data-action]", timeout=3000)
        except PlaywrightError:
            return None
        aims = [o for o in clickable(page) if (o["action"] or "").split(">")[0] == card]
        if not aims:
            return None
        pick = rng.choice(aims)
    notation = pick["action"]
    if before_commit is not None:
        before_commit(notation)
    if not click(page, f'#game [data-action="{notation}"]'):
        return None
    return notation


def click(page: Any, selector: str) -> bool:
    """Clicks the first element ``selector`` finds; False when none could be clicked in 2 s."""
    try:
        page.locator(selector).first.click(timeout=2000)
    except PlaywrightError:
        return False
    return True


def result_shown(page: Any) -> bool:
    return page.locator("#result").is_visible()


def play_until_over(
    players: list[Any],
    rng: random.Random,
    limit: float = 50.0,
    on_commit: Callable[[int, str | None], None] | None = None,
    between: Callable[[int], None] | None = None,
) -> int:
    """Clicks for every page that has a decision until all show the result; returns the commits.

    ``on_commit(i, notation)`` hears of each commit by ``players[i]`` just before
    its click, and ``on_commit(i, None)`` when that click did not land after all;
    ``between(commits)`` runs after every round of the loop.
    """
    deadline = time.monotonic() + limit
    commits = 0
    while not all(result_shown(p) for p in players):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end in {limit} s ({commits} commits)")
        acted = False
        for index, page in enumerate(players):
            if result_shown(page):
                continue
            told: list[str] = []

            def tell(notation: str, index: int = index, told: list[str] = told) -> None:
                told.append(notation)
                if on_commit is not None:
                    on_commit(index, notation)

            notation = play_one(page, rng, tell)
            if notation is not None:
                commits += 1
                acted = True
            elif told and on_commit is not None:
                on_commit(index, None)
        if between is not None:
            between(commits)
        if not acted:
            # Waiting for bots or the other player's state: a short poll, not a fixed sleep.
            players[0].wait_for_timeout(40)
    return commits


def api(
    server_url: str,
    method: str,
    path: str,
    body: Any = None,
    headers: Mapping[str, str] | None = None,
) -> Any:
    """A JSON API call straight to the server (for set-up the page does not need to show)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server_url + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def wait_for(check: Callable[[], Any], limit: float = 30.0, poll: float = 0.05) -> Any:
    """Polls ``check`` until it returns something true; fails after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {limit} s: {check}")
        time.sleep(poll)
