/*
 * The move box of the table page: a player types a move in the terminal's
 * notation (`colt>2`, `step>c2`) and presses Enter, as at the terminal table.
 * The box offers the legal moves as completions (a datalist: each notation with
 * the game's words for it), `?` lists them with those words (the same words the
 * terminal's `?` prints, from the game's catalogue), and a number picks from
 * that list. What is not a legal move is refused here, in words, and nothing is
 * sent. No game is named: the moves and their words come with the state.
 *
 * The page's events are read out through a live region of their own
 * (`announce`), in the log's words, so that a screen reader follows the game.
 */
(function () {
  "use strict";

  const P = window.Plunder;
  const $ = (id) => document.getElementById(id);

  // Lines kept in the announcer: the latest events, so that it never grows long.
  const ANNOUNCED_KEEP = 12;

  /**
   * The box, wired to `act(action)` (the page's way to send a move). `update(shown)`
   * gives it the message the table is drawn from (its `actions`, `view` and
   * `catalogue`); `announce(lines)` reads lines out.
   */
  function commandBox(act) {
    const form = $("command-form");
    const input = $("command-text");
    const list = $("command-actions");
    const said = $("command-said");
    const help = $("command-help");
    const box = { actions: [], message: null, key: null };

    function say(text) {
      // The same words twice are still read again: clear, then write.
      said.textContent = "";
      window.requestAnimationFrame(() => (said.textContent = text));
      said.dataset.said = text;
    }

    function words(action) {
      try {
        return P.actionWords(action, null, box.message) || "";
      } catch (_) {
        return "";
      }
    }

    /** A move as the help lists it: its notation, with its words when the game has some. */
    function described(action) {
      const told = words(action);
      return told ? `${action.notation} (${told})` : action.notation;
    }

    function update(shown) {
      box.message = shown;
      box.actions = (shown && shown.actions) || [];
      const key = JSON.stringify(box.actions.map((a) => [a.notation, words(a)]));
      input.dataset.moves = String(box.actions.length);
      if (key === box.key) return;
      box.key = key;
      list.replaceChildren(...box.actions.map((a) => P.el("option", { value: a.notation, label: words(a) || a.notation })));
      // The help list answers the moves it was asked about: another decision, another list.
      if (!help.hidden) showHelp(false);
    }

    /** `?`: the legal moves with their words, what is asked, and how to play them. */
    function showHelp(spoken) {
      const asked = box.message && box.message.view ? P.asked(box.message) : "";
      const moves = box.actions;
      help.hidden = false;
      const parts = [
        asked ? P.el("p", { text: asked }) : null,
        P.el("p", { text: moves.length ? "Legal moves now:" : "No move is yours to play now." }),
        moves.length ? P.el("ol", {}, moves.map((a) => P.el("li", { text: described(a) }))) : null,
        P.el("p", {
          class: "hint",
          text: "Type a move's notation (or its number on this list) and press Enter; ? shows this list. The Rules button opens the game's guide.",
        }),
      ];
      help.replaceChildren(...parts.filter(Boolean));
      if (spoken) {
        // Shown once (the list), read out whole (the announcer, which is not shown).
        say(moves.length ? `${moves.length} legal moves, listed below.` : "No move is yours to play now.");
        if (moves.length) announce([`${moves.length} legal moves: ${moves.map(described).join("; ")}.`]);
      }
    }

    /** The move `text` names: its exact notation, the same letters in another case, or its number. */
    function find(text) {
      const exact = box.actions.find((a) => a.notation === text);
      if (exact) return exact;
      const folded = box.actions.filter((a) => a.notation.toLowerCase() === text.toLowerCase());
      if (folded.length === 1) return folded[0];
      if (/^\d+$/.test(text)) {
        const index = Number(text);
        if (index >= 1 && index <= box.actions.length) return box.actions[index - 1];
      }
      return null;
    }

    function submit(event) {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) {
        say("Type a move's notation, or ? for the moves you may play.");
        return;
      }
      if (text === "?" || text.toLowerCase() === "help") {
        input.value = "";
        showHelp(true);
        return;
      }
      if (!box.actions.length) {
        say(`${text} was not sent: no move is yours to play now.`);
        input.select();
        return;
      }
      const action = find(text);
      if (!action) {
        say(`${text} is not a legal move now, and was not sent. Type ? for the moves you may play.`);
        // Kept to be mended, and selected: what is typed next replaces it.
        input.select();
        return;
      }
      input.value = "";
      help.hidden = true;
      say(`You chose ${described(action)}.`);
      act(action);
    }

    form.addEventListener("submit", submit);
    $("skip-to-move").addEventListener("click", (event) => {
      event.preventDefault();
      input.focus();
    });

    function announce(lines) {
      const region = $("announce");
      const told = lines.filter(Boolean);
      if (!told.length) return;
      region.append(...told.map((line) => P.el("p", { text: line })));
      while (region.children.length > ANNOUNCED_KEEP) region.firstElementChild.remove();
    }

    return { update, announce };
  }

  P.commandBox = commandBox;
})();
