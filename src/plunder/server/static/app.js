/*
 * The table page, /t/<table>: one seat's table (with the seat token kept in
 * localStorage), the spectator's view (?watch) or the replay of a finished
 * game (?replay). See docs/server.md for the protocol.
 *
 * This file draws what every game shares: the links, the connection, the
 * join form, the seats with their markers and clock, the log and the result.
 * The game itself is drawn by its renderer, /games/<game>/renderer.js (served from
 * the game's own package, with its styles at /games/<game>/renderer.css), which
 * registers Plunder.renderers[<game>] = {render(root, message, send)}; a game
 * without one gets Plunder.genericRenderer.
 *
 * Each state message brings only the log events this page lacks (`events`, the
 * first of them being number `events_from`); the page keeps the log and hands
 * renderers the message with the whole log back in `view.log`, and with the
 * game's catalogue (GET /api/games/<game>/catalogue, once per table) in
 * `catalogue`.
 *
 * A seat's auto-pass (the any-time windows the server passes for it) is told to
 * that seat alone (an `autopass` message); the page offers it in the settings
 * beside the seats and, while a window is open for the seat, beside its choices.
 * The same message says whether the server plays the seat's decisions that have
 * one legal answer (`forced`, on by default; a box beside the seats turns it off).
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el, api, store } = P;
  const $ = (id) => document.getElementById(id);

  const params = new URLSearchParams(window.location.search);
  const tableId = decodeURIComponent(window.location.pathname.replace(/^\/t\//, "").replace(/\/+$/, ""));
  const mode = params.has("replay") ? "replay" : params.has("watch") ? "watch" : "seat";

  const RECONNECT_MIN_MS = 500;
  const RECONNECT_MAX_MS = 10000;
  const PING_MS = 25000;
  const TOAST_MS = 7000;

  /* Everything the page knows; `message` is the last `state` from the server. */
  const page = {
    summary: null, // the table summary (GET /api/tables/<t>, then each state's `table`)
    renderer: null,
    rendererGame: null, // the game whose renderer is loaded
    catalogue: null, // the game's static content under the table's options
    message: null,
    log: [], // the seat's log from its first event, as far as it is held without a gap
    logSeat: undefined, // whose log `log` is (a seat, or null: the spectator's); undefined: none yet
    gap: null, // while earlier events are fetched: {from, tail}, the events held from `from` on
    token: mode === "watch" ? null : store.token(tableId),
    ws: null,
    helloWithToken: false, // a hello with a token is awaiting its answer
    attempts: 0,
    reconnectTimer: null,
    pingTimer: null,
    leaving: false,
    sending: null, // the action just sent (as data), until the next state or error
    drawnKey: null, // what the game area was last drawn from
    deadlineAt: null, // when this seat's clock runs out (ms since epoch)
    logDrawn: { events: null, context: null, renderer: null, count: 0 }, // what the log list shows
  };

  /* ---- small pieces ------------------------------------------------------ */

  function setConn(state, text) {
    const node = $("conn");
    node.dataset.state = state;
    node.textContent = text;
  }

  let toastTimer = null;
  function toast(text) {
    $("toast-text").textContent = text;
    $("toast").hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => ($("toast").hidden = true), TOAST_MS);
  }

  /** A message as one sentence: on one line, with a capital first and a stop last. */
  function sentence(text) {
    const line = String(text || "").replace(/\s+/g, " ").trim();
    if (!line) return "";
    const capital = line.charAt(0).toUpperCase() + line.slice(1);
    return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
  }

  function tableUrl(suffix) {
    return `${window.location.origin}/t/${encodeURIComponent(tableId)}${suffix || ""}`;
  }

  function mySeat() {
    return page.message && typeof page.message.seat === "number" ? page.message.seat : null;
  }

  function isOver() {
    const view = page.message && page.message.view;
    return Boolean((view && view.over) || (page.summary && page.summary.status === "over"));
  }

  /** Closed before its end (by its host, or for want of players): nothing more happens. */
  function isClosed() {
    return Boolean(page.summary && page.summary.status === "closed");
  }

  /** Is the viewer the table's host? `host` is the host's seat (or name). */
  function amHost() {
    const seat = mySeat();
    const host = page.summary && page.summary.host;
    if (seat === null || host === null || host === undefined) return false;
    if (typeof host === "number") return host === seat;
    const info = P.seatInfo(page.summary, seat);
    return Boolean(info && typeof host === "string" && info.name === host);
  }

  function freeSeats(summary) {
    return ((summary && summary.seats) || []).filter((s) => s.kind === "human" && !s.taken);
  }

  function formatClock(ms) {
    // A turn-based table's hours read as hours, not thousands of minutes.
    if (ms >= 3600 * 1000) return Plunder.formatLeft(ms / 1000);
    const total = Math.max(0, Math.ceil(ms / 1000));
    const minutes = Math.floor(total / 60);
    const seconds = String(total % 60).padStart(2, "0");
    return `${minutes}:${seconds}`;
  }

  /* ---- renderers --------------------------------------------------------- */

  function validGame(game) {
    return /^[A-Za-z0-9_-]+$/.test(game || "");
  }

  /** Loads /games/<game>/renderer.css once (an empty sheet when the game has none). */
  function loadStyles(game) {
    if (!validGame(game) || document.querySelector(`link[data-game-styles="${game}"]`)) return Promise.resolve();
    return new Promise((resolve) => {
      const link = el("link", { rel: "stylesheet", href: `/games/${encodeURIComponent(game)}/renderer.css`, dataset: { gameStyles: game } });
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
  }

  /** Loads /games/<game>/renderer.js and its styles once; falls back to the generic renderer. */
  function loadRenderer(game) {
    if (!validGame(game)) return Promise.resolve(P.genericRenderer);
    const styles = loadStyles(game);
    if (P.renderers[game]) return styles.then(() => P.renderers[game]);
    const script = new Promise((resolve) => {
      const node = el("script", { src: `/games/${encodeURIComponent(game)}/renderer.js` });
      node.onload = () => resolve(P.renderers[game] || P.genericRenderer);
      node.onerror = () => resolve(P.genericRenderer);
      document.head.append(node);
    });
    return Promise.all([script, styles]).then(([renderer]) => renderer);
  }

  /** The game's catalogue under the table's options; `{}` if it cannot be had. */
  async function loadCatalogue(summary) {
    if (!summary || !validGame(summary.game)) return {};
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(summary.options || {})) query.set(name, String(value));
    try {
      return (await api("GET", `/api/games/${encodeURIComponent(summary.game)}/catalogue?${query}`)) || {};
    } catch (error) {
      console.error(error);
      return {};
    }
  }

  /** The renderer and the catalogue of the summary's game, loaded together. */
  async function loadGame(summary) {
    const game = summary && summary.game;
    const [renderer, catalogue] = await Promise.all([loadRenderer(game), loadCatalogue(summary)]);
    page.renderer = renderer;
    page.catalogue = catalogue;
    page.drawnKey = null;
  }

  /* ---- the connection ---------------------------------------------------- */

  function connect() {
    clearTimeout(page.reconnectTimer);
    if (page.ws) {
      page.ws.onclose = null;
      page.ws.close();
    }
    setConn("connecting", "Connecting…");
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws/${encodeURIComponent(tableId)}`);
    page.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify(hello()));
      clearInterval(page.pingTimer);
      page.pingTimer = setInterval(() => send({ type: "ping" }) && tellSeen(), PING_MS);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      receive(message);
    };
    ws.onclose = (event) => {
      clearInterval(page.pingTimer);
      if (page.ws !== ws || page.leaving) return;
      page.ws = null;
      page.sending = null;
      if (event.code === 4404) {
        // The server knows no such table: trying again will not help.
        $("missing").hidden = false;
        setConn("offline", "No such table");
        return;
      }
      scheduleReconnect();
    };
  }

  /** Reconnects after a drop, waiting longer after each failed try (with jitter). */
  function scheduleReconnect() {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** page.attempts);
    const wait = Math.round(delay * (0.8 + Math.random() * 0.4));
    page.attempts += 1;
    setConn("offline", `Disconnected: retrying in ${Math.ceil(wait / 1000)} s`);
    clearTimeout(page.reconnectTimer);
    page.reconnectTimer = setTimeout(connect, wait);
  }

  /** Tells the server the player sees the table (a tab in view): no notice of a move is then sent. */
  function tellSeen() {
    const message = page.message;
    if (!message || typeof message.seat !== "number" || document.visibilityState !== "visible") return;
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return;
    send({ type: "seen", step: message.step });
  }
  document.addEventListener("visibilitychange", tellSeen);

  function send(message) {
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      if (message.type !== "ping") toast("Not connected: the move was not sent. Reconnecting…");
      return false;
    }
    page.ws.send(JSON.stringify(message));
    return true;
  }

  /**
   * What renderers call to act: `send(action)` with one of the message's
   * `actions` (or its notation, or `{type: "act", action: notation}`) sends the
   * notation; the actions are withdrawn until the server answers with a new
   * state or an error. Other messages go as they are.
   */
  function act(what) {
    let message = what;
    if (typeof what === "string") message = { type: "act", action: what };
    else if (what && typeof what === "object" && typeof what.notation === "string" && !what.type) {
      message = { type: "act", action: what.notation };
    }
    if (!message || typeof message !== "object") return;
    if (message.type !== "act") {
      send(message);
      return;
    }
    // A move names the step it answers: one that arrives once that step is over is refused.
    if (typeof message.step !== "number" && page.message) message = Object.assign({}, message, { step: page.message.step });
    if (page.sending || !send(message)) return;
    const notation = String(message.action);
    const offered = ((page.message && page.message.actions) || []).find((a) => a.notation === notation);
    page.sending = offered || { notation };
    draw();
  }

  /**
   * A hello: with the seat's token if the page has one, and the events of the log
   * it holds, so the server sends only those it lacks (at most a page of them:
   * any earlier ones come from the log route, `fillGap`).
   */
  function hello() {
    const message = { type: "hello" };
    if (page.token) message.token = page.token;
    // A fetch under way is given up: the answer brings what is needed afresh.
    page.gap = null;
    if (page.logSeat !== undefined && page.log.length) message.held = { seat: page.logSeat, events: page.log.length };
    page.helloWithToken = Boolean(page.token);
    return message;
  }

  /** The seat's log as far as it is held: with the events past a gap being filled. */
  function heldLog() {
    return page.gap ? page.log.concat(page.gap.tail) : page.log;
  }

  /**
   * Adds the message's events to the log. Events the page lacks before them (a
   * hello's answer on a long log carries only its latest events) are fetched
   * from the log route meanwhile.
   */
  function takeEvents(message) {
    const events = Array.isArray(message.events) ? message.events : [];
    const from = typeof message.events_from === "number" ? message.events_from : 0;
    if (message.seat !== page.logSeat) {
      // Another seat's log (a token refused, a seat joined): start again.
      page.log = [];
      page.gap = null;
      page.logSeat = message.seat;
    }
    const gap = page.gap;
    if (gap && from >= gap.from && from <= gap.from + gap.tail.length) {
      gap.tail = gap.tail.slice(0, from - gap.from).concat(events);
      return;
    }
    page.gap = null;
    if (from === page.log.length) {
      // The usual case: the log grows in place, and the page adds only the new lines.
      page.log.push(...events);
    } else if (from < page.log.length) {
      // Events already held (a message sent twice) are replaced, never added again.
      page.log = page.log.slice(0, from).concat(events);
    } else {
      page.gap = { from, tail: events.slice() };
      fillGap(page.gap);
    }
  }

  /** Fetches the events from the end of `log` to `gap.from`, a page at a time. */
  async function fillGap(gap) {
    const headers = page.logSeat === null ? {} : { "X-Plunder-Token": page.token || "" };
    try {
      while (page.gap === gap && page.log.length < gap.from) {
        const path = `/api/tables/${encodeURIComponent(tableId)}/log?from=${page.log.length}`;
        const data = await api("GET", path, undefined, headers);
        if (page.gap !== gap) return;
        if (data.events_from !== page.log.length || !data.events.length) throw new Error("the log did not follow on");
        page.log = page.log.concat(data.events.slice(0, gap.from - page.log.length));
      }
    } catch (error) {
      console.error(error);
      // Tried again shortly, unless a new hello has made the gap moot.
      setTimeout(() => page.gap === gap && fillGap(gap), 2000);
      return;
    }
    if (page.gap !== gap) return;
    page.log = page.log.concat(gap.tail);
    page.gap = null;
    if (page.message) {
      page.message = Object.assign({}, page.message, { view: Object.assign({}, page.message.view, { log: page.log }) });
      draw();
    }
  }

  function receive(message) {
    if (message.type === "state") {
      takeEvents(message);
      if (page.helloWithToken && message.seat === null) refuseToken("the server did not accept it");
      page.helloWithToken = false;
      page.attempts = 0;
      page.sending = null;
      // Renderers see the whole log in the view, as `view(seat)` has it.
      page.message = Object.assign({}, message, { view: Object.assign({}, message.view, { log: heldLog() }) });
      if (message.table) page.summary = message.table;
      const game = page.summary && page.summary.game;
      if (game && page.rendererGame !== game) {
        // The page started without the summary (a server restarting): load the right renderer now.
        page.rendererGame = game;
        loadGame(page.summary).then(draw);
      }
      page.deadlineAt =
        typeof message.deadline === "number" ? Date.now() + message.deadline * 1000 : null;
      if (typeof message.seat === "number") {
        try {
          localStorage.setItem(`plunder:seat:${tableId}`, String(message.seat));
        } catch (_) {
          /* only a default for the replay */
        }
      }
      setConn("online", message.seat === null ? "Connected · watching" : "Connected");
      draw();
      tellSeen();
    } else if (message.type === "chat" || message.type === "chat_history") {
      receiveChat(message);
    } else if (message.type === "autopass") {
      receiveAutopass(message);
    } else if (message.type === "notice") {
      toast(sentence(message.message));
    } else if (message.type === "handover_asked") {
      // The host asks; only this player's answer hands the seat over (a leave).
      $("handover-ask-text").textContent = `${message.by || "The host"} asks to let a bot play your seat.`;
      $("handover-ask").hidden = false;
    } else if (message.type === "error") {
      if (page.helloWithToken) {
        page.helloWithToken = false;
        refuseToken(message.message);
        return;
      }
      page.sending = null;
      // The server's reason alone (a refused move's is the rules' own), as a sentence.
      toast(sentence(message.message) || "The server refused that.");
      // A refused move comes back with what is legal now; other refusals (an empty
      // list) leave the seat's actions as the last state gave them.
      if (page.message && Array.isArray(message.legal) && message.legal.length) {
        const actions = (page.message.actions || []).filter((a) => message.legal.includes(a.notation));
        page.message = Object.assign({}, page.message, { legal: message.legal, actions });
      }
      draw();
    }
  }

  /** The stored token was refused: forget it, say so and offer the join form. */
  function refuseToken(reason) {
    if (!page.token) return;
    store.dropToken(tableId);
    page.token = null;
    toast(`Your seat could not be resumed (${reason}). You are watching; join again below.`);
    drawJoin();
  }

  /* ---- the rules panel: the game's rules document, fetched when first opened */

  async function toggleRules() {
    const panel = $("rules");
    const open = panel.hidden;
    panel.hidden = !open;
    $("rules-button").setAttribute("aria-expanded", String(open));
    if (!open || page.rulesLoaded) return;
    const game = page.summary && page.summary.game;
    $("rules-text").textContent = "Loading the rules…";
    try {
      const response = await fetch(`/games/${encodeURIComponent(game)}/rules`);
      if (response.status === 404) {
        $("rules-text").textContent = "This game ships no rules document.";
        return;
      }
      if (!response.ok) throw new Error(`${response.status}`);
      // The server renders the project's own Markdown, with raw HTML shown as text.
      $("rules-text").innerHTML = await response.text();
      page.rulesLoaded = true;
    } catch (_) {
      $("rules-text").textContent = "The rules could not be loaded; try again in a moment.";
    }
  }

  /* ---- your move: the tab's title (in draw) and an optional sound -------- */

  /** A short chime when a decision becomes the player's, if they asked for one. */
  function announceTurn(myMove) {
    const fresh = myMove && !page.myMove;
    page.myMove = myMove;
    if (!fresh || mode === "replay" || !$("turn-sound").checked) return;
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    try {
      const AudioContext = window.AudioContext || window.webkitAudioContext;
      page.audio = page.audio || new AudioContext();
      const tone = page.audio.createOscillator();
      const volume = page.audio.createGain();
      tone.frequency.value = 660;
      volume.gain.setValueAtTime(0.15, page.audio.currentTime);
      volume.gain.exponentialRampToValueAtTime(0.001, page.audio.currentTime + 0.35);
      tone.connect(volume).connect(page.audio.destination);
      tone.start();
      tone.stop(page.audio.currentTime + 0.35);
    } catch (_) {
      /* no audio here: the title still says it */
    }
  }

  /* ---- drawing ----------------------------------------------------------- */

  function draw() {
    const message = page.message;
    if (!message) return;
    const summary = page.summary || {};
    $("table-title").textContent = `${summary.title || summary.game || "Table"} · ${tableId}`;
    $("rules-button").hidden = !summary.game;
    // No player left in the game: a seated player may have the bots play it out now.
    $("finish-note").hidden = !(summary.finishable && mySeat() !== null && mode !== "replay");
    // While a human seat is free the table does not play yet (the server refuses moves).
    const open = summary.status === "open" && mode !== "replay";
    $("open-note").hidden = !open;
    drawClosed(summary);
    const withheld = Boolean(page.sending || open);
    const legal = withheld ? [] : message.legal || [];
    const actions = withheld ? [] : message.actions || [];
    document.title = `${legal.length ? "Your move · " : ""}${summary.title || "plunder"} · ${tableId}`;
    announceTurn(legal.length > 0);
    const shown = Object.assign({}, message, { legal, actions, sending: page.sending, autopass: windowOffer(message, actions), autoplay: autoplayed(legal) });
    if (open && message.view) shown.view = Object.assign({}, message.view, { pending: [] });
    // Draw the game only when what it shows has changed, so a click in progress
    // is not lost to a redraw that would change nothing. The log only grows:
    // its length stands for it, so the key stays small however long the game.
    const view = shown.view || {};
    const key = JSON.stringify(
      Object.assign({}, shown, {
        view: Object.assign({}, view, { log: undefined }),
        events: undefined,
        logLength: (view.log || []).length,
        catalogue: Boolean(page.catalogue),
      }),
    );
    shown.catalogue = page.catalogue || {};
    shown.setAutopass = setTiming;
    drawCommand(shown);
    if (key !== page.drawnKey) {
      page.drawnKey = key;
      drawGame(shown);
      drawWindowToggle(shown);
      drawHint(shown);
    }
    // The server offers an undo only where it cannot leak (its `undo`, for this seat).
    $("undo-bar").hidden = !(message.undo === true && mode !== "replay" && !page.sending && page.undoAt !== message.move);
    drawLastMove();
    drawSeats();
    drawAutopass();
    drawLog();
    tellMove();
    drawResult();
    drawJoin();
    drawChatAndLeave();
    tick();
  }

  /**
   * A lesson's words for a player who clicks: a bracket of notations written in
   * backticks, "(`colt>1`)", is for the terminal's typing and is left out here.
   */
  function clickersWords(text) {
    return text.replace(/\s*\((?:`[^`]*`(?:,\s*)?)+\)/g, "").replace(/`/g, "");
  }

  /**
   * The move box (command.js), for a seated player: the legal moves to type, and
   * when a decision becomes the player's, what it asks is read out.
   */
  function drawCommand(shown) {
    const seated = mode === "seat" && mySeat() !== null && !isOver() && !isClosed();
    $("command").hidden = !seated;
    $("skip-to-move").hidden = !seated;
    if (!page.command) return;
    page.command.update(shown);
    const myMove = seated && shown.legal.length > 0;
    // Told after the events that led to it (drawLog reads those out): see tellMove.
    page.moveToTell = myMove && !page.toldMove ? P.asked(shown) || "" : null;
    page.toldMove = myMove;
  }

  /** A decision that has just become the player's is read out, with what it asks. */
  function tellMove() {
    if (page.moveToTell === null || page.moveToTell === undefined || !page.command) return;
    const asked = page.moveToTell;
    page.moveToTell = null;
    page.command.announce([`Your move${asked ? `: ${asked}` : "."}`]);
  }

  /** A guided first game: what to try next and why; the moves it suggests are marked. */
  function drawHint(shown) {
    const box = $("lesson-hint");
    const hint = mode === "replay" ? null : shown.hint;
    box.hidden = !hint;
    const suggest = hint && shown.legal.length ? hint.suggest : [];
    // A style rule rather than a class: it marks the move's element however the
    // game's renderer redraws it.
    // The first suggestion is the coach's choice: the one move marked.
    $("lesson-marks").textContent = suggest.length
      ? `#game [data-action="${CSS.escape(suggest[0])}"] { outline: 3px solid var(--green); outline-offset: 2px; }`
      : "";
    if (!hint) return;
    const step = hint.over ? "Lesson done: " : `Lesson, step ${hint.step} of ${hint.steps}: `;
    box.replaceChildren(el("strong", { text: step }), document.createTextNode(clickersWords(hint.text)));
    box.dataset.suggest = suggest.join(" ");
  }

  /**
   * The last move (`message.last`: where its events begin in the seat's log, as
   * the server works it out from what the seat sees): written above the board,
   * its lines marked in the log, the seats it names marked in the seat list, and
   * the pieces of the board it names marked by a style rule (any element of the
   * game's drawing whose data attribute names a seat, a hero, a zone or a space
   * the move's events name), so no game's code is needed for it.
   */
  function lastMoveEvents() {
    const message = page.message;
    const log = (message && message.view && message.view.log) || [];
    const last = message && message.last;
    if (typeof last !== "number" || last < 0 || last >= log.length) return [];
    return log.slice(last);
  }

  // The fields of an event that name a piece, and the data attribute the renderers draw it with.
  const MARKED = { seat: "seat", seats: "seat", target: "seat", hero: "hero", zone: "zone", to: "zone", at: "at" };

  function drawLastMove() {
    const events = lastMoveEvents();
    const box = $("last-move");
    const message = page.message;
    const format = (event) =>
      page.renderer && page.renderer.event ? page.renderer.event(event, message) : P.eventText(event);
    const lines = events.map(format).filter(Boolean);
    box.hidden = !lines.length;
    const words = lines.join(" ");
    if (box.dataset.words !== words) {
      box.dataset.words = words;
      box.title = words;
      box.replaceChildren(el("strong", { text: "Last move: " }), document.createTextNode(words));
    }
    const named = new Set();
    for (const event of events) {
      for (const [field, attribute] of Object.entries(MARKED)) {
        const value = event[field];
        for (const one of Array.isArray(value) ? value : [value]) {
          if (typeof one === "number" || (typeof one === "string" && one)) named.add(`[data-${attribute}="${CSS.escape(String(one))}"]`);
        }
      }
    }
    const rule = named.size
      ? `${[...named].map((s) => `#game ${s}:not([data-action])`).join(", ")} { outline: 3px dashed var(--brass); outline-offset: 2px; }`
      : "";
    if ($("last-move-marks").textContent !== rule) $("last-move-marks").textContent = rule;
  }

  /** The seats the last move's events name. */
  function lastMoveSeats() {
    const seats = new Set();
    for (const event of lastMoveEvents()) {
      for (const field of ["seat", "seats", "target"]) {
        const value = event[field];
        for (const one of Array.isArray(value) ? value : [value]) if (typeof one === "number") seats.add(one);
      }
    }
    return seats;
  }

  function drawGame(shown) {
    try {
      (page.renderer || P.genericRenderer).render($("game"), shown, mode === "replay" ? null : act);
    } catch (error) {
      // A renderer that fails must not take the page down: fall back to the generic one.
      console.error(error);
      P.genericRenderer.render($("game"), shown, mode === "replay" ? null : act);
    }
  }

  /**
   * Replaces `node`'s children with `build()` only when `key` differs from the
   * last time, so that controls stay put (and clickable) while the table moves on.
   */
  function patch(node, key, build) {
    if (node.dataset.key === key) return;
    node.dataset.key = key;
    node.replaceChildren(...[].concat(build()).filter(Boolean));
  }

  /** A closed table, or an abandoned one the bots are finishing, says so; the host may close. */
  function drawClosed(summary) {
    const note = $("closed-note");
    let text = "";
    if (summary.status === "closed") {
      text =
        summary.closed === "host"
          ? "The host closed this table before the end of the game."
          : "This table was closed: no one came to play.";
    } else if (summary.abandoned && summary.status === "running") {
      text = "No one was here for a while: bots are playing every seat to the end. Take your seat back to play on.";
    }
    note.textContent = text;
    note.hidden = !text || mode === "replay";
    const closable = mode === "seat" && amHost() && (summary.status === "open" || summary.status === "running");
    $("close-table").hidden = !closable;
  }

  /** The seats: names and markers, who has chosen, this seat's clock, and the seat controls. */
  function drawSeats() {
    const message = page.message;
    const summary = page.summary || {};
    const view = (message && message.view) || {};
    const pending = view.pending || [];
    const committed = view.committed || [];
    const me = mySeat();
    const host = amHost();
    const over = isOver() || isClosed();
    const lastSeats = lastMoveSeats();
    const clock = summary.clock;
    const note = $("clock-note");
    const notes = [];
    if (clock) notes.push(`Turn clock: ${clock} s a decision; then a bot plays for the seat.`);
    if (summary.speed === "turns") {
      notes.push(`Over days: ${summary.turn_hours} h a decision, kept while no one is here; then a bot plays that decision for the seat.`);
    } else if (summary.timed && summary.reflex_clock) {
      notes.push(`Reflex clock: ${summary.reflex_clock} s for a timed decision; then the rules answer for the seat.`);
    }
    note.hidden = !notes.length;
    note.textContent = notes.join(" ");
    // A turn-based table's player may have this device told of their move.
    $("push-field").hidden = !(summary.speed === "turns" && page.token && me !== null && !over && pushable());

    const list = $("seats");
    const seats = summary.seats || [];
    if (list.children.length !== seats.length) {
      list.replaceChildren(
        ...seats.map(() =>
          el(
            "li",
            { class: "seat-item" },
            el("div", { class: "seat-line" }),
            el("div", { class: "seat-line sub seat-step" }),
            el("div", { class: "seat-line sub seat-controls" }),
          ),
        ),
      );
    }
    seats.forEach((seat, index) => {
      const item = list.children[index];
      const [line, stepLine, controlLine] = item.children;
      const n = seat.seat;
      const isMe = n === me;
      const chosen = !over && committed.includes(n);
      const waiting = !over && summary.status !== "open" && pending.includes(n) && !chosen;
      const isHostSeat = summary.host === n;
      item.className = `seat-item${isMe ? " me" : ""}${waiting ? " waiting" : ""}${chosen ? " chosen" : ""}${lastSeats.has(n) ? " last-move" : ""}`;
      item.dataset.seat = String(n);
      item.dataset.kind = seat.kind;
      const team = (view.teams || []).findIndex((members) => members.includes(n));
      item.dataset.team = team < 0 ? "" : String(team);
      item.dataset.status = chosen ? "committed" : waiting ? "pending" : "idle";

      const name = `${seat.kind === "bot" ? P.seatName(summary, n) : seat.name || ""}${isMe ? " (you)" : ""}`;
      patch(line, JSON.stringify([n, name, seat.kind, seat.bot, seat.level, seat.taken, seat.connected, seat.auto, isHostSeat, team]), () => {
        const parts = [el("span", { class: "seat-no", text: String(n + 1) }), el("span", { class: "seat-name", text: name })];
        // In a game of teams, each seat's team, by its colour and number.
        if (team >= 0) parts.push(el("span", { class: `badge team-${team}`, text: `team ${team + 1}` }));
        if (seat.kind === "bot") {
          parts.push(el("span", { class: "badge bot", text: "bot", title: `${seat.bot || "bot"}, ${seat.level || "normal"}` }));
        } else if (!seat.taken) {
          parts.push(el("span", { class: "badge free", text: "free seat" }));
        } else {
          const state = seat.connected ? "connected" : "not connected";
          parts.push(el("span", { class: `dot ${seat.connected ? "on" : "off"}`, title: state, role: "img", "aria-label": state }));
        }
        if (seat.auto) parts.push(el("span", { class: "badge auto", text: "bot playing" }));
        if (isHostSeat) parts.push(el("span", { class: "badge host", text: "host" }));
        return parts;
      });

      const showClock = isMe && waiting && page.deadlineAt !== null;
      patch(stepLine, JSON.stringify([chosen, waiting, showClock]), () => [
        chosen ? el("span", { class: "step chosen", text: "has chosen" }) : null,
        waiting ? el("span", { class: "step waiting", text: "choosing…" }) : null,
        showClock ? el("span", { class: "clock", dataset: { clock: "" } }) : null,
      ]);
      stepLine.hidden = !(chosen || waiting);

      // The host hands another player's seat over; a player leaves their own seat
      // with "Leave the game" (below the seats).
      const canHandOver = host && !isMe && !over && seat.kind === "human" && seat.taken && !seat.auto;
      const canTakeBack = isMe && seat.auto && !over;
      patch(controlLine, JSON.stringify([canHandOver, canTakeBack, isMe, seat.name]), () => [
        canHandOver
          ? el("button", {
              type: "button",
              class: "small",
              dataset: { handover: String(n) },
              text: "Hand over to a bot",
              title: "Asks the player, unless they have been away a while",
              "aria-label": `Ask to hand seat ${n + 1} (${P.seatName(summary, n)}) over to a bot`,
              onclick: () => send({ type: "handover", seat: n }),
            })
          : null,
        canTakeBack
          ? el("button", {
              type: "button",
              class: "small primary",
              id: "takeback",
              text: "Take my seat back",
              onclick: () => send({ type: "takeback" }),
            })
          : null,
      ]);
      controlLine.hidden = !(canHandOver || canTakeBack);
    });
    tick();
  }

  /**
   * The log, newest at the bottom and kept in sight. The live log grows in place
   * and only its new events are added; it is drawn afresh when it is another log
   * (a new connection's, a replay's step) or when what its lines say of the seats
   * has changed (a name, the viewer's seat).
   */
  function drawLog() {
    const message = page.message;
    const view = (message && message.view) || {};
    const events = view.log || [];
    const format = (event) =>
      page.renderer && page.renderer.event ? page.renderer.event(event, message) : P.eventText(event);
    const seats = ((page.summary && page.summary.seats) || []).map((s) => P.seatName(page.summary, s.seat));
    const context = JSON.stringify([message && message.seat, Boolean(message && message.replay), seats]);
    const list = $("log");
    const drawn = page.logDrawn;
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
    const afresh =
      drawn.events !== events || drawn.context !== context || drawn.renderer !== page.renderer || drawn.count > events.length;
    if (afresh) {
      list.replaceChildren();
      drawn.count = 0;
    }
    const added = events.length - drawn.count;
    const told = [];
    for (let i = drawn.count; i < events.length; i++) {
      const event = events[i] || {};
      const words = format(event);
      told.push(words);
      list.append(el("li", { class: `log-${event.type || "event"}`, text: words }));
    }
    // The events that happen while the page is open are read out; a log drawn
    // afresh (the page opened, a replay's step) is there to be read, not told.
    if (!afresh && told.length && page.command && mode !== "replay") page.command.announce(told);
    // The last move's lines are marked (the move before's no longer).
    const last = message && typeof message.last === "number" ? message.last : events.length;
    for (const item of list.querySelectorAll("li.last-move")) item.classList.remove("last-move");
    for (let i = Math.max(0, last); i < list.children.length; i++) list.children[i].classList.add("last-move");
    drawn.events = events;
    drawn.context = context;
    drawn.renderer = page.renderer;
    drawn.count = events.length;
    if (nearBottom || afresh || added > 0) list.scrollTop = list.scrollHeight;
  }

  function drawResult() {
    const message = page.message;
    const view = (message && message.view) || {};
    const summary = page.summary || {};
    const box = $("result");
    const result = view.result || summary.result;
    if (!view.over || mode === "replay") {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const winners = (result && result.winners) || [];
    const me = mySeat();
    const names = winners.map((s) => P.seatLabel(message, s));
    $("result-title").textContent =
      me !== null && winners.includes(me)
        ? winners.length > 1
          ? "You share the win!"
          : "You win!"
        : winners.length
          ? `${P.joinNames(names)} win${winners.length > 1 ? "" : "s"}`
          : "No one wins";
    const reason = (result && result.reason) || "";
    $("result-text").textContent =
      reason && page.renderer && page.renderer.event ? page.renderer.event({ text: reason }, message) : reason;
    const score = (v) => (page.renderer && page.renderer.score ? page.renderer.score(v) : String(v));
    // How each score came about: its parts, which add up to it (Result.breakdown).
    const breakdown = (result && result.breakdown) || [];
    const parts = (seat) => Object.entries(breakdown[seat] || {}).map(([name, amount]) => `${name} ${score(amount)}`);
    $("result-scores").replaceChildren(
      ...((result && result.scores) || []).map((value, seat) =>
        el(
          "li",
          { class: winners.includes(seat) ? "winner" : "" },
          el("span", { text: P.seatLabel(message, seat) }),
          el("strong", { text: score(value) }),
          breakdown.length
            ? el("small", { class: "result-parts", text: parts(seat).join(", ") || "nothing scored" })
            : null,
        ),
      ),
    );
    $("replay-link").href = `/t/${encodeURIComponent(tableId)}?replay`;
    $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
    $("record-link").setAttribute("download", `plunder-${tableId}.json`);
    const rematch = summary.rematch;
    $("rematch").hidden = Boolean(rematch) || !page.token || me === null;
    const join = $("join-rematch");
    join.hidden = !rematch;
    if (rematch) join.href = `/t/${encodeURIComponent(rematch)}`;
  }

  /** The join form: shown when this browser holds no seat, a human seat is free, and not ?watch. */
  function drawJoin() {
    const box = $("join");
    const free = freeSeats(page.summary);
    const show = mode === "seat" && !page.token && free.length > 0 && !isOver() && !isClosed();
    box.hidden = !show;
    if (!show) return;
    const select = $("join-seat");
    const before = select.value;
    select.replaceChildren(
      el("option", { value: "", text: "first free seat" }),
      ...free.map((s) => el("option", { value: String(s.seat), text: `Seat ${s.seat + 1}` })),
    );
    if (free.some((s) => String(s.seat) === before)) select.value = before;
    const name = $("join-name");
    if (!name.value && document.activeElement !== name) name.value = store.name();
  }

  /** Counts this seat's clock down once a second. */
  function tick() {
    const nodes = document.querySelectorAll("[data-clock]");
    if (page.deadlineAt === null) return;
    const left = page.deadlineAt - Date.now();
    for (const node of nodes) {
      node.textContent = `clock ${formatClock(left)}`;
      node.classList.toggle("urgent", left < 10000);
      node.setAttribute("aria-label", `${Math.max(0, Math.ceil(left / 1000))} seconds left`);
    }
  }

  /* ---- actions outside the game ----------------------------------------- */

  async function join(event) {
    event.preventDefault();
    const name = $("join-name").value.trim();
    const error = $("join-error");
    error.hidden = true;
    if (!name) {
      error.textContent = "Give your name.";
      error.hidden = false;
      return;
    }
    const body = { name };
    if ($("join-seat").value !== "") body.seat = Number($("join-seat").value);
    $("join-button").disabled = true;
    try {
      const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, body);
      store.setName(name);
      store.setToken(tableId, joined.token);
      page.token = joined.token;
      $("join").hidden = true;
      connect();
    } catch (failure) {
      error.textContent = `Could not join: ${failure.message}`;
      error.hidden = false;
      refreshSummary();
    } finally {
      $("join-button").disabled = false;
    }
  }

  async function refreshSummary() {
    try {
      page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
      drawJoin();
    } catch (_) {
      /* the next state brings it */
    }
  }

  /** Joins a table with the stored name (the same seat if free) and goes there. */
  async function joinAndGo(table, preferredSeat) {
    const name = store.name() || (P.seatInfo(page.summary, mySeat()) || {}).name || "";
    const target = `/t/${encodeURIComponent(table)}`;
    if (store.token(table) || !name) {
      window.location.assign(target);
      return;
    }
    const path = `/api/tables/${encodeURIComponent(table)}/join`;
    let joined = null;
    try {
      joined =
        preferredSeat === null
          ? await api("POST", path, { name })
          : await api("POST", path, { name, seat: preferredSeat }).catch(() => api("POST", path, { name }));
    } catch (error) {
      toast(`Could not join the rematch: ${error.message}`);
    }
    if (joined && joined.token) store.setToken(joined.table || table, joined.token);
    page.leaving = true;
    window.location.assign(target);
  }

  async function rematch() {
    const button = $("rematch");
    button.disabled = true;
    try {
      const made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, undefined, {
        "X-Plunder-Token": page.token || "",
      });
      if (page.summary) page.summary = Object.assign({}, page.summary, { rematch: made.table });
      drawResult();
      await joinAndGo(made.table, mySeat());
    } catch (error) {
      toast(`No rematch: ${error.message}`);
    } finally {
      button.disabled = false;
    }
  }

  /* ---- the chat, and leaving the game ------------------------------------ */

  // The most chat lines the page holds (the server sends at most its own last few).
  const CHAT_KEEP = 200;

  // The table's chat as the server tells it: its lines (the table's, and in a
  // game of teams the lines of this seat's team, marked `team`), whether this
  // connection may post (a seat may; a spectator if the server lets them),
  // whether a history has come yet, and the text just sent to each (cleared
  // from its box once the server has it).
  const chat = { lines: [], canPost: false, ready: false, sent: null, teamSent: null };

  function startChatAndLeave() {
    $("chat-form").addEventListener("submit", (event) => postChat(event, false));
    $("team-chat-form").addEventListener("submit", (event) => postChat(event, true));
    $("leave-seat").addEventListener("click", () => send({ type: "leave" }));
    $("handover-yes").addEventListener("click", () => {
      $("handover-ask").hidden = true;
      send({ type: "leave" });
    });
    $("handover-no").addEventListener("click", () => ($("handover-ask").hidden = true));
  }

  /** Whether this page's seat plays in a team, and so has a team chat. */
  function inTeam() {
    const view = page.message && page.message.view;
    return mySeat() !== null && Boolean(view && Array.isArray(view.teams));
  }

  function postChat(event, team) {
    event.preventDefault();
    const box = $(team ? "team-chat-text" : "chat-text");
    const text = box.value.trim();
    if (!text) return;
    const message = { type: "chat", text };
    if (team) message.team = true;
    // A spectator (when the server lets them post) writes under the name they last gave.
    if (mySeat() === null && store.name()) message.name = store.name();
    if (!send(message)) return;
    if (team) chat.teamSent = text;
    else chat.sent = text;
  }

  /** A chat line, or the history sent after each hello (which replaces what is held). */
  function receiveChat(message) {
    if (message.type === "chat_history") {
      chat.lines = Array.isArray(message.messages) ? message.messages.slice(-CHAT_KEEP) : [];
      chat.canPost = Boolean(message.can_post);
      chat.ready = true;
      if (Number.isInteger(message.max_length) && message.max_length > 0) {
        $("chat-text").maxLength = message.max_length;
        $("team-chat-text").maxLength = message.max_length;
      }
      drawChat(true);
      return;
    }
    chat.lines.push(message);
    if (chat.lines.length > CHAT_KEEP) chat.lines.shift();
    const team = message.team === true;
    const box = $(team ? "team-chat-text" : "chat-text");
    const sent = team ? chat.teamSent : chat.sent;
    if (sent !== null && message.seat === mySeat() && message.text === sent) {
      if (box.value.trim() === sent) box.value = "";
      if (team) chat.teamSent = null;
      else chat.sent = null;
    }
    drawChat(false);
  }

  /** One chat line: its time, its author and the author's words, always as text. */
  function chatLine(line) {
    const seat = typeof line.seat === "number" ? line.seat : null;
    const mine = seat !== null && seat === mySeat();
    const name = String(line.name || "");
    const who = seat === null ? `${name} (watching)` : mine ? `${name} (you)` : name;
    const at = new Date(Number(line.at) * 1000);
    const valid = Number.isFinite(at.getTime());
    return el(
      "li",
      { class: `chat-line${mine ? " mine" : ""}`, dataset: { seat: seat === null ? "" : String(seat) } },
      el("time", {
        class: "chat-time",
        datetime: valid ? at.toISOString() : null,
        text: valid ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "",
      }),
      el("span", { class: "chat-name", text: who }),
      el("span", { class: "chat-text", text: String(line.text || "") }),
    );
  }

  /** The chat's lines, the table's and the team's each in its own list: all afresh
   * after a hello, else the newest one added; kept in sight. */
  function drawChat(afresh) {
    const newest = chat.lines[chat.lines.length - 1];
    for (const team of [false, true]) {
      const lines = chat.lines.filter((line) => (line.team === true) === team);
      const list = $(team ? "team-chat-list" : "chat-list");
      const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      if (afresh) list.replaceChildren(...lines.map(chatLine));
      else if (newest && (newest.team === true) === team) list.append(chatLine(newest));
      while (list.children.length > lines.length) list.firstElementChild.remove();
      if (!team) $("chat-empty").hidden = lines.length > 0;
      if (afresh || nearBottom) list.scrollTop = list.scrollHeight;
    }
    drawChatAndLeave();
  }

  /** The chat's box for those who may post, and the button that leaves one's seat to a bot. */
  function drawChatAndLeave() {
    const live = mode !== "replay";
    $("chat").hidden = !(live && chat.ready);
    $("chat-form").hidden = !chat.canPost || isClosed();
    $("team-chat").hidden = !(live && chat.ready && inTeam());
    $("team-chat-form").hidden = isClosed();
    $("chat-readonly").hidden = chat.canPost;
    const seat = mySeat();
    const info = seat === null ? null : P.seatInfo(page.summary, seat);
    const running = Boolean(page.summary && page.summary.status === "running");
    $("leave-seat").hidden = !(live && running && info && info.kind === "human" && !info.auto);
  }

  /* ---- auto-pass: the windows the server passes for this seat ------------- */

  // The seat's setting as the server last told it (`seat`: whose it is), and the
  // window timings met in the seat's log so far (read once per event).
  const autopass = { setting: null, seat: null, met: new Set(), read: 0, logSeat: undefined };

  function receiveAutopass(message) {
    autopass.setting = {
      every: message.every === true,
      timings: Array.isArray(message.timings) ? message.timings.map(String) : [],
      forced: message.forced !== false,
    };
    autopass.seat = mySeat();
    draw();
  }

  /** The seat's setting, if the server has told this page its seat's. */
  function ownSetting() {
    return autopass.setting && autopass.seat === mySeat() && mySeat() !== null && mode !== "replay" ? autopass.setting : null;
  }

  function covers(setting, timing) {
    return Boolean(setting && (setting.every || setting.timings.includes(timing)));
  }

  /** A window's timing in players' words: the renderer's, or the catalogue's words for the decision, else its kind. */
  function timingName(timing) {
    const hook = page.renderer && page.renderer.timing;
    let named = hook ? hook(timing, page.catalogue || {}) : null;
    if (!named) named = ((page.catalogue || {}).decisions || {})[timing];
    const words = typeof named === "string" && named ? named : String(timing).replace(/_/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  /** The window timings this seat has been offered: in its log, open now, or in its setting. */
  function metTimings() {
    const seat = mySeat();
    const log = heldLog();
    if (autopass.logSeat !== page.logSeat || autopass.read > log.length) {
      autopass.met = new Set();
      autopass.read = 0;
      autopass.logSeat = page.logSeat;
    }
    for (let i = autopass.read; i < log.length; i++) {
      const event = log[i];
      if (event && event.type === "window" && event.choices && String(seat) in event.choices) autopass.met.add(String(event.timing));
    }
    autopass.read = log.length;
    const met = new Set(autopass.met);
    const decision = page.message && page.message.view && page.message.view.decision;
    if (decision && decision.window && (decision.seats || []).includes(seat)) met.add(String(decision.kind));
    for (const timing of (ownSetting() || { timings: [] }).timings) met.add(timing);
    return [...met];
  }

  /** The window open for the viewer now, for the box beside its choices; else null. */
  function windowOffer(message, actions) {
    const decision = message.view && message.view.decision;
    const setting = ownSetting();
    if (!setting || !actions.length || !decision || !decision.window || !decision.kind) return null;
    const timing = String(decision.kind);
    return { timing, label: timingName(timing), on: covers(setting, timing) };
  }

  function sendAutopass(every, timings) {
    send({ type: "autopass", every, timings: [...new Set(timings)] });
  }

  /** Autoplay: whether the server plays this seat's decisions that have one legal answer. */
  function sendAutoplay(forced) {
    const setting = ownSetting() || { every: false, timings: [] };
    send({ type: "autopass", every: setting.every, timings: setting.timings, forced });
  }

  /** Ticks or unticks one timing. Unticked while every window is passed: every other timing met stays passed. */
  function setTiming(timing, on) {
    const setting = ownSetting() || { every: false, timings: [] };
    if (on) sendAutopass(setting.every, setting.timings.concat([timing]));
    else sendAutopass(false, (setting.every ? metTimings() : setting.timings).filter((t) => t !== timing));
  }

  /** The one legal answer the server will play for this seat (its autoplay), else null. */
  function autoplayed(legal) {
    const setting = ownSetting();
    return setting && setting.forced && legal.length === 1 ? String(legal[0]) : null;
  }

  /** The box above the game: the window's auto-pass, for a renderer that does not draw it
   * beside its choices; and, for a decision with one answer, that it plays itself. */
  function drawWindowToggle(shown) {
    const slot = $("window-autopass");
    const toggle = page.renderer && page.renderer.autopass ? null : P.autopassToggle(shown);
    const parts = toggle ? [toggle] : [];
    if (shown.autoplay) {
      parts.push(el("p", { class: "hint autoplay-note", text: `Your only choice, ${shown.autoplay}, is played for you in a moment.` }));
    }
    slot.replaceChildren(...parts);
    slot.hidden = !parts.length;
  }

  /** The settings beside the seats: every window, and each timing the seat has met. */
  function drawAutopass() {
    const box = $("autopass-settings");
    const setting = ownSetting();
    const autoplay = $("autoplay-field");
    autoplay.hidden = !setting || isOver() || isClosed();
    if (setting) $("autoplay").checked = setting.forced;
    const met = setting ? metTimings() : [];
    const show = Boolean(setting) && !isOver() && !isClosed() && (met.length > 0 || setting.every);
    box.hidden = !show;
    if (!show) return;
    const labels = met.map((timing) => [timing, timingName(timing)]);
    patch($("autopass-list"), JSON.stringify([setting, labels]), () => [
      el(
        "label",
        { class: "autopass-option" },
        el("input", { type: "checkbox", checked: setting.every, dataset: { autopassEvery: "" }, onchange: (event) => sendAutopass(event.target.checked, setting.timings) }),
        el("span", { text: "Every window" }),
      ),
      ...labels.map(([timing, label]) =>
        el(
          "label",
          { class: "autopass-option" },
          el("input", {
            type: "checkbox",
            checked: covers(setting, timing),
            disabled: setting.every,
            dataset: { autopassTiming: timing },
            onchange: (event) => setTiming(timing, event.target.checked),
          }),
          el("span", { text: label }),
        ),
      ),
    ]);
  }

  /* ---- the replay -------------------------------------------------------- */

  // The replay loads its views a page at a time (the server sets the page's size):
  // each page holds views without their logs, and the seat's events they add up
  // to, which `events` gathers once for every view.
  const replay = { pages: [], events: [], moves: [], count: -1, index: 0, seat: null, generation: 0 };

  async function startReplay() {
    $("share").hidden = false;
    $("replay-bar").hidden = false;
    $("replay-back").href = `/t/${encodeURIComponent(tableId)}`;
    setConn("online", "Replay");
    const select = $("replay-seat");
    select.replaceChildren(
      el("option", { value: "", text: "a spectator" }),
      ...(page.summary.seats || []).map((s) =>
        el("option", { value: String(s.seat), text: `${P.seatName(page.summary, s.seat)} (seat ${s.seat + 1})` }),
      ),
    );
    let remembered = null;
    try {
      remembered = localStorage.getItem(`plunder:seat:${tableId}`);
    } catch (_) {
      remembered = null;
    }
    if (remembered !== null && page.token && select.querySelector(`option[value="${remembered}"]`)) {
      select.value = remembered;
    }
    select.addEventListener("change", () => loadReplay(select.value === "" ? null : Number(select.value), true));
    $("replay-first").addEventListener("click", () => step(-Infinity));
    $("replay-prev").addEventListener("click", () => step(-1));
    $("replay-next").addEventListener("click", () => step(1));
    $("replay-last").addEventListener("click", () => step(Infinity));
    document.addEventListener("keydown", (event) => {
      if (event.target && /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
      if (event.key in moves) {
        event.preventDefault();
        step(moves[event.key]);
      }
    });
    await loadReplay(select.value === "" ? null : Number(select.value), false);
  }

  // Views a page (the server's own page size if none; a test may set a smaller
  // one through window.PLUNDER_REPLAY_PAGE).
  const REPLAY_PAGE = Number.isInteger(window.PLUNDER_REPLAY_PAGE) ? window.PLUNDER_REPLAY_PAGE : null;

  function replayUrl(seat, from, eventsFrom) {
    const query = new URLSearchParams();
    if (seat !== null) query.set("seat", String(seat));
    query.set("from", String(from));
    query.set("events_from", String(eventsFrom));
    if (REPLAY_PAGE) query.set("count", String(REPLAY_PAGE));
    return `/api/tables/${encodeURIComponent(tableId)}/replay?${query.toString()}`;
  }

  async function loadReplay(seat, keepIndex) {
    try {
      if (!replay.moves.length) {
        // The record (public once the game is over) says who played what.
        const record = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/record`);
        replay.moves = (record && record.moves) || [];
      }
      replay.count = replay.moves.length;
      replay.pages = [];
      replay.events = [];
      replay.generation += 1;
      replay.seat = seat;
      replay.index = keepIndex ? Math.min(replay.index, replay.count) : 0;
      await showStep();
    } catch (error) {
      const text =
        error.status === 409
          ? "The game is not over yet: its replay opens at the end."
          : `The replay could not be loaded: ${error.message}`;
      $("replay-pos").textContent = text;
      setConn("offline", "No replay");
    }
  }

  /** The page holding the view after `index` moves, loaded if need be. */
  async function pageAt(index) {
    const held = replay.pages.find((p) => p.from <= index && index < p.from + p.views.length);
    if (held) return held;
    const generation = replay.generation;
    const data = await api("GET", replayUrl(replay.seat, index, replay.events.length));
    if (generation !== replay.generation) return null; // another seat was chosen meanwhile
    // Keep the events beyond those already held (a page never leaves a gap).
    const beyond = replay.events.length - data.events_from;
    if (beyond >= 0) replay.events.push(...data.events.slice(beyond));
    replay.pages.push(data);
    return data;
  }

  /** The whole view after `index` moves, the seat's concealed choice and the move that led there. */
  async function stepAt(index) {
    const generation = replay.generation;
    const data = await pageAt(index);
    if (!data) return null;
    const j = index - data.from;
    const view = Object.assign({}, data.views[j], { log: replay.events.slice(0, data.event_counts[j]) });
    // The decision the move answered, for its words: the one open in the view before it
    // (on the page before, loaded if need be, when this view begins a page).
    const prior = index > 0 ? await pageAt(index - 1) : null;
    if (generation !== replay.generation) return null;
    const answered = prior ? prior.views[index - 1 - prior.from].decision : null;
    const last = Array.isArray(data.lasts) ? data.lasts[j] : null;
    return { view, chosen: data.chosen[j], action: data.actions[j], answered, last };
  }

  function step(delta) {
    if (!(replay.count >= 0)) return;
    const last = replay.count;
    replay.index = Math.max(0, Math.min(last, delta === Infinity ? last : delta === -Infinity ? 0 : replay.index + delta));
    showStep().catch((error) => {
      $("replay-pos").textContent = `The replay could not be loaded: ${error.message}`;
    });
  }

  async function showStep() {
    const last = replay.count;
    const i = replay.index;
    const found = await stepAt(i);
    if (!found || i !== replay.index) return; // a later step or another seat was asked for meanwhile
    const view = found.view;
    $("replay-pos").textContent = `Move ${i} of ${last}`;
    $("replay-first").disabled = $("replay-prev").disabled = i <= 0;
    $("replay-next").disabled = $("replay-last").disabled = i >= last;
    const move = i > 0 ? replay.moves[i - 1] : null;
    const summary = page.summary;
    let moveText = "The start of the game.";
    if (Array.isArray(move)) {
      const [seat, notation] = move;
      const concealed = seat !== replay.seat && (view.committed || []).includes(seat);
      if (concealed) {
        // This view did not know the choice yet: the replay keeps it hidden too.
        moveText = `${P.seatName(summary, seat)} chose (hidden until everyone has chosen).`;
      } else {
        // The renderer puts the move into words from its data, never from its notation.
        const describe = page.renderer && page.renderer.describe;
        const action = found.action;
        const context = { seat: replay.seat, table: summary, catalogue: page.catalogue || {} };
        const before = found.answered ? Object.assign({}, view, { decision: found.answered }) : view;
        const words = describe && action ? describe(action, before, context) : "";
        moveText = `${P.seatName(summary, seat)} played ${notation}${words ? ` (${words})` : ""}.`;
      }
    }
    $("replay-move").textContent = moveText;
    page.message = {
      type: "state",
      seat: replay.seat,
      move: i,
      view,
      legal: [],
      actions: [],
      chosen: found.chosen,
      table: summary,
      deadline: null,
      last: found.last,
      replay: true,
    };
    draw();
  }

  /* ---- Web Push notices ---------------------------------------------------- */

  function pushable() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  }

  /** The server's key as the bytes `applicationServerKey` takes. */
  function keyBytes(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }

  /** Registers the service worker, asks leave to show notices, subscribes with the
   * server's key and gives the subscription to this seat. */
  async function notifyHere() {
    const status = $("push-status");
    status.textContent = "";
    try {
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      if ((await Notification.requestPermission()) !== "granted") {
        status.textContent = "This browser was not allowed to show notices.";
        return;
      }
      const { key } = await api("GET", "/api/push/key");
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      });
      await api("POST", `/api/tables/${encodeURIComponent(tableId)}/notices`, { push: subscription.toJSON() }, { "X-Plunder-Token": page.token || "" });
      status.textContent = "This device will be told when it is your move.";
    } catch (error) {
      status.textContent = `No notices on this device: ${error.message}`;
    }
  }

  /* ---- start ------------------------------------------------------------- */

  async function start() {
    page.command = P.commandBox(act);
    $("invite-link").value = tableUrl("");
    $("watch-link").value = tableUrl("?watch");
    $("copy-invite").addEventListener("click", () => copy("invite-link", "copy-invite"));
    $("copy-watch").addEventListener("click", () => copy("watch-link", "copy-watch"));
    $("toast-close").addEventListener("click", () => ($("toast").hidden = true));
    $("join-form").addEventListener("submit", join);
    $("rematch").addEventListener("click", rematch);
    $("push-button").addEventListener("click", notifyHere);
    $("close-table").addEventListener("click", () => send({ type: "close" }));
    $("finish-now").addEventListener("click", () => send({ type: "finish" }));
    $("undo").addEventListener("click", () => {
      // One undo per state: the button waits for the table's answer (the server
      // refuses an undo naming a move the table is no longer at).
      const move = page.message && page.message.move;
      if (typeof move === "number" && send({ type: "undo", move })) {
        page.undoAt = move;
        $("undo-bar").hidden = true;
      }
    });
    startChatAndLeave();
    $("rules-button").addEventListener("click", toggleRules);
    // The last move takes one line; a click shows all it said, another folds it again.
    $("last-move").addEventListener("click", () => $("last-move").classList.toggle("open"));
    $("rules-close").addEventListener("click", toggleRules);
    $("autoplay").addEventListener("change", (event) => sendAutoplay(event.target.checked));
    $("turn-sound").checked = P.store.sound();
    $("turn-sound").addEventListener("change", () => P.store.setSound($("turn-sound").checked));
    $("join-rematch").addEventListener("click", (event) => {
      const rematchId = page.summary && page.summary.rematch;
      if (!rematchId) return;
      event.preventDefault();
      joinAndGo(rematchId, mySeat());
    });
    document.body.dataset.mode = mode;

    try {
      page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    } catch (error) {
      if (error.status === 404) {
        $("missing").hidden = false;
        setConn("offline", "No such table");
        return;
      }
      // The server may be restarting: the WebSocket will bring the summary.
      page.summary = null;
    }
    await loadGame(page.summary);
    page.rendererGame = page.summary && page.summary.game;
    if (mode === "replay") {
      if (!page.summary) {
        setConn("offline", "Table not reachable");
        return;
      }
      await startReplay();
      return;
    }
    drawJoin();
    connect();
    setInterval(tick, 1000);
    window.addEventListener("online", () => {
      if (!page.ws) connect();
    });
    window.addEventListener("pagehide", () => {
      page.leaving = true;
    });
    window.addEventListener("pageshow", (event) => {
      // Back from the browser's page cache: the old socket is gone.
      if (event.persisted) {
        page.leaving = false;
        connect();
      }
    });
  }

  async function copy(inputId, buttonId) {
    const ok = await P.copyText($(inputId).value);
    const button = $(buttonId);
    const before = button.dataset.label || button.textContent;
    button.dataset.label = before;
    button.textContent = ok ? "Copied!" : "Select and copy";
    if (!ok) $(inputId).select();
    setTimeout(() => (button.textContent = before), 1500);
  }

  start();
})();
