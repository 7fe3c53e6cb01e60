/*
 * The seat's log as the page holds it. Each state message brings only the log
 * events this page lacks (`events`, the first of them being number
 * `events_from`); events missing before them (a hello's answer on a long log
 * carries only its latest) are fetched from GET /api/tables/<t>/log meanwhile.
 */

import { draw } from "./draw.js";
import { api, page, tableId } from "./page.js";

/** The seat's log as far as it is held: with the events past a gap being filled. */
export function heldLog() {
  return page.gap ? page.log.concat(page.gap.tail) : page.log;
}

/**
 * Adds the message's events to the log. Events the page lacks before them (a
 * hello's answer on a long log carries only its latest events) are fetched
 * from the log route meanwhile.
 */
export function takeEvents(message) {
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
