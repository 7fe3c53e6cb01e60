/*
 * The player's move: an optional chime when a decision becomes theirs (the tab's
 * title says it too, in draw.js), and the move box (command.js), which lists the
 * legal moves to type and reads out what a decision that has just become the
 * player's asks.
 */

import { $ } from "./dom.js";
import { P, isClosed, isOver, mode, mySeat, page } from "./page.js";

/** A short chime when a decision becomes the player's, if they asked for one. */
export function announceTurn(myMove) {
  const fresh = myMove && !page.myMove;
  page.myMove = myMove;
  if (!fresh || mode === "replay" || !$("turn-sound").checked) return;
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  try {
    const AudioContext = window.AudioContext || window.webkitAudioContext;
    page.audio = page.audio || new AudioContext();
    const tone = page.audio.createOscillator();
    const volume = page.audio.createGain();
    tone.frequency.value = 660;
    volume.gain.setValueAtTime(0.15, page.audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, page.audio.currentTime + 0.35);
    tone.connect(volume).connect(page.audio.destination);
    tone.start();
    tone.stop(page.audio.currentTime + 0.35);
  } catch (_) {
    /* no audio here: the title still says it */
  }
}

/**
 * The move box, for a seated player: the legal moves to type, and when a
 * decision becomes the player's, what it asks is read out.
 */
export function drawCommand(shown) {
  const seated = mode === "seat" && mySeat() !== null && !isOver() && !isClosed();
  $("command").hidden = !seated;
  $("skip-to-move").hidden = !seated;
  if (!page.command) return;
  page.command.update(shown);
  const myMove = seated && shown.legal.length > 0;
  // Told after the events that led to it (drawLog reads those out): see tellMove.
  page.moveToTell = myMove && !page.toldMove ? P.asked(shown) || "" : null;
  page.toldMove = myMove;
}

/** A decision that has just become the player's is read out, with what it asks. */
export function tellMove() {
  if (page.moveToTell === null || page.moveToTell === undefined || !page.command) return;
  const asked = page.moveToTell;
  page.moveToTell = null;
  page.command.announce([`Your move${asked ? `: ${asked}` : "."}`]);
}
