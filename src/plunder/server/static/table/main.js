/*
 * The table page, /t/<table>: one seat's table (with the seat token kept in
 * localStorage), the spectator's view (?watch) or the replay of a finished
 * game (?replay). See docs/server.md for the protocol.
 *
 * The page is a set of small ES modules served as they are (no build step),
 * each about one concern; this one wires the page up and starts it:
 *
 *   page.js        which table, the mode, and the state every module shares
 *   dom.js         small DOM helpers: by id, the connection badge, the toast
 *   connection.js  the WebSocket: hello, pings, reconnecting, sending, `act`
 *   messages.js    what the server says, each kind handed to what it concerns
 *   events.js      the seat's log as held, with the events fetched to fill a gap
 *   game.js        the game's renderer and catalogue, and drawing the game
 *   draw.js        drawing the whole table from what the page knows
 *   seats.js       the seats panel       clock.js   the clocks
 *   log.js         the log and the last move, with its marks on the board
 *   chat.js        the table's chat and the team's
 *   controls.js    undo, close, finish, leave, the answer to a hand-over
 *   autopass.js    the windows passed for the seat, and its autoplay
 *   turn.js        the chime and the move box's read-out of a new move
 *   lesson.js      a guided first game's hint
 *   result.js      the result and the rematch    join.js   the join form
 *   rules.js       the rules panel      push.js   Web Push notices
 *   replay.js      the replay of a finished game
 *
 * The page's modules set no global. The game renderers are classic scripts that
 * use only the `Plunder` global of common.js, words.js and generic.js (loaded
 * before this module) and register themselves on `Plunder.renderers`, which
 * game.js reads: nothing of theirs depends on these modules.
 */

import { sendAutoplay } from "./autopass.js";
import { startChat } from "./chat.js";
import { tick } from "./clock.js";
import { act, connect, tellSeen } from "./connection.js";
import { startControls } from "./controls.js";
import { $, copy, setConn } from "./dom.js";
import { loadGame } from "./game.js";
import { drawJoin, join } from "./join.js";
import { P, api, mode, mySeat, page, tableId, tableUrl } from "./page.js";
import { notifyHere } from "./push.js";
import { startReplay } from "./replay.js";
import { joinAndGo, rematch } from "./result.js";
import { toggleRules } from "./rules.js";

async function start() {
  document.addEventListener("visibilitychange", tellSeen);
  page.command = P.commandBox(act);
  $("invite-link").value = tableUrl("");
  $("watch-link").value = tableUrl("?watch");
  $("copy-invite").addEventListener("click", () => copy("invite-link", "copy-invite"));
  $("copy-watch").addEventListener("click", () => copy("watch-link", "copy-watch"));
  $("toast-close").addEventListener("click", () => ($("toast").hidden = true));
  $("join-form").addEventListener("submit", join);
  $("rematch").addEventListener("click", rematch);
  $("push-button").addEventListener("click", notifyHere);
  startControls();
  startChat();
  $("rules-button").addEventListener("click", toggleRules);
  // The last move takes one line; a click shows all it said, another folds it again.
  $("last-move").addEventListener("click", () => $("last-move").classList.toggle("open"));
  $("rules-close").addEventListener("click", toggleRules);
  $("autoplay").addEventListener("change", (event) => sendAutoplay(event.target.checked));
  $("turn-sound").checked = P.store.sound();
  $("turn-sound").addEventListener("change", () => P.store.setSound($("turn-sound").checked));
  $("join-rematch").addEventListener("click", (event) => {
    const rematchId = page.summary && page.summary.rematch;
    if (!rematchId) return;
    event.preventDefault();
    joinAndGo(rematchId, mySeat());
  });
  document.body.dataset.mode = mode;

  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    if (error.status === 404) {
      $("missing").hidden = false;
      setConn("offline", "No such table");
      return;
    }
    // The server may be restarting: the WebSocket will bring the summary.
    page.summary = null;
  }
  await loadGame(page.summary);
  page.rendererGame = page.summary && page.summary.game;
  if (mode === "replay") {
    if (!page.summary) {
      setConn("offline", "Table not reachable");
      return;
    }
    await startReplay();
    return;
  }
  drawJoin();
  connect();
  setInterval(tick, 1000);
  window.addEventListener("online", () => {
    if (!page.ws) connect();
  });
  window.addEventListener("pagehide", () => {
    page.leaving = true;
  });
  window.addEventListener("pageshow", (event) => {
    // Back from the browser's page cache: the old socket is gone.
    if (event.persisted) {
      page.leaving = false;
      connect();
    }
  });
}

start();
