// Court figures, one silhouette per rank so that a hand reads apart at a glance:
//   Fante   a slim standing page, short parti-coloured tunic, hose, feathered beret, the
//           suit symbol raised above his shoulder (Fantina: a girl with long hair and a
//           garland, in a knee-length dress)
//   Cavallo a rider in a plumed helmet on a white horse whose head rises on the left
//   Donna   a lady in a bell-shaped gown and a long veil, a small coronet (Regina alike)
//   Re      a bearded king in a wide ermine-trimmed mantle before a throne, a tall crown
//           and a sceptre
// Each figure's upper half is drawn in (0..60, 0..50); a double-ended court shows it and
// a copy turned 180°, a full-length one adds the lower half (shifted down by DROP).
import { el, g, stroke, INK, GOLD, GOLD_DARK, RED, BLUE, STEEL, SKIN, WOOD_DARK } from "./svg.js";

const DROP = 7;
const WHITE = "#f7f1e3";
const ERMINE = "#fbfaf5";
const HAIR = "#6b4426";

function face(cx, cy, r = 5.6) {
  return g({}, [
    el("circle", { cx, cy, r, fill: SKIN, ...stroke(0.6) }),
    el("circle", { cx: cx - 2, cy: cy - 0.4, r: 0.65, fill: INK }),
    el("circle", { cx: cx + 2, cy: cy - 0.4, r: 0.65, fill: INK }),
    el("path", { d: `M${cx - 1.6},${cy + 2.6} Q${cx},${cy + 3.6} ${cx + 1.6},${cy + 2.6}`, fill: "none", ...stroke(0.5) }),
  ]);
}

/** The suit symbol, held at (x, y). */
const holding = (sym, x, y, s = 0.55) => g({ transform: `translate(${x} ${y}) scale(${s})` }, [sym()]);
const arm = (d, colour) => el("path", { d, fill: "none", stroke: colour, "stroke-width": 3.4, "stroke-linecap": "round" });

// ------------------------------------------------------------------ Re
function kingUpper(sym) {
  const robe = "#b0202a";
  return g({ class: "court-king" }, [
    el("rect", { x: 13, y: 13, width: 34, height: 40, rx: 3, fill: "#7a4a22", ...stroke(0.6) }), // throne back
    el("path", { d: "M15,13.5 Q30,6 45,13.5", fill: "none", stroke: GOLD, "stroke-width": 1.6 }),
    el("path", { d: "M15,50 L18.5,29 Q30,23 41.5,29 L45,50 Z", fill: robe, ...stroke(0.7) }),
    el("path", { d: "M30,33 L30,50", stroke: GOLD, "stroke-width": 1.6 }),
    el("path", { d: "M18.5,29 Q30,38 41.5,29 Q30,24 18.5,29 Z", fill: ERMINE, ...stroke(0.5) }),
    ...[[24, 30.5], [30, 32.5], [36, 30.5]].map(([x, y]) => el("rect", { x: x - 0.5, y, width: 1, height: 1.8, fill: INK })),
    face(30, 17.5, 6),
    el("path", { d: "M24.2,18.5 Q30,33 35.8,18.5 Q30,23.5 24.2,18.5 Z", fill: "#8a8174", ...stroke(0.4) }), // beard
    el("path", { d: "M22.5,13.5 L22.5,3.5 L26.2,8.5 L30,1.5 L33.8,8.5 L37.5,3.5 L37.5,13.5 Z", fill: GOLD, ...stroke(0.6) }),
    ...[[22.5, 3.5], [30, 1.5], [37.5, 3.5]].map(([cx, cy]) => el("circle", { cx, cy, r: 1.3, fill: RED, ...stroke(0.3) })),
    el("path", { d: "M40,47 L44.5,12", stroke: GOLD_DARK, "stroke-width": 1.8, "stroke-linecap": "round" }), // sceptre
    el("circle", { cx: 44.8, cy: 10.5, r: 2.4, fill: GOLD, ...stroke(0.5) }),
    arm("M20,31 Q16,37 19,41", robe),
    holding(sym, 19, 44),
  ]);
}
function kingLower() {
  return g({}, [
    el("path", { d: `M15,${50 + DROP - 0.5} L45,${50 + DROP - 0.5} L47,92 L13,92 Z`, fill: "#b0202a", ...stroke(0.7) }),
    el("path", { d: `M30,${50 + DROP - 0.5} L30,86`, stroke: GOLD, "stroke-width": 1.6 }),
    el("rect", { x: 13, y: 86, width: 34, height: 6, fill: ERMINE, ...stroke(0.5) }),
    ...[17, 23, 29, 35, 41].map((x) => el("rect", { x, y: 87.5, width: 1, height: 2.2, fill: INK })),
  ]);
}

