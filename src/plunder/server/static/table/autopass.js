/*
 * Auto-pass: the any-time windows the server passes for this seat. A seat's
 * setting is told to that seat alone (an `autopass` message); the page offers it
 * in the settings beside the seats and, while a window is open for the seat,
 * beside its choices. The same message says whether the server plays the seat's
 * decisions that have one legal answer (`forced`, on by default; a box beside
 * the seats turns it off).
 */

import { send } from "./connection.js";
import { $, patch } from "./dom.js";
import { draw } from "./draw.js";
import { heldLog } from "./events.js";
import { P, el, isClosed, isOver, mode, mySeat, page } from "./page.js";

// The seat's setting as the server last told it (`seat`: whose it is), and the
// window timings met in the seat's log so far (read once per event).
const autopass = { setting: null, seat: null, met: new Set(), read: 0, logSeat: undefined };

export function receiveAutopass(message) {
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
export function windowOffer(message, actions) {
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
export function sendAutoplay(forced) {
  const setting = ownSetting() || { every: false, timings: [] };
  send({ type: "autopass", every: setting.every, timings: setting.timings, forced });
}

/** Ticks or unticks one timing. Unticked while every window is passed: every other timing met stays passed. */
export function setTiming(timing, on) {
  const setting = ownSetting() || { every: false, timings: [] };
  if (on) sendAutopass(setting.every, setting.timings.concat([timing]));
  else sendAutopass(false, (setting.every ? metTimings() : setting.timings).filter((t) => t !== timing));
}

/** The one legal answer the server will play for this seat (its autoplay), else null. */
export function autoplayed(legal) {
  const setting = ownSetting();
  return setting && setting.forced && legal.length === 1 ? String(legal[0]) : null;
}

/** The box above the game: the window's auto-pass, for a renderer that does not draw it
 * beside its choices; and, for a decision with one answer, that it plays itself. */
export function drawWindowToggle(shown) {
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
export function drawAutopass() {
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
