// Tarocco Piemontese trumps: numeral and emblem in each half, the Italian title across the
// middle (the card's art, never translated).
import { el, g, stroke, roman, INK, GOLD, GOLD_DARK, RED, STEEL, WOOD, WOOD_DARK, GREEN, SKIN } from "./svg.js";

/** Italian titles printed on the Tarocco Piemontese trumps (the card's art, never translated). */
export const TRUMP_TITLES = ["Il Matto", "Il Bagatto", "La Papessa", "L'Imperatrice", "L'Imperatore", "Il Papa",
  "Gli Amanti", "Il Carro", "La Giustizia", "L'Eremita", "La Ruota", "La Forza", "L'Appeso", "La Morte",
  "La Temperanza", "Il Diavolo", "La Torre", "Le Stelle", "La Luna", "Il Sole", "L'Angelo", "Il Mondo"];

// One emblem per trump subject, centred on (0, 0), about 20 units tall.
const EMBLEMS = {
  0: () => g({}, [ // jester's cap with bells
    el("path", { d: "M-9,7 Q-8,-6 0,-8 Q8,-6 9,7 Z", fill: RED, ...stroke() }),
    el("path", { d: "M0,-8 Q-4,-13 -9,-10 M0,-8 Q4,-13 9,-10", fill: "none", ...stroke(1) }),
    el("circle", { cx: -9, cy: -10, r: 1.6, fill: GOLD }), el("circle", { cx: 9, cy: -10, r: 1.6, fill: GOLD }),
    el("rect", { x: -10, y: 6, width: 20, height: 3.5, rx: 1.5, fill: GOLD, ...stroke(0.5) }),
  ]),
  1: () => g({}, [ // the conjurer's table
    el("rect", { x: -10, y: -2, width: 20, height: 3, fill: WOOD, ...stroke(0.5) }),
    el("path", { d: "M-8,1 L-8,10 M8,1 L8,10", ...stroke(1.2) }),
    el("path", { d: "M-5,-2 L-4,-7 L-2,-7 L-1,-2 Z", fill: GOLD, ...stroke(0.4) }),
    el("circle", { cx: 4, cy: -4, r: 2, fill: RED, ...stroke(0.4) }),
    el("path", { d: "M-3,-9 L6,-12", ...stroke(1) }),
  ]),
  2: () => g({}, [ // a book
    el("path", { d: "M0,-6 Q-6,-9 -11,-6 L-11,7 Q-6,4 0,7 Q6,4 11,7 L11,-6 Q6,-9 0,-6 Z", fill: "#f4ecd8", ...stroke(0.6) }),
    el("path", { d: "M0,-6 L0,7", ...stroke(0.6) }),
    el("path", { d: "M-8,-3 L-3,-2 M-8,0 L-3,1 M3,-2 L8,-3 M3,1 L8,0", stroke: "#8a7a60", "stroke-width": 0.5 }),
  ]),
  3: () => g({}, [ // a shield with an eagle-like mark
    el("path", { d: "M-8,-8 L8,-8 L8,1 Q8,8 0,11 Q-8,8 -8,1 Z", fill: GOLD, ...stroke(0.6) }),
    el("path", { d: "M-5,-2 L0,2 L5,-2 L3,4 L0,6 L-3,4 Z", fill: INK }),
  ]),
  4: () => g({}, [ // a crown
    el("path", { d: "M-10,6 L-10,-5 L-5,0 L0,-9 L5,0 L10,-5 L10,6 Z", fill: GOLD, ...stroke(0.6) }),
    el("rect", { x: -10, y: 6, width: 20, height: 3, fill: RED, ...stroke(0.5) }),
  ]),
  5: () => g({}, [ // the papal tiara
    el("path", { d: "M-7,9 Q-8,-4 0,-10 Q8,-4 7,9 Z", fill: "#f4ecd8", ...stroke(0.6) }),
    ...[-4, 1, 6].map((y) => el("path", { d: `M-7,${y} L7,${y}`, stroke: GOLD, "stroke-width": 1.6 })),
    el("path", { d: "M0,-10 L0,-13 M-1.5,-12 L1.5,-12", ...stroke(0.6) }),
  ]),
  6: () => el("path", { d: "M0,9 C-14,0 -8,-11 0,-4 C8,-11 14,0 0,9 Z", fill: RED, ...stroke(0.6) }), // a heart
  7: () => g({}, [ // the chariot
    el("rect", { x: -9, y: -6, width: 18, height: 9, fill: "#2f6fb3", ...stroke(0.6) }),
    el("circle", { cx: -6, cy: 6, r: 4, fill: "none", ...stroke(1) }), el("circle", { cx: 6, cy: 6, r: 4, fill: "none", ...stroke(1) }),
    el("path", { d: "M-9,-6 L-7,-10 L7,-10 L9,-6", fill: GOLD, ...stroke(0.5) }),
  ]),
  8: () => g({}, [ // scales
    el("path", { d: "M0,-10 L0,9 M-6,9 L6,9 M-10,-6 L10,-6", ...stroke(1) }),
    el("path", { d: "M-13,2 Q-10,6 -7,2 Z M7,2 Q10,6 13,2 Z", fill: GOLD, ...stroke(0.5) }),
    el("path", { d: "M-10,-6 L-13,2 M-10,-6 L-7,2 M10,-6 L7,2 M10,-6 L13,2", ...stroke(0.4) }),
  ]),
  9: () => g({}, [ // a lantern
    el("path", { d: "M0,-11 L0,-7", ...stroke(1) }),
    el("path", { d: "M-5,-7 L5,-7 L6,6 L-6,6 Z", fill: GOLD, ...stroke(0.6) }),
    el("path", { d: "M0,-3 Q3,1 0,4 Q-3,1 0,-3 Z", fill: RED }),
    el("rect", { x: -7, y: 6, width: 14, height: 3, fill: INK }),
  ]),
  10: () => g({}, [ // the wheel
    el("circle", { r: 10, fill: "none", stroke: WOOD_DARK, "stroke-width": 2 }),
    ...[0, 45, 90, 135].map((a) => el("path", { d: "M0,-10 L0,10", stroke: WOOD_DARK, "stroke-width": 1.2, transform: `rotate(${a})` })),
    el("circle", { r: 2.4, fill: GOLD, ...stroke(0.5) }),
  ]),
  11: () => g({}, [ // a column
    el("rect", { x: -4, y: -7, width: 8, height: 15, fill: "#e9e1cf", ...stroke(0.6) }),
    el("rect", { x: -7, y: -10, width: 14, height: 3, fill: "#d5c8a8", ...stroke(0.5) }),
    el("rect", { x: -7, y: 8, width: 14, height: 3, fill: "#d5c8a8", ...stroke(0.5) }),
    el("path", { d: "M-1.5,-6 L-1.5,7 M1.5,-6 L1.5,7", stroke: "#b9ac8e", "stroke-width": 0.6 }),
  ]),
  12: () => g({}, [ // the gallows and the hanged man, upside down
    el("path", { d: "M-10,10 L-10,-10 L10,-10 L10,10", fill: "none", stroke: WOOD_DARK, "stroke-width": 1.6 }),
    el("path", { d: "M0,-10 L0,-6", ...stroke(0.6) }),
    el("path", { d: "M-2,-6 L2,-6 L2,3 L-2,3 Z", fill: "#2f6fb3", ...stroke(0.5) }),
    el("circle", { cy: 5.5, r: 2.5, fill: SKIN, ...stroke(0.5) }),
  ]),
  13: () => g({}, [ // the scythe
    el("path", { d: "M-6,11 L5,-10", stroke: WOOD_DARK, "stroke-width": 1.6 }),
    el("path", { d: "M5,-10 Q-6,-13 -12,-4 Q-5,-9 4,-7 Z", fill: STEEL, ...stroke(0.6) }),
  ]),
  14: () => g({}, [ // two jugs pouring
    el("path", { d: "M-11,-8 L-5,-8 L-6,0 L-10,0 Z", fill: "#2f6fb3", ...stroke(0.5) }),
    el("path", { d: "M5,2 L11,2 L10,10 L6,10 Z", fill: RED, ...stroke(0.5) }),
    el("path", { d: "M-5,-6 Q4,-4 7,2", fill: "none", stroke: "#5aa0d8", "stroke-width": 1.4 }),
  ]),
  15: () => g({}, [ // horns and a trident
    el("path", { d: "M-7,-2 Q-11,-9 -6,-12 Q-7,-7 -3,-3 Z M7,-2 Q11,-9 6,-12 Q7,-7 3,-3 Z", fill: RED, ...stroke(0.5) }),
    el("path", { d: "M0,-6 L0,11 M-5,-6 L-5,-1 Q0,2 5,-1 L5,-6", fill: "none", ...stroke(1.1) }),
  ]),
  16: () => g({}, [ // the tower struck by lightning
    el("path", { d: "M-6,11 L-5,-5 L5,-5 L6,11 Z", fill: "#c9b48a", ...stroke(0.6) }),
    el("path", { d: "M-6,-5 L-6,-9 L-3,-9 L-3,-7 L0,-7 L0,-9 L3,-9 L3,-7 L6,-7 L6,-5", fill: "#c9b48a", ...stroke(0.5) }),
    el("path", { d: "M9,-12 L4,-6 L7,-6 L2,0", fill: "none", stroke: GOLD, "stroke-width": 1.4 }),
    el("rect", { x: -1.5, y: 4, width: 3, height: 7, fill: INK }),
  ]),
  17: () => el("path", { // an eight-pointed star
    d: "M0,-11 L2.5,-5 L8,-8 L5,-2.5 L11,0 L5,2.5 L8,8 L2.5,5 L0,11 L-2.5,5 L-8,8 L-5,2.5 L-11,0 L-5,-2.5 L-8,-8 L-2.5,-5 Z",
    fill: GOLD, ...stroke(0.6) }),
  18: () => el("path", { d: "M3,-10 A10,10 0 1,0 3,10 A7.5,7.5 0 1,1 3,-10 Z", fill: "#e9e3c0", ...stroke(0.6) }), // a crescent
  19: () => g({}, [ // the sun
    ...Array.from({ length: 12 }, (_, i) => el("path", { d: "M0,-12 L2,-8 L-2,-8 Z", fill: GOLD, transform: `rotate(${i * 30})` })),
    el("circle", { r: 7.5, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 0.8 }),
  ]),
  20: () => g({}, [ // wings and a trumpet
    el("path", { d: "M-2,0 Q-12,-12 -13,2 Q-8,-2 -2,4 Z M2,0 Q12,-12 13,2 Q8,-2 2,4 Z", fill: "#f4ecd8", ...stroke(0.6) }),
    el("path", { d: "M-6,9 L8,5 L10,2 L10,9 L8,7 Z", fill: GOLD, ...stroke(0.5) }),
  ]),
  21: () => g({}, [ // the world
    el("circle", { r: 10, fill: "#5aa0d8", ...stroke(0.7) }),
    el("path", { d: "M-10,0 L10,0 M0,-10 Q-6,0 0,10 M0,-10 Q6,0 0,10", fill: "none", stroke: "#e9f2fa", "stroke-width": 0.7 }),
    el("path", { d: "M-5,-6 Q-1,-4 -3,0 Q-6,1 -5,-6 Z M3,2 Q7,1 6,6 Q3,7 3,2 Z", fill: GREEN }),
  ]),
};