// ------------------------------------------------------------------ Donna / Regina
function queenUpper(sym) {
  const gown = "#2e5fa3";
  return g({ class: "court-queen" }, [
    el("path", { d: "M22.5,14 Q18.5,36 15.5,50 L24.5,50 Q24,30 30,21 Q36,30 35.5,50 L44.5,50 Q41.5,36 37.5,14 Q30,7 22.5,14 Z",
      fill: "#efe2c2", ...stroke(0.5) }), // veil
    el("path", { d: "M25,27 L35,27 L33.2,42 L26.8,42 Z", fill: gown, ...stroke(0.6) }), // bodice
    el("path", { d: "M26.8,42 L33.2,42 Q37,46 40,50 L20,50 Q23,46 26.8,42 Z", fill: gown, ...stroke(0.6) }),
    el("path", { d: "M26,28 Q30,31.5 34,28", fill: "none", stroke: GOLD, "stroke-width": 1.1 }),
    el("path", { d: "M24.6,16 Q24,22 25,24 L35,24 Q36,22 35.4,16 Q30,11 24.6,16 Z", fill: HAIR }),
    face(30, 18.5, 5.3),
    el("path", { d: "M25,13.5 L25,9 L27.5,11.5 L30,8 L32.5,11.5 L35,9 L35,13.5 Z", fill: GOLD, ...stroke(0.5) }), // coronet
    arm("M34.5,30 Q40,33 39,37", gown),
    holding(sym, 40.5, 39.5, 0.5),
  ]);
}
function queenLower() {
  const y = 50 + DROP - 0.5;
  return g({}, [
    el("path", { d: `M19.5,${y} L40.5,${y} Q44,72 48,92 L12,92 Q16,72 19.5,${y} Z`, fill: "#2e5fa3", ...stroke(0.7) }),
    el("path", { d: "M12.6,89 Q30,84 47.4,89", fill: "none", stroke: GOLD, "stroke-width": 1.6 }),
    el("path", { d: `M30,${y} L30,86`, stroke: "#8fb3e0", "stroke-width": 0.8 }),
  ]);
}

// ------------------------------------------------------------------ Fante / Fantina
function pageUpper(sym) {
  return g({ class: "court-page" }, [
    face(30, 17.5, 5.4),
    el("path", { d: "M24.5,17 Q24,24 26.5,24.5 M35.5,17 Q36,24 33.5,24.5", fill: "none", stroke: "#d9a441", "stroke-width": 2 }),
    el("ellipse", { cx: 30, cy: 12.6, rx: 10.5, ry: 3.2, fill: "#7a1f3d", ...stroke(0.6) }), // beret
    el("ellipse", { cx: 30, cy: 10.8, rx: 5.8, ry: 2.8, fill: "#7a1f3d", ...stroke(0.5) }),
    el("path", { d: "M36,11 Q43,0 49,4 Q43,5 37.5,12.5 Z", fill: WHITE, ...stroke(0.5) }), // feather
    el("path", { d: "M23,26 L30,26 L30,50 L21,50 Z", fill: BLUE, ...stroke(0.6) }), // parti-coloured tunic
    el("path", { d: "M30,26 L37,26 L39,50 L30,50 Z", fill: GOLD, ...stroke(0.6) }),
    el("rect", { x: 21.5, y: 42, width: 17, height: 2.4, fill: WOOD_DARK }),
    arm("M36,28 Q43,25 43.5,19", GOLD),
    arm("M24,28 Q19.5,36 21.5,42", BLUE),
    holding(sym, 44, 13.5),
  ]);
}
function pageLower() {
  const y = 50 + DROP - 0.5;
  return g({}, [
    el("path", { d: `M21,${y} L39,${y} L40,62 L20,62 Z`, fill: GOLD, ...stroke(0.6) }),
    el("path", { d: `M21,${y} L30,${y} L30,62 L20,62 Z`, fill: BLUE, ...stroke(0.6) }),
    el("rect", { x: 23.5, y: 62, width: 5, height: 25, fill: RED, ...stroke(0.5) }), // hose
    el("rect", { x: 31.5, y: 62, width: 5, height: 25, fill: BLUE, ...stroke(0.5) }),
    el("path", { d: "M22,87 H29 V91 H19.5 Z M31,87 H38 L40.5,91 H31 Z", fill: INK }),
  ]);
}

