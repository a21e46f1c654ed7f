// Suit symbols (one drawing per suit style) and pip layouts per rank, as tables.
import { el, g, INK, GOLD, GOLD_DARK, RED, BLUE, STEEL, WOOD, WOOD_DARK, GREEN } from "./svg.js";
import { NAPOLETANE_SUITS } from "./napoletane.js";

// Each draws one symbol centred on (0, 0), about 20 units tall.
export const SUIT_SYMBOLS = {
  spanish: {
    // Denari: a gold coin with a ring and a rosette
    D: () => g({}, [
      el("circle", { r: 9.2, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.2 }),
      el("circle", { r: 6, fill: "none", stroke: RED, "stroke-width": 1.1 }),
      ...[0, 45, 90, 135].map((a) => el("ellipse", { rx: 1, ry: 3.6, fill: RED, transform: `rotate(${a})` })),
      el("circle", { r: 1.3, fill: GOLD }),
    ]),
    // Coppe: a goblet
    C: () => g({}, [
      el("path", { d: "M-7.5,-7 H7.5 Q7.5,2.5 0,3.5 Q-7.5,2.5 -7.5,-7 Z", fill: RED, stroke: INK, "stroke-width": 0.8 }),
      el("ellipse", { cy: -7.2, rx: 7.6, ry: 1.9, fill: GOLD, stroke: INK, "stroke-width": 0.7 }),
      el("rect", { x: -1.1, y: 3.2, width: 2.2, height: 5, fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
      el("circle", { cy: 5.4, r: 1.8, fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
      el("path", { d: "M-6,10.5 Q0,6.2 6,10.5 Z", fill: GOLD, stroke: INK, "stroke-width": 0.7 }),
    ]),
    // Spade (Spanish): a straight sword, point down
    S: () => g({}, [
      el("path", { d: "M-1.7,-4 L1.7,-4 L1.3,7.5 L0,10.8 L-1.3,7.5 Z", fill: STEEL, stroke: INK, "stroke-width": 0.7 }),
      el("line", { x1: 0, y1: -3.5, x2: 0, y2: 8, stroke: "#8b99a3", "stroke-width": 0.5 }),
      el("rect", { x: -6.5, y: -5.8, width: 13, height: 2.2, rx: 1, fill: BLUE, stroke: INK, "stroke-width": 0.6 }),
      el("rect", { x: -1.1, y: -9.6, width: 2.2, height: 4, fill: WOOD_DARK }),
      el("circle", { cy: -10.6, r: 1.7, fill: BLUE, stroke: INK, "stroke-width": 0.5 }),
    ]),
    // Bastoni (Spanish): a knobbed cudgel
    B: () => g({}, [
      el("path", { d: "M-1.4,10.5 L-3.6,-7.5 Q0,-11.5 3.6,-7.5 L1.4,10.5 Q0,11.5 -1.4,10.5 Z", fill: WOOD, stroke: WOOD_DARK, "stroke-width": 0.8 }),
      ...[[-3.1, -4], [3, -1.5], [-2.4, 2.5], [2.2, 5.5], [0.5, -8]].map(([x, y]) =>
        el("circle", { cx: x, cy: y, r: 1.2, fill: WOOD_DARK })),
      el("path", { d: "M3.2,-6 q3,-2 4,-5 q-3.5,0.8 -4,5 Z", fill: GREEN }),
    ]),
  },
  italian: {
    // Denari: a gold coin with a sun rosette
    D: () => g({}, [
      el("circle", { r: 9.2, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.2 }),
      ...[0, 30, 60, 90, 120, 150].map((a) => el("rect", { x: -0.6, y: -7.5, width: 1.2, height: 15, fill: GOLD_DARK, transform: `rotate(${a})` })),
      el("circle", { r: 3.2, fill: RED, stroke: GOLD_DARK, "stroke-width": 0.6 }),
    ]),
    // Coppe: a wide chalice
    C: () => g({}, [
      el("path", { d: "M-9,-8 Q0,-5 9,-8 Q8,2 0,3 Q-8,2 -9,-8 Z", fill: GOLD, stroke: INK, "stroke-width": 0.8 }),
      el("path", { d: "M-6,-3 Q0,-1 6,-3", fill: "none", stroke: RED, "stroke-width": 1.2 }),
      el("rect", { x: -1, y: 3, width: 2, height: 5, fill: GOLD_DARK }),
      el("path", { d: "M-6.5,10.5 Q0,6 6.5,10.5 Z", fill: GOLD, stroke: INK, "stroke-width": 0.7 }),
    ]),
    // Spade (Italian): a curved sword
    S: () => g({}, [
      el("path", { d: "M-1.2,-5 Q6,2 0.5,11 Q3.5,2 -3.2,-4 Z", fill: STEEL, stroke: INK, "stroke-width": 0.7 }),
      el("path", { d: "M-6,-4.5 L4,-6.5", stroke: BLUE, "stroke-width": 2, "stroke-linecap": "round" }),
      el("path", { d: "M-1.6,-5.5 L-2.6,-10", stroke: WOOD_DARK, "stroke-width": 2, "stroke-linecap": "round" }),
      el("circle", { cx: -2.8, cy: -11, r: 1.5, fill: BLUE }),
    ]),
    // Bastoni (Italian): a straight baton with banded ends
    B: () => g({}, [
      el("rect", { x: -1.6, y: -10.5, width: 3.2, height: 21, rx: 1.2, fill: WOOD, stroke: WOOD_DARK, "stroke-width": 0.7 }),
      el("rect", { x: -2.2, y: -10.5, width: 4.4, height: 2.5, fill: RED }),
      el("rect", { x: -2.2, y: 8, width: 4.4, height: 2.5, fill: RED }),
      el("rect", { x: -2, y: -1, width: 4, height: 2, fill: GOLD }),
    ]),
  },
  // Spanish-type suits in the Neapolitan look (cardart/napoletane.js)
  napoletane: NAPOLETANE_SUITS,
};


// [x, y] centres in card units (60 × 100) and a scale per rank.
export const PIPS = {
  1: { s: 2.1, at: [[30, 50]] },
  2: { s: 1.05, at: [[30, 27], [30, 73]] },
  3: { s: 1.0, at: [[30, 22], [30, 50], [30, 78]] },
  4: { s: 0.95, at: [[19, 28], [41, 28], [19, 72], [41, 72]] },
  5: { s: 0.9, at: [[19, 24], [41, 24], [30, 50], [19, 76], [41, 76]] },
  6: { s: 0.85, at: [[19, 23], [41, 23], [19, 50], [41, 50], [19, 77], [41, 77]] },
  7: { s: 0.78, at: [[19, 21], [41, 21], [30, 35.5], [19, 50], [41, 50], [19, 79], [41, 79]] },
  8: { s: 0.74, at: [[19, 20], [41, 20], [19, 40], [41, 40], [19, 60], [41, 60], [19, 80], [41, 80]] },
  9: { s: 0.7, at: [[19, 20], [41, 20], [19, 40], [41, 40], [30, 50], [19, 60], [41, 60], [19, 80], [41, 80]] },
  10: { s: 0.66, at: [[19, 19], [41, 19], [30, 29], [19, 40], [41, 40], [19, 60], [41, 60], [30, 71], [19, 81], [41, 81]] },
};
export const RANK_NUMBER = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10 };
export const SUIT_TEXT = { D: "#9a6a00", C: RED, S: BLUE, B: WOOD_DARK };
