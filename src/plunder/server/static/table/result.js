/* The end of the game: who won and the scores, the replay and record links, the rematch. */

import { $, toast } from "./dom.js";
import { P, api, el, mode, mySeat, page, store, tableId } from "./page.js";

export function drawResult() {
  const message = page.message;
  const view = (message && message.view) || {};
  const summary = page.summary || {};
  const box = $("result");
  const result = view.result || summary.result;
  if (!view.over || mode === "replay") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const winners = (result && result.winners) || [];
  const me = mySeat();
  const names = winners.map((s) => P.seatLabel(message, s));
  $("result-title").textContent =
    me !== null && winners.includes(me)
      ? winners.length > 1
        ? "You share the win!"
        : "You win!"
      : winners.length
        ? `${P.joinNames(names)} win${winners.length > 1 ? "" : "s"}`
        : "No one wins";
  const reason = (result && result.reason) || "";
  $("result-text").textContent =
    reason && page.renderer && page.renderer.event ? page.renderer.event({ text: reason }, message) : reason;
  const score = (v) => (page.renderer && page.renderer.score ? page.renderer.score(v) : String(v));
  // How each score came about: its parts, which add up to it (Result.breakdown).
  const breakdown = (result && result.breakdown) || [];
  const parts = (seat) => Object.entries(breakdown[seat] || {}).map(([name, amount]) => `${name} ${score(amount)}`);
  $("result-scores").replaceChildren(
    ...((result && result.scores) || []).map((value, seat) =>
      el(
        "li",
        { class: winners.includes(seat) ? "winner" : "" },
        el("span", { text: P.seatLabel(message, seat) }),
        el("strong", { text: score(value) }),
        breakdown.length
          ? el("small", { class: "result-parts", text: parts(seat).join(", ") || "nothing scored" })
          : null,
      ),
    ),
  );
  $("replay-link").href = `/t/${encodeURIComponent(tableId)}?replay`;
  $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("record-link").setAttribute("download", `plunder-${tableId}.json`);
  const rematch = summary.rematch;
  $("rematch").hidden = Boolean(rematch) || !page.token || me === null;
  const join = $("join-rematch");
  join.hidden = !rematch;
  if (rematch) join.href = `/t/${encodeURIComponent(rematch)}`;
}

/** Joins a table with the stored name (the same seat if free) and goes there. */
export async function joinAndGo(table, preferredSeat) {
  const name = store.name() || (P.seatInfo(page.summary, mySeat()) || {}).name || "";
  const target = `/t/${encodeURIComponent(table)}`;
  if (store.token(table) || !name) {
    window.location.assign(target);
    return;
  }
  const path = `/api/tables/${encodeURIComponent(table)}/join`;
  let joined = null;
  try {
    joined =
      preferredSeat === null
        ? await api("POST", path, { name })
        : await api("POST", path, { name, seat: preferredSeat }).catch(() => api("POST", path, { name }));
  } catch (error) {
    toast(`Could not join the rematch: ${error.message}`);
  }
  if (joined && joined.token) store.setToken(joined.table || table, joined.token);
  page.leaving = true;
  window.location.assign(target);
}

export async function rematch() {
  const button = $("rematch");
  button.disabled = true;
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, undefined, {
      "X-Plunder-Token": page.token || "",
    });
    if (page.summary) page.summary = Object.assign({}, page.summary, { rematch: made.table });
    drawResult();
    await joinAndGo(made.table, mySeat());
  } catch (error) {
    toast(`No rematch: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}
