/*
 * Pirate Rumble in the browser: the pirates in their seats around a table (an
 * oval on a wide screen; on a phone a ring of two columns, closed at the top
 * and the bottom), so that neighbours sit next to each other. Each place shows
 * the pirate, its shield (health and bullets once the view gives them, a
 * shield marked "hidden" while it does not), special tokens, the card lying
 * face up from last round, the card count, the golden cards everyone knows of,
 * the camp (one's own, a face-up boss, a camp revealed at death) and this
 * round's revealed card. The middle of the table holds the golden card area
 * (clickable when reaching), the pile and the discard.
 *
 * Below the table the viewer's panel: the hand (basic and golden cards); a
 * card that takes a target is picked first, then its target(s) clicked (Shoot
 * Twice takes two); in the gesture step one button per gesture with the
 * reflex clock counting down; in the reach step the golden cards (grab>SLOT)
 * and, for Ching Shih, the discard pile's cards (dig>CARD). Every choice is
 * built from the message's `actions` ({verb, name, targets, notation}); the
 * cards, pirates and camps (titles, costs, gestures, texts, abilities) come
 * from the game's catalogue (`message.catalogue`). Nothing needs typing, no
 * notation is read.
 *
 * Hooks for tests and assistive tech: every click that acts carries
 * data-action="<notation>"; hand cards carry data-card, target buttons
 * data-target="<seat>", places data-seat="<seat>".
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;

  // The game's catalogue (cards, pirates, camps, gestures, decisions), as the last message brought it.
  let catalogue = {};

  // Small inline glyphs (24×24, currentColor): no image files, no fonts needed.
  const GLYPHS = {
    heart: '<path d="M12 21s-7.5-4.6-9.3-9.2C1.4 8.4 3.6 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8C19.5 16.4 12 21 12 21z"/>',
    bullet: '<path d="M9 21V10c0-3 1.3-5.8 3-8 1.7 2.2 3 5 3 8v11z"/><path d="M8 21h8v1.5H8z"/>',
    shield: '<path d="M12 2l8 3v6c0 5.2-3.4 9.3-8 11-4.6-1.7-8-5.8-8-11V5z"/>',
    star: '<path d="M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z"/>',
    skull: '<path d="M12 2a8 8 0 0 0-8 8c0 2.8 1.4 4.6 3 5.6V19h2v-2h2v2h2v-2h2v2h2v-3.4c1.6-1 3-2.8 3-5.6a8 8 0 0 0-8-8zm-3 7.5a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zm6 0a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6z" fill-rule="evenodd"/>',
    sun: '<circle cx="12" cy="12" r="5"/><path d="M11 1h2v4h-2zM11 19h2v4h-2zM1 11h4v2H1zM19 11h4v2h-4zM4.2 5.6l1.4-1.4 2.8 2.8-1.4 1.4zM15.6 17l1.4-1.4 2.8 2.8-1.4 1.4zM4.2 18.4l2.8-2.8 1.4 1.4-2.8 2.8zM15.6 7l2.8-2.8 1.4 1.4L17 8.4z"/>',
    moon: '<path d="M15 3a9 9 0 1 0 6 15.7A8 8 0 0 1 15 3z"/>',
    lone: '<circle cx="12" cy="7" r="4"/><path d="M4 21a8 8 0 0 1 16 0z"/>',
    gold: '<path d="M5 3h14l-1 18H6z"/>',
    clock: '<circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M11 8h2v6h-2zM9 1h6v2H9z"/>',
  };

  function glyph(name, extraClass) {
    return P.glyph(GLYPHS, name, extraClass);
  }

  /* What the viewer has picked and not yet sent, kept across redraws of one step:
     a card that takes targets, and the first target of a two-target card. */
  const pick = { step: null, card: null, index: -1, first: null };

  /** A card of the catalogue: {title, text, kind, cost, target, gesture} (empty if unknown). */
  function cardInfo(card) {
    return (catalogue.cards && catalogue.cards[card]) || {};
  }

  function isGolden(card) {
    return cardInfo(card).kind === "golden";
  }

  function title(card) {
    return cardInfo(card).title || card;
  }

  function pirateInfo(pirate) {
    return (catalogue.pirates && catalogue.pirates[pirate]) || {};
  }

  /** A pirate's tooltip: name, health and bullets at the start, and abilities in plain words. */
  function pirateText(pirate) {
    const info = pirateInfo(pirate);
    if (!info.title) return "";
    const lines = [`${info.title}${info.native ? ` (${info.native})` : ""}: ${info.health} health, ${info.bullets} ${info.bullet_name || "bullets"}`];
    if (info.tokens) lines.push(`${info.tokens} special token${info.tokens === 1 ? "" : "s"}`);
    const own = [...(info.hand || []), ...(info.golden || [])].filter((c) => cardInfo(c).kind !== "basic");
    if (own.length) lines.push(`Own cards: ${own.map(title).join(", ")}`);
    for (const ability of info.abilities || []) lines.push(ability.text);
    return lines.join("\n");
  }

  function gestureTitle(name) {
    if (name === "none") return "No gesture";
    const text = String(name).replace(/-/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function campTitle(card) {
    if (!card) return "";
    const [camp, boss] = String(card).split("-");
    const info = (catalogue.camps && catalogue.camps[camp]) || {};
    return `${info.title || camp} ${boss === "boss" ? "boss" : "camp"}`;
  }

  function campOf(card) {
    return String(card || "").split("-")[0];
  }

  /** The legal actions sorted by what they do (their `verb`). */
  function sortActions(actions) {
    const cards = new Map(); // card -> {plain: action|null, aims: [[targets], action]}
    const grabs = new Map(); // slot -> action
    const digs = new Map(); // card -> action
    const gestures = []; // [name, action]
    const pirates = []; // [name, action]
    for (const action of actions) {
      if (action.verb === "grab") grabs.set(Number(action.name), action);
      else if (action.verb === "dig") digs.set(action.name, action);
      else if (action.verb === "pirate") pirates.push([action.name, action]);
      else if (action.verb === "play") {
        if (!cards.has(action.name)) cards.set(action.name, { plain: null, aims: [] });
        const entry = cards.get(action.name);
        const targets = action.targets || [];
        if (!targets.length) entry.plain = action;
        else entry.aims.push([targets, action]);
      } else if ((catalogue.gestures || []).includes(action.name)) gestures.push([action.name, action]);
    }
    return { cards, grabs, digs, gestures, pirates };
  }

  /**
   * The targets to click now for the picked card: Map(seat -> action or null).
   * An action completes the choice; null means "first of two, pick the second next".
   */
  function targetChoices(entry) {
    const out = new Map();
    if (!entry) return out;
    const pairs = entry.aims.filter(([t]) => t.length === 2);
    for (const [targets, action] of entry.aims) if (targets.length === 1) out.set(targets[0], action);
    if (!pairs.length) return out;
    if (pick.first === null) {
      for (const [[a, b]] of pairs) {
        out.set(a, null);
        out.set(b, null);
      }
    } else {
      for (const [[a, b], action] of pairs) {
        if (a === pick.first) out.set(b, action);
        else if (b === pick.first) out.set(a, action);
      }
    }
    return out;
  }

  /** The viewer's own camp card is known to all once it is face up or the pirate is dead. */
  function campPublic(view, seat) {
    const row = (view.players || []).find((p) => p.seat === seat);
    if (row && !row.alive) return true;
    return (view.log || []).some((e) => (e.type === "camp_shown" || e.type === "death") && e.seat === seat && e.camp);
  }

  /** The last reveal in the log (cards by seat), for the table between rounds. */
  function lastReveal(view) {
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].type === "reveal") return { round: log[i].round, choices: new Map((log[i].choices || []).map((c) => [c.seat, c])) };
    }
    return null;
  }

  function miniCard(card, extra) {
    const info = cardInfo(card);
    return el("span", { class: `mini-card rcard-${card}${isGolden(card) ? " golden" : ""}${extra ? ` ${extra}` : ""}`, title: `${title(card)}: ${info.text || ""}`, dataset: { mini: card } }, title(card));
  }

  function aimText(choice, message) {
    if (!choice) return "";
    const targets = (choice.targets || []).map((t) => P.seatLabel(message, t));
    return `${title(choice.card)}${targets.length ? ` → ${targets.join(" & ")}` : ""}`;
  }

  /** Where place `index` (0: the viewer) of `count` sits: the oval and the phone's ring. */
  function placeOf(index, count) {
    // The oval: the viewer at the bottom, the next seats clockwise.
    const angle = Math.PI / 2 + (2 * Math.PI * index) / count;
    const x = 50 + 41 * Math.cos(angle);
    const y = 50 + 40 * Math.sin(angle);
    // The ring of two columns: up the left side, down the right, the viewer at the bottom.
    let row;
    let col;
    let span = 1;
    if (count % 2 === 0) {
      const half = count / 2;
      if (index < half) {
        col = 1;
        row = half - index;
      } else {
        col = 2;
        row = index - half + 1;
      }
    } else {
      const half = (count - 1) / 2;
      if (index === 0) {
        col = 1;
        span = 2;
        row = half + 1;
      } else if (index <= half) {
        col = 1;
        row = half - index + 1;
      } else {
        col = 2;
        row = index - half;
      }
    }
    // A place at the top or the bottom of the oval is held by that edge of its plate,
    // so that however tall the plate grows it grows into the table, not out of it.
    const edge = y < 20 ? "top" : y > 80 ? "bottom" : "";
    return { x, y, edge, row: row + 1, col, span };
  }

  /** One pirate's place at the table. */
  function plate(player, index, count, message, ctx) {
    const view = message.view;
    const seat = player.seat;
    const isMe = seat === message.seat;
    const info = P.seatInfo(message.table, seat) || {};
    const committed = (view.committed || []).includes(seat);
    const pending = (view.pending || []).includes(seat) && !committed;
    const aim = ctx.targets.has(seat);
    const place = placeOf(index, count);
    const name = P.seatLabel(message, seat);
    const mine = ctx.me !== null && ctx.me !== undefined;
    const myRow = mine ? (view.players || []).find((p) => p.seat === ctx.me) : null;
    const nextToMe = Boolean(myRow && myRow.alive && player.alive && !isMe && (myRow.neighbours || []).includes(seat));

    const stats = [];
    const known = player.health !== null && player.health !== undefined;
    if (!player.pirate) stats.push(el("span", { class: "hint", text: "no pirate yet" }));
    else if (known) {
      stats.push(
        el("span", { class: "health", title: `${player.health} of ${player.max_health} health`, dataset: { health: String(player.health) } }, glyph("heart"), `${player.health}/${player.max_health}`),
        el("span", { class: "bullets", title: `${player.bullets} ${player.bullet_name}`, dataset: { bullets: String(player.bullets) } }, glyph("bullet"), `${player.bullets}${player.bullet_name === "bullets" ? "" : ` ${player.bullet_name}`}`),
      );
    } else {
      stats.push(el("span", { class: "shield-hidden", title: "Behind the pirate shield: health and bullets are hidden", dataset: { shield: "hidden" } }, glyph("shield"), "hidden"));
    }
    if (player.tokens) stats.push(el("span", { class: "tokens", title: `${player.tokens} special token${player.tokens === 1 ? "" : "s"}` }, glyph("star"), String(player.tokens)));
    if (player.pirate) {
      stats.push(el("span", { class: "hand-size", title: "cards in hand" }, el("span", { class: "card-back", "aria-hidden": "true" }), `${player.cards} cards`));
    }

    const golden = (player.golden_known || []).map((c) => miniCard(c));
    if (player.golden_unseen) {
      golden.push(el("span", { class: "mini-card unseen", title: "golden cards no one else has seen" }, `+${player.golden_unseen} unseen`));
    }

    let camp = null;
    if (view.mode === "camp" || player.camp !== undefined) {
      if (player.camp) {
        const open = !isMe || campPublic(view, seat);
        const why = !player.alive ? "revealed at death" : isMe ? (open ? "face up" : "only you see it") : "face up";
        camp = el("div", { class: `camp camp-${campOf(player.camp)}`, dataset: { camp: player.camp } }, glyph(campOf(player.camp)), el("span", { text: campTitle(player.camp) }), el("span", { class: "camp-why", text: ` (${why})` }));
      } else {
        camp = el("div", { class: "camp camp-hidden", dataset: { camp: "hidden" } }, el("span", { class: "card-back", "aria-hidden": "true" }), " camp face down");
      }
    }

    const revealed = ctx.revealed.get(seat);
    const voided = (view.voided || []).includes(seat);
    let played = null;
    if (revealed) {
      played = el("div", { class: `revealed${voided ? " void" : ""}`, dataset: { revealed: revealed.card } }, el("span", { class: "label", text: "Reveals " }), miniCard(revealed.card, "big"), (revealed.targets || []).length ? ` → ${revealed.targets.map((t) => P.seatName(message.table, t)).join(" & ")}` : "", voided ? el("span", { class: "badge void", text: "void" }) : null);
    } else if (ctx.last && ctx.last.choices.has(seat) && !view.over) {
      played = el("div", { class: `last-play${ctx.hold ? " fresh" : " old"}`, title: `Round ${ctx.last.round}` }, el("span", { class: "label", text: ctx.hold ? "Played: " : "Last round: " }), aimText(ctx.last.choices.get(seat), message));
    }

    let status = "";
    if (!player.alive) status = "dead";
    else if (view.over) status = "";
    else if (committed) status = "has chosen";
    else if (pending) status = "choosing…";

    const classes = ["rplate", player.alive ? "alive" : "dead"];
    if (isMe) classes.push("me");
    if (pending) classes.push("pending");
    if (committed) classes.push("committed");
    if (aim) classes.push("targetable");
    if (pick.first === seat) classes.push("aimed");
    if (nextToMe) classes.push("next-to-me");
    const neighbourNames = (player.neighbours || []).map((s) => P.seatName(message.table, s));

    return el(
      "article",
      {
        class: classes.join(" "),
        dataset: place.edge ? { seat: String(seat), edge: place.edge } : { seat: String(seat) },
        style: { "--x": `${place.x.toFixed(2)}%`, "--y": `${place.y.toFixed(2)}%`, "--row": String(place.row), "--col": String(place.col), "--span": String(place.span) },
        title: neighbourNames.length ? `Next to ${neighbourNames.join(" and ")}` : "",
        "aria-label": `${name}${player.title ? `, ${player.title}` : ""}: ${player.alive ? "alive" : "dead"}${known ? `, ${player.health} health, ${player.bullets} ${player.bullet_name}` : ", shield up"}${status ? `, ${status}` : ""}`,
      },
      el(
        "header",
        { class: "plate-head" },
        el("span", { class: "plate-name", text: name }),
        el("span", { class: "plate-seat", text: `seat ${seat + 1}` }),
        info.kind === "bot" ? el("span", { class: "badge bot", text: "bot" }) : null,
        info.auto ? el("span", { class: "badge auto", text: "bot playing" }) : null,
        info.kind === "human" && info.taken ? el("span", { class: `dot ${info.connected ? "on" : "off"}`, title: info.connected ? "connected" : "not connected" }) : null,
      ),
      el("div", { class: "pirate-line" }, player.alive ? null : el("span", { class: "dead-mark" }, glyph("skull"), " dead "), el("span", { class: "pirate-title", text: player.title || "—", title: player.pirate ? pirateText(player.pirate) : null, dataset: player.pirate ? { pirate: player.pirate } : {} }), nextToMe ? el("span", { class: "badge next", text: "next to you" }) : null),
      el("div", { class: "plate-body" }, stats),
      player.face_up ? el("div", { class: "face-up" }, el("span", { class: "label", text: "Face up: " }), miniCard(player.face_up)) : null,
      golden.length ? el("div", { class: "golden-known", "aria-label": "golden cards" }, golden) : null,
      camp,
      played,
      status ? el("div", { class: `plate-status ${committed ? "chosen" : pending ? "waiting" : ""}`, text: status }) : null,
      aim
        ? el("button", {
            type: "button",
            class: "aim primary",
            dataset: Object.assign({ target: String(seat) }, ctx.targets.get(seat) ? { action: ctx.targets.get(seat).notation } : {}),
            text: pick.first === seat ? "Aim here again" : "Aim here",
            "aria-label": `Aim at ${P.seatName(message.table, seat)} (seat ${seat + 1})`,
            onclick: () => ctx.aim(seat),
          })
        : null,
    );
  }

  /** The middle of the table: round and step, shields, the golden card area, pile and discard. */
  function center(message, ctx) {
    const view = message.view;
    const area = view.area || [];
    const discard = view.discard || [];
    const reach = ctx.parsed.grabs;
    return el(
      "div",
      { class: "rumble-center" },
      el("div", { class: "rumble-round", text: `Round ${view.round} · ${(catalogue.decisions || {})[view.phase] || view.phase}` }),
      el("div", { class: "rumble-mode", text: `${view.mode === "camp" ? "Camp Mode" : "Duel Mode"} · ${view.shield ? "shields up" : "shields down"}` }),
      el(
        "div",
        { class: "golden-area", role: "group", "aria-label": "Golden card area" },
        area.length
          ? area.map((card, slot) => {
              const action = reach.get(slot);
              if (!card) return el("span", { class: "gold-card empty", text: "empty" });
              return el(
                "button",
                {
                  type: "button",
                  class: `gold-card${action ? " reachable" : ""}`,
                  dataset: action ? { slot: String(slot), action: action.notation } : { slot: String(slot) },
                  disabled: !action,
                  title: cardInfo(card).text || "",
                  onclick: action ? () => ctx.act(action) : null,
                },
                glyph("gold", "gold-glyph"),
                el("span", { text: title(card) }),
              );
            })
          : el("span", { class: "hint", text: "no golden card face up" }),
      ),
      el(
        "div",
        { class: "piles" },
        el("span", { class: "pile", title: "cards in the golden pile" }, el("span", { class: "card-back", "aria-hidden": "true" }), ` pile ${view.pile ?? 0}`),
        el("span", { class: "discard", title: discard.length ? discard.map(title).join(", ") : "empty" }, ` discard ${discard.length}`),
      ),
    );
  }

  /** An action in words (for the replay and the prompt): its label as the game's words declare it. */
  function describe(action, view, message) {
    if (!action || !action.verb) return "";
    return P.actionWords(action, view, { ...(message || {}), catalogue: (message && message.catalogue) || catalogue });
  }

  /** The viewer's panel: prompt and clock, then the hand, targets, gestures or golden cards. */
  function panel(message, ctx) {
    const view = message.view;
    const me = message.seat;
    if (me === null || me === undefined || !Array.isArray(view.hand)) {
      if ((view.pirates_left || []).length && me !== null && me !== undefined) {
        return draftPanel(message, ctx);
      }
      const text = message.replay ? "The replay, as a spectator saw it." : "You are watching this table.";
      return el("section", { class: "rumble-hand spectator" }, el("p", { class: "prompt", text }));
    }
    const self = (view.players || []).find((p) => p.seat === me) || {};
    const info = P.seatInfo(message.table, me) || {};
    const parsed = ctx.parsed;
    const myTurn = Boolean(ctx.act) && (message.actions || []).length > 0;
    const clock = message.deadline !== null && message.deadline !== undefined && myTurn ? el("span", { class: `clock${(view.decision || {}).timed ? " reflex" : ""}`, dataset: { clock: "" } }) : null;

    let prompt;
    if (message.replay) {
      const chose = message.chosen ? `; chose to ${describe(message.chosen, view, message)}` : "";
      prompt = `The replay, as ${P.seatName(message.table, me)} saw it${chose}.`;
    } else if (view.over) prompt = self.alive ? "The game is over." : "The game is over. You died in it.";
    else if (message.table && message.table.status === "open") prompt = "The game starts when every seat is taken.";
    else if (message.sending) prompt = `Sending: ${describe(message.sending, view, message)}…`;
    else if (info.auto) prompt = "A bot is playing your seat. Take it back from the seats list.";
    else if (ctx.hold) prompt = `Round ${ctx.last.round} revealed: see what each pirate played.`;
    else if (!self.alive) prompt = "You are dead: watch the others fight on.";
    else if (message.chosen) {
      const waiting = (view.pending || []).filter((s) => !(view.committed || []).includes(s));
      prompt = `You chose to ${describe(message.chosen, view, message)}. Waiting for ${P.joinNames(waiting.map((s) => P.seatLabel(message, s))) || "the others"}.`;
    } else if (pick.card && pick.first !== null) prompt = `${title(pick.card)} at ${P.seatName(message.table, pick.first)} and… click the second target.`;
    else if (pick.card) prompt = `${title(pick.card)}: click ${ctx.twoTargets ? "the first of two targets" : "a target"}.`;
    else if (myTurn) prompt = P.asked(message) || "Your move.";
    else prompt = (view.searchers || []).length ? "The searchers reach for the golden cards." : "Waiting for the others.";

    const parts = [el("p", { class: "prompt", role: "status" }, prompt, clock)];

    if (parsed.gestures.length && ctx.act) {
      parts.push(
        el(
          "div",
          { class: "gestures", role: "group", "aria-label": "Gestures" },
          parsed.gestures.map(([name, action]) =>
            el("button", { type: "button", class: `gesture${name === "none" ? " none" : ""}`, dataset: { action: action.notation, gesture: name }, text: gestureTitle(name), onclick: () => ctx.act(action) }),
          ),
        ),
      );
    }
    if ((parsed.grabs.size || parsed.digs.size) && ctx.act) {
      const buttons = [];
      for (const [slot, action] of parsed.grabs) {
        const card = (view.area || [])[slot];
        buttons.push(el("button", { type: "button", class: "gold-card reachable", dataset: { action: action.notation, slot: String(slot) }, title: cardInfo(card).text || null, onclick: () => ctx.act(action) }, glyph("gold", "gold-glyph"), el("span", { text: title(card) })));
      }
      for (const [card, action] of parsed.digs) {
        buttons.push(el("button", { type: "button", class: "gold-card dig", dataset: { action: action.notation, dig: card }, title: cardInfo(card).text || null, onclick: () => ctx.act(action) }, el("span", { text: `${title(card)} (discard)` })));
      }
      parts.push(el("div", { class: "golden-reach", role: "group", "aria-label": "Golden cards to reach for" }, buttons));
    }

    // The hand: basic cards, then golden cards.
    const cards = [...(view.hand || []).map((c) => [c, false]), ...(view.golden || []).map((c) => [c, true])];
    const choosing = parsed.cards.size > 0;
    const gestures = Boolean((view.options || {}).gestures);
    const hand = cards.map(([card, golden], i) => {
      const entry = parsed.cards.get(card);
      const playable = Boolean(entry) && Boolean(ctx.act);
      const direct = entry && entry.plain && !entry.aims.length ? entry.plain : null;
      const info2 = cardInfo(card);
      const chosen = pick.card === card && pick.index === i;
      let why = "";
      if (!playable && choosing && info2.cost > (self.bullets || 0)) why = `costs ${info2.cost}`;
      return el(
        "button",
        {
          type: "button",
          class: `card rcard rcard-${card}${golden ? " golden" : ""}${chosen ? " picked" : ""}`,
          dataset: direct ? { card, index: String(i), action: direct.notation } : { card, index: String(i) },
          disabled: !playable,
          "aria-pressed": playable && !direct ? String(chosen) : null,
          "aria-label": `${title(card)}${golden ? " (golden)" : ""}: ${info2.text || ""}${playable ? (direct ? " (play it)" : " (pick, then aim)") : ""}`,
          title: info2.text || "",
          onclick: () => {
            if (!playable) return;
            if (direct) {
              resetPick();
              ctx.act(direct);
              return;
            }
            if (chosen) resetPick();
            else Object.assign(pick, { card, index: i, first: null });
            ctx.redraw();
          },
        },
        el("span", { class: "card-title", text: title(card) }),
        info2.cost ? el("span", { class: "card-cost", title: `costs ${info2.cost} ${self.bullet_name || "bullets"}` }, glyph("bullet"), String(info2.cost)) : null,
        info2.target && info2.target !== "none" ? el("span", { class: "card-aim", text: info2.target === "two" ? "2 targets" : info2.target === "neighbour" ? "next to you" : "1 target" }) : null,
        // A card's gesture matters only when the table plays with gestures.
        gestures ? el("span", { class: "card-gesture", title: "its gesture", text: gestureTitle(info2.gesture || "?") }) : null,
        why ? el("span", { class: "card-why", text: why }) : null,
      );
    });
    parts.push(el("div", { class: "hand" }, hand.length ? hand : el("span", { class: "hint", text: "no cards in hand" })));

    if (pick.card && ctx.act) {
      const buttons = [];
      for (const [seat, action] of ctx.targets) {
        buttons.push(
          el("button", {
            type: "button",
            class: "target primary",
            dataset: Object.assign({ target: String(seat) }, action ? { action: action.notation } : {}),
            text: seat === pick.first ? `${P.seatName(message.table, seat)} again` : P.seatName(message.table, seat),
            onclick: () => ctx.aim(seat),
          }),
        );
      }
      buttons.push(
        el("button", {
          type: "button",
          class: "cancel",
          text: "Pick another card",
          onclick: () => {
            resetPick();
            ctx.redraw();
          },
        }),
      );
      parts.push(el("div", { class: "targets", role: "group", "aria-label": "Targets" }, buttons));
    }

    return el("section", { class: `rumble-hand${myTurn ? " your-move" : ""}`, "aria-label": "Your hand" }, parts);
  }

  function draftPanel(message, ctx) {
    const parsed = ctx.parsed;
    const view = message.view;
    const prompt = parsed.pirates.length && ctx.act ? P.asked(message) : `Waiting for the others to pick (${(view.pirates_left || []).length} pirates left).`;
    return el(
      "section",
      { class: `rumble-hand draft${parsed.pirates.length ? " your-move" : ""}` },
      el("p", { class: "prompt", role: "status" }, prompt),
      ctx.act
        ? el(
            "div",
            { class: "pirates", role: "group", "aria-label": "Pirates" },
            parsed.pirates.map(([name, action]) =>
              // The full name and what the pirate does, in view (a phone shows no tooltips).
              el(
                "button",
                { type: "button", class: "pirate", dataset: { action: action.notation, pirate: name }, title: pirateText(name) || null, onclick: () => ctx.act(action) },
                el("strong", { class: "pirate-name", text: pirateInfo(name).title || name }),
                pirateText(name) ? el("span", { class: "pirate-text", text: pirateText(name) }) : null,
              ),
            ),
          )
        : null,
    );
  }

  function resetPick() {
    pick.card = null;
    pick.index = -1;
    pick.first = null;
  }

  function render(root, latest, send) {
    // When a round resolves the table holds still a moment: every plate shows the card
    // its pirate played before the next choices appear; a later round waits its turn.
    // (The table's first view registers what was already there: it starts no moment.)
    const latestReveal = lastReveal(latest.view || {});
    const { message, hold: moment } = P.held("rumble", latestReveal ? latestReveal.round : null, latest, send, (m) => render(root, m, send));
    const view = message.view || {};
    const players = view.players || [];
    catalogue = message.catalogue || {};
    const last = lastReveal(view);
    const hold = last ? moment : 0;
    const parsed = sortActions(send && !hold ? message.actions || [] : []);
    // A pick belongs to one step of one seat; a new step (or a card no longer legal) drops it.
    const step = `${message.seat}:${message.step}`;
    if (pick.step !== step) {
      pick.step = step;
      resetPick();
    }
    const entry = pick.card ? parsed.cards.get(pick.card) : null;
    if (pick.card && !(entry && entry.aims.length)) resetPick();
    const targets = pick.card ? targetChoices(parsed.cards.get(pick.card)) : new Map();

    const ctx = {
      me: message.seat,
      parsed,
      targets,
      twoTargets: Boolean(entry && entry.aims.some(([t]) => t.length === 2)),
      revealed: new Map((view.revealed || []).map((c) => [c.seat, c])),
      last,
      hold,
      act: send ? (action) => send(action) : null,
      redraw: () => render(root, latest, send),
      aim: (seat) => {
        const action = targets.get(seat);
        if (action) {
          resetPick();
          send(action);
        } else {
          pick.first = seat;
          render(root, message, send);
        }
      },
    };

    // The viewer first, then the others in seat order after them (so around the circle).
    const me = typeof message.seat === "number" ? message.seat : 0;
    const n = players.length;
    const ordered = players.slice().sort((a, b) => ((a.seat - me + n) % n) - ((b.seat - me + n) % n));

    root.replaceChildren(
      el(
        "div",
        { class: "rumble", dataset: { players: String(n), phase: view.phase || "" } },
        el(
          "div",
          { class: `rumble-table${pick.card ? " aiming" : ""}`, role: "group", "aria-label": "The pirates around the table", style: { "--rows": String(n % 2 === 0 ? n / 2 : (n + 1) / 2) } },
          center(message, ctx),
          ordered.map((player, i) => plate(player, i, n, message, ctx)),
        ),
        panel(message, ctx),
      ),
    );
  }

  P.renderers.rumble = {
    render,
    event: P.namedEventText,
    describe,
    score: (value) => `♥ ${Number(value)}`,
    /** The cards this renderer draws with: the catalogue's, each marked golden or not. */
    get cards() {
      const out = {};
      for (const [id, card] of Object.entries(catalogue.cards || {})) out[id] = Object.assign({ golden: card.kind === "golden" }, card);
      return out;
    },
  };
})();
