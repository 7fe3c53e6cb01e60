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
 * built from the legal notation list; nothing needs typing.
 *
 * Hooks for tests and assistive tech: every click that acts carries
 * data-action="<notation>"; hand cards carry data-card, target buttons
 * data-target="<seat>", places data-seat="<seat>".
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;

  // The cards as printed (src/plunder/games/rumble/cards.toml): title, the
  // gesture answered with it, its cost, whether it is golden, what it aims at.
  const CARDS = {
    load: { title: "Load", gesture: "pump", cost: 0, golden: false, target: "none", text: "Take 3 bullets." },
    shoot: { title: "Shoot", gesture: "point", cost: 1, golden: false, target: "any", text: "Deal 1 damage to one player." },
    shoot2: { title: "Shoot Twice", gesture: "double-point", cost: 2, golden: false, target: "two", text: "Deal 1 damage to each of two different players." },
    dodge: { title: "Dodge", gesture: "duck", cost: 0, golden: false, target: "none", text: "Take 1 damage less from each attacker (not from Cut) and stop Steal; then take 1 bullet." },
    fire: { title: "Fire", gesture: "spray", cost: 3, golden: false, target: "none", text: "Alone: 2 damage to every opponent. With other Fires: each deals 1 damage to every other player." },
    search: { title: "Search", gesture: "snatch", cost: 0, golden: false, target: "none", text: "Reach for a face-up golden card (first touch takes it); then take 1 health." },
    block: { title: "Block", gesture: "cross", cost: 0, golden: true, target: "none", text: "Take 1 damage less from each attacker (not from Cut), and deal 1 damage back to each." },
    heal: { title: "Heal", gesture: "heart", cost: 0, golden: true, target: "none", text: "Take 2 health." },
    loadfull: { title: "Load Full", gesture: "salute", cost: 0, golden: true, target: "none", text: "Take bullets up to 5." },
    cut: { title: "Cut", gesture: "slash", cost: 0, golden: true, target: "neighbour", text: "Deal 1 damage to a player next to you; Dodge and Block do not reduce it." },
    hide: { title: "Hide", gesture: "cover-eyes", cost: 0, golden: true, target: "none", text: "No card can touch you; a card aimed at you does nothing." },
    steal: { title: "Steal", gesture: "pickpocket", cost: 0, golden: true, target: "neighbour", text: "Take 1 bullet from a player next to you (first, before other cards)." },
    cover: { title: "Take Cover", gesture: "crouch", cost: 0, golden: false, target: "neighbour", text: "A player next to you suffers every harm aimed at you this round (uses a special token)." },
    pick: { title: "Pick", gesture: "beckon", cost: 0, golden: false, target: "none", text: "After the battle take every golden card the others played; if none, take 1 health and 1 bullet." },
    bomb: { title: "Bomb", gesture: "throw", cost: 3, golden: false, target: "any", text: "Deal 3 damage to one player and 1 to each player next to them." },
    stab: { title: "Stabbing", gesture: "thrust", cost: 2, golden: false, target: "any", text: "Deal 2 damage to a player next to you, or 1 to any other." },
    smite: { title: "Smite", gesture: "chop", cost: 2, golden: false, target: "neighbour", text: "Deal 2 damage to a player next to you and 1 to the other player next to them." },
    whirlwind: { title: "Whirlwind", gesture: "spin", cost: 2, golden: false, target: "none", text: "Deal 1 damage to every other player." },
  };
  const CAMPS = { sun: "Sun", moon: "Moon", lone: "Lone" };
  const PHASES = { draft: "Pirates are picked", choose: "Choose a card", gesture: "Gestures!", reach: "Reach for gold" };

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

  function title(card) {
    return (CARDS[card] && CARDS[card].title) || card;
  }

  function gestureTitle(name) {
    if (name === "none") return "No gesture";
    const text = String(name).replace(/-/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function campTitle(card) {
    if (!card) return "";
    const [camp, boss] = String(card).split("-");
    return `${CAMPS[camp] || camp} ${boss === "boss" ? "boss" : "camp"}`;
  }

  function campOf(card) {
    return String(card || "").split("-")[0];
  }

  /** The legal notation sorted by what it does. */
  function parseLegal(legal) {
    const cards = new Map(); // card -> {plain: notation|null, aims: [[targets], notation]}
    const grabs = new Map(); // slot -> notation
    const digs = new Map(); // card -> notation
    const gestures = []; // [name, notation]
    const pirates = []; // [name, notation]
    for (const notation of legal) {
      const [word, rest] = String(notation).split(">");
      if (word === "grab") grabs.set(Number(rest), notation);
      else if (word === "dig") digs.set(rest, notation);
      else if (word === "gesture") gestures.push([rest, notation]);
      else if (word === "pirate") pirates.push([rest, notation]);
      else {
        if (!cards.has(word)) cards.set(word, { plain: null, aims: [] });
        const entry = cards.get(word);
        if (rest === undefined) entry.plain = notation;
        else entry.aims.push([rest.split(",").map(Number), notation]);
      }
    }
    return { cards, grabs, digs, gestures, pirates };
  }

  /**
   * The targets to click now for the picked card: Map(seat -> notation or null).
   * A notation completes the choice; null means "first of two, pick the second next".
   */
  function targetChoices(entry) {
    const out = new Map();
    if (!entry) return out;
    const pairs = entry.aims.filter(([t]) => t.length === 2);
    for (const [targets, notation] of entry.aims) if (targets.length === 1) out.set(targets[0], notation);
    if (!pairs.length) return out;
    if (pick.first === null) {
      for (const [[a, b]] of pairs) {
        out.set(a, null);
        out.set(b, null);
      }
    } else {
      for (const [[a, b], notation] of pairs) {
        if (a === pick.first) out.set(b, notation);
        else if (b === pick.first) out.set(a, notation);
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
    const info = CARDS[card] || {};
    return el("span", { class: `mini-card rcard-${card}${info.golden ? " golden" : ""}${extra ? ` ${extra}` : ""}`, title: `${title(card)}: ${info.text || ""}`, dataset: { mini: card } }, title(card));
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
    return { x, y, row: row + 1, col, span };
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
      played = el("div", { class: "last-play old", title: `Round ${ctx.last.round}` }, el("span", { class: "label", text: "Last round: " }), aimText(ctx.last.choices.get(seat), message));
    }

    let status = "";
    if (!player.alive) status = "dead";
    else if (view.over) status = "";
    else if (committed) status = view.phase === "gesture" ? "has gestured" : "has chosen";
    else if (pending) status = view.phase === "reach" ? "reaching…" : view.phase === "gesture" ? "gesturing…" : "choosing…";

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
        dataset: { seat: String(seat) },
        style: { "--x": `${place.x.toFixed(2)}%`, "--y": `${place.y.toFixed(2)}%`, "--row": String(place.row), "--col": String(place.col), "--span": String(place.span) },
        title: neighbourNames.length ? `Next to ${neighbourNames.join(" and ")}` : "",
        "aria-label": `${name}${player.title ? `, ${player.title}` : ""}: ${player.alive ? "alive" : "dead"}${known ? `, ${player.health} health, ${player.bullets} ${player.bullet_name}` : ", shield up"}${status ? `, ${status}` : ""}`,
      },
      el(
        "header",
        { class: "plate-head" },
        el("span", { class: "plate-name", text: name }),
        el("span", { class: "plate-seat", text: `seat ${seat}` }),
        info.kind === "bot" ? el("span", { class: "badge bot", text: "bot" }) : null,
        info.auto ? el("span", { class: "badge auto", text: "bot playing" }) : null,
        info.kind === "human" && info.taken ? el("span", { class: `dot ${info.connected ? "on" : "off"}`, title: info.connected ? "connected" : "not connected" }) : null,
      ),
      el("div", { class: "pirate-line" }, player.alive ? null : el("span", { class: "dead-mark" }, glyph("skull"), " dead "), el("span", { class: "pirate-title", text: player.title || "—" }), nextToMe ? el("span", { class: "badge next", text: "next to you" }) : null),
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
            dataset: Object.assign({ target: String(seat) }, ctx.targets.get(seat) ? { action: ctx.targets.get(seat) } : {}),
            text: pick.first === seat ? "Aim here again" : "Aim here",
            "aria-label": `Aim at ${P.seatName(message.table, seat)} (seat ${seat})`,
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
      el("div", { class: "rumble-round", text: view.phase === "draft" ? "Picking pirates" : `Round ${view.round} · ${PHASES[view.phase] || view.phase}` }),
      el("div", { class: "rumble-mode", text: `${view.mode === "camp" ? "Camp Mode" : "Duel Mode"} · ${view.shield ? "shields up" : "shields down"}` }),
      el(
        "div",
        { class: "golden-area", role: "group", "aria-label": "Golden card area" },
        area.length
          ? area.map((card, slot) => {
              const notation = reach.get(slot);
              if (!card) return el("span", { class: "gold-card empty", text: "empty" });
              return el(
                "button",
                {
                  type: "button",
                  class: `gold-card${notation ? " reachable" : ""}`,
                  dataset: notation ? { slot: String(slot), action: notation } : { slot: String(slot) },
                  disabled: !notation,
                  title: (CARDS[card] || {}).text || "",
                  onclick: notation ? () => ctx.act(notation) : null,
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

  function describe(notation, view, message) {
    const [word, rest] = String(notation).split(">");
    const m = message || { table: null, seat: null };
    if (word === "grab") {
      const card = view && view.area ? view.area[Number(rest)] : null;
      return card ? `reach for ${title(card)}` : `reach for golden card ${rest}`;
    }
    if (word === "dig") return `take ${title(rest)} from the discard pile`;
    if (word === "gesture") return rest === "none" ? "make no gesture" : `make the ${gestureTitle(rest).toLowerCase()} gesture`;
    if (word === "pirate") return `pick a pirate (${rest})`;
    const targets = rest === undefined ? [] : rest.split(",").map((t) => P.seatLabel(m, Number(t)));
    return `play ${title(word)}${targets.length ? ` at ${targets.join(" and ")}` : ""}`;
  }

  /** The viewer's panel: prompt and clock, then the hand, targets, gestures or golden cards. */
  function panel(message, ctx) {
    const view = message.view;
    const me = message.seat;
    if (me === null || me === undefined || !Array.isArray(view.hand)) {
      if (view.phase === "draft" && me !== null && me !== undefined) {
        return draftPanel(message, ctx);
      }
      const text = message.replay ? "The replay, as a spectator saw it." : "You are watching this table.";
      return el("section", { class: "rumble-hand spectator" }, el("p", { class: "prompt", text }));
    }
    const self = (view.players || []).find((p) => p.seat === me) || {};
    const info = P.seatInfo(message.table, me) || {};
    const parsed = ctx.parsed;
    const myTurn = Boolean(ctx.act) && (message.legal || []).length > 0;
    const clock = message.deadline !== null && message.deadline !== undefined && myTurn ? el("span", { class: `clock${view.phase === "gesture" ? " reflex" : ""}`, dataset: { clock: "" } }) : null;

    let prompt;
    const mine = ctx.revealed.get(me);
    if (message.replay) {
      const chose = view.choice ? `; chose to ${describe(view.choice, view, message)}` : "";
      prompt = `The replay, as ${P.seatName(message.table, me)} saw it${chose}.`;
    } else if (view.over) prompt = self.alive ? "The game is over." : "The game is over. You died in it.";
    else if (message.table && message.table.status === "open") prompt = "The game starts when every seat is taken.";
    else if (message.sending) prompt = `Sending: ${describe(message.sending, view, message)}…`;
    else if (info.auto) prompt = "A bot is playing your seat. Take it back from the seats list.";
    else if (!self.alive) prompt = "You are dead: watch the others fight on.";
    else if (view.choice) {
      const waiting = (view.pending || []).filter((s) => !(view.committed || []).includes(s));
      prompt = `You chose to ${describe(view.choice, view, message)}. Waiting for ${P.joinNames(waiting.map((s) => P.seatLabel(message, s))) || "the others"}.`;
    } else if (parsed.gestures.length) prompt = mine ? `You revealed ${title(mine.card)}: make its gesture, quick!` : "Make your card's gesture, quick!";
    else if (parsed.grabs.size || parsed.digs.size) prompt = "Reach for a golden card: the first to touch it takes it!";
    else if (pick.card && pick.first !== null) prompt = `${title(pick.card)} at ${P.seatName(message.table, pick.first)} and… click the second target.`;
    else if (pick.card) prompt = `${title(pick.card)}: click ${ctx.twoTargets ? "the first of two targets" : "a target"}.`;
    else if (parsed.cards.size) prompt = "Your move: choose a card.";
    else prompt = view.phase === "reach" ? "The searchers reach for the golden cards." : "Waiting for the others.";

    const parts = [el("p", { class: "prompt", role: "status" }, prompt, clock)];

    if (parsed.gestures.length && ctx.act) {
      parts.push(
        el(
          "div",
          { class: "gestures", role: "group", "aria-label": "Gestures" },
          parsed.gestures.map(([name, notation]) =>
            el("button", { type: "button", class: `gesture${name === "none" ? " none" : ""}`, dataset: { action: notation, gesture: name }, text: gestureTitle(name), onclick: () => ctx.act(notation) }),
          ),
        ),
      );
    }
    if ((parsed.grabs.size || parsed.digs.size) && ctx.act) {
      const buttons = [];
      for (const [slot, notation] of parsed.grabs) {
        const card = (view.area || [])[slot];
        buttons.push(el("button", { type: "button", class: "gold-card reachable", dataset: { action: notation, slot: String(slot) }, onclick: () => ctx.act(notation) }, glyph("gold", "gold-glyph"), el("span", { text: title(card) })));
      }
      for (const [card, notation] of parsed.digs) {
        buttons.push(el("button", { type: "button", class: "gold-card dig", dataset: { action: notation, dig: card }, onclick: () => ctx.act(notation) }, el("span", { text: `${title(card)} (discard)` })));
      }
      parts.push(el("div", { class: "reach", role: "group", "aria-label": "Golden cards to reach for" }, buttons));
    }

    // The hand: basic cards, then golden cards.
    const cards = [...(view.hand || []).map((c) => [c, false]), ...(view.golden || []).map((c) => [c, true])];
    const choosing = view.phase === "choose" && !view.choice && self.alive;
    const hand = cards.map(([card, golden], i) => {
      const entry = parsed.cards.get(card);
      const playable = Boolean(entry) && Boolean(ctx.act);
      const direct = entry && entry.plain && !entry.aims.length ? entry.plain : null;
      const info2 = CARDS[card] || {};
      const chosen = pick.card === card && pick.index === i;
      let why = "";
      if (!playable && choosing && info2.cost > (self.bullets || 0)) why = `costs ${info2.cost}`;
      return el(
        "button",
        {
          type: "button",
          class: `card rcard rcard-${card}${golden ? " golden" : ""}${chosen ? " picked" : ""}`,
          dataset: direct ? { card, index: String(i), action: direct } : { card, index: String(i) },
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
        el("span", { class: "card-gesture", title: "its gesture", text: gestureTitle(info2.gesture || "?") }),
        why ? el("span", { class: "card-why", text: why }) : null,
      );
    });
    parts.push(el("div", { class: "hand" }, hand.length ? hand : el("span", { class: "hint", text: "no cards in hand" })));

    if (pick.card && ctx.act) {
      const buttons = [];
      for (const [seat, notation] of ctx.targets) {
        buttons.push(
          el("button", {
            type: "button",
            class: "target primary",
            dataset: Object.assign({ target: String(seat) }, notation ? { action: notation } : {}),
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
    const prompt = parsed.pirates.length && ctx.act ? "Pick your pirate." : `Waiting for the others to pick (${(view.pirates_left || []).length} pirates left).`;
    return el(
      "section",
      { class: `rumble-hand${parsed.pirates.length ? " your-move" : ""}` },
      el("p", { class: "prompt", role: "status" }, prompt),
      ctx.act
        ? el(
            "div",
            { class: "pirates", role: "group", "aria-label": "Pirates" },
            parsed.pirates.map(([name, notation]) => el("button", { type: "button", class: "pirate", dataset: { action: notation }, text: name, onclick: () => ctx.act(notation) })),
          )
        : null,
    );
  }

  function resetPick() {
    pick.card = null;
    pick.index = -1;
    pick.first = null;
  }

  function render(root, message, send) {
    const view = message.view || {};
    const players = view.players || [];
    const legal = send ? message.legal || [] : [];
    const parsed = parseLegal(legal);
    // A pick belongs to one step of one seat; a new step (or a card no longer legal) drops it.
    const step = `${message.seat}:${(message.move || 0) - (view.committed || []).length}`;
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
      last: lastReveal(view),
      act: send ? (notation) => send(notation) : null,
      redraw: () => render(root, message, send),
      aim: (seat) => {
        const notation = targets.get(seat);
        if (notation) {
          resetPick();
          send(notation);
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
    cards: CARDS,
  };
})();
