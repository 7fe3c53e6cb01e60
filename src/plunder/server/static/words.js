/*
 * What a decision asks, in words: the game declares each kind of decision's prompt
 * and its actions' labels as templates (the catalogue's `asks`), and this fills
 * them, exactly as plunder.engine.words does at the terminal (docs/design.md,
 * "Decisions in words"): `{path}`, `{path|filter}` and `{path|filter:PATH}`, a list of templates taking
 * the first that fills. Loaded by the table page (window.Plunder.words) and, for
 * the tests, by node (module.exports).
 */
(function (root) {
  "use strict";

  const PLACE = /\{([^{}|]+)((?:\|[a-z]+(?::[^{}|]*)?)*)\}/g;
  const INNER = /\[([^[\]]+)\]/; // a path inside a path: [hero] in view.heroes.[hero].hero
  const MISSING = Symbol("missing");

  /** Every entry of the catalogue by id: the pieces first (the sections whose entries
   *  have titles), then the entries of the other sections (effects' words...). */
  function pieces(catalogue) {
    const sections = Object.entries(catalogue || {})
      .filter(([name, s]) => name !== "asks" && name !== "phrases" && s && typeof s === "object" && !Array.isArray(s))
      .map(([, s]) => Object.entries(s))
      .filter((entries) => entries.length && entries.every(([, e]) => e && typeof e === "object" && !Array.isArray(e)));
    const titled = sections.filter((entries) => entries.every(([, e]) => "title" in e));
    const found = new Map();
    for (const entries of [...titled, ...sections.filter((s) => !titled.includes(s))]) {
      for (const [key, entry] of entries) if (!found.has(key)) found.set(key, entry);
    }
    return found;
  }

  /** Whether a value is not there: missing, null, false or empty. */
  function absent(v) {
    return v === MISSING || v === undefined || v === null || v === false || v === "" || (Array.isArray(v) && !v.length);
  }

  /** A filler over a catalogue; `seat(n)` names a seat as the page does. */
  function filler(catalogue, seat) {
    const byId = pieces(catalogue);
    const seatName = seat || ((n) => `seat ${n}`);
    const phrases = (catalogue && catalogue.phrases) || {};

    function value(path, scope) {
      path = path.trim();
      for (let inner = INNER.exec(path); inner; inner = INNER.exec(path)) {
        const found = value(inner[1], scope);
        if (found === MISSING || found === null) return MISSING;
        path = path.slice(0, inner.index) + text(found) + path.slice(inner.index + inner[0].length);
      }
      let current = scope;
      for (const key of path.split(".")) {
        if (typeof current === "string" || typeof current === "number") current = byId.has(String(current)) ? byId.get(String(current)) : MISSING;
        if (Array.isArray(current)) current = /^\d+$/.test(key) && Number(key) < current.length ? current[Number(key)] : MISSING;
        else if (current && typeof current === "object" && current !== MISSING) current = Object.prototype.hasOwnProperty.call(current, key) ? current[key] : MISSING;
        else return MISSING;
        if (current === MISSING || current === undefined) return MISSING;
      }
      return current;
    }

    function text(v) {
      return Array.isArray(v) ? v.map(text).join(", ") : String(v);
    }

    /** The item of a list (by an index, a number or its digits) or of an object (by key)
     *  that `key` names; MISSING where there is none. */
    function at(items, key) {
      if (key === MISSING || key === null || key === undefined || typeof key === "boolean") return MISSING;
      if (Array.isArray(items)) return /^\d+$/.test(String(key)) && Number(key) < items.length ? items[Number(key)] : MISSING;
      if (items && typeof items === "object") return Object.prototype.hasOwnProperty.call(items, String(key)) ? items[String(key)] : MISSING;
      return MISSING;
    }

    /** A seat as the page names it, and in brackets `path`'s value in the seat's row of
     *  the view's players (the seat alone where that is not there). */
    function seatWith(seat, path, scope) {
      const rows = value("view.players", scope);
      const row = Array.isArray(rows) ? rows.find((r) => r && typeof r === "object" && r.seat === seat) : undefined;
      const found = row ? value(path, row) : MISSING;
      return absent(found) ? seatName(seat) : `${seatName(seat)} (${text(found)})`;
    }

    /** A filter, with its argument (what follows its colon), applied; MISSING where it
     *  leaves nothing there. */
    function apply(name, v, arg, scope) {
      if (name === "at") return at(v, value(arg, scope));
      if (name === "seat" && arg) return seatWith(v, arg, scope);
      if (name === "seats" && arg) return v.map((s) => seatWith(s, arg, scope)).join(", ");
      const word = arg;
      if (name === "plural") {
        const [one, many] = word.split("/");
        return `${text(v)} ${v === 1 ? one : many || `${one}s`}`;
      }
      if (name === "after") {
        const t = text(v);
        return t.startsWith(word) && t.length > word.length ? t.slice(word.length) : MISSING;
      }
      if (name === "is") return text(v) === word ? v : MISSING;
      if (name === "not") return text(v) !== word ? v : MISSING;
      if (name === "add") return v + Number(word);
      if (name === "say" || name === "each") {
        if (!(word in phrases)) throw new Error(`no phrase is called ${word}`);
        const items = name === "each" && Array.isArray(v) ? v : [v];
        const filled = items.map((item) => fill(phrases[word], { ...scope, it: item })).filter(Boolean);
        return filled.length ? filled.join(", ") : MISSING;
      }
      if (name === "seat") return seatName(v);
      if (name === "seats") return v.map(seatName).join(", ");
      if (name === "title") return (byId.get(String(v)) || {}).title || v;
      if (name === "capital") return text(v).charAt(0).toUpperCase() + text(v).slice(1);
      if (name === "list") return v.map(text).join(", ");
      if (name === "if") return "";
      throw new Error(`no template filter is called ${name}`);
    }

    /** One template filled, or null where one of its values is not there. */
    function one(template, scope) {
      let out = "";
      let at = 0;
      for (const match of template.matchAll(PLACE)) {
        let v = value(match[1], scope);
        if (absent(v)) return null;
        for (const each of match[2].split("|").slice(1)) {
          const colon = each.indexOf(":");
          v = colon < 0 ? apply(each, v, "", scope) : apply(each.slice(0, colon), v, each.slice(colon + 1), scope);
          if (v === MISSING || v === null || v === undefined) return null; // a filter that found nothing
        }
        out += template.slice(at, match.index) + text(v);
        at = match.index + match[0].length;
      }
      return out + template.slice(at);
    }

    /** The first of the templates that fills ("" when none does). */
    function fill(templates, scope) {
      for (const each of typeof templates === "string" ? [templates] : templates || []) {
        const filled = one(each, scope);
        if (filled !== null) return filled;
      }
      return "";
    }

    return { fill, value };
  }

  function ask(catalogue, view) {
    const kind = ((view && view.decision) || {}).kind;
    return ((catalogue || {}).asks || {})[kind] || null;
  }

  function scope(view) {
    return { ...((view && view.decision) || {}), view };
  }

  /** The open decision's prompt as the game words it ("" when it declares none). */
  function prompt(catalogue, view, seat) {
    const found = ask(catalogue, view);
    return found ? filler(catalogue, seat).fill(found.prompt, scope(view)) : "";
  }

  /** An action of the open decision in the game's words ("" when it declares none). */
  function label(catalogue, action, view, seat) {
    const found = ask(catalogue, view);
    if (!found) return "";
    const chosen = found.by ? (found.labels || {})[String(action[found.by])] : null;
    return filler(catalogue, seat).fill(chosen || found.label, { ...scope(view), ...action });
  }

  const words = { filler, prompt, label };
  if (typeof module !== "undefined" && module.exports) module.exports = words;
  if (root && root.Plunder) {
    const P = root.Plunder;
    P.words = words;
    // The page's own: seats named as the table names them ("Anne (you)").
    // A seat in an action's arg is its number written out ("captain:2").
    const seatOf = (message) => (s) => P.seatLabel(message, typeof s === "string" && /^\d+$/.test(s) ? Number(s) : s);
    P.asked = (message) => prompt(message.catalogue, message.view, seatOf(message));
    P.actionWords = (action, view, message) => label(message.catalogue, action, view || message.view, seatOf(message));
  }
})(typeof window !== "undefined" ? window : null);
