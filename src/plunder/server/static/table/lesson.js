/* A guided first game: what to try next and why; the move it suggests is marked. */

import { $ } from "./dom.js";
import { el, mode } from "./page.js";

/**
 * A lesson's words for a player who clicks: a bracket of notations written in
 * backticks, "(`colt>1`)", is for the terminal's typing and is left out here.
 */
function clickersWords(text) {
  return text.replace(/\s*\((?:`[^`]*`(?:,\s*)?)+\)/g, "").replace(/`/g, "");
}

export function drawHint(shown) {
  const box = $("lesson-hint");
  const hint = mode === "replay" ? null : shown.hint;
  box.hidden = !hint;
  const suggest = hint && shown.legal.length ? hint.suggest : [];
  // A style rule rather than a class: it marks the move's element however the
  // game's renderer redraws it.
  // The first suggestion is the coach's choice: the one move marked.
  $("lesson-marks").textContent = suggest.length
    ? `#game [data-action="${CSS.escape(suggest[0])}"] { outline: 3px solid var(--green); outline-offset: 2px; }`
    : "";
  if (!hint) return;
  const step = hint.over ? "Lesson done: " : `Lesson, step ${hint.step} of ${hint.steps}: `;
  box.replaceChildren(el("strong", { text: step }), document.createTextNode(clickersWords(hint.text)));
  box.dataset.suggest = suggest.join(" ");
}
