/*
 * The table's chat (each message's time, author and text, always inserted as
 * text), and in a game of teams the team's chat: the box to write in only for a
 * connection that may post, a note for a spectator who may not.
 */

import { send } from "./connection.js";
import { drawLeave } from "./controls.js";
import { $ } from "./dom.js";
import { el, isClosed, mode, mySeat, page, store } from "./page.js";

// The most chat lines the page holds (the server sends at most its own last few).
const CHAT_KEEP = 200;

// The table's chat as the server tells it: its lines (the table's, and in a
// game of teams the lines of this seat's team, marked `team`), whether this
// connection may post (a seat may; a spectator if the server lets them),
// whether a history has come yet, and the text just sent to each (cleared
// from its box once the server has it).
const chat = { lines: [], canPost: false, ready: false, sent: null, teamSent: null };

export function startChat() {
  $("chat-form").addEventListener("submit", (event) => postChat(event, false));
  $("team-chat-form").addEventListener("submit", (event) => postChat(event, true));
}

/** Whether this page's seat plays in a team, and so has a team chat. */
function inTeam() {
  const view = page.message && page.message.view;
  return mySeat() !== null && Boolean(view && Array.isArray(view.teams));
}

function postChat(event, team) {
  event.preventDefault();
  const box = $(team ? "team-chat-text" : "chat-text");
  const text = box.value.trim();
  if (!text) return;
  const message = { type: "chat", text };
  if (team) message.team = true;
  // A spectator (when the server lets them post) writes under the name they last gave.
  if (mySeat() === null && store.name()) message.name = store.name();
  if (!send(message)) return;
  if (team) chat.teamSent = text;
  else chat.sent = text;
}

/** A chat line, or the history sent after each hello (which replaces what is held). */
export function receiveChat(message) {
  if (message.type === "chat_history") {
    chat.lines = Array.isArray(message.messages) ? message.messages.slice(-CHAT_KEEP) : [];
    chat.canPost = Boolean(message.can_post);
    chat.ready = true;
    if (Number.isInteger(message.max_length) && message.max_length > 0) {
      $("chat-text").maxLength = message.max_length;
      $("team-chat-text").maxLength = message.max_length;
    }
    drawChat(true);
    return;
  }
  chat.lines.push(message);
  if (chat.lines.length > CHAT_KEEP) chat.lines.shift();
  const team = message.team === true;
  const box = $(team ? "team-chat-text" : "chat-text");
  const sent = team ? chat.teamSent : chat.sent;
  if (sent !== null && message.seat === mySeat() && message.text === sent) {
    if (box.value.trim() === sent) box.value = "";
    if (team) chat.teamSent = null;
    else chat.sent = null;
  }
  drawChat(false);
}

/** One chat line: its time, its author and the author's words, always as text. */
function chatLine(line) {
  const seat = typeof line.seat === "number" ? line.seat : null;
  const mine = seat !== null && seat === mySeat();
  const name = String(line.name || "");
  const who = seat === null ? `${name} (watching)` : mine ? `${name} (you)` : name;
  const at = new Date(Number(line.at) * 1000);
  const valid = Number.isFinite(at.getTime());
  return el(
    "li",
    { class: `chat-line${mine ? " mine" : ""}`, dataset: { seat: seat === null ? "" : String(seat) } },
    el("time", {
      class: "chat-time",
      datetime: valid ? at.toISOString() : null,
      text: valid ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "",
    }),
    el("span", { class: "chat-name", text: who }),
    el("span", { class: "chat-text", text: String(line.text || "") }),
  );
}

/** The chat's lines, the table's and the team's each in its own list: all afresh
 * after a hello, else the newest one added; kept in sight. */
function drawChat(afresh) {
  const newest = chat.lines[chat.lines.length - 1];
  for (const team of [false, true]) {
    const lines = chat.lines.filter((line) => (line.team === true) === team);
    const list = $(team ? "team-chat-list" : "chat-list");
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    if (afresh) list.replaceChildren(...lines.map(chatLine));
    else if (newest && (newest.team === true) === team) list.append(chatLine(newest));
    while (list.children.length > lines.length) list.firstElementChild.remove();
    if (!team) $("chat-empty").hidden = lines.length > 0;
    if (afresh || nearBottom) list.scrollTop = list.scrollHeight;
  }
  drawChatBox();
  drawLeave();
}

/** The chat panels, and the box to write in for those who may post. */
export function drawChatBox() {
  const live = mode !== "replay";
  $("chat").hidden = !(live && chat.ready);
  $("chat-form").hidden = !chat.canPost || isClosed();
  $("team-chat").hidden = !(live && chat.ready && inTeam());
  $("team-chat-form").hidden = isClosed();
  $("chat-readonly").hidden = chat.canPost;
}
