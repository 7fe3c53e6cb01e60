/* The join form: shown when this browser holds no seat, a human seat is free, and not ?watch. */

import { connect } from "./connection.js";
import { $ } from "./dom.js";
import { api, el, freeSeats, isClosed, isOver, mode, page, store, tableId } from "./page.js";

export function drawJoin() {
  const box = $("join");
  const free = freeSeats(page.summary);
  const show = mode === "seat" && !page.token && free.length > 0 && !isOver() && !isClosed();
  box.hidden = !show;
  if (!show) return;
  const select = $("join-seat");
  const before = select.value;
  select.replaceChildren(
    el("option", { value: "", text: "first free seat" }),
    ...free.map((s) => el("option", { value: String(s.seat), text: `Seat ${s.seat + 1}` })),
  );
  if (free.some((s) => String(s.seat) === before)) select.value = before;
  const name = $("join-name");
  if (!name.value && document.activeElement !== name) name.value = store.name();
}

export async function join(event) {
  event.preventDefault();
  const name = $("join-name").value.trim();
  const error = $("join-error");
  error.hidden = true;
  if (!name) {
    error.textContent = "Give your name.";
    error.hidden = false;
    return;
  }
  const body = { name };
  if ($("join-seat").value !== "") body.seat = Number($("join-seat").value);
  $("join-button").disabled = true;
  try {
    const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, body);
    store.setName(name);
    store.setToken(tableId, joined.token);
    page.token = joined.token;
    $("join").hidden = true;
    connect();
  } catch (failure) {
    error.textContent = `Could not join: ${failure.message}`;
    error.hidden = false;
    refreshSummary();
  } finally {
    $("join-button").disabled = false;
  }
}

async function refreshSummary() {
  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    drawJoin();
  } catch (_) {
    /* the next state brings it */
  }
}
