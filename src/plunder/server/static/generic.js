/*
 * The renderer for any game without one of its own: the view's simple fields,
 * the `players` list as a table, the viewer's hand and own choice, who is
 * still choosing, and every legal action as a button (data-action=<notation>),
 * its label as the game words it (else its fields) in the button's tooltip, and
 * the open decision's prompt as the game words it.
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const { el } = P;

  // Keys every view carries; the header skips them.
  const PROTOCOL_KEYS = new Set([
    "game", "options", "viewer", "pending", "committed", "choice", "decision", "log", "over", "result", "players", "hand",
  ]);

  function cell(value) {
    if (value === null || value === undefined) return "";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) return value.map(cell).join(", ");
    if (typeof value === "object") {
      return Object.entries(value)
        .map(([k, v]) => `${k}: ${cell(v)}`)
        .join(", ");
    }
    return String(value);
  }

  /** "has chosen", "choosing…" or "" for a seat in the current step. */
  function stepStatus(view, seat) {
    if ((view.committed || []).includes(seat)) return "has chosen";
    if ((view.pending || []).includes(seat)) return "choosing…";
    return "";
  }

  function header(view) {
    const parts = Object.entries(view)
      .filter(([key, value]) => !PROTOCOL_KEYS.has(key) && (value === null || typeof value !== "object"))
      .map(([key, value]) => el("span", { class: "fact" }, el("span", { class: "fact-key", text: key.replace(/_/g, " ") }), " ", el("strong", { text: cell(value) })));
    return el("div", { class: "facts" }, parts);
  }

  function playersTable(view, message) {
    const rows = view.players;
    if (!Array.isArray(rows) || !rows.every((r) => r && typeof r === "object")) return null;
    const columns = [];
    for (const row of rows) for (const key of Object.keys(row)) if (key !== "seat" && !columns.includes(key)) columns.push(key);
    return el(
      "div",
      { class: "scroll-x" },
      el(
        "table",
        { class: "generic-players" },
        el("thead", {}, el("tr", {}, el("th", { text: "player" }), columns.map((c) => el("th", { text: c.replace(/_/g, " ") })), el("th", { text: "this step" }))),
        el(
          "tbody",
          {},
          rows.map((row, index) => {
            const seat = typeof row.seat === "number" ? row.seat : index;
            return el(
              "tr",
              { dataset: { seat: String(seat) }, class: seat === message.seat ? "me" : "" },
              el("td", { text: P.seatLabel(message, seat) }),
              columns.map((c) => el("td", { text: cell(row[c]) })),
              el("td", { text: stepStatus(view, seat) }),
            );
          }),
        ),
      ),
    );
  }

  /** An action's fields, in words: "card: ace, target: 1". */
  function fields(action) {
    return Object.entries(action)
      .filter(([key]) => key !== "notation")
      .map(([key, value]) => `${key}: ${cell(value)}`)
      .join(", ");
  }

  function render(root, message, send) {
    const view = message.view || {};
    const actions = message.actions || [];
    const parts = [header(view), playersTable(view, message)];
    if (Array.isArray(view.hand)) {
      parts.push(el("p", { class: "hand-line" }, "Your hand: ", el("strong", { text: cell(view.hand) || "(empty)" })));
    }
    if (view.choice !== undefined && view.choice !== null) {
      parts.push(el("p", { class: "choice-line", text: `Your choice (hidden from the others): ${cell(view.choice)}` }));
    }
    if (!view.over) {
      const waiting = (view.pending || []).filter((s) => !(view.committed || []).includes(s));
      parts.push(
        el("p", {
          class: "waiting-line",
          text: waiting.length ? `Still to choose: ${P.joinNames(waiting.map((s) => P.seatLabel(message, s)))}.` : "",
        }),
      );
    }
    if (view.decision && view.decision.kind && !view.over) {
      parts.push(el("p", { class: "decision-line", text: P.asked(message) || `Now: ${view.decision.kind.replace(/_/g, " ")}` }));
    }
    if (message.sending) parts.push(el("p", { class: "hint", text: `Sending ${message.sending.notation}…` }));
    if (actions.length && send) {
      parts.push(
        el(
          "div",
          { class: "actions", role: "group", "aria-label": "Your legal actions" },
          el("span", { class: "actions-title", text: "Your move:" }),
          actions.map((action) =>
            el("button", {
              type: "button",
              class: "action",
              dataset: { action: action.notation },
              text: action.notation,
              title: P.actionWords(action, view, message) || fields(action),
              onclick: () => send(action),
            }),
          ),
        ),
      );
    }
    if (send) parts.push(P.autopassToggle(message));
    root.replaceChildren(el("div", { class: "generic" }, parts));
  }

  const describe = (action, view, message) => P.actionWords(action, view, { ...(message || {}), view });
  P.genericRenderer = { render, event: (event) => P.eventText(event), describe, autopass: true };
})();
