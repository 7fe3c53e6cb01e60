/* The seats: names and markers, who has chosen, this seat's clock, and the seat controls. */

import { drawClockNote, tick } from "./clock.js";
import { send } from "./connection.js";
import { $, patch } from "./dom.js";
import { lastMoveSeats } from "./log.js";
import { P, amHost, el, isClosed, isOver, mySeat, page } from "./page.js";

export function drawSeats() {
  const message = page.message;
  const summary = page.summary || {};
  const view = (message && message.view) || {};
  const pending = view.pending || [];
  const committed = view.committed || [];
  const me = mySeat();
  const host = amHost();
  const over = isOver() || isClosed();
  const lastSeats = lastMoveSeats();
  drawClockNote(summary, me, over);

  const list = $("seats");
  const seats = summary.seats || [];
  if (list.children.length !== seats.length) {
    list.replaceChildren(
      ...seats.map(() =>
        el(
          "li",
          { class: "seat-item" },
          el("div", { class: "seat-line" }),
          el("div", { class: "seat-line sub seat-step" }),
          el("div", { class: "seat-line sub seat-controls" }),
        ),
      ),
    );
  }
  seats.forEach((seat, index) => {
    const item = list.children[index];
    const [line, stepLine, controlLine] = item.children;
    const n = seat.seat;
    const isMe = n === me;
    const chosen = !over && committed.includes(n);
    const waiting = !over && summary.status !== "open" && pending.includes(n) && !chosen;
    const isHostSeat = summary.host === n;
    item.className = `seat-item${isMe ? " me" : ""}${waiting ? " waiting" : ""}${chosen ? " chosen" : ""}${lastSeats.has(n) ? " last-move" : ""}`;
    item.dataset.seat = String(n);
    item.dataset.kind = seat.kind;
    const team = (view.teams || []).findIndex((members) => members.includes(n));
    item.dataset.team = team < 0 ? "" : String(team);
    item.dataset.status = chosen ? "committed" : waiting ? "pending" : "idle";

    const name = `${seat.kind === "bot" ? P.seatName(summary, n) : seat.name || ""}${isMe ? " (you)" : ""}`;
    patch(line, JSON.stringify([n, name, seat.kind, seat.bot, seat.level, seat.taken, seat.connected, seat.auto, isHostSeat, team]), () => {
      const parts = [el("span", { class: "seat-no", text: String(n + 1) }), el("span", { class: "seat-name", text: name })];
      // In a game of teams, each seat's team, by its colour and number.
      if (team >= 0) parts.push(el("span", { class: `badge team-${team}`, text: `team ${team + 1}` }));
      if (seat.kind === "bot") {
        parts.push(el("span", { class: "badge bot", text: "bot", title: `${seat.bot || "bot"}, ${seat.level || "normal"}` }));
      } else if (!seat.taken) {
        parts.push(el("span", { class: "badge free", text: "free seat" }));
      } else {
        const state = seat.connected ? "connected" : "not connected";
        parts.push(el("span", { class: `dot ${seat.connected ? "on" : "off"}`, title: state, role: "img", "aria-label": state }));
      }
      if (seat.auto) parts.push(el("span", { class: "badge auto", text: "bot playing" }));
      if (isHostSeat) parts.push(el("span", { class: "badge host", text: "host" }));
      return parts;
    });

    const showClock = isMe && waiting && page.deadlineAt !== null;
    patch(stepLine, JSON.stringify([chosen, waiting, showClock]), () => [
      chosen ? el("span", { class: "step chosen", text: "has chosen" }) : null,
      waiting ? el("span", { class: "step waiting", text: "choosing…" }) : null,
      showClock ? el("span", { class: "clock", dataset: { clock: "" } }) : null,
    ]);
    stepLine.hidden = !(chosen || waiting);

    // The host hands another player's seat over; a player leaves their own seat
    // with "Leave the game" (below the seats).
    const canHandOver = host && !isMe && !over && seat.kind === "human" && seat.taken && !seat.auto;
    const canTakeBack = isMe && seat.auto && !over;
    patch(controlLine, JSON.stringify([canHandOver, canTakeBack, isMe, seat.name]), () => [
      canHandOver
        ? el("button", {
            type: "button",
            class: "small",
            dataset: { handover: String(n) },
            text: "Hand over to a bot",
            title: "Asks the player, unless they have been away a while",
            "aria-label": `Ask to hand seat ${n + 1} (${P.seatName(summary, n)}) over to a bot`,
            onclick: () => send({ type: "handover", seat: n }),
          })
        : null,
      canTakeBack
        ? el("button", {
            type: "button",
            class: "small primary",
            id: "takeback",
            text: "Take my seat back",
            onclick: () => send({ type: "takeback" }),
          })
        : null,
    ]);
    controlLine.hidden = !(canHandOver || canTakeBack);
  });
  tick();
}
