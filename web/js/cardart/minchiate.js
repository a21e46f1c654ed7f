// Minchiate trumps and the Matto: a game-icons.net silhouette of each subject (CC BY 3.0,
// see icons.js), the number large in the top-left corner (the part a hand leaves uncovered) and the Italian title below (the card's
// art, never translated). Colours group the trumps as the deck does: the five Papi, the
// virtues and allegories, the four elements, the twelve signs, the five arie.
import { el, g, text, INK, GOLD, PAPER } from "./svg.js";
import { ICONS, ICON_SIZE } from "./icons.js";
import { MINCHIATE_ICONS } from "./icon-names.js";

export const MINCHIATE_TITLES = ["Il Matto", "Papa uno", "Papa due", "Papa tre", "Papa quattro", "Papa cinque",
  "Temperanza", "Forza", "Giustizia", "Ruota", "Carro", "Gobbo", "Impiccato", "Morte", "Diavolo",
  "Casa del Diavolo", "Speranza", "Prudenza", "Fede", "Carità", "Fuoco", "Acqua", "Terra", "Aria",
  "Bilancia", "Vergine", "Scorpione", "Ariete", "Capricorno", "Sagittario", "Cancro", "Pesci", "Acquario",
  "Leone", "Toro", "Gemelli", "Stella", "Luna", "Sole", "Mondo", "Trombe"];

// [panel, ink] per group of trumps
const ELEMENT_INK = { 20: "#b8321f", 21: "#1f5fa8", 22: "#4a6b2a", 23: "#4f8fb8" };
function colours(n) {
  if (n === 0) return ["#f3e3c8", "#8a3b2a"];
  if (n <= 5) return ["#ece0f0", "#5a2d6e"];
  if (n <= 19) return ["#e3ecf3", "#22466e"];
  if (n <= 23) return ["#f4ead9", ELEMENT_INK[n]];
  if (n <= 35) return ["#1f3560", "#f3d27a"];
  return ["#f7e7a8", "#8a4a00"];
}

// every body in icons.js is one <path fill="currentColor" d="…">: drawn as an element, not
// parsed as markup (no HTML parser in the first render of a Minchiate hand)
const PATH_D = /^<path fill="currentColor" d="([^"]*)"\s*\/?>(?:<\/path>)?$/;

function icon(name, size, colour) {
  const s = size / ICON_SIZE;
  const e = g({ transform: `translate(${-size / 2} ${-size / 2}) scale(${s})`, fill: colour, color: colour });
  const body = ICONS[name];
  const m = PATH_D.exec(body);
  if (m) e.appendChild(el("path", { fill: "currentColor", d: m[1] }));
  else e.innerHTML = body; // another shape of icon (a regenerated icons.js): as before
  return e;
}

/** The drawing of Minchiate trump `n` (0 = the Matto) inside the card's frame. */
export function minchiateTrump(n, style, label) {
  const [panel, ink] = colours(n);
  const title = MINCHIATE_TITLES[n];
  const parts = [
    el("rect", { x: 4.5, y: 4.5, width: 51, height: 91, rx: 2, fill: "#f6ecd2", stroke: style.frame, "stroke-width": 1.2 }),
    el("rect", { x: 8, y: 19, width: 44, height: 58, rx: 3, fill: panel, stroke: GOLD, "stroke-width": 1 }),
    g({ transform: "translate(30 48)" }, [icon(MINCHIATE_ICONS[n], 38, ink)]),
    el("rect", { x: 4.5, y: 80, width: 51, height: 12, fill: style.frame }),
    text(title, { x: 30, y: 88.2, "font-size": 6.6, fill: "#fff7df",
      ...(title.length > 10 ? { textLength: 48, lengthAdjust: "spacingAndGlyphs" } : {}) }),
  ];
  if (n) {
    // top-left, as a suit card's index: the part of the card a neighbour in the hand leaves uncovered
    const idx = () => text(label, { x: 15, y: 16, "font-size": 11.5, fill: INK, "data-index": "",
      ...(label.length > 1 ? { textLength: 14, lengthAdjust: "spacingAndGlyphs" } : {}) });
    parts.push(el("rect", { x: 6, y: 6.5, width: 18, height: 12, rx: 6, fill: PAPER, stroke: GOLD, "stroke-width": 0.8 }), idx());
  }
  return parts;
}
