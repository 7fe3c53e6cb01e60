/* The rules panel: the game's rules document, fetched when first opened. */

import { $ } from "./dom.js";
import { page } from "./page.js";

export async function toggleRules() {
  const panel = $("rules");
  const open = panel.hidden;
  panel.hidden = !open;
  $("rules-button").setAttribute("aria-expanded", String(open));
  if (!open || page.rulesLoaded) return;
  const game = page.summary && page.summary.game;
  $("rules-text").textContent = "Loading the rules…";
  try {
    const response = await fetch(`/games/${encodeURIComponent(game)}/rules`);
    if (response.status === 404) {
      $("rules-text").textContent = "This game ships no rules document.";
      return;
    }
    if (!response.ok) throw new Error(`${response.status}`);
    // The server renders the project's own Markdown, with raw HTML shown as text.
    $("rules-text").innerHTML = await response.text();
    page.rulesLoaded = true;
  } catch (_) {
    $("rules-text").textContent = "The rules could not be loaded; try again in a moment.";
  }
}
