/*
 * The lobby: the games (GET /api/games), a form that sets a table
 * (POST /api/tables) and the list of open and running tables
 * (GET /api/tables, refreshed every few seconds).
 */
(function () {
  "use strict";

  const { el, api, store } = window.Plunder;
  const REFRESH_MS = 4000;

  let games = [];
  const $ = (id) => document.getElementById(id);

  function currentGame() {
    return games.find((g) => g.name === $("game").value) || games[0];
  }

  /* ---- the form ---------------------------------------------------------- */

  function fillGames() {
    const select = $("game");
    select.replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.title || g.name })));
    chooseGame();
  }

  function chooseGame() {
    const game = currentGame();
    if (!game) return;
    $("game-summary").textContent = game.summary || "";
    $("lesson-offer").hidden = !game.lesson;
    const players = $("players");
    const spec = (game.options || []).find((o) => o.name === "players");
    players.min = game.min_players;
    players.max = game.max_players;
    players.value = String((spec && spec.default) || game.default_players || game.min_players);
    drawOptions(game);
    drawSeats();
    drawReflex();
  }

  /** The game's rules time some decisions under the options chosen (its `timed_when`). */
  function timed() {
    const game = currentGame();
    const when = game && game.timed_when;
    if (!when) return false;
    const options = readOptions();
    return Object.entries(when).every(([name, value]) => options[name] === value);
  }

  /** The reflex clock's field, shown when a live table will meet timed decisions. */
  function drawReflex() {
    const turns = $("speed").value === "turns";
    $("reflex-field").hidden = turns || !timed();
    $("reflex-hint").hidden = !timed();
  }

  /** A live table's clocks, or a turn-based table's hours a move. */
  function drawSpeed() {
    const turns = $("speed").value === "turns";
    $("clock-field").hidden = turns;
    $("live-hint").hidden = turns;
    $("turn-hours-field").hidden = !turns;
    $("turns-hint").hidden = !turns;
    drawReflex();
  }

  /**
   * One field per option except `players` (the seat rows say how many). The options
   * a game marks as not common (readings of the rules, caps on a game's length) are
   * folded under "More options", so that the whole form, "Set the table" included,
   * fits a laptop's window.
   */
  function drawOptions(game) {
    const field = (option) => {
      const id = `option-${option.name}`;
      let input;
      if (typeof option.default === "boolean") {
        // A yes-or-no option is a checkbox, even when it lists its two choices.
        input = el("input", { id, name: option.name, type: "checkbox", checked: option.default });
        input.dataset.kind = "boolean";
      } else if (option.choices && option.choices.length) {
        input = el(
          "select",
          { id, name: option.name },
          // The value sent is the game's; the text is the choice in players' words.
          option.choices.map((c, i) =>
            el("option", {
              value: String(c),
              text: (option.choice_labels || [])[i] || String(c),
              selected: c === option.default,
            }),
          ),
        );
        input.dataset.kind = typeof option.default === "number" ? "number" : "string";
      } else if (typeof option.default === "number") {
        input = el("input", {
          id,
          name: option.name,
          type: "number",
          value: String(option.default),
          min: option.minimum ?? null,
          max: option.maximum ?? null,
          step: Number.isInteger(option.default) ? "1" : "any",
          required: true,
        });
        input.dataset.kind = "number";
      } else {
        input = el("input", { id, name: option.name, type: "text", value: option.default ?? "" });
        input.dataset.kind = "string";
      }
      input.dataset.option = option.name;
      input.dataset.default = JSON.stringify(option.default);
      const label = option.label || option.name.replace(/_/g, " ");
      return el(
        "label",
        { class: input.type === "checkbox" ? "field check" : "field" },
        el("span", { text: label }),
        input,
        option.help ? el("small", { class: "hint", text: option.help }) : null,
      );
    };
    const options = (game.options || []).filter((o) => o.name !== "players");
    const common = options.filter((o) => o.common !== false).map(field);
    const more = options.filter((o) => o.common === false).map(field);
    const folded = el("details", { id: "more-options", class: "more-options" }, el("summary", { text: "More options" }), more);
    // A folded field the browser refuses (out of range) is unfolded, to be seen and put right.
    folded.addEventListener("invalid", () => (folded.open = true), true);
    const fields = more.length ? [...common, folded] : common;
    $("option-fields").replaceChildren(...fields);
    for (const input of $("option-fields").querySelectorAll("[data-option]")) {
      input.addEventListener("change", drawReflex);
      input.addEventListener("change", drawRoles);
    }
    $("options").hidden = fields.length === 0;
  }

  /**
   * One row per seat: human or a bot with its level. The first seat is the creator's by
   * default. Seats are numbered for people from 1 ("Seat 1"); the ids and the seats
   * sent keep the protocol's numbers, from 0.
   */
  function drawSeats() {
    const game = currentGame();
    const count = clampPlayers();
    const rows = $("seat-rows");
    const previous = readSeats();
    const bots = (game && game.bots) || [];
    const children = [];
    for (let seat = 0; seat < count; seat++) {
      // The first seat is the creator's; the others start as the game's default bot, so a
      // player alone can start at once (friends are seated by choosing Human).
      const fallback = game && game.default_bot && seat > 0
        ? { kind: "bot", bot: game.default_bot, level: "normal" }
        : { kind: "human" };
      const before = previous[seat] || fallback;
      const kind = el(
        "select",
        { id: `seat-${seat}-kind`, "aria-label": `Seat ${seat + 1}: who plays` },
        el("option", { value: "human", text: "Human" }),
        bots.map((b) =>
          el("option", { value: `bot:${b.name}`, text: `Bot: ${b.name}`, title: b.help || "" }),
        ),
      );
      kind.value = before.kind === "bot" ? `bot:${before.bot}` : "human";
      if (!kind.value) kind.value = "human";
      const level = el("select", { id: `seat-${seat}-level`, "aria-label": `Seat ${seat + 1}: bot level` });
      const fillLevels = () => {
        const bot = bots.find((b) => `bot:${b.name}` === kind.value);
        const levels = (bot && bot.levels) || [];
        level.replaceChildren(...levels.map((l) => el("option", { value: l, text: l })));
        if (levels.includes(before.level)) level.value = before.level;
        else if (levels.includes("normal")) level.value = "normal";
        level.hidden = !bot;
      };
      kind.addEventListener("change", fillLevels);
      fillLevels();
      children.push(
        el(
          "div",
          { class: "seat-row", dataset: { seat: String(seat) } },
          el("span", { class: "seat-no", text: `Seat ${seat + 1}` }),
          kind,
          level,
          el("span", { class: "seat-role hint", id: `seat-${seat}-role` }),
        ),
      );
    }
    rows.replaceChildren(...children);
    drawRoles();
  }

  // The last seats query asked, so that only its answer is drawn.
  let rolesAsked = 0;

  /** Each seat's team and part in the game, in the game's words, under the options chosen. */
  async function drawRoles() {
    const game = currentGame();
    if (!game) return;
    const asked = ++rolesAsked;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(readOptions())) query.set(name, String(value));
    let seats = { teams: null, roles: [] };
    try {
      seats = await api("GET", `/api/games/${encodeURIComponent(game.name)}/seats?${query}`);
    } catch (error) {
      seats = { teams: null, roles: [] }; // options the game refuses: creating says why
    }
    if (asked !== rolesAsked) return;
    const teamOf = {};
    (seats.teams || []).forEach((team, index) => team.forEach((seat) => (teamOf[seat] = index)));
    for (const row of document.querySelectorAll("#seat-rows .seat-row")) {
      const seat = Number(row.dataset.seat);
      const role = $(`seat-${seat}-role`);
      const team = teamOf[seat];
      row.dataset.team = team === undefined ? "" : String(team);
      const words = [];
      if (team !== undefined) words.push(`Team ${team + 1}`);
      if (seats.roles && seats.roles[seat]) words.push(seats.roles[seat]);
      role.textContent = words.join(": ");
    }
  }

  function clampPlayers() {
    const input = $("players");
    const min = Number(input.min) || 1;
    const max = Number(input.max) || 8;
    let value = Math.round(Number(input.value));
    if (!Number.isFinite(value)) value = min;
    return Math.min(max, Math.max(min, value));
  }

  function readSeats() {
    return Array.from(document.querySelectorAll("#seat-rows .seat-row")).map((row) => {
      const seat = row.dataset.seat;
      const kind = $(`seat-${seat}-kind`).value;
      if (kind.startsWith("bot:")) {
        return { kind: "bot", bot: kind.slice(4), level: $(`seat-${seat}-level`).value || "normal" };
      }
      return { kind: "human" };
    });
  }

  function readOptions() {
    const options = {};
    for (const input of document.querySelectorAll("#option-fields [data-option]")) {
      const kind = input.dataset.kind;
      let value;
      if (kind === "boolean") value = input.checked;
      else if (kind === "number") value = Number(input.value);
      else value = input.value;
      options[input.dataset.option] = value;
    }
    options.players = clampPlayers();
    return options;
  }

  /** A guided first game: the game's lesson sets the seats, the options and the deal. */
  async function learn() {
    const errorBox = $("create-error");
    errorBox.hidden = true;
    const name = $("name").value.trim() || "Learner";
    try {
      const made = await api("POST", "/api/tables", { game: $("game").value, lesson: true, name });
      store.setToken(made.table, made.token);
      window.location.assign(`/t/${encodeURIComponent(made.table)}`);
    } catch (error) {
      errorBox.textContent = `The guided game could not be set: ${error.message}`;
      errorBox.hidden = false;
    }
  }

  async function create(event) {
    event.preventDefault();
    const errorBox = $("create-error");
    errorBox.hidden = true;
    const name = $("name").value.trim();
    const seats = readSeats();
    if (seats.some((s) => s.kind === "human") && !name) {
      errorBox.textContent = "Give your name: it is how the other players see you.";
      errorBox.hidden = false;
      $("name").focus();
      return;
    }
    const clockText = $("clock").value.trim();
    const turns = $("speed").value === "turns";
    const body = {
      game: $("game").value,
      options: readOptions(),
      seats,
      name: name || null,
      clock: clockText && !turns ? Number(clockText) : null,
    };
    if (turns) {
      body.speed = "turns";
      body.turn_hours = Number($("turn-hours").value.trim() || "24");
    }
    const reflexText = $("reflex-clock").value.trim();
    if (timed() && reflexText && !turns) body.reflex_clock = Number(reflexText);
    const button = $("create");
    button.disabled = true;
    try {
      const made = await api("POST", "/api/tables", body);
      if (name) store.setName(name);
      if (made.token) {
        store.setToken(made.table, made.token);
        window.location.assign(`/t/${encodeURIComponent(made.table)}`);
      } else {
        // No human seat: the creator watches the bots.
        window.location.assign(`/t/${encodeURIComponent(made.table)}?watch`);
      }
    } catch (error) {
      errorBox.textContent = `The table could not be set: ${error.message}`;
      errorBox.hidden = false;
      button.disabled = false;
    }
  }

  /* ---- the tables -------------------------------------------------------- */

  function seatText(seat) {
    if (seat.kind === "bot") return `${seat.bot || "a"} bot${seat.level ? ` (${seat.level})` : ""}`;
    if (seat.taken) return `${seat.name || "someone"}${seat.auto ? " (bot playing)" : ""}`;
    return "free seat";
  }

  function drawTables(tables) {
    const list = $("tables");
    $("tables-status").textContent = tables.length
      ? `${tables.length} table${tables.length === 1 ? "" : "s"}`
      : "No table yet: set one.";
    list.replaceChildren(
      ...tables.map((t) => {
        const url = `/t/${encodeURIComponent(t.table)}`;
        const seats = t.seats || [];
        const free = seats.some((s) => s.kind === "human" && !s.taken);
        const mine = Boolean(store.token(t.table));
        return el(
          "li",
          { class: "table-item", dataset: { table: t.table, status: t.status } },
          el(
            "div",
            { class: "table-head" },
            el("strong", { text: t.title || t.game }),
            el("span", { class: `status status-${t.status}`, text: t.status }),
            // No one was connected for a while: bots play every seat to the end.
            t.abandoned ? el("span", { class: "status status-abandoned", text: "abandoned: bots finish it" }) : null,
            el("span", { class: "hint", text: `${t.speed === "turns" ? `over days, ${t.turn_hours} h a move · ` : ""}move ${t.move ?? 0}` }),
          ),
          el("div", { class: "table-seats", text: seats.map(seatText).join(" · ") }),
          el(
            "div",
            { class: "table-links" },
            mine ? el("a", { class: "button primary", href: url, text: "Back to my seat" }) : null,
            !mine && free ? el("a", { class: "button primary", href: url, text: "Join" }) : null,
            el("a", { class: "button", href: `${url}?watch`, text: "Watch" }),
          ),
        );
      }),
    );
  }

  async function refreshTables() {
    try {
      drawTables(await api("GET", "/api/tables"));
    } catch (error) {
      $("tables-status").textContent = `The tables could not be listed: ${error.message}`;
    }
  }

  /* ---- start ------------------------------------------------------------- */

  async function start() {
    $("name").value = store.name();
    $("game").addEventListener("change", chooseGame);
    $("players").addEventListener("input", drawSeats);
    $("players").addEventListener("change", () => {
      $("players").value = String(clampPlayers());
      drawSeats();
    });
    $("create-form").addEventListener("submit", create);
    $("speed").addEventListener("change", drawSpeed);
    $("lesson").addEventListener("click", learn);
    try {
      games = await api("GET", "/api/games");
      fillGames();
    } catch (error) {
      const box = $("create-error");
      box.textContent = `The games could not be loaded: ${error.message}`;
      box.hidden = false;
    }
    refreshTables();
    setInterval(() => {
      if (!document.hidden) refreshTables();
    }, REFRESH_MS);
  }

  start();
})();
