/*
 * The controls outside the game: undo, the host's "Close the table" (and the
 * note on a closed table), "Finish the game now", a seated player's "Leave the
 * game (a bot plays my seat)" and their answer when the host asks to hand their
 * seat over to a bot. (The host's "Hand over to a bot" and "Take my seat back"
 * are drawn with the seats.)
 */

import { send } from "./connection.js";
import { $ } from "./dom.js";
import { P, amHost, mode, mySeat, page } from "./page.js";

export function startControls() {
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
  $("leave-seat").addEventListener("click", () => send({ type: "leave" }));
  $("handover-yes").addEventListener("click", () => {
    $("handover-ask").hidden = true;
    send({ type: "leave" });
  });
  $("handover-no").addEventListener("click", () => ($("handover-ask").hidden = true));
}

/** The undo button, where the server offers an undo (its `undo`, for this seat: only where it cannot leak). */
export function drawUndo(message) {
  $("undo-bar").hidden = !(message.undo === true && mode !== "replay" && !page.sending && page.undoAt !== message.move);
}

/** The button that leaves one's seat to a bot, while the game runs. */
export function drawLeave() {
  const live = mode !== "replay";
  const seat = mySeat();
  const info = seat === null ? null : P.seatInfo(page.summary, seat);
  const running = Boolean(page.summary && page.summary.status === "running");
  $("leave-seat").hidden = !(live && running && info && info.kind === "human" && !info.auto);
}

/** A closed table, or an abandoned one the bots are finishing, says so; the host may close. */
export function drawClosed(summary) {
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
