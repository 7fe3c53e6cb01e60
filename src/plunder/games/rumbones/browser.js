/*
 * Rum & Bones: Second Tide in the browser: the ships and the sea drawn as a board
 * of zones (the catalogue's `board`: each zone's row, column, kind, ship and
 * side; the deployment points, the deck guns, the crew tracks), with what stands
 * in each zone: heroes as tokens (name and hit points left, in their side's
 * colour), deckhand and bosun counts, objectives with their hit points left, the
 * sea monsters and the Kraken, destroyed gangplanks; coordinates on the edges.
 * The viewer's ships are at the bottom (the board is turned for the side whose
 * ships are drawn at the top).
 *
 * Beside the board (below it on a phone) each side: VP, the Kraken pool, the
 * Tide hand's size, deck and discards, the crew reserve, and its heroes (hit
 * points, coins, skills with their levels, conditions, activation token or dead
 * man's coin) and sea monsters. Under the board the dock: the prompt, the last
 * dice rolled and where their hits went (from the log), the choices that are
 * not zones as buttons, and the viewer's Tide hand as cards with their text. On
 * a phone the dock stays in view while the page scrolls.
 *
 * Every choice comes from the message's `actions` ({verb, arg, zone, notation}):
 * the zones a decision may name light up and are clicked (a zone two actions
 * share asks which in the dock; attack skills and sea monsters may be picked
 * first); heroes, hand cards, dice and skills act when clicked; the rest are
 * buttons. Names, texts and tooltips come from the catalogue
 * (`message.catalogue`), the prompt and each action's words from the asks the
 * game declares there (static/words.js); no notation is read.
 *
 * Hooks for tests: every element that acts carries data-action="<notation>";
 * zones carry data-zone (and data-choose when a click asks which action),
 * hand cards data-card, attack skills and monsters to pick first data-arg.
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;

  let catalogue = {};
  // What the viewer has picked and not yet sent, for one step of one seat: an
  // attack skill or sea monster whose zones alone light up, or a zone whose
  // actions are offered in the dock.
  const pick = { step: null, arg: null, zone: null };
  // The last dice drawn, so that a new roll tumbles once.
  // Whether the table drawn last is Clash Royale!'s, for the end's scores.
  const shown = { dice: null, clash: false };

  const GLYPHS = {
    flag: '<path d="M5 2h2v20H5zM8 3h11l-3 4 3 4H8z"/>',
    gun: '<circle cx="7" cy="16" r="5"/><path d="M9 11l11-7 2 3-11 8z"/>',
    coin: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5" fill="rgba(0,0,0,0.25)"/>',
    heart: '<path d="M12 21s-7.5-4.6-9.3-9.2C1.4 8.4 3.6 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8C19.5 16.4 12 21 12 21z"/>',
    // The objectives' pictures, so that an objective never reads like a hero's name.
    mast: '<path d="M11 1h2v19h-2z"/><path d="M4 4h16l-1.5 5h-13zM5 11h14l-1.5 5h-11z"/><path d="M3 20h18l-2 3H5z"/>',
    foremast: '<path d="M11 1h2v19h-2z"/><path d="M13 4l8 8h-8z"/><path d="M3 20h18l-2 3H5z"/>',
    helm: '<path d="M11 1h2v4.1a7 7 0 0 1 0 13.8V23h-2v-4.1a7 7 0 0 1 0-13.8zM12 8a4 4 0 1 0 0 8a4 4 0 0 0 0-8z" fill-rule="evenodd"/><path d="M1 11h4v2H1zM19 11h4v2h-4z"/>',
    barrel: '<path d="M7 2h10c2 3 3 6.5 3 10s-1 7-3 10H7c-2-3-3-6.5-3-10s1-7 3-10zM5 7.5h14v1.5H5zM5 15h14v1.5H5z" fill-rule="evenodd"/>',
    chest: '<path d="M4 4h16a2 2 0 0 1 2 2v4H2V6a2 2 0 0 1 2-2zM2 11h20v9H2zM10 9h4v5h-4z"/>',
    target: '<path d="M12 2a10 10 0 1 0 0 20a10 10 0 0 0 0-20zm0 4a6 6 0 1 1 0 12a6 6 0 0 1 0-12zm0 3a3 3 0 1 0 0 6a3 3 0 0 0 0-6z" fill-rule="evenodd"/>',
    kraken: '<path d="M12 2a7 7 0 0 0-7 7c0 2.5 1.2 4.2 2.6 5.3C6 16 4 18 2 18v2c3 0 5-2 6.5-3.6-.3 2.2-1.3 4-2.5 5.6h2.4c1-1.6 1.8-3.4 2.1-5.6l1.5.2 1.5-.2c.3 2.2 1.1 4 2.1 5.6H18c-1.2-1.6-2.2-3.4-2.5-5.6C17 18 19 20 22 20v-2c-2 0-4-2-5.6-3.7C17.8 13.2 19 11.5 19 9a7 7 0 0 0-7-7zm-3 6a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" fill-rule="evenodd"/>',
  };

  const CONDITIONS = {
    blind: "Blind: its attacks take 1 off each roll.",
    stun: "Stun: it spends an action to shake it off before any other.",
    slow: "Slow: one move action this activation at most.",
    silence: "Silence: its skills have no effect and it cannot level them up.",
    bleed: "Bleed: 1 damage after each action it performs.",
  };

  const GLYPH = (name, extra) => P.glyph(GLYPHS, name, extra);

  /** An objective's picture on the board: a mast, the helm, a powder barrel, a chest. */
  function objectiveGlyph(id) {
    const name = { mainmast: "mast", foremast: "foremast", helm: "helm", powder: "barrel", chest: "chest" }[id] || "target";
    return GLYPH(name, "rb-obj-glyph");
  }

  /* ---- the catalogue's words ------------------------------------------------ */

  const entry = (table, id) => ((catalogue[table] || {})[id]) || {};

  /** A monster's or objective's short name: its title's last word ("Crab"), or its id. */
  function lastWord(title) {
    const words = String(title).split(/\s+/);
    return words[words.length - 1];
  }

  /** A template filled in the game's words (static/words.js), against the catalogue drawn. */
  const filled = (() => {
    let made = null;
    let madeFor = null;
    return (template, scope) => {
      if (madeFor !== catalogue) [made, madeFor] = [P.words.filler(catalogue), catalogue];
      return made.fill(template, scope);
    };
  })();
  // Any piece of the catalogue (hero, skill, card, monster, objective, faction) by its
  // title, and a hero or a faction by its short name ("Carcharius", "Lords").
  const titleOf = (id) => filled("{it|title}", { it: id });
  const shortOf = (id) => filled("{it.short}", { it: id });

  /** An effect code ("push:2") in the catalogue's words for it, its amount filled in. */
  function effectText(code) {
    const [name, amount] = String(code).split(":");
    const words = (catalogue.effects || {})[name];
    return words ? filled(words, { n: amount || "1" }) : code;
  }

  /** An attack profile in the game's words: "range 1, 3 dice hitting on 4+, 1 damage a hit; ...". */
  function profileText(p) {
    if (!p) return "";
    const parts = [];
    if (p.dice) parts.push(filled("{it|say:profile}", { it: p }));
    const effects = (p.effects || []).map(effectText);
    return [parts.join(""), effects.join(", ")].filter(Boolean).join("; ");
  }

  function skillTip(id, level) {
    const s = entry("skills", id);
    if (!s.title) return id;
    const kind = s.kind === "basic" ? "basic attack" : s.kind;
    const lines = [`${s.title} (${kind}${level ? `, level ${level}` : ""})${s.text ? `: ${s.text}` : ""}`];
    const one = profileText(s.level1);
    if (one) lines.push(`Level 1: ${one}`);
    if (s.level_up) lines.push(`Level 2: ${profileText(s.level2)} (${s.level_up} coins)`);
    if (s.unlock) lines.push(`Unlocks for ${s.unlock} coins.`);
    return lines.join("\n");
  }

  function heroTip(id) {
    const h = entry("heroes", id);
    if (!h.title) return id;
    const faction = h.faction === "mercenary" ? "mercenary" : titleOf(h.faction);
    const lines = [`${h.title} (${faction}, ${h.role}): ${h.hp} HP.${h.flavour ? ` ${h.flavour}` : ""}`];
    for (const skill of [h.basic, ...(h.skills || [])]) {
      const s = entry("skills", skill);
      const cost = s.unlock ? ` [${s.unlock} coins]` : "";
      const what = s.text || profileText(s.level1);
      lines.push(`${s.title || skill} (${s.kind === "basic" ? "basic attack" : s.kind})${cost}: ${what}`);
    }
    return lines.join("\n");
  }

  function cardTip(id) {
    const c = entry("cards", id);
    if (!c.title) return id;
    const when = c.timing === "attack" ? `when a hero attacks, ${c.side === "defender" ? "defending" : "attacking"}` : "on your turn";
    return `${c.title} (${when}; Kraken +${c.kraken}): ${c.text}`;
  }

  function monsterTip(id) {
    const m = entry("monsters", id);
    if (!m.title) return id;
    return `${m.title}: ${m.hp} HP, moves ${m.move}; attack: ${profileText(m.attack)}. ${m.text}`;
  }

  function objectiveTip(id) {
    const o = entry("objectives", id);
    if (!o.title) return id;
    const effects = (o.effects || []).map(effectText);
    return `${o.title}: ${o.hp} HP. Destroyed: ${o.vp} VP, ${o.coins} coin${o.coins === 1 ? "" : "s"} to each hero of the side${effects.length ? `; ${effects.join(", ")}` : ""}.`;
  }

  function krakenTip() {
    const k = catalogue.kraken || {};
    const rows = Object.entries(k.table || {}).map(([face, row]) => `${face}: ${row.text}`);
    return [`The Kraken: ${k.hp} HP; anyone may attack it.`, ...rows].join("\n");
  }

  /* ---- teams: who of a side plays what (the view's `control`) ----------------- */

  /** The side a seat plays for: its team's, or its own side when each side is one seat. */
  function sideOf(view, seat) {
    if (typeof seat !== "number") return null;
    const sides = (view.control || {}).sides;
    if (!sides) return seat;
    const found = sides.findIndex((seats) => seats.includes(seat));
    return found < 0 ? null : found;
  }

  /** The seats of a side. */
  function seatsOf(view, side) {
    const sides = (view.control || {}).sides;
    return sides ? sides[side] || [] : [side];
  }

  /** Clash Royale!: every seat a side of its own, on the arena around the Chest. */
  const isClash = (view) => Boolean(view && view.chest);

  /** The colour class of a side: its faction's, or in Clash Royale! its seat's. */
  function colour(view, side) {
    return isClash(view) ? `p-${side}` : `f-${(view.factions || [])[side]}`;
  }

  /** The seat that plays a hero. */
  function ownerOf(view, row) {
    const heroes = (view.control || {}).heroes;
    return heroes ? heroes[row.index] : row.side;
  }

  function sideName(view, side, message) {
    const faction = (view.factions || [])[side];
    return faction ? titleOf(faction) : P.seatLabel(message, side);
  }

  /** An action (`{verb, arg, zone}`) in words: its label as the game declares it. */
  function describe(action, view, message) {
    if (!action || !action.verb) return "";
    if (message && message.catalogue) catalogue = message.catalogue;
    return P.actionWords(action, view, { catalogue, ...(message || {}) }) || action.notation || action.verb;
  }

  const capital = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

  /** The prompt: what the viewer is asked, or whom the table waits for. */
  function promptText(message, mine) {
    const view = message.view;
    const kind = (view.decision || {}).kind;
    if (message.replay) {
      const chose = message.chosen ? `; chose to ${describe(message.chosen, view, message)}` : "";
      return `The replay, as ${message.seat === null || message.seat === undefined ? "a spectator" : P.seatName(message.table, message.seat)} saw it${chose}.`;
    }
    if (view.over) return view.result && view.result.reason ? `${view.result.reason}.` : "The game is over.";
    if (message.table && message.table.status === "open") return "The game starts when every seat is taken.";
    if (message.sending) return `Sending: ${describe(message.sending, view, message)}…`;
    const info = typeof message.seat === "number" ? P.seatInfo(message.table, message.seat) || {} : {};
    if (info.auto) return "A bot is playing your seat. Take it back from the seats list.";
    const waiting = (view.pending || []).filter((s) => !(view.committed || []).includes(s));
    const who = P.joinNames(waiting.map((s) => P.seatLabel(message, s)));
    if (message.chosen) return `You chose to ${describe(message.chosen, view, message)}. Waiting for ${who || "the others"}.`;
    if (!mine) {
      const what = (catalogue.decisions || {})[kind];
      if (!kind) return "";
      return `${who ? `${who}: ` : ""}${what || kind.replace(/_/g, " ")}.`;
    }
    return P.asked({ ...message, catalogue }) || "Your move.";
  }

  /* ---- the actions, sorted by where they are drawn ---------------------------- */

  function sortActions(actions, view) {
    const zones = new Map(); // zone -> [actions]
    const args = new Map(); // arg -> title, for attack skills and monsters to pick first
    const cards = new Map(); // card -> action (play it or discard it)
    const dice = new Map(); // die index -> action
    const picks = [];
    const buttons = [];
    const byArg = new Map(); // "verb:arg" -> action, for heroes, targets and skills
    // A decision on a pool of dice (the dice shown): its actions that name a number name a die.
    const rolling = Boolean(((view || {}).decision || {}).pool);
    for (const action of actions) {
      const { verb, arg, zone } = action;
      if (zone) {
        if (!zones.has(zone)) zones.set(zone, []);
        zones.get(zone).push(action);
        // A piece and a zone (an attack skill or a sea monster, and where): the piece may be picked first.
        if (arg) args.set(arg, entry("monsters", arg).title ? titleOf(arg) : titleOf(arg));
        continue;
      }
      if (entry("heroes", arg).title) {
        picks.push(action); // a hero of the catalogue, not one at the table: the draft
        continue;
      }
      byArg.set(`${verb}:${arg}`, action);
      if (entry("cards", arg).title) cards.set(arg, action);
      else buttons.push(action);
      if (rolling && /^\d+$/.test(arg)) dice.set(Number(arg), action);
    }
    return { zones, args: args.size > 1 ? args : new Map(), cards, dice, picks, buttons, byArg };
  }

  // The order buttons appear in: the game's own, and last the verbs the catalogue's
  // `buttons.last` lists (the ways to stop or decline).
  const buttonsOf = () => catalogue.buttons || { last: [], plain: [] };
  const order = (action) => buttonsOf().last.indexOf(action.verb) + 1;

  /** The action a hero offers when clicked now: the one that names it (activate it, heal
   *  it, give it the next hit, push it). */
  function heroAction(parsed, index) {
    return parsed.byArg.get(`hero:${index}`) || parsed.buttons.find((action) => action.arg === `hero${index}`) || null;
  }

  /* ---- the board ------------------------------------------------------------- */

  function boardInfo() {
    const board = catalogue.board || {};
    const zones = board.zones || {};
    let rows = 0;
    let cols = 0;
    const rowLabel = {};
    const colLabel = {};
    for (const [id, z] of Object.entries(zones)) {
      rows = Math.max(rows, z.row + 1);
      cols = Math.max(cols, z.col + 1);
      const m = /^([a-z]+)(\d+)$/.exec(id);
      if (m) {
        colLabel[z.col] = m[1];
        rowLabel[z.row] = m[2];
      }
    }
    const deploy = {};
    for (const [faction, points] of Object.entries(board.deploy || {})) for (const z of points) deploy[z] = faction;
    const guns = {};
    for (const [faction, z] of Object.entries(board.gun || {})) guns[z] = faction;
    const tracks = {};
    for (const [faction, list] of Object.entries(board.tracks || {})) {
      for (const track of list) for (const z of track) (tracks[z] = tracks[z] || new Set()).add(faction);
    }
    return { board, zones, rows, cols, rowLabel, colLabel, deploy, guns, tracks };
  }

  /** Whether the viewer's ships are drawn in the top half (then the board is turned). */
  function turned(view, message, info) {
    const me = sideOf(view, message.seat);
    const faction = typeof me === "number" ? (view.factions || [])[me] : null;
    if (!faction) return false;
    const rows = Object.values(info.zones).filter((z) => z.side === faction).map((z) => z.row);
    if (!rows.length) return false;
    return rows.reduce((a, b) => a + b, 0) / rows.length < (info.rows - 1) / 2;
  }

  function crewIn(view) {
    const out = {}; // zone -> [per side {hands, bosuns: [hp]}]
    (view.crew || []).forEach((groups, side) => {
      for (const g of groups || []) {
        const at = (out[g.zone] = out[g.zone] || [null, null]);
        const here = (at[side] = at[side] || { hands: 0, bosuns: [] });
        here.hands += g.deckhands;
        here.bosuns.push(...(g.bosuns || []));
      }
    });
    return out;
  }

  function heroToken(view, row, parsed, ctx) {
    const left = row.hp_max - row.damage;
    const action = ctx.zoneLit ? null : heroAction(parsed, row.index);
    const lives = typeof row.lives === "number" ? [`${row.lives} ${row.lives === 1 ? "life" : "lives"}`] : [];
    const state = [`${left} of ${row.hp_max} HP`, ...lives, row.activated ? "activated" : "ready",
      ...(row.conditions || []).map((c) => c)].join(", ");
    const attrs = {
      class: `rb-tok ${colour(view, row.side)}${view.acting === row.index ? " acting" : ""}${row.activated ? " spent" : ""}${action ? " act" : ""}`,
      title: `${heroTip(row.hero)}\nNow: ${state}.`,
      dataset: { hero: String(row.index) },
      "aria-label": `${titleOf(row.hero)}, ${state}`,
    };
    if (action) {
      Object.assign(attrs, { role: "button", tabindex: "0" });
      attrs.dataset.action = action.notation;
      attrs.onclick = (event) => { event.stopPropagation(); ctx.act(action); };
      attrs.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); ctx.act(action); } };
    }
    // A round token in its side's colour: the hero's name (its initials on a phone) and a
    // heart by its hit points, where an objective is a dark square with its picture.
    return el("span", attrs, el("b", { class: "rb-tok-name", text: shortOf(row.hero) }),
      el("b", { class: "rb-tok-initials", text: shortOf(row.hero).slice(0, 2) }),
      GLYPH("heart", "rb-heart"), el("i", { class: "rb-tok-hp", text: String(left) }),
      lives.length ? el("i", { class: "rb-tok-lives", title: lives[0], text: `♥${row.lives}` }) : null,
      (row.conditions || []).length ? el("span", { class: "rb-tok-cond", text: "!" }) : null);
  }

  function clickable(attrs, action, ctx) {
    if (!action) return attrs;
    Object.assign(attrs, { role: "button", tabindex: "0" });
    attrs.class += " act";
    attrs.dataset = Object.assign(attrs.dataset || {}, { action: action.notation });
    attrs.onclick = (event) => { event.stopPropagation(); ctx.act(action); };
    attrs.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); ctx.act(action); } };
    return attrs;
  }

  function zoneCell(id, z, view, info, parsed, ctx, place) {
    const factions = view.factions || [];
    const lit = ctx.lit.get(id) || [];
    const contents = [];
    const marks = [];
    if (info.deploy[id] === "all") marks.push(el("span", { class: "rb-mark neutral", title: "A deployment point, anyone's" }, GLYPH("flag")));
    else if (info.deploy[id]) marks.push(el("span", { class: `rb-mark f-${info.deploy[id]}`, title: `A deployment point of the ${titleOf(info.deploy[id])}` }, GLYPH("flag")));
    if (view.chest === id) marks.push(el("span", { class: "rb-mark chest", title: "The Captain's Chest: no one may damage it; a hero on it takes 3 coins for an action" }, GLYPH("coin")));
    if (info.guns[id]) {
      const side = factions.indexOf(info.guns[id]);
      const jammed = side >= 0 && (view.jammed || [])[side];
      marks.push(el("span", { class: `rb-mark gun f-${info.guns[id]}${jammed ? " jammed" : ""}`, title: `The deck gun of the ${titleOf(info.guns[id])} fires from here${jammed ? " (jammed: it fires no more)" : ""}` }, GLYPH("gun")));
    }
    if (marks.length) contents.push(el("span", { class: "rb-marks" }, marks));
    const items = [];
    (view.objectives || []).forEach((table, side) => {
      const o = (table || {})[id];
      if (!o) return;
      const action = parsed.byArg.get(`assign:${o.objective}`);
      const attrs = { class: `rb-obj f-${factions[side]}`, title: `${objectiveTip(o.objective)}\nNow: ${o.hp - o.damage} of ${o.hp} HP left.`, dataset: { objective: o.objective } };
      const target = ctx.attackZone === id ? action : null;
      items.push(el("span", clickable(attrs, ctx.zoneLit ? null : target, ctx), objectiveGlyph(o.objective), el("b", { text: lastWord(titleOf(o.objective)) }), el("i", { text: String(o.hp - o.damage) })));
    });
    const feature = (view.features || {})[id];
    if (feature) {
      // Clash Royale!: a deck feature anyone may damage, for a coin a point.
      const action = ctx.attackZone === id && !ctx.zoneLit ? parsed.byArg.get(`assign:${feature.objective}`) : null;
      const attrs = { class: "rb-obj neutral", title: `${titleOf(feature.objective)}: ${feature.hp - feature.damage} of ${feature.hp} HP left; a coin for each point of damage.`, dataset: { objective: feature.objective } };
      items.push(el("span", clickable(attrs, action, ctx), objectiveGlyph(feature.objective), el("b", { text: lastWord(titleOf(feature.objective)) }), el("i", { text: String(feature.hp - feature.damage) })));
    }
    const crew = ctx.crew[id] || [null, null];
    crew.forEach((here, side) => {
      if (!here || (!here.hands && !here.bosuns.length)) return;
      const tip = `${sideName(view, side, ctx.message)}: ${here.hands} deckhand${here.hands === 1 ? "" : "s"}${here.bosuns.length ? `, ${here.bosuns.length} bosun${here.bosuns.length === 1 ? "" : "s"} (HP left ${here.bosuns.join(", ")})` : ""}`;
      const chips = [];
      if (here.hands) {
        const action = ctx.attackZone === id && !ctx.zoneLit ? parsed.byArg.get("assign:deckhand") || parsed.byArg.get("shove:deckhand") : null;
        chips.push(el("span", clickable({ class: `rb-crew f-${factions[side]}`, title: tip }, side !== ctx.attackSide ? action : null, ctx), `●${here.hands}`));
      }
      if (here.bosuns.length) {
        const action = ctx.attackZone === id && !ctx.zoneLit ? parsed.byArg.get("assign:bosun") || parsed.byArg.get("shove:bosun") : null;
        chips.push(el("span", clickable({ class: `rb-crew bosun f-${factions[side]}`, title: tip }, side !== ctx.attackSide ? action : null, ctx), `◆${here.bosuns.length}`));
      }
      items.push(...chips);
    });
    for (const row of view.heroes || []) if (row.zone === id) items.push(heroToken(view, row, parsed, ctx));
    for (const [name, m] of Object.entries(view.monsters || {})) {
      if (m.zone !== id) continue;
      const left = m.hp - m.damage;
      const action = ctx.zoneLit ? null : parsed.byArg.get(`monster:${name}`) || parsed.byArg.get(`assign:${name}`);
      const attrs = { class: `rb-beast f-${factions[m.side]}${m.activated ? " spent" : ""}${view.acting_monster === name ? " acting" : ""}`, title: `${monsterTip(name)}\nNow: ${left} of ${m.hp} HP, for the ${sideName(view, m.side, ctx.message)}.`, dataset: { monster: name } };
      items.push(el("span", clickable(attrs, action, ctx), el("b", { class: "rb-beast-name", text: lastWord(titleOf(name)) }),
        el("b", { class: "rb-beast-initials", text: lastWord(titleOf(name)).slice(0, 2) }), el("i", { text: String(left) })));
    }
    if (view.kraken && view.kraken[0] === id) {
      const hp = (catalogue.kraken || {}).hp || 0;
      const action = ctx.zoneLit ? null : parsed.byArg.get("assign:kraken");
      items.push(el("span", clickable({ class: "rb-kraken", title: `${krakenTip()}\nNow: ${hp - view.kraken[1]} of ${hp} HP left.`, dataset: { kraken: "" } }, action, ctx), GLYPH("kraken"), el("i", { text: String(hp - view.kraken[1]) })));
    }
    if (items.length) contents.push(el("span", { class: "rb-items" }, items));
    // The crew tracks through the zone: a dot in each side's colour, bottom right.
    if (info.tracks[id]) contents.push(el("span", { class: "rb-tracks", "aria-hidden": "true" }, [...info.tracks[id]].map((f) => el("span", { class: `rb-track f-${f}` }))));
    const wrecked = (view.wrecked || {})[id];
    const owner = z.side ? ` (${titleOf(z.side)})` : "";
    const words = [`${id}: ${z.kind === "deck" ? `a deck of the ${capital(String(z.ship || "ship").replace(/_/g, " "))}${owner}` : z.kind === "link" ? "a gangplank" : "the sea"}`];
    if (wrecked) words.push(`destroyed by ${wrecked === "kraken" ? "the Kraken" : `the ${titleOf(wrecked)}`}`);
    if (info.tracks[id]) words.push(`on the crew track of the ${[...info.tracks[id]].map(titleOf).join(" and ")}`);
    if (id === (info.board.kraken)) words.push("the Kraken surfaces here");
    const classes = ["rb-zone", `k-${z.kind}`];
    if (z.side) classes.push(`f-${z.side}`);
    if (z.ship) classes.push(`ship-${z.ship}`);
    if (wrecked) classes.push("wrecked");
    if (ctx.attackZone === id) classes.push("attacked");
    else if (ctx.struckZone === id) classes.push("struck");
    if (ctx.sourceZone === id) classes.push("source");
    if (pick.zone === id) classes.push("chosen");
    const attrs = { class: "", dataset: { zone: id }, style: { gridRow: String(place.row), gridColumn: String(place.col) } };
    if (lit.length) {
      classes.push("lit", `v-${lit[0].verb}`);
      words.push(lit.map((a) => capital(describe(a, view, ctx.message))).join(" or "));
      Object.assign(attrs, { role: "button", tabindex: "0" });
      const go = () => {
        if (lit.length === 1) {
          resetPick();
          ctx.act(lit[0]);
        } else {
          pick.zone = pick.zone === id ? null : id;
          ctx.redraw();
        }
      };
      if (lit.length === 1) attrs.dataset.action = lit[0].notation;
      else attrs.dataset.choose = String(lit.length);
      attrs.onclick = go;
      attrs.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); } };
    }
    attrs.class = classes.join(" ");
    attrs.title = words.join("; ");
    attrs["aria-label"] = words.join("; ");
    // A zone that does not act is still named, with what lies in it: a group.
    if (!attrs.role) attrs.role = "group";
    return el("div", attrs, wrecked ? el("span", { class: "rb-wreck", "aria-hidden": "true", text: "✕" }) : null, contents);
  }

  function boardView(view, parsed, ctx) {
    const info = ctx.info;
    if (!info.rows) return el("p", { class: "hint", text: "The board is loading…" });
    const turn = ctx.turned;
    const at = (row, col) => ({ row: (turn ? info.rows - 1 - row : row) + 2, col: (turn ? info.cols - 1 - col : col) + 2 });
    const cells = [el("span", { class: "rb-corner", style: { gridRow: "1", gridColumn: "1" } })];
    for (let c = 0; c < info.cols; c++) cells.push(el("span", { class: "rb-label col", text: info.colLabel[c] || "", style: { gridRow: "1", gridColumn: String(at(0, c).col) } }));
    for (let r = 0; r < info.rows; r++) cells.push(el("span", { class: "rb-label row", text: info.rowLabel[r] || "", style: { gridRow: String(at(r, 0).row), gridColumn: "1" } }));
    for (const [id, z] of Object.entries(info.zones)) cells.push(zoneCell(id, z, view, info, parsed, ctx, at(z.row, z.col)));
    return el("div", { class: "rb-board-wrap" },
      el("div", { class: "rb-board", role: "group", "aria-label": `The board: ${info.board.title || ""}` }, cells),
      legendView(view));
  }

  /** What the board's tokens and marks are: a sample of each, drawn as the board draws
   *  it, and its words; each objective's picture with its name. Clash Royale!'s has its
   *  deck features and the Captain's Chest, and no crew, sea monster or Kraken. */
  const NEUTRAL = "#c9c2b0"; // the colour of what is anyone's in Clash Royale! (browser.css)

  function legendView(view) {
    const clash = isClash(view);
    const side = clash ? "p-0" : `f-${(view.factions || [])[0] || ""}`;
    const item = (sample, words) => el("li", {}, sample, el("span", { class: "rb-legend-words", text: words }));
    // (Clash Royale!'s samples take the neutral colour by hand: the board's features and
    // Chest are what those classes count.)
    const objectiveSample = (id) => el("span", clash ? { class: "rb-obj", style: { "--side": NEUTRAL } }
      : { class: `rb-obj ${side}`, title: objectiveTip(id), dataset: { objective: id } }, objectiveGlyph(id));
    const objectives = clash ? [...new Set(Object.values(view.features || {}).map((f) => f.objective))]
      : Object.keys(catalogue.objectives || {});
    const chestCoins = (catalogue.clash || {}).chest_coins;
    const items = [
      item(el("span", { class: `rb-tok ${side}` }, el("b", { class: "rb-tok-name", text: "Hero" }), el("b", { class: "rb-tok-initials", text: "He" }),
        GLYPH("heart", "rb-heart"), el("i", { class: "rb-tok-hp", text: "9" })), "a hero, HP left"),
      item(el("span", { class: `rb-tok ${side}` }, el("b", { class: "rb-tok-name", text: "Hero" }), el("b", { class: "rb-tok-initials", text: "He" }),
        GLYPH("heart", "rb-heart"), el("i", { class: "rb-tok-hp", text: "9" }), el("span", { class: "rb-tok-cond", text: "!" })), "under a condition (blind, stun…)"),
      el("li", { class: "rb-legend-head", text: clash ? "Deck features, HP left, a coin a point of damage:" : "Objectives, HP left:" }),
      ...objectives.map((id) => item(objectiveSample(id), titleOf(id))),
    ];
    if (clash) {
      items.push(item(el("span", { class: "rb-mark", style: { color: "var(--brass-2)" } }, GLYPH("coin")), `the Captain's Chest: no one damages it${chestCoins ? `; loot it for ${chestCoins} coins` : ""}`));
    } else {
      items.push(item(el("span", { class: `rb-crew ${side}` }, "●4"), "deckhands"),
        item(el("span", { class: `rb-crew bosun ${side}` }, "◆1"), "bosuns"),
        item(el("span", { class: `rb-mark ${side}` }, GLYPH("gun")), "a deck gun"),
        item(el("span", { class: "rb-legend-track" }, el("span", { class: `rb-track ${side}` })), "a crew track"),
        item(el("span", { class: "rb-beast" }, el("b", { class: "rb-beast-name", text: "Crab" }), el("b", { class: "rb-beast-initials", text: "Cr" }), el("i", { text: "5" })), "a sea monster"),
        item(el("span", { class: "rb-kraken" }, GLYPH("kraken"), el("i", { text: String((catalogue.kraken || {}).hp || "") })), "the Kraken"));
    }
    items.push(item(el("span", clash ? { class: "rb-mark", style: { "--side": NEUTRAL } } : { class: `rb-mark ${side}` }, GLYPH("flag")), clash ? "a deployment point, anyone's" : "a deployment point"));
    return el("ul", { class: "rb-legend", "aria-label": "What the board shows" }, items);
  }

  /* ---- the sides ------------------------------------------------------------- */

  /** Who of a team plays what: the crew, the captain, each player's Tide cards. */
  function teamLine(view, side, message) {
    const control = view.control || {};
    const crew = (control.crew || [])[side];
    const captain = (control.captains || [])[side];
    const parts = seatsOf(view, side).map((seat) => {
      const bits = [`${(view.hand_sizes || [])[seat] || 0} Tide`];
      if (crew === seat) bits.push("the crew");
      if (captain === seat) bits.push("the captain");
      return el("span", { class: "rb-player", dataset: { seat: String(seat) } }, `${P.seatLabel(message, seat)}: ${bits.join(", ")}`);
    });
    if (crew === null || crew === undefined) parts.push(el("span", { class: "rb-player", text: "the team shares the crew" }));
    return el("div", { class: "rb-team" }, parts);
  }

  function heroRow(view, row, parsed, ctx) {
    const h = entry("heroes", row.hero);
    const left = row.hp_max - row.damage;
    const action = heroAction(parsed, row.index);
    let where;
    if (row.lives === 0) where = "out of the game";
    else if (row.coin) where = `dead man's coin (${row.coin})`;
    else if (row.overboard) where = "overboard";
    else if (row.zone) where = `on ${row.zone}`;
    else where = "not deployed";
    const status = [];
    if (view.acting === row.index) status.push(el("span", { class: "badge rb-acting", text: "acting" }));
    if (typeof row.lives === "number") status.push(el("span", { class: "badge rb-lives", title: "Lives left: a KO takes one; with none left the hero is out of the game.", text: `♥ ${row.lives}` }));
    if (row.coin) status.push(el("span", { class: `badge rb-coin ${row.coin}`, title: row.coin === "gold" ? "Gold side up: it may deploy again next round." : "Dark side up: it sits out the next round.", text: `${row.coin} coin` }));
    else if (row.activated) status.push(el("span", { class: "badge rb-token", title: "Activation token: it has activated this round.", text: "token" }));
    for (const c of row.conditions || []) status.push(el("span", { class: `badge rb-cond c-${c}`, title: CONDITIONS[c] || c, text: c }));
    const skills = [h.basic, ...(h.skills || [])].filter(Boolean).map((skill) => {
      const s = entry("skills", skill);
      const level = (row.skills || {})[skill];
      const spent = (row.spent || []).includes(skill) || (view.acting === row.index && (view.used || []).includes(skill));
      const unlock = parsed.byArg.get(`unlock:${skill}`);
      const up = parsed.byArg.get(`level:${skill}`);
      const act = unlock || up;
      const label = `${s.title || skill}${level === 2 ? " II" : ""}${!level && s.unlock ? ` ${s.unlock}¢` : ""}${act ? (unlock ? " ▸ unlock" : " ▸ level up") : ""}`;
      const attrs = {
        class: `rb-skill s-${s.kind}${level ? "" : " locked"}${spent ? " spent" : ""}`,
        title: `${skillTip(skill, level)}${level ? "" : "\nNot unlocked yet."}${spent ? "\nUsed." : ""}`,
        dataset: { skill },
      };
      if (act) {
        attrs.dataset.action = act.notation;
        attrs.onclick = () => ctx.act(act);
        attrs.type = "button";
        return el("button", attrs, label);
      }
      return el("span", attrs, label);
    });
    const nameAttrs = { class: `rb-hname ${colour(view, row.side)}`, title: heroTip(row.hero), dataset: { hero: String(row.index) } };
    let name;
    if (action) {
      Object.assign(nameAttrs, { type: "button", onclick: () => ctx.act(action) });
      nameAttrs.dataset.action = action.notation;
      name = el("button", nameAttrs, titleOf(row.hero), el("small", { text: ` ▸ ${describe(action, view, ctx.message).split(" ")[0]}` }));
    } else name = el("span", nameAttrs, titleOf(row.hero));
    return el("li", { class: `rb-hero ${colour(view, row.side)}${row.zone ? "" : " off"}${view.acting === row.index ? " acting" : ""}`, dataset: { hero: String(row.index) } },
      el("div", { class: "rb-hline" }, name,
        el("span", { class: "rb-hp", title: `${left} of ${row.hp_max} HP left` }, GLYPH("heart"), `${left}/${row.hp_max}`),
        el("span", { class: "rb-coins", title: `${row.coins} coin${row.coins === 1 ? "" : "s"}` }, GLYPH("coin"), String(row.coins)),
        el("span", { class: "rb-where", text: where }),
        // In a team, the player who plays the hero.
        view.control ? el("span", { class: "rb-owner", dataset: { seat: String(ownerOf(view, row)) }, text: P.seatLabel(ctx.message, ownerOf(view, row)) }) : null,
        status),
      el("div", { class: "rb-skills" }, skills));
  }

  /** Clash Royale!: a player, whether it is to play or out, and its heroes with their lives. */
  function playerPanel(view, side, parsed, ctx) {
    const message = ctx.message;
    const badges = [];
    const out = (view.heroes || []).length && !(view.players_left || []).includes(side);
    if (out) badges.push(el("span", { class: "badge", text: "out" }));
    else if (!view.over && view.side === side) badges.push(el("span", { class: "badge rb-toplay", text: "to play" }));
    if (view.first === side) badges.push(el("span", { class: "badge", title: "The first player of each round", text: "first" }));
    const heroes = (view.heroes || []).filter((h) => h.side === side);
    const picks = (view.picks || [])[side] || [];
    return el("section", { class: `rb-side ${colour(view, side)}${message.seat === side ? " mine" : ""}`, dataset: { side: String(side) }, "aria-label": P.seatLabel(message, side) },
      el("header", { class: "rb-side-head" },
        el("strong", { class: "rb-faction", text: P.seatLabel(message, side) }),
        badges),
      heroes.length
        ? el("ul", { class: "rb-heroes" }, heroes.map((row) => heroRow(view, row, parsed, ctx)))
        : el("p", { class: "rb-picks" }, picks.length ? `Picked: ${picks.map(titleOf).join(", ")}` : "No heroes picked yet."));
  }

  function sidePanel(view, side, parsed, ctx) {
    if (isClash(view)) return playerPanel(view, side, parsed, ctx);
    const message = ctx.message;
    const faction = (view.factions || [])[side];
    const target = ((view.options || {}).target) || 8;
    const badges = [];
    if (!view.over && view.side === side && (view.decision.seats || []).some((seat) => sideOf(view, seat) === side)) badges.push(el("span", { class: "badge rb-toplay", text: "to play" }));
    if ((view.passed || [])[side]) badges.push(el("span", { class: "badge", text: "passed" }));
    if ((view.crew_done || [])[side]) badges.push(el("span", { class: "badge", title: "Its crew has activated this round.", text: "crew done" }));
    if ((view.jammed || [])[side]) badges.push(el("span", { class: "badge rb-jam", title: "Its Helm is destroyed: its deck gun fires no more.", text: "gun jammed" }));
    const reserve = (view.reserve || [])[side] || [0, 0];
    const discards = (view.discards || [])[side] || [];
    const heroes = (view.heroes || []).filter((h) => h.side === side);
    const picks = (view.picks || [])[side] || [];
    const monsters = Object.entries(view.monsters || {}).filter(([, m]) => m.side === side);
    const seats = seatsOf(view, side);
    const hand = seats.reduce((total, seat) => total + ((view.hand_sizes || [])[seat] || 0), 0);
    return el("section", { class: `rb-side f-${faction}${seats.includes(message.seat) ? " mine" : ""}`, dataset: { side: String(side) }, "aria-label": sideName(view, side, message) },
      el("header", { class: "rb-side-head" },
        el("strong", { class: "rb-faction", title: entry("factions", faction).flavour || "", text: sideName(view, side, message) }),
        el("span", { class: "rb-seat", text: P.joinNames(seats.map((seat) => P.seatLabel(message, seat))) }),
        el("span", { class: "rb-vp", title: `${(view.vp || [])[side] || 0} VP of the ${target} that win`, text: `${(view.vp || [])[side] || 0}/${target} VP` }),
        badges),
      el("div", { class: "rb-side-facts" },
        el("span", { title: "Tide cards in hand", dataset: { handSize: String(hand) } }, `hand ${hand}`),
        el("span", { title: "Tide cards left in the deck" }, `deck ${(view.decks || [])[side] || 0}`),
        el("span", { title: discards.length ? `Discards: ${discards.map(titleOf).join(", ")}` : "No discards" }, `discards ${discards.length}`),
        el("span", { title: "The Kraken pool: symbols of the Tide cards this side played" }, GLYPH("kraken"), ` pool ${(view.pools || [])[side] || 0}`),
        el("span", { title: "Crew waiting in the reserve" }, `reserve ●${reserve[0]} ◆${reserve[1]}`)),
      view.control ? teamLine(view, side, message) : null,
      heroes.length
        ? el("ul", { class: "rb-heroes" }, heroes.map((row) => heroRow(view, row, parsed, ctx)))
        : el("p", { class: "rb-picks" }, picks.length ? `Picked: ${picks.map(titleOf).join(", ")}` : "No heroes picked yet."),
      monsters.length ? el("ul", { class: "rb-monsters" }, monsters.map(([name, m]) => {
        const action = parsed.byArg.get(`monster:${name}`);
        const label = `${titleOf(name)} ${m.hp - m.damage}/${m.hp} HP${m.zone ? ` on ${m.zone}` : ""}${m.activated ? " · activated" : ""}`;
        return el("li", { class: "rb-monster", title: monsterTip(name) }, action
          ? el("button", { type: "button", class: "rb-hname", dataset: { action: action.notation, monster: name }, onclick: () => ctx.act(action), text: `${label} ▸ activate` })
          : label);
      })) : null);
  }

  /* ---- the dock: prompt, dice, buttons and hand ------------------------------ */

  // The log's events that change the last dice (a die re-rolled), and those that tell
  // where their hits went.
  const REROLLED = /^reroll$/;
  const OUTCOMES = /^(hit|crew_ko|hero_ko|destroyed|monster_ko|kraken_ko|reaction|push|condition|blast)$/;

  /** The last dice rolled, read from the log: an attack and where its hits went, a rigging check, the Kraken. */
  function lastDice(view) {
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.type === "rig") return { index: i, kind: "rig", text: e.text, dice: [{ face: e.roll, hit: e.success }], need: e.range };
      if (e.type === "kraken_attack") return { index: i, kind: "kraken", text: e.text, dice: [{ face: e.roll, hit: e.attack !== "dive" }] };
      if (e.type === "waters") return { index: i, kind: "waters", text: e.text, dice: [] };
      if (e.type !== "roll") continue;
      if (e.to_hit === undefined) return { index: i, kind: "roll", text: e.text, dice: (e.dice || []).map((f) => ({ face: f, hit: false })) };
      let attack = null;
      for (let j = i - 1; j >= 0 && j >= i - 40; j--) {
        if (log[j].type === "attack") { attack = log[j]; break; }
      }
      const faces = (e.dice || []).slice();
      const rerolled = new Set();
      const outcome = [];
      for (let j = i + 1; j < log.length; j++) {
        const after = log[j];
        if (after.type === "attack" || after.type === "roll" || after.type === "activation_end" || after.type === "round") break;
        if (REROLLED.test(after.type)) { faces[after.index] = after.after; rerolled.add(after.index); }
        else if (OUTCOMES.test(after.type)) outcome.push(after);
      }
      const pool = view.pool && view.attack ? view.pool : null;
      const live = pool ? pool.dice : faces;
      const liveRerolled = pool ? new Set(pool.rerolled || []) : rerolled;
      const modifier = pool ? pool.modifier : e.modifier || 0;
      const toHit = pool ? pool.to_hit : e.to_hit;
      const dice = live.map((face, k) => ({ face, hit: face !== 1 && face + modifier >= toHit, rerolled: liveRerolled.has(k), index: k }));
      return { index: i, kind: "attack", attack, toHit, modifier, dice, outcome, text: attack ? attack.text : e.text };
    }
    return null;
  }

  /** A log event where the hits went, in the game's words for it (its `outcome` phrase). */
  const outcome = (view, e) => filled("{it|say:outcome}", { it: e, view });

  /** Where the hits went, one chip a target: its damage added up, KOs counted. */
  function outcomes(view, events) {
    const chips = new Map();
    for (const e of events) {
      const target = e.type === "hit" ? (e.hero !== undefined && e.hero !== null ? `hero${e.hero}` : e.target) : null;
      const key = e.type === "hit" ? `hit:${target}:${e.zone}` : `${e.type}:${outcome(view, e)}`;
      const chip = chips.get(key) || { type: e.type, count: 0, amount: 0, texts: [], event: e };
      chip.count += 1;
      chip.amount += e.amount || 0;
      chip.texts.push(e.text || "");
      chips.set(key, chip);
    }
    return [...chips.values()].map((c) => el("span", {
      class: `rb-out o-${c.type}`, title: c.texts.join("\n"),
      // A hit's chip: the damage the target took in all.
      text: c.type === "hit" ? outcome(view, { ...c.event, amount: c.amount }) : `${outcome(view, c.event)}${c.count > 1 ? ` ×${c.count}` : ""}`,
    }));
  }

  function diceView(view, parsed, ctx) {
    const found = ctx.dice;
    if (!found) return null;
    const key = `${found.index}:${found.dice.map((d) => d.face).join("")}`;
    const fresh = shown.dice !== null && shown.dice !== key;
    shown.dice = key;
    const dice = found.dice.map((d, k) => {
      const action = found.kind === "attack" ? parsed.dice.get(d.index) : null;
      const attrs = {
        class: `rb-die${d.hit ? " hit" : " miss"}${d.rerolled ? " rerolled" : ""}${fresh ? " rolling" : ""}${action ? " act" : ""}`,
        title: `${d.face}${d.hit ? (found.kind === "attack" ? ": a hit" : "") : found.kind === "attack" ? ": a miss" : ""}${d.rerolled ? " (re-rolled)" : ""}`,
        dataset: { die: String(k), face: String(d.face) },
        text: String(d.face),
      };
      if (action) {
        attrs.dataset.action = action.notation;
        attrs.onclick = () => ctx.act(action);
        attrs.type = "button";
        attrs.title = `${capital(describe(action, view, ctx.message))} (a ${d.face})`;
        return el("button", attrs);
      }
      return el("span", attrs);
    });
    let head = found.text || "";
    if (found.kind === "attack") {
      const a = found.attack || {};
      const by = a.skill ? ` (${titleOf(a.skill)})` : a.monster ? ` (${titleOf(a.monster)})` : "";
      head = `${(a.text || "").replace(/\.$/, "")}${by}: ${found.toHit}+${found.modifier ? ` (${found.modifier > 0 ? "+" : ""}${found.modifier} a roll)` : ""}`;
    }
    const hits = found.kind === "attack" ? found.dice.filter((d) => d.hit).length : null;
    return el("div", { class: "rb-dice", role: "group", "aria-label": "The last dice", dataset: { kind: found.kind } },
      el("span", { class: "rb-dice-head", text: head }),
      el("span", { class: "rb-dice-row" }, dice),
      hits !== null ? el("span", { class: "rb-dice-hits", text: `${hits} hit${hits === 1 ? "" : "s"}` }) : null,
      found.outcome && found.outcome.length ? el("span", { class: "rb-outcome" }, outcomes(view, found.outcome)) : null);
  }

  /** The teammates' Tide hands, which the viewer sees but does not play. */
  function teamHands(view, ctx) {
    const me = ctx.message.seat;
    const shown = Object.entries(view.hands || {}).filter(([seat, cards]) => Number(seat) !== me && cards.length);
    if (!shown.length) return null;
    return el("section", { class: "rb-team-hands", "aria-label": "Your teammates' Tide hands" }, shown.map(([seat, cards]) =>
      el("p", { class: "hint", dataset: { seat } }, `${P.seatLabel(ctx.message, Number(seat))} holds: ${cards.map(titleOf).join(", ")}`)));
  }

  function handView(view, parsed, ctx) {
    if (!Array.isArray(view.hand) || isClash(view)) return null; // Clash Royale!: no Tide
    const faction = (view.factions || [])[sideOf(view, ctx.message.seat)];
    const cards = view.hand.map((card, i) => {
      const c = entry("cards", card);
      const action = parsed.cards.get(card);
      const when = c.timing === "attack" ? (c.side === "defender" ? "when attacked" : "when attacking") : "your turn";
      return el("button", {
        type: "button",
        class: `rb-card f-${c.faction || faction}${action ? ` act v-${action.verb}` : ""}`,
        disabled: !action,
        title: cardTip(card),
        dataset: action ? { card, index: String(i), action: action.notation } : { card, index: String(i) },
        "aria-label": `${cardTip(card)}${action ? ` (${describe(action, view, ctx.message)})` : ""}`,
        onclick: action ? () => ctx.act(action) : null,
      },
      el("span", { class: "rb-card-title", text: c.title || card }),
      el("span", { class: "rb-card-when", text: `${when}${c.kraken ? ` · ${"✺".repeat(Math.min(c.kraken, 5))}` : ""}` }),
      el("span", { class: "rb-card-text", text: c.text || "" }),
      action ? el("span", { class: "rb-card-do", text: describe(action, view, ctx.message).split(" ")[0] }) : null);
    });
    return el("section", { class: "rb-hand", "aria-label": "Your Tide hand" },
      cards.length ? cards : el("span", { class: "hint", text: "No Tide cards in hand." }));
  }

  function rosterView(view, parsed, ctx) {
    if (!parsed.picks.length) return null;
    return el("div", { class: "rb-roster", role: "group", "aria-label": "Heroes to pick" }, parsed.picks.map((action) => {
      const h = entry("heroes", action.arg);
      const basic = entry("skills", h.basic);
      return el("button", { type: "button", class: `rb-pick f-${h.faction}`, title: heroTip(action.arg), dataset: { action: action.notation, hero: action.arg }, onclick: () => ctx.act(action) },
        el("strong", { text: h.title || action.arg }),
        el("span", { text: `${h.faction === "mercenary" ? "mercenary" : shortOf(h.faction)} ${h.role} · ${h.hp} HP` }),
        el("small", { text: `${basic.title || ""}: ${profileText(basic.level1)}` }));
    }));
  }

  function dock(view, parsed, ctx) {
    const message = ctx.message;
    const mine = Boolean(ctx.act) && (message.actions || []).length > 0;
    const clock = message.deadline !== null && message.deadline !== undefined && mine ? el("span", { class: "clock", dataset: { clock: "" } }) : null;
    const parts = [el("p", { class: "prompt rb-prompt", role: "status" }, promptText(message, mine), clock)];
    const dice = diceView(view, parsed, ctx);
    if (dice) parts.push(dice);
    const roster = rosterView(view, parsed, ctx);
    if (roster) parts.push(roster);
    if (ctx.act) {
      const controls = [];
      if (parsed.args.size) {
        for (const [arg, title] of parsed.args) {
          controls.push(el("button", {
            type: "button", class: `rb-argpick${pick.arg === arg ? " picked" : ""}`, dataset: { arg }, "aria-pressed": String(pick.arg === arg),
            title: entry("skills", arg).title ? skillTip(arg) : monsterTip(arg),
            text: `${title}${pick.arg === arg ? " ✓" : ""}`,
            onclick: () => { pick.arg = pick.arg === arg ? null : arg; pick.zone = null; ctx.redraw(); },
          }));
        }
      }
      const choosing = pick.zone ? ctx.lit.get(pick.zone) || [] : [];
      for (const action of choosing) {
        controls.push(el("button", { type: "button", class: "rb-choice primary", dataset: { action: action.notation }, text: capital(describe(action, view, message)), onclick: () => { resetPick(); ctx.act(action); } }));
      }
      if (choosing.length) controls.push(el("button", { type: "button", class: "rb-cancel", text: "Another zone", onclick: () => { pick.zone = null; ctx.redraw(); } }));
      const buttons = parsed.buttons.slice().sort((a, b) => order(a) - order(b));
      for (const action of buttons) {
        // A button that names a skill or a sea monster says what it does, whatever its verb.
        const named = String(action.arg || "");
        const title = named in (catalogue.skills || {}) ? skillTip(named)
          : named in (catalogue.monsters || {}) ? monsterTip(named) : null;
        controls.push(el("button", {
          type: "button", class: `rb-button v-${action.verb}${buttonsOf().plain.includes(action.verb) ? "" : " primary"}`,
          dataset: { action: action.notation }, title, text: capital(describe(action, view, message, true)),
          onclick: () => { resetPick(); ctx.act(action); },
        }));
      }
      if (ctx.lit.size && !choosing.length) controls.push(el("span", { class: "hint rb-hint", text: "Click a lit zone of the board." }));
      if (controls.length) parts.push(el("div", { class: "rb-buttons", role: "group", "aria-label": "Your choices" }, controls));
      // A window open for the viewer: the box that has the table pass these for them.
      const toggle = P.autopassToggle(message);
      if (toggle) parts.push(toggle);
    }
    const hand = handView(view, parsed, ctx);
    if (hand) parts.push(hand);
    const team = teamHands(view, ctx);
    if (team) parts.push(team);
    return el("section", { class: `rb-dock${mine ? " your-move" : ""}`, "aria-label": "Your move" }, parts);
  }

  function statusBar(view, message) {
    if (isClash(view)) {
      // No round limit shown: in Clash Royale! it only stops a game that would never
      // end, where a battle's decides the winner (below).
      const left = (view.players_left || []).map((s) => P.seatLabel(message, s));
      return el("div", { class: "rb-status" },
        el("span", { text: (view.heroes || []).length ? `Round ${view.round}` : "The draft" }),
        el("span", { class: "rb-scores", text: `Clash Royale!: ${P.joinNames(left)} still in` }));
    }
    const target = ((view.options || {}).target) || 8;
    const limit = (view.options || {}).round_limit;
    const drafting = !(view.heroes || []).length;
    const vp = (view.factions || []).map((f, side) => el("span", { class: `rb-score f-${f}`, title: `${titleOf(f)}: ${(view.vp || [])[side] || 0} VP`, text: `${shortOf(f)} ${(view.vp || [])[side] || 0}` }));
    const pools = view.pools || [0, 0];
    let kraken;
    if (view.kraken_dead) kraken = "the Kraken is slain";
    else if (view.kraken) kraken = `the Kraken is on ${view.kraken[0]} (${((catalogue.kraken || {}).hp || 0) - view.kraken[1]} HP)`;
    else kraken = `Kraken pools ${pools[0] || 0}+${pools[1] || 0}`;
    return el("div", { class: "rb-status" },
      el("span", { text: drafting ? "The draft" : `Round ${view.round}${limit ? `/${limit}` : ""}` }),
      el("span", { class: "rb-scores", title: `${target} VP win` }, vp.length ? vp.reduce((all, node, i) => (i ? [...all, " – ", node] : [node]), []) : null, ` (to ${target})`),
      el("span", { class: "rb-kraken-state", title: krakenTip() }, GLYPH("kraken"), ` ${kraken}`));
  }

  function resetPick() {
    pick.arg = null;
    pick.zone = null;
  }

  /**
   * Draws the table for the latest message. When the bots play fast (a table the
   * bots finish, a replay stepped through) messages come quicker than a board can
   * be laid out: while the viewer has nothing to decide they are drawn at most ten
   * times a second, the latest of them, so the page keeps up; a message that asks
   * the viewer to decide is drawn at the next frame, and the first one at once.
   */
  const queued = { args: null, timer: null, urgent: false, last: 0 };
  const CALM_MS = 100;

  function render(root, message, send) {
    queued.args = [root, message, send];
    if (!root.querySelector(".rb")) {
      flush();
      return;
    }
    const urgent = Boolean(send) && ((message.actions || []).length > 0 || Boolean(message.sending));
    if (queued.timer !== null) {
      if (!urgent || queued.urgent) return;
      clearTimeout(queued.timer);
    }
    queued.urgent = urgent;
    const wait = urgent ? 0 : Math.max(0, queued.last + CALM_MS - Date.now());
    queued.timer = setTimeout(() => window.requestAnimationFrame(flush), wait);
  }

  function flush() {
    clearTimeout(queued.timer);
    queued.timer = null;
    const args = queued.args;
    queued.args = null;
    queued.last = Date.now();
    if (!args) return;
    try {
      draw(...args);
    } catch (error) {
      // As the table page does for a renderer that fails: the generic one draws it.
      console.error(error);
      P.genericRenderer.render(...args);
    }
  }

  function draw(root, message, send) {
    const view = message.view || {};
    catalogue = message.catalogue || {};
    shown.clash = isClash(view);
    const parsed = sortActions(send ? message.actions || [] : [], view);
    const step = `${message.seat}:${message.step}`;
    if (pick.step !== step) {
      pick.step = step;
      resetPick();
    }
    if (pick.arg && !parsed.args.has(pick.arg)) pick.arg = null;
    // The zones lit now: every zone an action names, or those of the attack skill
    // or sea monster picked first.
    const lit = new Map();
    for (const [zone, actions] of parsed.zones) {
      const kept = pick.arg ? actions.filter((a) => !a.arg || a.arg === pick.arg) : actions;
      if (kept.length) lit.set(zone, kept);
    }
    if (pick.zone && !lit.has(pick.zone)) pick.zone = null;
    const info = boardInfo();
    const attack = view.attack || null;
    const decision = view.decision || {};
    // The zone under attack (an attack being resolved, or the window on its hits), and
    // where the crew or the model a decision is about stands.
    const attackZone = attack ? attack.zone : null;
    const sourceZone = view.pushing ? view.pushing[1] : attack ? null : decision.zone || null;
    const dice = lastDice(view);
    const ctx = {
      message,
      info,
      lit,
      zoneLit: lit.size > 0,
      crew: crewIn(view),
      turned: turned(view, message, info),
      attackZone,
      sourceZone,
      dice,
      // The zone the last dice were rolled against, while they are the last.
      struckZone: dice && dice.kind === "attack" && dice.attack ? dice.attack.zone : null,
      attackSide: attack ? attack.side : null,
      act: send ? (action) => { resetPick(); send(action); } : null,
      redraw: () => draw(root, message, send),
    };
    // The viewer's side first among the sides, the others after.
    const count = (view.vp || [0, 0]).length;
    const mine = sideOf(view, message.seat);
    const sides = Array.from({ length: count }, (_, i) => (typeof mine === "number" ? (mine + i) % count : i));
    root.replaceChildren(el("div", { class: `rb${ctx.turned ? " turned" : ""}`, dataset: { decision: (view.decision || {}).kind || "" } },
      statusBar(view, message),
      el("div", { class: "rb-main", style: { "--rows": String(info.rows || 8), "--cols": String(info.cols || 9) } },
        boardView(view, parsed, ctx),
        dock(view, parsed, ctx),
        el("div", { class: "rb-sides" }, sides.map((side) => sidePanel(view, side, parsed, ctx))))));
  }

  P.renderers.rumbones = {
    render,
    autopass: true, // the dock draws the auto-pass box beside a window's choices
    event: P.namedEventText,
    describe,
    // Clash Royale! scores no VP: its end shows the number alone.
    score: (value) => (shown.clash ? String(Number(value)) : `${Number(value)} VP`),
  };
})();
