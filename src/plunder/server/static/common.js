/*
 * Shared helpers of the browser table: the `Plunder` namespace, where game
 * renderers register themselves (`Plunder.renderers[<game>]`), DOM building,
 * the JSON API, the seat tokens kept in localStorage and a few words for seats.
 *
 * Plain script (no modules, no build step): every page loads it first.
 */
(function () {
  "use strict";

  const Plunder = (window.Plunder = window.Plunder || {});
  Plunder.renderers = Plunder.renderers || {};

  /**
   * Builds an element: el("button", {class: "card", dataset: {card: "ace"},
   * onclick: fn, text: "Ace"}, child, ...). Children may be nodes, strings,
   * arrays of either, or null/false (skipped).
   */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "style" && typeof value === "object") {
        for (const [prop, v] of Object.entries(value)) {
          if (prop.startsWith("--")) node.style.setProperty(prop, v);
          else node.style[prop] = v;
        }
      }
      else if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, String(value));
    }
    appendAll(node, children);
    return node;
  }

  function appendAll(node, children) {
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      if (Array.isArray(child)) appendAll(node, child);
      else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }

  /** Calls the JSON API; resolves to the body, rejects with an Error carrying `status`. */
  async function api(method, path, body, headers) {
    const init = { method, headers: Object.assign({ Accept: "application/json" }, headers || {}) };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    let data = null;
    const text = await response.text();
    if (text) {
      try {
        data = JSON.parse(text);
      } catch (_) {
        data = { error: text };
      }
    }
    if (!response.ok) {
      const message = (data && data.error) || `${response.status} ${response.statusText}`;
      const error = new Error(message);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  /* Seat tokens and the player's name, as docs/server.md lays them out. */
  const store = {
    token(table) {
      try {
        return localStorage.getItem(`plunder:token:${table}`);
      } catch (_) {
        return null;
      }
    },
    setToken(table, token) {
      try {
        localStorage.setItem(`plunder:token:${table}`, token);
      } catch (_) {
        /* private mode: the seat lasts as long as the page */
      }
    },
    /** Every seat this browser holds: [{table, token}], from the tokens it keeps. */
    seats() {
      const held = [];
      try {
        for (let i = 0; i < localStorage.length; i += 1) {
          const key = localStorage.key(i);
          if (!key || !key.startsWith("plunder:token:")) continue;
          const token = localStorage.getItem(key);
          if (token) held.push({ table: key.slice("plunder:token:".length), token });
        }
      } catch (_) {
        /* nothing stored */
      }
      return held;
    },
    dropToken(table) {
      try {
        localStorage.removeItem(`plunder:token:${table}`);
      } catch (_) {
        /* nothing stored */
      }
    },
    name() {
      try {
        return localStorage.getItem("plunder:name") || "";
      } catch (_) {
        return "";
      }
    },
    setName(name) {
      try {
        localStorage.setItem("plunder:name", name);
      } catch (_) {
        /* not kept */
      }
    },
    sound() {
      try {
        return localStorage.getItem("plunder:sound") === "on";
      } catch (_) {
        return false;
      }
    },
    setSound(on) {
      try {
        localStorage.setItem("plunder:sound", on ? "on" : "off");
      } catch (_) {
        /* not kept */
      }
    },
  };

  /** The table summary's entry for a seat, if any. */
  function seatInfo(table, seat) {
    const seats = (table && table.seats) || [];
    return seats.find((s) => s.seat === seat) || seats[seat] || null;
  }

  function baseName(info, seat) {
    if (info) {
      if (info.kind === "bot") return info.name || `${info.bot || "bot"} bot`;
      if (info.name) return info.name;
      if (info.kind === "human" && !info.taken) return "Free seat";
    }
    return `Seat ${seat + 1}`;
  }

  /**
   * What the table calls a seat: its player's name, the bot's name, or "Seat N";
   * with "#N" added when another seat goes by the same name (two random bots).
   * Seats are numbered for people from 1: the protocol's seat 0 is "Seat 1".
   */
  function seatName(table, seat) {
    const name = baseName(seatInfo(table, seat), seat);
    const seats = (table && table.seats) || [];
    const twin = seats.some((s) => s.seat !== seat && baseName(s, s.seat) === name);
    return twin ? `${name} #${seat + 1}` : name;
  }

  /** The seat's name for the viewer: "Anne (you)" for one's own seat (not in a replay). */
  function seatLabel(message, seat) {
    const name = seatName(message && message.table, seat);
    return message && message.seat === seat && !message.replay ? `${name} (you)` : name;
  }

  /** A log event as one line of text. */
  function eventText(event) {
    if (event && typeof event.text === "string") return event.text;
    if (!event || typeof event !== "object") return String(event);
    const fields = Object.entries(event)
      .filter(([key]) => key !== "type")
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join(", ");
    return fields ? `${event.type || "event"}: ${fields}` : String(event.type || "event");
  }

  /** An inline SVG icon from a renderer's table of paths (24x24 view box). */
  function glyph(paths, name, extraClass) {
    const span = el("span", { class: `glyph ${extraClass || ""}`.trim(), "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">${paths[name] || ""}</svg>`;
    return span;
  }

  /** A log event as one line of text, with "seat N" turned into the seat's name; the
   *  viewer's own "seat N's" reads "your" ("Your card breaks"), not "Anne (you)'s". */
  function namedEventText(entry, message) {
    return eventText(entry).replace(/\b([Ss])eat (\d+)\b('s\b)?/g, (_, s, n, owner) => {
      const seat = Number(n);
      const mine = message && message.seat === seat && !message.replay;
      if (owner && mine) return s === "S" ? "Your" : "your";
      return seatLabel(message, seat) + (owner || "");
    });
  }

  /** "Anne", "Anne and Bob", "Anne, Bob and Carl". */
  function joinNames(names) {
    if (names.length <= 1) return names.join("");
    return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }

  /** Copies text to the clipboard, with a fallback for pages not served over https. */
  async function copyText(text) {
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        return true;
      }
    } catch (_) {
      /* fall back below */
    }
    const area = el("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (_) {
      ok = false;
    }
    area.remove();
    return ok;
  }

  /* ---- the reveal: the table holds still a moment when a step resolves ---- */

  /** How long the table shows a reveal before the next choices (ms; a stored setting). */
  function revealPause() {
    try {
      const stored = localStorage.getItem("plunder:reveal-pause");
      if (stored !== null && Number.isFinite(Number(stored))) return Math.max(0, Number(stored));
    } catch (_) {
      /* default */
    }
    return 1500;
  }

  const moments = new Map();

  /**
   * What a `game`'s table draws now, for the newest message `latest` whose latest
   * reveal is `key`: `{ message, hold }`, where `hold` is how many more milliseconds the
   * table holds still (no choices are offered meanwhile). A reveal seen as it happens
   * holds the table its whole moment: a later reveal that arrives meanwhile waits its
   * turn (the table goes on drawing the message that showed the earlier one), so a
   * player whose seat does not take part still sees every reveal, however fast the
   * others play. When the hold ends `redraw(latest)` is called, unless a newer message
   * has been drawn since. A replay (no `send`) or a finished game holds nothing. A key
   * already there when the page opened starts no moment.
   */
  function held(game, key, latest, send, redraw) {
    const scope = `${game}:${(latest.table && latest.table.table) || ""}`;
    const live = Boolean(send) && !(latest.view && latest.view.over);
    const now = Date.now();
    const seen = moments.get(scope);
    if (!live || !seen) {
      if (seen) seen.latest = latest;
      else if (live) moments.set(scope, { key, until: now, message: latest, latest });
      return { message: latest, hold: 0 };
    }
    seen.latest = latest;
    let message = latest;
    if (seen.key !== key && seen.until > now) message = seen.message;
    else if (seen.key !== key) Object.assign(seen, { key, until: now + revealPause(), message: latest });
    else seen.message = latest;
    const hold = Math.max(0, seen.until - now);
    if (hold) setTimeout(() => seen.latest === latest && redraw(latest), hold + 20);
    return { message, hold };
  }

  /**
   * The box a player ticks to have the windows of this timing passed for them: for
   * the state message's `autopass` (the window open for the viewer: its `timing`,
   * its `label` in players' words, and whether the seat's setting covers it), else
   * null. Ticking it calls the message's `setAutopass(timing, on)`. A renderer that
   * draws it where its choices are registers with `autopass: true`; for any other,
   * the table page draws it above the game.
   */
  function autopassToggle(message) {
    const offer = message && message.autopass;
    if (!offer || typeof message.setAutopass !== "function") return null;
    return el(
      "label",
      { class: "autopass-toggle", title: `Windows of this timing: ${offer.label}. Only you know of this setting.` },
      el("input", {
        type: "checkbox",
        checked: offer.on,
        dataset: { autopass: offer.timing },
        onchange: (event) => message.setAutopass(offer.timing, event.target.checked),
      }),
      el("span", {}, "Pass these automatically ", el("small", { class: "autopass-timing", text: `(${offer.label})` })),
    );
  }

  /**
   * Time left in players' words: "3 d 5 h", "23 h 10 min", "12 min", "45 s". A
   * turn-based table gives hours or days a move, a live clock seconds.
   */
  function formatLeft(seconds) {
    const total = Math.max(0, Math.ceil(seconds));
    const days = Math.floor(total / 86400);
    const hours = Math.floor((total % 86400) / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    // Under two days, in hours: "36 h" reads more plainly than "1 d 12 h".
    if (days >= 2) return hours ? `${days} d ${hours} h` : `${days} d`;
    if (days) return minutes ? `${24 + hours} h ${minutes} min` : `${24 + hours} h`;
    if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
    if (minutes) return `${minutes} min`;
    return `${total % 60} s`;
  }

  Object.assign(Plunder, { formatLeft, el, api, store, seatInfo, seatName, seatLabel, eventText, namedEventText, glyph, joinNames, copyText, held, revealPause, autopassToggle });
})();