/** The drawing of a double-ended trump (inside the card's frame): numeral and emblem in
 * each half, the title across the middle, the index `label` in two corners. */
export function titledTrump(n, style, label) {
  const title = TRUMP_TITLES[n];
  const half = g({}, [
    n ? el("text", { x: 30, y: 17, "font-size": 7, "font-weight": 700, "text-anchor": "middle", fill: INK,
      "font-family": "Georgia, serif" }, [document.createTextNode(roman(n))]) : null,
    g({ transform: "translate(30 31) scale(0.78)" }, [EMBLEMS[n]()]),
  ]);
  const parts = [
    el("rect", { x: 5, y: 5, width: 50, height: 90, rx: 2, fill: "#f6ecd2", stroke: style.frame, "stroke-width": 1.2 }),
    half, g({ transform: "rotate(180 30 50)" }, [half.cloneNode(true)]),
    el("rect", { x: 5, y: 44.5, width: 50, height: 11, fill: style.frame }),
    el("text", { x: 30, y: 51.8, "font-size": 6, "font-weight": 700, "text-anchor": "middle", fill: "#fff7df",
      "font-family": "Georgia, 'Times New Roman', serif",
      ...(title.length > 11 ? { textLength: 47, lengthAdjust: "spacingAndGlyphs" } : {}) }, [document.createTextNode(title)]),
  ];
  if (n) {
    const idx = () => el("text", { x: 11, y: 14, "font-size": 10, "font-weight": 700, "text-anchor": "middle", fill: style.frame,
      "font-family": "Georgia, serif", "data-index": "" }, [document.createTextNode(label)]);
    parts.push(idx(), g({ transform: "rotate(180 30 50)" }, [idx()]));
  }
  return parts;
}
