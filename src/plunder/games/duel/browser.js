/*
 * Duel in the browser: the players around a table (an oval on a wide screen,
 * a stacked list on a phone), each with the duel card (alive or in the grave),
 * dollars, the cards lying face up, the hand size, the last shootout's card and
 * aim, and whether they have chosen this shootout (never what). The viewer's
 * hand is a row of cards: a Barricade or Reload is played with one click; a
 * Colt or Rifle is picked first, then aimed by clicking a player (or "at no
 * one"). Every choice comes from the message's `actions` (`{card, target,
 * notation}`), and the cards' titles and texts from the game's catalogue
 * (`message.catalogue.cards`); nothing needs typing, no notation is read.
 *
 * Hooks for tests and assistive tech: every click that acts carries
 * data-action="<notation>"; hand cards carry data-card="<card>", players
 * data-seat="<seat>".
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;

  // The catalogue's cards (title, text, weapon), as the last message brought them.
  let catalogue = {};

  // Small inline glyphs (24×24, currentColor): no image files, no fonts needed.
  const GLYPHS = {
    colt: '<path d="M2 7h15l1-1h4v4h-6l-1 1h-3l-1.5 5H6.5L8 11H2z"/>',
    rifle: '<path d="M1 9h14l1-1h7v2h-5l-5 1-1.5 4H8.5L10 11H1z"/>',
    barricade:
      '<path d="M2 5h9v4H2zM13 5h9v4h-9zM2 11h4v4H2zM8 11h8v4H8zM18 11h4v4h-4zM2 17h9v3H2zM13 17h9v3h-9z"/>',
    reload:
      '<path d="M12 4a8 8 0 0 1 7.4 5H22l-3.5 4L15 9h2.2A5.5 5.5 0 0 0 6.6 10.8L4.2 10A8 8 0 0 1 12 4zM4.6 11 8 15H5.8a5.5 5.5 0 0 0 10.6 1.2l2.4.8A8 8 0 0 1 3.6 15H2z"/>',
    crown: '<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z"/>',
    grave: '<path d="M7 21V10a5 5 0 0 1 10 0v11zM11 9v2H9v2h2v4h2v-4h2v-2h-2V9z" fill-rule="evenodd"/>',
    alive: '<circle cx="12" cy="7" r="4"/><path d="M4 21a8 8 0 0 1 16 0z"/>',
    coin: '<circle cx="12" cy="12" r="9"/><path d="M12 6v12M9 9h5a1.5 1.5 0 0 1 0 3h-4a1.5 1.5 0 0 0 0 3h5" stroke="#6b4a00" stroke-width="1.6" fill="none"/>',
  };

  function glyph(name, extraClass) {
    return P.glyph(GLYPHS, name, extraClass);
  }

  /* The card picked in the hand, waiting for its target (kept across redraws),
     and which of the hand's cards was clicked (to raise just that one). */
  let picked = null;
  let pickedIndex = -1;

  /** The legal actions by card: {plain: the action at no one or null, targets: Map(seat -> action)}. */
  function byCard(actions) {
    const cards = new Map();
    for (const action of actions) {
      if (!cards.has(action.card)) cards.set(action.card, { plain: null, targets: new Map() });
      const entry = cards.get(action.card);
      if (action.target === null || action.target === undefined) entry.plain = action;
      else entry.targets.set(action.target, action);
    }
    return cards;
  }

  function cardInfo(card) {
    return (catalogue.cards && catalogue.cards[card]) || {};
  }

  function title(card) {
    return cardInfo(card).title || card;
  }

  /** Whether a card is a weapon (fired at a player or at no one). */
  function isWeapon(card) {
    return Boolean(cardInfo(card).weapon);
  }

  /** "Colt at Bob", "Rifle at no one", "Barricade". */
  function playText(card, target, message) {
    if (!isWeapon(card)) return title(card);
    return `${title(card)} at ${target === null || target === undefined ? "no one" : P.seatLabel(message, target)}`;
  }

  /** An action (`{card, target}`) in words, for the replay and the prompt: its label as
   *  the game's words declare it (the catalogue's `asks`). */
  function describe(action, view, message) {
    if (!action || !action.card) return "";
    const m = message || { table: null, seat: null };
    if (m.catalogue) catalogue = m.catalogue;
    return P.actionWords(action, view, { ...m, catalogue });
  }

  /** The last shootout's cards and aims by seat, and who was hit in it. */
  function lastShootout(view) {
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      const event = log[i];
      if (event.type !== "reveal") continue;
      const plays = new Map((event.choices || []).map((c) => [c.seat, c]));
      const hit = new Set();
      for (const later of log.slice(i + 1)) if (later.type === "hit") for (const s of later.seats || []) hit.add(s);
      return { duel: event.duel, shootout: event.shootout, plays, hit };
    }
    return null;
  }

  function miniCard(card) {
    const text = cardInfo(card).text;
    return el("span", { class: `mini-card card-${card}`, title: text ? `${title(card)}: ${text}` : title(card) }, glyph(card), el("span", { text: title(card) }));
  }

  /** One player's place at the table. */
  function plate(player, index, count, message, ctx) {
    const view = message.view;
    const seat = player.seat;
    const isMe = seat === message.seat;
    const info = P.seatInfo(message.table, seat) || {};
    const committed = (view.committed || []).includes(seat);
    const pending = (view.pending || []).includes(seat) && !committed;
    const target = ctx.targets ? ctx.targets.get(seat) : undefined;

    // Around the oval, the viewer sits at the bottom and the others follow clockwise.
    const angle = Math.PI / 2 + (2 * Math.PI * index) / count;
    const x = 50 + 42 * Math.cos(angle);
    const y = 50 + 38 * Math.sin(angle);

    const last = ctx.last && ctx.last.plays.get(seat);
    let lastLine = null;
    if (last) {
      const wasHit = ctx.last.hit.has(seat);
      const aim = isWeapon(last.card)
        ? ` → ${last.target === null || last.target === undefined ? "no one" : P.seatLabel(message, last.target)}`
        : "";
      lastLine = el(
        "div",
        {
          class: `last-play${ctx.hold ? " fresh" : ctx.last.duel === view.duel ? "" : " old"}`,
          title: `Last shootout (duel ${ctx.last.duel}, shootout ${ctx.last.shootout}): ${playText(last.card, last.target, message)}${wasHit ? ", hit" : ""}`,
        },
        el("span", { class: "label", text: "Last: " }),
        `${title(last.card)}${aim}`,
        wasHit ? el("span", { class: "badge hit", text: "hit" }) : null,
      );
    }

    let status = "";
    if (view.over) status = "";
    else if (!player.alive) status = "out of this duel";
    else if (committed) status = "has chosen";
    else if (pending) status = "choosing…";

    const classes = ["plate", player.alive ? "alive" : "grave"];
    if (isMe) classes.push("me");
    if (pending) classes.push("pending");
    if (committed) classes.push("committed");
    if (target) classes.push("targetable");

    const name = P.seatLabel(message, seat);
    return el(
      "article",
      {
        class: classes.join(" "),
        dataset: { seat: String(seat) },
        style: { "--x": `${x.toFixed(2)}%`, "--y": `${y.toFixed(2)}%` },
        // With a weapon picked, clicking anywhere on a player aims at them (the
        // button inside is the same click, for the keyboard).
        onclick: target ? () => ctx.act(target) : null,
        "aria-label": `${name}: ${player.alive ? "alive" : "in the grave"}, $${player.dollars}${status ? `, ${status}` : ""}`,
      },
      el(
        "header",
        { class: "plate-head" },
        seat === view.master ? el("span", { class: "master", title: "duelling master" }, glyph("crown"), el("span", { class: "sr-only", text: "duelling master" })) : null,
        el("span", { class: "plate-name", text: name }),
        el("span", { class: "plate-seat", text: `seat ${seat + 1}` }),
        info.kind === "bot" ? el("span", { class: "badge bot", text: "bot" }) : null,
        info.auto ? el("span", { class: "badge auto", text: "bot playing" }) : null,
        info.kind === "human" && info.taken
          ? el("span", { class: `dot ${info.connected ? "on" : "off"}`, title: info.connected ? "connected" : "not connected" })
          : null,
      ),
      el(
        "div",
        { class: "plate-body" },
        el(
          "span",
          { class: `duel-card ${player.alive ? "alive" : "grave"}` },
          glyph(player.alive ? "alive" : "grave"),
          el("span", { text: player.alive ? "alive" : "grave" }),
        ),
        el("span", { class: "dollars", title: `${player.dollars} dollars of ${view.target}` }, glyph("coin", "coin"), `$${player.dollars}`),
        el("span", { class: "hand-size", title: "cards in hand" }, el("span", { class: "card-back", "aria-hidden": "true" }), `${player.hand_size} in hand`),
      ),
      player.played.length
        ? el("div", { class: "played", "aria-label": "cards face up" }, player.played.map(miniCard))
        : null,
      lastLine,
      status ? el("div", { class: `plate-status ${committed ? "chosen" : pending ? "waiting" : ""}`, text: status }) : null,
      target
        ? el("button", {
            type: "button",
            class: "aim primary",
            dataset: { action: target.notation, seat: String(seat) },
            text: `Aim at ${P.seatName(message.table, seat)}`,
            "aria-label": `Aim the ${title(picked)} at ${P.seatName(message.table, seat)} (seat ${seat + 1})`,
          })
        : null,
    );
  }

  /** The viewer's hand, the prompt and the "at no one" / cancel buttons. */
  function handArea(message, ctx) {
    const view = message.view;
    const me = message.seat;
    if (me === null || me === undefined || !Array.isArray(view.hand)) {
      const text = message.replay ? "The replay, as a spectator saw it." : "You are watching this table.";
      return el("section", { class: "duel-hand spectator" }, el("p", { class: "prompt", text }));
    }
    const self = (view.players || []).find((p) => p.seat === me) || {};
    const info = P.seatInfo(message.table, me) || {};
    const cards = ctx.cards;

    let prompt;
    if (message.replay) {
      const chose = message.chosen ? `; chose to ${describe(message.chosen, view, message)}` : "";
      prompt = `The replay, as ${P.seatName(message.table, me)} saw it${chose}.`;
    } else if (view.over) prompt = "The game is over.";
    else if (message.table && message.table.status === "open") prompt = "The game starts when every seat is taken.";
    else if (message.sending) prompt = `Playing ${describe(message.sending, view, message)}…`;
    else if (info.auto) prompt = "A bot is playing your seat. Take it back from the seats list.";
    else if (ctx.hold) prompt = `Shootout ${ctx.last.shootout} revealed: see what each pirate played.`;
    else if (!self.alive) prompt = "You are in the grave until the next duel.";
    else if (message.chosen) {
      const waiting = (view.pending || []).filter((s) => !(view.committed || []).includes(s));
      prompt = `You chose to ${describe(message.chosen, view, message)}. Waiting for ${P.joinNames(waiting.map((s) => P.seatLabel(message, s))) || "the reveal"}.`;
    } else if (picked) prompt = `${title(picked)}: click a player to aim at, or fire at no one.`;
    else if (cards.size) prompt = P.asked(message);
    else prompt = "Waiting for the others.";

    const hand = (view.hand || []).map((card, i) => {
      const entry = cards.get(card);
      const direct = entry && entry.targets.size === 0 ? entry.plain : null;
      const playable = Boolean(entry) && Boolean(ctx.act);
      const text = cardInfo(card).text || "";
      return el(
        "button",
        {
          type: "button",
          class: `card card-${card}${picked === card && pickedIndex === i ? " picked" : ""}`,
          dataset: direct ? { card, index: String(i), action: direct.notation } : { card, index: String(i) },
          disabled: !playable,
          "aria-pressed": isWeapon(card) && playable ? String(picked === card && pickedIndex === i) : null,
          "aria-label": `${title(card)}: ${text}${playable ? (direct ? " (play it)" : " (pick, then aim)") : ""}`,
          title: text,
          onclick: () => {
            if (!playable) return;
            if (direct) {
              picked = null;
              ctx.act(direct);
            } else {
              const again = picked === card && pickedIndex === i;
              picked = again ? null : card;
              pickedIndex = again ? -1 : i;
              ctx.redraw();
            }
          },
        },
        glyph(card, "card-glyph"),
        el("span", { class: "card-title", text: title(card) }),
      );
    });

    const extra = [];
    if (picked && cards.get(picked)) {
      const plain = cards.get(picked).plain;
      if (plain) {
        extra.push(
          el("button", {
            type: "button",
            class: "primary",
            dataset: { action: plain.notation },
            text: `Fire the ${title(picked)} at no one`,
            onclick: () => {
              picked = null;
              ctx.act(plain);
            },
          }),
        );
      }
      extra.push(
        el("button", {
          type: "button",
          class: "cancel",
          text: "Pick another card",
          onclick: () => {
            picked = null;
            ctx.redraw();
          },
        }),
      );
    }

    return el(
      "section",
      { class: `duel-hand${cards.size ? " your-move" : ""}`, "aria-label": "Your hand" },
      el("p", { class: "prompt", role: "status" }, prompt, message.deadline !== null && message.deadline !== undefined && cards.size ? el("span", { class: "clock", dataset: { clock: "" } }) : null),
      // Beside the prompt, above the cards: in view as soon as the hand is.
      extra.length ? el("div", { class: "hand-extra" }, extra) : null,
      el("div", { class: "hand" }, hand.length ? hand : el("span", { class: "hint", text: "no cards in hand" })),
    );
  }

  /** The shootout a view last revealed, as a key ("duel:shootout"), or null. */
  function shotKey(view) {
    const last = lastShootout(view);
    return last ? `${last.duel}:${last.shootout}` : null;
  }

  function render(root, latest, send) {
    // When a shootout resolves the table holds still a moment: every plate shows the
    // card its pirate played (and who was hit) before the next choices appear; a later
    // shootout waits its turn. (The first view registers what was already there.)
    const { message, hold: moment } = P.held("duel", shotKey(latest.view || {}), latest, send, (m) => render(root, m, send));
    const view = message.view || {};
    const players = view.players || [];
    catalogue = message.catalogue || {};
    const last = lastShootout(view);
    const hold = last ? moment : 0;
    const cards = byCard(send && !hold ? message.actions || [] : []);
    if (picked && !(cards.get(picked) && cards.get(picked).targets.size)) picked = null;

    const ctx = {
      cards,
      act: send ? (action) => send(action) : null,
      redraw: () => render(root, latest, send),
      targets: picked ? cards.get(picked).targets : null,
      last,
      hold,
    };

    // The viewer first, then the others in seat order after them.
    const me = typeof message.seat === "number" ? message.seat : 0;
    const ordered = players.slice().sort((a, b) => ((a.seat - me + players.length) % players.length) - ((b.seat - me + players.length) % players.length));

    const masterName = view.master === undefined ? "?" : P.seatLabel(message, view.master);
    const center = el(
      "div",
      { class: "duel-center" },
      el("div", { class: "duel-round", text: `Duel ${view.duel} · Shootout ${view.shootout}` }),
      el("div", { class: "duel-target", text: `First to $${view.target} wins` }),
      el("div", { class: "duel-master" }, glyph("crown"), ` Duelling master: ${masterName}`),
      view.options && view.options.deflection === "per-weapon" ? el("div", { class: "hint", text: "per-weapon deflection" }) : null,
    );

    root.replaceChildren(
      el(
        "div",
        { class: "duel", dataset: { players: String(players.length) } },
        el(
          "div",
          { class: `duel-table${picked ? " aiming" : ""}`, role: "group", "aria-label": "The players" },
          center,
          ordered.map((player, i) => plate(player, i, players.length, message, ctx)),
        ),
        handArea(message, ctx),
      ),
    );
  }

  P.renderers.duel = {
    render,
    event: P.namedEventText,
    describe,
    score: (value) => `$${Number(value)}`,
  };
})();
