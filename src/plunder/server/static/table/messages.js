/*
 * What the server says on the WebSocket, each kind of message handed to what it
 * concerns: a state (the table, drawn afresh), a chat line or history, the
 * seat's auto-pass, a notice, the host's ask to hand the seat over, an error.
 */

import { receiveAutopass } from "./autopass.js";
import { receiveChat } from "./chat.js";
import { tellSeen } from "./connection.js";
import { $, sentence, setConn, toast } from "./dom.js";
import { draw } from "./draw.js";
import { heldLog, takeEvents } from "./events.js";
import { loadGame } from "./game.js";
import { drawJoin } from "./join.js";
import { page, store, tableId } from "./page.js";

export function receive(message) {
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
