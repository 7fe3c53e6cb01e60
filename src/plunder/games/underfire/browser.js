/*
 * Pirates Under Fire in the browser: the 7 x 6 sea drawn as a grid (the viewer's
 * half at the bottom), each space with its effect, a mine, or a ship of either
 * fleet (burning, shielded); the viewer's hand and the mercenaries for hire as
 * tiles. Click a ship of the hand (or a mercenary), then a lit space of the sea;
 * when an effect aims, the spaces it may aim at light up; the order of two
 * effects and the end of the turn are buttons. Every choice comes from the
 * message's `actions` ({verb, ship, merc, at, notation}); names and texts from
 * the catalogue (`message.catalogue`). Nothing needs typing.
 *
 * The sea carries its coordinates: the column letters above and below it, the row
 * numbers on its left, and each space's name in its corner (the log speaks of c3).
 *
 * Hooks for tests: every click that acts carries data-action="<notation>"; sea
 * spaces carry data-at, hand tiles data-ship, mercenaries data-merc, and each player's
 * panel data-seat (a move that names only a seat, a pass say, marks its panel).
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;
  let picked = null; // "7" (a ship of the hand) or "buy:name" (a mercenary), kept across redraws

  function effectText(catalogue, code) {
    if (!code) return "no effect";
    const [name, amount] = code.split(":");
    const effect = (catalogue.effects || {})[name];
    const count = amount || "1";
    return effect ? effect.text.replace("{n}", count).replace("{s}", count === "1" ? "" : "s") : code;
  }

  /** A space's effect as a whole word, its amount first when more than 1 ("2 gold", "VP"). */
  function effectWord(code) {
    if (!code) return "";
    const [name, amount] = code.split(":");
    const word = name === "vp" ? "VP" : name;
    return amount && amount !== "1" ? `${amount} ${word}` : word;
  }

  /** An action in words: its label as the game's words declare it. */
  function describe(action, view, message) {
    return P.actionWords(action, view, message || {});
  }

  function keyOf(action) {
    if (action.verb === "play") return String(action.ship);
    if (action.verb === "buy") return `buy:${action.merc}`;
    return null;
  }

  /** A ship on the sea: its number (a mercenary: its name's first letters); on hover,
   * whose it is, its number and name, its state and what it does. */
  function shipTile(ship, catalogue, message, at) {
    const entry = ship.merc ? (catalogue.mercenaries || {})[ship.merc] || {}
      : (catalogue.ships || {})[String(ship.number)] || {};
    const title = entry.title || ship.merc || "";
    const name = ship.merc ? title : `ship ${ship.number}, ${title}`;
    const label = ship.merc ? title.slice(0, 3) : String(ship.number);
    const state = ship.burning ? " (burning)" : ship.shield ? " (shielded)" : "";
    return el("span", {
      class: `uf-ship seat${ship.owner}${ship.burning ? " burning" : ""}${ship.shield ? " shielded" : ""}`,
      title: `${at}: ${P.seatLabel(message, ship.owner)}'s ${name}${state}${entry.text ? `: ${entry.text}` : ""}`,
      text: label,
    });
  }

  function render(root, message, send) {
    const view = message.view || {};
    const catalogue = message.catalogue || {};
    const actions = send ? message.actions || [] : [];
    const me = typeof message.seat === "number" ? message.seat : 0;
    const byKey = new Map();
    const aims = new Map();
    const buttons = [];
    for (const action of actions) {
      const key = keyOf(action);
      if (key) {
        if (!byKey.has(key)) byKey.set(key, new Map());
        byKey.get(key).set(action.at, action);
      } else if (action.verb === "first" || action.verb === "end") buttons.push(action);
      else aims.set(action.at, action);
    }
    if (picked && !byKey.has(picked)) picked = null;
    const lit = picked ? byKey.get(picked) : aims;
    const redraw = () => render(root, message, send);

    const rows = [];
    const order = me === 1 ? [1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1];
    const letters = me === 1 ? [..."gfedcba"] : [..."abcdefg"];
    const columns = () => el("div", { class: "uf-row uf-letters", "aria-hidden": "true" },
      el("span", { class: "uf-coord" }), letters.map((l) => el("span", { class: "uf-coord", text: l })));
    rows.push(columns());
    for (const row of order) {
      const cells = (view.sea || []).filter((c) => Number(c.at.slice(1)) === row);
      if (me === 1) cells.reverse();
      rows.push(el("div", { class: `uf-row half${row <= 3 ? 0 : 1}` },
        el("span", { class: "uf-coord", "aria-hidden": "true", text: String(row) }),
        cells.map((cell) => {
        const action = lit.get(cell.at);
        const tip = `${cell.at}: ${effectText(catalogue, cell.effect)}${cell.mine ? "; a mine lies here" : ""}`;
        const attrs = {
          class: `uf-space${action ? " lit" : ""}${cell.mine ? " mined" : ""}`,
          title: tip,
          "aria-label": tip,
          // A space that does not act is still named, with what lies on it: a group.
          role: "group",
          dataset: { at: cell.at },
        };
        if (action) {
          attrs.dataset.action = action.notation;
          attrs.onclick = () => { picked = null; send(action); };
          attrs.role = "button";
          attrs.tabindex = "0";
        }
        return el("div", attrs,
          el("span", { class: "uf-at", "aria-hidden": "true", text: cell.at }),
          el("span", { class: "uf-effect", text: effectWord(cell.effect) }),
          cell.mine ? el("span", { class: "uf-mine", text: "✹" }) : null,
          cell.ship ? shipTile(cell.ship, catalogue, message, cell.at) : null);
      })));
    }
    rows.push(columns());

    const hand = (view.hand || []).map((number, i) => {
      const key = String(number);
      const ship = (catalogue.ships || {})[key] || {};
      const playable = byKey.has(key);
      return el("button", {
        class: `uf-tile${picked === key ? " picked" : ""}`,
        title: `${ship.title}: ${ship.text}`,
        disabled: !playable,
        dataset: { ship: key, index: String(i) },
        onclick: () => { picked = picked === key ? null : key; redraw(); },
      }, el("b", { text: key }), el("small", { text: ship.title || "" }));
    });
    const market = (view.market || []).map((id) => {
      const merc = (catalogue.mercenaries || {})[id] || {};
      const key = `buy:${id}`;
      return el("button", {
        class: `uf-tile merc${picked === key ? " picked" : ""}`,
        title: `${merc.title} (${merc.cost} gold): ${merc.text}`,
        disabled: !byKey.has(key),
        dataset: { merc: id },
        onclick: () => { picked = picked === key ? null : key; redraw(); },
      }, el("b", { text: `${merc.cost}g` }), el("small", { text: merc.title || id }));
    });
    const players = (view.players || []).map((p) => el("div", { class: `uf-player seat${p.seat}`, dataset: { seat: String(p.seat) } },
      el("b", { text: P.seatLabel(message, p.seat) }),
      ` gold ${p.gold} · VP ${p.vp} · hand ${p.hand_size} (limit ${p.hand_limit}) · pile ${p.pile} · reserve ${p.reserve} · turn ${p.turns}${p.final ? " (last)" : ""}`));
    let prompt = view.over ? "The game is over." : `${P.seatLabel(message, view.current)} to play`;
    if (actions.length) prompt = picked ? "Click a lit space" : P.asked(message);
    root.replaceChildren(el("div", { class: "uf" },
      el("div", { class: "uf-players" }, players),
      el("div", { class: "uf-sea", role: "group", "aria-label": "The sea" }, rows),
      el("p", { class: "prompt", role: "status", text: prompt }),
      el("div", { class: "uf-buttons" }, buttons.map((action) => el("button", {
        class: "uf-button", dataset: { action: action.notation },
        text: describe(action, view, message),
        onclick: () => send(action),
      }))),
      el("section", { class: "uf-hand", "aria-label": "Your hand" }, hand),
      el("section", { class: "uf-market", "aria-label": "For hire" }, market),
    ));
  }

  P.renderers.underfire = {
    render,
    event: P.namedEventText,
    describe,
    score: (value) => `${Number(value)} VP`,
  };
})();
