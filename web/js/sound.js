// The table's sounds and the turn's vibration (each with its own switch), synthesised with Web Audio (no files to
// download): a card played, a capture, a sweep, a trick won, your turn, the end of a deal.
// Nothing plays before the player's first tap or key, and the AudioContext is created only
// then and only when Sound is on (browsers refuse audio before a gesture anyway). The
// setting is remembered; inside an embed it is off unless the host page asks (sound="on").
import { storage } from "./dom.js";

export const SOUND_KEY = "cardavia.sound";
export const VIBRATION_KEY = "cardavia.vibration";

let embedded = false;
let hostAsked = false;
let gestured = false;
let ctx = null;

/** An embed plays sound only when its host asks for it (embed.html?sound=on). */
export function embedSound(asked) {
  embedded = true;
  hostAsked = asked;
}

/** Whether sounds play: the stored setting (on by default), or the host's wish in an embed. */
export function soundOn() {
  if (embedded) return hostAsked;
  return storage.get(SOUND_KEY, true) !== false;
}

/** The settings' Sound switch; turning it on (a tap itself) makes the context at once. */
export function setSoundOn(on) {
  storage.set(SOUND_KEY, !!on);
  if (on && gestured) context();
}

/** Whether the device vibrates on your turn and on a refused card: its own setting (on by
 * default; before it had one it followed Sound's), and in an embed the host's wish. */
export function vibrationOn() {
  if (embedded) return hostAsked;
  return storage.get(VIBRATION_KEY, storage.get(SOUND_KEY, true)) !== false;
}

/** The settings' Vibration switch. */
export function setVibrationOn(on) {
  storage.set(VIBRATION_KEY, !!on);
}

function context() {
  if (ctx || !gestured || !soundOn()) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  try { ctx = new AC(); } catch { ctx = null; }
  return ctx;
}

/** The first tap or key of the page: from now on sound may play. */
function onGesture() {
  gestured = true;
  context();
  if (ctx && ctx.state === "suspended" && ctx.resume) ctx.resume().catch(() => {});
}
if (typeof document !== "undefined" && document.addEventListener) {
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, onGesture, { capture: true, passive: true });
}

/** One short tone: frequency (Hz), start offset and length (s), peak gain, wave type. */
function tone(ac, at, freq, length, gain, type = "sine", slideTo = null) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ac.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A card laid on cloth: a short burst of filtered noise. */
function snap(ac, at) {
  const length = 0.07;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const band = ac.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 2200;
  band.Q.value = 0.9;
  const amp = ac.createGain();
  amp.gain.value = 0.35;
  src.connect(band).connect(amp).connect(ac.destination);
  src.start(at);
}

const SOUNDS = {
  card: (ac, t0) => snap(ac, t0),
  capture: (ac, t0) => { snap(ac, t0); tone(ac, t0 + 0.03, 660, 0.12, 0.08, "triangle"); },
  sweep: (ac, t0) => { snap(ac, t0); [660, 880, 1320].forEach((f, i) => tone(ac, t0 + 0.04 + i * 0.07, f, 0.16, 0.09, "triangle")); },
  trick: (ac, t0) => { tone(ac, t0, 520, 0.1, 0.06, "sine"); tone(ac, t0 + 0.08, 780, 0.14, 0.06, "sine"); },
  turn: (ac, t0) => tone(ac, t0, 990, 0.18, 0.05, "sine", 1180),
  refuse: (ac, t0) => { tone(ac, t0, 220, 0.09, 0.06, "square", 180); tone(ac, t0 + 0.1, 196, 0.12, 0.05, "square", 160); },
  deal: (ac, t0) => [523, 659, 784, 1047].forEach((f, i) => tone(ac, t0 + i * 0.09, f, 0.3, 0.07, "triangle")),
};
export const SOUND_NAMES = Object.keys(SOUNDS);

/** Plays one of SOUND_NAMES if Sound is on and the player has touched the page. */
export function playSound(name) {
  const ac = context();
  if (!ac || !SOUNDS[name] || ac.state === "closed") return false;
  try { SOUNDS[name](ac, ac.currentTime + 0.01); } catch { return false; }
  return true;
}

/** The sound for a table event, if it has one (a play is heard once, with its capture or placing). */
export function soundFor(ev, next = null) {
  if (ev.type === "played" && next && (next.type === "captured" || next.type === "placed") && next.card === ev.card) return null;
  if (ev.type === "captured" && next && next.type === "sweep") return null; // the sweep's sound says both
  switch (ev.type) {
    case "played": case "placed": return "card";
    case "captured": return "capture";
    case "sweep": return "sweep";
    case "trick_won": return "trick";
    case "deal_scored": return "deal";
    default: return null;
  }
}

/** Your turn: a soft ping and, where the device can, a short vibration. */
export function yourTurn() {
  playSound("turn");
  if (!gestured || !vibrationOn()) return;
  try { if (navigator.vibrate) navigator.vibrate(30); } catch { /* not supported */ }
}

/** A card the rules refuse: a low double buzz and a double vibration. */
export function refusedFeedback() {
  playSound("refuse");
  if (!gestured || !vibrationOn()) return;
  try { if (navigator.vibrate) navigator.vibrate([25, 50, 25]); } catch { /* not supported */ }
}
