/*
 * The game's own drawing: its renderer, /games/<game>/renderer.js (served from
 * the game's package, with its styles at /games/<game>/renderer.css), which
 * registers Plunder.renderers[<game>] = {render(root, message, send)} (a game
 * without one gets Plunder.genericRenderer), and its catalogue, loaded once per
 * table.
 */

import { act } from "./connection.js";
import { $ } from "./dom.js";
import { P, api, el, mode, page } from "./page.js";

function validGame(game) {
  return /^[A-Za-z0-9_-]+$/.test(game || "");
}

/** Loads /games/<game>/renderer.css once (an empty sheet when the game has none). */
function loadStyles(game) {
  if (!validGame(game) || document.querySelector(`link[data-game-styles="${game}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href: `/games/${encodeURIComponent(game)}/renderer.css`, dataset: { gameStyles: game } });
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

/**
 * Loads /games/<game>/renderer.js and its styles once; falls back to the generic
 * renderer. The renderer is a classic script, not a module: it registers itself
 * on the `Plunder` global, as it always has.
 */
function loadRenderer(game) {
  if (!validGame(game)) return Promise.resolve(P.genericRenderer);
  const styles = loadStyles(game);
  if (P.renderers[game]) return styles.then(() => P.renderers[game]);
  const script = new Promise((resolve) => {
    const node = el("script", { src: `/games/${encodeURIComponent(game)}/renderer.js` });
    node.onload = () => resolve(P.renderers[game] || P.genericRenderer);
    node.onerror = () => resolve(P.genericRenderer);
    document.head.append(node);
  });
  return Promise.all([script, styles]).then(([renderer]) => renderer);
}

/** The game's catalogue under the table's options; `{}` if it cannot be had. */
async function loadCatalogue(summary) {
  if (!summary || !validGame(summary.game)) return {};
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(summary.options || {})) query.set(name, String(value));
  try {
    return (await api("GET", `/api/games/${encodeURIComponent(summary.game)}/catalogue?${query}`)) || {};
  } catch (error) {
    console.error(error);
    return {};
  }
}

/** The renderer and the catalogue of the summary's game, loaded together. */
export async function loadGame(summary) {
  const game = summary && summary.game;
  const [renderer, catalogue] = await Promise.all([loadRenderer(game), loadCatalogue(summary)]);
  page.renderer = renderer;
  page.catalogue = catalogue;
  page.drawnKey = null;
}

export function drawGame(shown) {
  try {
    (page.renderer || P.genericRenderer).render($("game"), shown, mode === "replay" ? null : act);
  } catch (error) {
    // A renderer that fails must not take the page down: fall back to the generic one.
    console.error(error);
    P.genericRenderer.render($("game"), shown, mode === "replay" ? null : act);
  }
}

/** An event in players' words: the renderer's, else the shared words. */
export function eventWords(event, message) {
  return page.renderer && page.renderer.event ? page.renderer.event(event, message) : P.eventText(event);
}
