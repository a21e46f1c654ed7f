// The Napoletane pattern, drawn by the project from descriptions of it (rules/tressette.md
// §2: WOPC, 7bello, Biska), never from a scan: Spanish-type suits in the Neapolitan look
// (knotty cudgels, curved swords, round-bellied cups, coins with a star), full-length courts
// standing on a base coloured by suit (yellow Denari, red Coppe, blue Spade, green Bastoni),
// the Asso di Denari on a double-headed eagle, a mask on the 3 di Bastoni.
import { el, g, INK, GOLD, GOLD_DARK, RED, BLUE, STEEL, WOOD, WOOD_DARK, GREEN, SKIN } from "./svg.js";

// Each draws one symbol centred on (0, 0), about 20 units tall (as suits.js's).
export const NAPOLETANE_SUITS = {
  // Denari: a gold coin with an eight-pointed star and a green heart
  D: () => g({}, [
    el("circle", { r: 9.2, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.2 }),
    el("circle", { r: 7.3, fill: "none", stroke: GOLD_DARK, "stroke-width": 0.5, "stroke-dasharray": "1 1" }),
    el("path", { d: star(8, 6.2, 2.6), fill: RED, stroke: GOLD_DARK, "stroke-width": 0.4 }),
    el("circle", { r: 1.9, fill: GREEN, stroke: GOLD_DARK, "stroke-width": 0.4 }),
  ]),
  // Coppe: a round-bellied cup with a lid and a knop
  C: () => g({}, [
    el("path", { d: "M-6.5,-5 Q-8.5,3 0,4.2 Q8.5,3 6.5,-5 Z", fill: RED, stroke: INK, "stroke-width": 0.8 }),
    el("path", { d: "M-6.8,-5 Q0,-11 6.8,-5 Z", fill: GOLD, stroke: INK, "stroke-width": 0.7 }),
    el("circle", { cy: -9.6, r: 1.4, fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
    el("path", { d: "M-5.5,-1 Q0,1 5.5,-1", fill: "none", stroke: GOLD, "stroke-width": 1 }),
    el("rect", { x: -1, y: 4, width: 2, height: 4, fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
    el("path", { d: "M-5.5,10.6 Q0,6.5 5.5,10.6 Z", fill: GOLD, stroke: INK, "stroke-width": 0.7 }),
  ]),
  // Spade: a curved sword, point down, with a blue guard
  S: () => g({}, [
    el("path", { d: "M-1.8,-4 Q5.5,2 1.2,11 Q2.6,2.5 -4.2,-3 Z", fill: STEEL, stroke: INK, "stroke-width": 0.7 }),
    el("path", { d: "M-6.5,-3.6 L4,-5.8", stroke: BLUE, "stroke-width": 2.2, "stroke-linecap": "round" }),
    el("path", { d: "M-1.9,-5 L-2.7,-9.5", stroke: WOOD_DARK, "stroke-width": 2, "stroke-linecap": "round" }),
    el("circle", { cx: -2.9, cy: -10.6, r: 1.6, fill: BLUE, stroke: INK, "stroke-width": 0.4 }),
  ]),
  // Bastoni: a knotty cudgel, thick at the head, with lopped branches
  B: () => g({}, [
    el("path", {
      d: "M-1.3,10.8 L-2.6,4 L-4,3 L-3,1.5 L-3.6,-3 L-5.2,-4.6 L-4,-6 L-4.3,-8.8 Q0,-12.4 4.3,-8.8 "
        + "L4.8,-5.6 L3.6,-4 L3.6,-0.5 L5,1 L3.2,2.4 L2.6,4.5 L1.3,10.8 Q0,11.8 -1.3,10.8 Z",
      fill: WOOD, stroke: WOOD_DARK, "stroke-width": 0.8, "stroke-linejoin": "round",
    }),
    ...[[-1.2, -7.5], [1.6, -3], [-1.4, 1.8], [0.8, 6]].map(([cx, cy]) =>
      el("ellipse", { cx, cy, rx: 1.1, ry: 0.8, fill: WOOD_DARK })),
    el("path", { d: "M-4.6,-4.8 q-3,-1 -4,-4 q3,0.3 4,4 Z", fill: GREEN }),
  ]),
};

function star(points, outer, inner) {
  const d = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    d.push(`${i ? "L" : "M"}${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return d.join("") + "Z";
}

// The coloured base the courts stand on, by suit.
export const NAPOLETANE_BASES = { D: "#e6c229", C: "#c0392b", S: "#2f6db5", B: "#3f8a3a" };

/** The Asso di Denari: a double-headed eagle, crowned, with the coin on its breast. */
export function eagleAce(sym) {
  const EAGLE = "#3b2a1e";
  const wing = (s) => el("path", {
    d: "M30,46 Q18,30 6,34 L10,39 L5,42 L10,46 L6,50 L12,53 L9,58 Q20,60 30,56 Z",
    fill: EAGLE, stroke: INK, "stroke-width": 0.5, transform: s ? "translate(60 0) scale(-1 1)" : null,
  });
  const head = (x, dir) => g({}, [
    el("path", { d: `M30,40 Q${x - dir * 4},34 ${x},28`, fill: "none", stroke: EAGLE, "stroke-width": 3.2, "stroke-linecap": "round" }),
    el("circle", { cx: x, cy: 27, r: 2.8, fill: EAGLE }),
    el("path", { d: `M${x + dir * 2.4},26.2 L${x + dir * 5},27.4 L${x + dir * 2.4},28.6 Z`, fill: GOLD, stroke: INK, "stroke-width": 0.3 }),
    el("circle", { cx: x + dir * 0.9, cy: 26.4, r: 0.5, fill: GOLD }),
  ]);
  return g({ class: "eagle" }, [
    wing(false), wing(true),
    head(21, -1), head(39, 1),
    el("path", { d: "M25,21 L25,16.5 L27.5,19 L30,15 L32.5,19 L35,16.5 L35,21 Z", fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
    el("path", { d: "M26,70 L24,80 M30,70 L30,81 M34,70 L36,80", stroke: EAGLE, "stroke-width": 1.6, "stroke-linecap": "round" }), // tail
    el("path", { d: "M22,62 Q30,74 38,62 Z", fill: EAGLE, stroke: INK, "stroke-width": 0.5 }),
    g({ transform: "translate(30 52) scale(1.25)" }, [sym()]),
  ]);
}

/** The mask on the 3 di Bastoni (the *gatto mammone*), between the cudgels. */
export function mask() {
  return g({ class: "mask", transform: "translate(30 40)" }, [
    el("path", { d: "M-8,-5 Q-8,-10 -4,-9 L-2,-6 L2,-6 L4,-9 Q8,-10 8,-5 Q9,4 0,8 Q-9,4 -8,-5 Z", fill: SKIN, stroke: INK, "stroke-width": 0.6 }),
    el("path", { d: "M-6,-3 Q-3.5,-5 -1.5,-2.5 Q-3.5,-0.8 -6,-3 Z M6,-3 Q3.5,-5 1.5,-2.5 Q3.5,-0.8 6,-3 Z", fill: INK }),
    el("path", { d: "M-1,0.5 L1,0.5 L0,2.2 Z", fill: RED }),
    el("path", { d: "M-3.5,4 Q0,6 3.5,4", fill: "none", stroke: INK, "stroke-width": 0.7 }),
    el("path", { d: "M-2,1.5 L-8,0.5 M-2,2.3 L-8,3 M2,1.5 L8,0.5 M2,2.3 L8,3", stroke: INK, "stroke-width": 0.35 }), // whiskers
  ]);
}

// The 3 di Bastoni's cudgels make room for the mask.
export const MASK_PIPS = { s: 0.95, at: [[16, 28], [44, 28], [30, 72]] };
