/*
 * The replay of a finished game (?replay): step through its views as any seat
 * (or a spectator) saw them, with the move that led to each in words.
 */

import { $, setConn } from "./dom.js";
import { draw } from "./draw.js";
import { P, api, el, page, tableId } from "./page.js";

// The replay loads its views a page at a time (the server sets the page's size):
// each page holds views without their logs, and the seat's events they add up
// to, which `events` gathers once for every view.
const replay = { pages: [], events: [], moves: [], count: -1, index: 0, seat: null, generation: 0 };

export async function startReplay() {
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
