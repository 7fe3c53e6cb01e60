/* Small pieces of the table page's DOM: finding by id, the connection badge,
 * the toast, a message as a sentence, redrawing only what changed, copying a link. */

import { P } from "./page.js";

const TOAST_MS = 7000;

export function $(id) {
  return document.getElementById(id);
}

export function setConn(state, text) {
  const node = $("conn");
  node.dataset.state = state;
  node.textContent = text;
}

let toastTimer = null;
export function toast(text) {
  $("toast-text").textContent = text;
  $("toast").hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => ($("toast").hidden = true), TOAST_MS);
}

/** A message as one sentence: on one line, with a capital first and a stop last. */
export function sentence(text) {
  const line = String(text || "").replace(/\s+/g, " ").trim();
  if (!line) return "";
  const capital = line.charAt(0).toUpperCase() + line.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * Replaces `node`'s children with `build()` only when `key` differs from the
 * last time, so that controls stay put (and clickable) while the table moves on.
 */
export function patch(node, key, build) {
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  node.replaceChildren(...[].concat(build()).filter(Boolean));
}

/** Copies a link's text, and says so on its button for a moment. */
export async function copy(inputId, buttonId) {
  const ok = await P.copyText($(inputId).value);
  const button = $(buttonId);
  const before = button.dataset.label || button.textContent;
  button.dataset.label = before;
  button.textContent = ok ? "Copied!" : "Select and copy";
  if (!ok) $(inputId).select();
  setTimeout(() => (button.textContent = before), 1500);
}
