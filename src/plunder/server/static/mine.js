/*
 * My tables: every table this browser holds a seat at (the seat tokens it keeps
 * in localStorage, sent to POST /api/my-tables), those owing a move first, with
 * the game, the other seats and the time left. The tab's title counts the tables
 * owing a move, "(2) plunder · my tables"; the list is asked for again every
 * half minute while the tab is in view, and whenever it comes back into view.
 */
(function () {
  "use strict";

  const { el, api, store, formatLeft } = window.Plunder;
  const REFRESH_MS = 30000;
  const TITLE = "plunder · my tables";
  const $ = (id) => document.getElementById(id);

  function otherText(seat) {
    if (seat.kind === "bot") return `${seat.name || "a bot"} (${seat.bot || "bot"})`;
    return seat.taken ? seat.name || "someone" : "a free seat";
  }

  function statusText(t) {
    if (t.status === "over") return "over";
    if (t.status === "closed") return "closed";
    if (t.status === "open") return "waiting for players";
    return t.owes ? "your move" : "waiting for the others";
  }

  function speedText(t) {
    return t.speed === "turns" ? `over days, ${t.turn_hours} h a move` : "live";
  }

  function item(t) {
    const url = `/t/${encodeURIComponent(t.table)}`;
    const left = typeof t.left === "number" ? `${formatLeft(t.left)} left` : null;
    return el(
      "li",
      { class: `table-item${t.owes ? " owes" : ""}`, dataset: { table: t.table, status: t.status, owes: t.owes ? "yes" : "no" } },
      el(
        "div",
        { class: "table-head" },
        el("strong", { text: t.title || t.game }),
        el("span", { class: `status status-${t.owes ? "owes" : t.status}`, text: statusText(t) }),
        left ? el("span", { class: "left", text: left }) : null,
        el("span", { class: "hint", text: `${speedText(t)} · move ${t.move}` }),
        t.notices ? el("span", { class: "hint notices-on", text: "notices on" }) : null,
      ),
      el("div", { class: "table-seats", text: `you (${t.name || "Player"}) with ${(t.others || []).map(otherText).join(", ") || "no one"}` }),
      el(
        "div",
        { class: "table-links" },
        el("a", { class: t.owes ? "button primary" : "button", href: url, text: t.owes ? "Play your move" : "Open" }),
      ),
    );
  }

  function draw(tables) {
    const owing = tables.filter((t) => t.owes).length;
    document.title = owing ? `(${owing}) ${TITLE}` : TITLE;
    $("mine-status").textContent = tables.length
      ? `${tables.length} table${tables.length === 1 ? "" : "s"}; ${owing || "none"} waiting for your move`
      : "You hold no seat at any table in this browser yet: set one in the lobby, or open an invite link.";
    $("mine").replaceChildren(...tables.map(item));
  }

  async function refresh() {
    const seats = store.seats();
    if (!seats.length) {
      draw([]);
      return;
    }
    try {
      draw(await api("POST", "/api/my-tables", { seats: seats.slice(0, 200) }));
    } catch (error) {
      $("mine-status").textContent = `Your tables could not be listed: ${error.message}`;
    }
  }

  /** Sends the webhook (null: none) to every turn-based table still played here. */
  async function setNotices(webhook) {
    const status = $("notices-status");
    const seats = store.seats().slice(0, 200);
    const tokens = new Map(seats.map((s) => [s.table, s.token]));
    try {
      const listed = seats.length ? await api("POST", "/api/my-tables", { seats }) : [];
      const tables = listed.filter((t) => t.speed === "turns" && (t.status === "running" || t.status === "open"));
      if (!tables.length) {
        status.textContent = "None of your tables is played over days.";
        return;
      }
      for (const t of tables) {
        await api("POST", `/api/tables/${encodeURIComponent(t.table)}/notices`, { webhook }, { "X-Plunder-Token": tokens.get(t.table) });
      }
      const count = `${tables.length} table${tables.length === 1 ? "" : "s"}`;
      status.textContent = webhook ? `Notices of ${count} go to that webhook.` : `No more notices from ${count}.`;
    } catch (error) {
      status.textContent = `Not set: ${error.message}`;
    }
    refresh();
  }

  $("notices-form").addEventListener("submit", (event) => {
    event.preventDefault();
    setNotices($("webhook").value.trim() || null);
  });
  $("notices-stop").addEventListener("click", () => setNotices(null));

  refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
})();
