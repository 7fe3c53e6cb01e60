/*
 * The table's WebSocket: connecting (and reconnecting after a drop), the hello,
 * the pings, telling the server the player sees the table, and sending: the
 * `send` renderers are given to act with.
 */

import { draw } from "./draw.js";
import { $, setConn, toast } from "./dom.js";
import { receive } from "./messages.js";
import { page, tableId } from "./page.js";

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10000;
const PING_MS = 25000;

export function connect() {
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
export function tellSeen() {
  const message = page.message;
  if (!message || typeof message.seat !== "number" || document.visibilityState !== "visible") return;
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return;
  send({ type: "seen", step: message.step });
}

export function send(message) {
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
export function act(what) {
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
 * any earlier ones come from the log route, `fillGap` in events.js).
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
