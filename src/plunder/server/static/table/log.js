/*
 * The log list and the last move. The last move (`message.last`: where its
 * events begin in the seat's log, as the server works it out from what the seat
 * sees) is written above the board, its lines marked in the log, the seats it
 * names marked in the seat list (seats.js), and the pieces of the board it
 * names marked by a style rule (any element of the game's drawing whose data
 * attribute names a seat, a hero, a zone or a space the move's events name), so
 * no game's code is needed for it.
 */

import { $ } from "./dom.js";
import { eventWords } from "./game.js";
import { P, el, mode, page } from "./page.js";

function lastMoveEvents() {
  const message = page.message;
  const log = (message && message.view && message.view.log) || [];
  const last = message && message.last;
  if (typeof last !== "number" || last < 0 || last >= log.length) return [];
  return log.slice(last);
}

// The fields of an event that name a piece, and the data attribute the renderers draw it with.
const MARKED = { seat: "seat", seats: "seat", target: "seat", hero: "hero", zone: "zone", to: "zone", at: "at" };

export function drawLastMove() {
  const events = lastMoveEvents();
  const box = $("last-move");
  const message = page.message;
  const lines = events.map((event) => eventWords(event, message)).filter(Boolean);
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
  // A piece is marked by a dashed brass outline. A piece that is also a choice (a
  // space or a fighter to aim at) keeps the colour its game gives a choice
  // and only has its outline dashed, so both read at once; a piece with the keyboard's
  // focus keeps the focus ring, so the player sees where they are.
  const pieces = (choice) => [...named].map((s) => `#game ${s}${choice}:not(:focus-visible)`).join(", ");
  const rule = named.size
    ? `${pieces(":not([data-action])")} { outline: 3px dashed var(--brass); outline-offset: 2px; }\n` +
      `${pieces("[data-action]")} { outline-style: dashed; }`
    : "";
  if ($("last-move-marks").textContent !== rule) $("last-move-marks").textContent = rule;
}

/** The seats the last move's events name. */
export function lastMoveSeats() {
  const seats = new Set();
  for (const event of lastMoveEvents()) {
    for (const field of ["seat", "seats", "target"]) {
      const value = event[field];
      for (const one of Array.isArray(value) ? value : [value]) if (typeof one === "number") seats.add(one);
    }
  }
  return seats;
}

/**
 * The log, newest at the bottom and kept in sight. The live log grows in place
 * and only its new events are added; it is drawn afresh when it is another log
 * (a new connection's, a replay's step) or when what its lines say of the seats
 * has changed (a name, the viewer's seat).
 */
export function drawLog() {
  const message = page.message;
  const view = (message && message.view) || {};
  const events = view.log || [];
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
    const words = eventWords(event, message);
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
