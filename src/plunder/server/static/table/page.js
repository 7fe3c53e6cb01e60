/*
 * What the table page knows: which table and in what mode it is opened, and the
 * state every other module of the page reads and updates (`page`), with the few
 * questions asked of that state everywhere (whose seat, over, closed, host).
 *
 * The shared helpers come from the classic scripts loaded before this module
 * (common.js, words.js, generic.js, command.js), through `window.Plunder`.
 */

export const P = window.Plunder;
export const { el, api, store } = P;

const params = new URLSearchParams(window.location.search);
export const tableId = decodeURIComponent(window.location.pathname.replace(/^\/t\//, "").replace(/\/+$/, ""));
export const mode = params.has("replay") ? "replay" : params.has("watch") ? "watch" : "seat";

/* Everything the page knows; `message` is the last `state` from the server. */
export const page = {
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

export function tableUrl(suffix) {
  return `${window.location.origin}/t/${encodeURIComponent(tableId)}${suffix || ""}`;
}

export function mySeat() {
  return page.message && typeof page.message.seat === "number" ? page.message.seat : null;
}

export function isOver() {
  const view = page.message && page.message.view;
  return Boolean((view && view.over) || (page.summary && page.summary.status === "over"));
}

/** Closed before its end (by its host, or for want of players): nothing more happens. */
export function isClosed() {
  return Boolean(page.summary && page.summary.status === "closed");
}

/** Is the viewer the table's host? `host` is the host's seat (or name). */
export function amHost() {
  const seat = mySeat();
  const host = page.summary && page.summary.host;
  if (seat === null || host === null || host === undefined) return false;
  if (typeof host === "number") return host === seat;
  const info = P.seatInfo(page.summary, seat);
  return Boolean(info && typeof host === "string" && info.name === host);
}

export function freeSeats(summary) {
  return ((summary && summary.seats) || []).filter((s) => s.kind === "human" && !s.taken);
}
