/* The clocks: what the table's clocks are, and this seat's counted down once a
 * second where its seat shows it. */

import { $ } from "./dom.js";
import { P, page } from "./page.js";
import { pushable } from "./push.js";

function formatClock(ms) {
  // A turn-based table's hours read as hours, not thousands of minutes.
  if (ms >= 3600 * 1000) return P.formatLeft(ms / 1000);
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}

/** Counts this seat's clock down once a second. */
export function tick() {
  const nodes = document.querySelectorAll("[data-clock]");
  if (page.deadlineAt === null) return;
  const left = page.deadlineAt - Date.now();
  for (const node of nodes) {
    node.textContent = `clock ${formatClock(left)}`;
    node.classList.toggle("urgent", left < 10000);
    node.setAttribute("aria-label", `${Math.max(0, Math.ceil(left / 1000))} seconds left`);
  }
}

/** What the table's clocks are (beside the seats), and the button that has this
 * device told of the player's move on a turn-based table. */
export function drawClockNote(summary, me, over) {
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
}