function maidUpper(sym) {
  const dress = "#3f7d3a";
  return g({ class: "court-maid" }, [
    el("path", { d: "M24,15 Q20,32 21.5,44 L38.5,44 Q40,32 36,15 Q30,9 24,15 Z", fill: "#8a4a22", ...stroke(0.4) }), // long hair
    face(30, 18, 5.3),
    ...[[24.5, 13.5], [27, 11.3], [30, 10.6], [33, 11.3], [35.5, 13.5]].map(([cx, cy], i) =>
      el("circle", { cx, cy, r: 1.6, fill: i % 2 ? "#f3c1cf" : RED, ...stroke(0.3) })), // garland
    el("path", { d: "M25,27 L35,27 L34,44 L26,44 Z", fill: dress, ...stroke(0.6) }),
    el("path", { d: "M26,44 L34,44 L37.5,50 L22.5,50 Z", fill: dress, ...stroke(0.6) }),
    el("path", { d: "M25.8,28 Q30,31 34.2,28", fill: "none", stroke: GOLD, "stroke-width": 1 }),
    arm("M34.5,29 Q42,26 43,19.5", dress),
    arm("M25.5,29 Q21,36 23,41", dress),
    holding(sym, 44, 14),
  ]);
}
function maidLower() {
  const y = 50 + DROP - 0.5;
  return g({}, [
    el("path", { d: `M22.5,${y} L37.5,${y} L43,72 L17,72 Z`, fill: "#3f7d3a", ...stroke(0.6) }),
    el("path", { d: "M17.6,70 L42.4,70", stroke: GOLD, "stroke-width": 1.5 }),
    el("rect", { x: 25, y: 72, width: 3.6, height: 15, fill: WHITE, ...stroke(0.5) }),
    el("rect", { x: 31.4, y: 72, width: 3.6, height: 15, fill: WHITE, ...stroke(0.5) }),
    el("path", { d: "M23.5,87 H29 V90.5 H22 Z M31,87 H36.5 L38,90.5 H31 Z", fill: "#7a1f3d" }),
  ]);
}

