/*
 * Drawing the table from what the page knows: the title, the notes on an open
 * or closed table, the game (only when what it shows has changed), and every
 * panel around it. Each part is drawn by the module it concerns.
 */

import { autoplayed, drawAutopass, drawWindowToggle, setTiming, windowOffer } from "./autopass.js";
import { drawChatBox } from "./chat.js";
import { tick } from "./clock.js";
import { drawClosed, drawLeave, drawUndo } from "./controls.js";
import { $ } from "./dom.js";
import { drawGame } from "./game.js";
import { drawJoin } from "./join.js";
import { drawHint } from "./lesson.js";
import { drawLastMove, drawLog } from "./log.js";
import { mode, mySeat, page, tableId } from "./page.js";
import { drawResult } from "./result.js";
import { drawSeats } from "./seats.js";
import { announceTurn, drawCommand, tellMove } from "./turn.js";

export function draw() {
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
  drawUndo(message);
  drawLastMove();
  drawSeats();
  drawAutopass();
  drawLog();
  tellMove();
  drawResult();
  drawJoin();
  drawChatBox();
  drawLeave();
  tick();
}
