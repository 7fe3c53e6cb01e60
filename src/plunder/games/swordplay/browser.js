/*
 * Swordplay in the browser: each fighter as a plate (life bar, armor with what it
 * can still take, ready weapons, cloaks and shields, the stance, cards in hand),
 * the attack being answered in the middle of the table, and the viewer's hand as
 * a row of cards. A card with one legal play is played with one click; an attack
 * card is picked first and then aimed by clicking a fighter. Buttons below the
 * hand offer the other legal actions (pass, take the attack, guard, drop); a picked
 * card's targets are also buttons under the prompt. Every
 * choice comes from the message's `actions` (`{verb, name, target, notation}`);
 * titles and texts come from the catalogue (`message.catalogue`) as tooltips.
 * On a phone the plates stack above the hand.
 *
 * Hooks for tests: every click that acts carries data-action="<notation>"; hand
 * cards carry data-card, fighters data-seat.
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;
  let catalogue = {};
  let picked = null; // the attack card picked, waiting for its target

  function card(id) {
    return (catalogue.cards && catalogue.cards[id]) || {};
  }

  function title(id) {
    return card(id).title || id;
  }

  function tip(id) {
    const info = card(id);
    return info.title ? `${info.title}: ${info.text}` : id;
  }

  /** The card an action plays: its `name`, where that is a card of the catalogue. */
  function cardOf(action) {
    return action.name && card(action.name).title ? action.name : null;
  }

  /** Whether an action is aimed at a fighter (an attack, aimed by a click on them). */
  function aimed(action) {
    return action.target !== null && action.target !== undefined;
  }

  /** An action in words: its label as the game's words declare it. */
  function describe(action, view, message) {
    return P.actionWords(action, view, { ...(message || {}), catalogue: (message && message.catalogue) || catalogue });
  }

  function chip(id, extra, cls) {
    return el("span", { class: `sw-chip ${cls || ""}`.trim(), title: tip(id) }, title(id), extra ? ` ${extra}` : "");
  }

  function plate(row, message, ctx) {
    const view = message.view;
    const fighter = (catalogue.fighters && catalogue.fighters[row.fighter]) || {};
    const maxLife = fighter.life || 10;
    const decision = view.decision || {};
    const aim = ctx.targets && ctx.targets.get(row.seat);
    const classes = ["sw-plate"];
    if (!row.alive) classes.push("defeated");
    if (view.active === row.seat) classes.push("active");
    if (decision.attacker !== undefined && decision.target === row.seat) classes.push("targeted");
    if (aim) classes.push("aimable");
    const abilities = (fighter.abilities || []).map((a) => a.text).join(" ");
    const armor = row.armor;
    return el(
      "div",
      {
        class: classes.join(" "),
        dataset: { seat: String(row.seat) },
        role: aim ? "button" : null,
        tabindex: aim ? "0" : null,
        onclick: aim ? () => ctx.act(aim) : null,
        "data-action": aim ? aim.notation : null,
      },
      el("div", { class: "sw-name", title: abilities }, P.seatLabel(message, row.seat), el("small", { text: ` ${fighter.title || row.fighter}` })),
      el(
        "div",
        { class: "sw-life", title: `${row.life} of ${maxLife} life` },
        el("span", { class: "sw-life-bar", style: { width: `${Math.max(0, Math.min(100, (100 * row.life) / maxLife))}%` } }),
        el("span", { class: "sw-life-text", text: row.alive ? `${row.life} life` : "defeated" }),
      ),
      el(
        "div",
        { class: "sw-gear" },
        armor ? chip(armor.card, `${card(armor.card).value - armor.taken}/${card(armor.card).value}`, "armor") : null,
        row.gear.map((g) => chip(g.card, g.used ? `(${g.used} used)` : "", card(g.card).item)),
        row.stance ? chip(row.stance, "", "stance") : null,
        !armor && !row.gear.length && !row.stance ? el("span", { class: "hint", text: "nothing ready" }) : null,
      ),
      el("div", { class: "sw-meta", text: `${row.hand_size} cards · hits for ${row.attack_damage}` }),
    );
  }

  function middle(message) {
    const view = message.view;
    const decision = view.decision || {};
    const lines = [el("div", { class: "sw-turn", text: `Turn ${view.turn}` })];
    if (decision.attacker !== undefined) {
      lines.push(
        el(
          "div",
          { class: "sw-attack", role: "status" },
          el("span", { class: "sw-card face", title: tip(decision.card), text: title(decision.card) }),
          ` ${P.seatLabel(message, decision.attacker)} ${decision.counter ? "counter-attacks" : "attacks"} ${P.seatLabel(message, decision.target)}: ${decision.location || "no location"}, ${decision.damage} damage`,
        ),
      );
    } else if (decision.kind) {
      lines.push(el("div", { class: "sw-phase", text: `${P.seatLabel(message, decision.seats[0])}: ${decision.kind}` }));
    }
    const piles = Object.entries(view.discards || {}).map(([side, pile]) =>
      el("span", { class: "sw-pile", title: pile.map(title).join(", ") || "empty" }, `${side} deck ${view.decks[side]} · discard ${pile.length}`),
    );
    return el("div", { class: "sw-middle" }, lines, el("div", { class: "sw-piles" }, piles));
  }

  function handArea(message, ctx) {
    const hand = message.view.hand;
    if (!hand) return null;
    const byCard = new Map();
    for (const action of ctx.actions) {
      const id = cardOf(action);
      if (!id || action.verb === "drop" || action.verb === "guard") continue;
      if (!byCard.has(id)) byCard.set(id, []);
      byCard.get(id).push(action);
    }
    const cards = hand.map((id, index) => {
      const plays = byCard.get(id) || [];
      const single = plays.length === 1 ? plays[0] : null;
      const playable = plays.length > 0 && Boolean(ctx.act);
      return el(
        "button",
        {
          class: `sw-card ${card(id).type || ""}${playable ? " playable" : ""}${picked === id ? " picked" : ""}`,
          type: "button",
          disabled: !playable,
          title: tip(id),
          dataset: { card: id, index: String(index) },
          "data-action": single ? single.notation : null,
          onclick: () => {
            if (single) ctx.act(single);
            else {
              picked = picked === id ? null : id;
              ctx.redraw();
            }
          },
        },
        el("span", { class: "sw-card-title", text: title(id) }),
        el("span", { class: "sw-card-text", text: card(id).text || "" }),
      );
    });
    const others = ctx.actions.filter((a) => !cardOf(a) || a.verb === "drop" || a.verb === "guard" || (picked && cardOf(a) === picked && !aimed(a)));
    const buttons = others.map((action) =>
      el("button", { class: `sw-act ${action.verb}`, type: "button", "data-action": action.notation, title: cardOf(action) ? tip(cardOf(action)) : "", onclick: () => ctx.act(action) }, describe(action, message.view, message)),
    );
    const view = message.view || {};
    // At the end the fight is over for everyone: no one waits, and an empty hand says nothing.
    const waitingFor = P.joinNames((view.pending || []).map((s) => P.seatLabel(message, s)));
    let prompt;
    if (view.over) prompt = "The fight is over.";
    else if (ctx.actions.length) prompt = picked ? `Click a fighter to attack with ${title(picked)}` : P.asked(message);
    else prompt = waitingFor ? `Waiting for ${waitingFor}.` : "Waiting.";
    const empty = view.over ? null : el("span", { class: "hint", text: "no cards in hand" });
    // The fighters a picked card can hit, also as buttons under the prompt: on a phone
    // the plates may have scrolled out of view while the player reached the card.
    const aims = picked && ctx.targets
      ? el("div", { class: "sw-aims", role: "group", "aria-label": "Targets" },
        [...ctx.targets.values()].map((action) =>
          el("button", { class: "sw-act aim", type: "button", "data-action": action.notation, onclick: () => ctx.act(action) }, describe(action, message.view, message))))
      : null;
    return el(
      "div",
      { class: `sw-hand-area${ctx.actions.length ? " your-move" : ""}`, "aria-label": "Your hand" },
      el("p", { class: "prompt", role: "status", text: prompt }),
      aims,
      el("div", { class: "sw-hand" }, cards.length ? cards : empty),
      buttons.length ? el("div", { class: "sw-buttons" }, buttons) : null,
    );
  }

  function render(root, message, send) {
    const view = message.view || {};
    catalogue = message.catalogue || {};
    const actions = send ? message.actions || [] : [];
    const attacks = actions.filter((a) => aimed(a) && a.name === picked);
    if (!attacks.length && picked && !actions.some((a) => cardOf(a) === picked)) picked = null;
    const ctx = {
      actions,
      act: send ? (action) => { picked = null; send(action); } : null,
      redraw: () => render(root, message, send),
      targets: attacks.length ? new Map(attacks.map((a) => [a.target, a])) : null,
    };
    const rows = view.fighters || [];
    const me = typeof message.seat === "number" ? message.seat : 0;
    const ordered = rows.slice().sort((a, b) => ((a.seat - me + rows.length) % rows.length) - ((b.seat - me + rows.length) % rows.length));
    root.replaceChildren(
      el(
        "div",
        { class: "sw", dataset: { players: String(rows.length) } },
        el("div", { class: "sw-table", role: "group", "aria-label": "The fighters" }, middle(message), ordered.map((row) => plate(row, message, ctx))),
        handArea(message, ctx),
      ),
    );
  }

  P.renderers.swordplay = {
    render,
    event: P.namedEventText,
    describe,
  };
})();