// ------------------------------------------------------------------ Cavallo
const NECK = "M12.5,50 Q11,38 15,30 L12.5,24 Q11.5,21 13.5,19.5 L19,13 L20,9 L22.5,12.5 Q27,17 26,26 Q24,34 27,50";
function riderUpper(sym) {
  const armour = "#8d9aa4";
  return g({ class: "court-knight" }, [
    // the horse's neck and head rising on the left, mane and bridle
    el("path", { d: `${NECK} Z`, fill: WHITE }),
    el("path", { d: NECK, fill: "none", ...stroke(0.7) }), // open at the bottom: it joins the body
    el("path", { d: "M22.5,12.5 Q28,20 26.5,28 Q25,36 27.5,46", fill: "none", stroke: "#9a6a36", "stroke-width": 2.2 }),
    el("circle", { cx: 18.5, cy: 16.5, r: 0.9, fill: INK }),
    el("path", { d: "M14,22 L22,27 L25.5,40", fill: "none", stroke: RED, "stroke-width": 1 }),
    // the rider
    el("path", { d: "M30,29 L41,29 L43,50 L29,50 Z", fill: armour, ...stroke(0.6) }),
    el("path", { d: "M30,36 L42,36 M30,43 L42.6,43", stroke: "#5d6a73", "stroke-width": 0.7 }),
    el("path", { d: "M29,47 L43,47 L43.5,50 L28.5,50 Z", fill: RED }),
    face(35.5, 22, 5),
    el("path", { d: "M30,22.5 Q30,13 35.5,13 Q41,13 41,22.5 L39,19 L32,19 Z", fill: STEEL, ...stroke(0.6) }), // helmet
    el("path", { d: "M35.5,13 Q38,4 46,6 Q40,8 37,14 Z", fill: RED, ...stroke(0.4) }), // plume
    arm("M40.5,31 Q46,30 46.5,25", armour),
    holding(sym, 47, 20, 0.5),
  ]);
}
function riderLower() {
  const y = 50 + DROP;
  return g({}, [
    el("ellipse", { cx: 31, cy: 67, rx: 18, ry: 8.5, fill: WHITE, ...stroke(0.7) }),
    el("path", { d: `M12.5,${y - 1} Q13,${y + 3} 17,${y + 6} L27.5,${y + 6} Q26.5,${y + 2} 27,${y - 1} Z`, fill: WHITE }), // the neck joins the body,
    el("path", { d: `M12.5,${y - 1} Q12,62 16,66`, fill: "none", ...stroke(0.7) }),
    ...[[17, 72, 15.5], [23, 74, 22.5], [38, 74, 39.5], [44, 71, 46]].map(([x, y0, x1]) =>
      el("path", { d: `M${x},${y0} L${x1},91`, stroke: INK, "stroke-width": 2.4, "stroke-linecap": "round" })),
    el("path", { d: "M48.5,63 Q53,72 49,82", fill: "none", stroke: "#9a6a36", "stroke-width": 2 }), // tail
    el("path", { d: `M27,${y - 1} L43,${y - 1} L41.5,71 L28.5,71 Z`, fill: RED, ...stroke(0.5) }), // saddle cloth
    el("path", { d: `M28.5,71 L41.5,71`, stroke: GOLD, "stroke-width": 1.3 }),
    el("path", { d: `M33,${y} L31.5,70`, stroke: "#5d6a73", "stroke-width": 3, "stroke-linecap": "round" }), // rider's leg
  ]);
}

const FIGURES = {
  K: [kingUpper, kingLower],
  Q: [queenUpper, queenLower],
  N: [riderUpper, riderLower],
  J: [pageUpper, pageLower],
  maid: [maidUpper, maidLower],
};

/**
 * The figure of a court inside the card's court frame (x 11…49, y 4…96).
 * @param {string} rank  J, Q, N or K
 * @param {() => SVGElement} sym  the suit symbol
 * @param {{double: boolean, maid: boolean, base: string|null}} how  double-ended; the Fante drawn as a
 *   Fantina; the colour of the base a full-length figure stands on (none: no base)
 */
export function courtFigure(rank, sym, { double, maid, base = null }) {
  const [upper, lower] = FIGURES[rank === "J" && maid ? "maid" : rank];
  if (double) {
    const half = g({ transform: "translate(30 4.5) scale(0.92 0.9) translate(-30 0)" }, [upper(sym)]);
    return g({ class: "court" }, [half, g({ transform: "rotate(180 30 50)" }, [half.cloneNode(true)])]);
  }
  const figure = [lower(), g({ transform: `translate(0 ${DROP})` }, [upper(sym)])];
  if (!base) return g({ class: "court", transform: "translate(30 3.5) scale(0.96 0.99) translate(-30 0)" }, figure);
  // standing on a coloured base (Napoletane): the figure a little shorter, the base under its feet
  return g({ class: "court" }, [
    el("path", { d: "M11.5,84 H48.5 V94 Q48.5,95.5 47,95.5 H13 Q11.5,95.5 11.5,94 Z", fill: base, ...stroke(0.5), class: "stand" }),
    el("path", { d: "M11.5,84 H48.5", stroke: GOLD, "stroke-width": 1 }),
    g({ transform: "translate(30 3.5) scale(0.96 0.885) translate(-30 0)" }, figure),
  ]);
}
