// Card art as SVG, generated from data: one drawing per suit symbol style, pip
// layouts per rank as tables, courts as simple figures (double-ended decks draw
// the top half and a copy rotated 180°). Adding a deck = one entry in DECK_STYLES
// (and, for Italian suits, one entry in SUIT_SYMBOLS).
//
// cardSvg(code, deck, indexLabel) → a fresh <svg> element (cached, then cloned).
const NS = "http://www.w3.org/2000/svg";
const W = 60;
const H = 100;

function el(tag, attrs = {}, children = []) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.appendChild(c);
  return e;
}
const g = (attrs, children) => el("g", attrs, children);

// ------------------------------------------------------------------ palette
const INK = "#2b2118";
const GOLD = "#e0a526";
const GOLD_DARK = "#8a5a00";
const RED = "#c0392b";
const BLUE = "#1f5fa8";
const STEEL = "#d7dee3";
const WOOD = "#9a6a36";
const WOOD_DARK = "#5b3a1a";
const GREEN = "#3f7d3a";
const SKIN = "#f2cfa0";
const PAPER = "#fffaf0";

// ------------------------------------------------------------------ suit symbols
// Each draws one symbol centred on (0, 0), about 20 units tall.
const SUIT_SYMBOLS = {
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
};

// ------------------------------------------------------------------ pip layouts
// [x, y] centres in card units (60 × 100) and a scale per rank.
const PIPS = {
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
const RANK_NUMBER = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10 };

// ------------------------------------------------------------------ decks
// courts: "double" (mirrored halves) or "single" (full-length figures)
export const DECK_STYLES = {
  piacentine: { suits: "spanish", courts: "double", frame: "#7a1f1f", back: "#7a1f1f" },
  siciliane: { suits: "spanish", courts: "single", frame: "#1d4e7a", back: "#1d4e7a" },
  // Bresciane: full-length figures ("Figure: intere"); the 2 of Swords is la Matta, the Fante
  // of Cups has a dog ("fant cagnì")
  bresciane: { suits: "italian", courts: "single", frame: "#2f5d2a", back: "#2f5d2a", matta: "2S", dog: "JC" },
  // Tarocco Piemontese: double-ended, trumps with their Italian titles
  // (its Swords and Batons carry Roman numerals, Cups and Coins Arabic ones)
  "tarocco-piemontese": { suits: "italian", courts: "double", frame: "#5a2d6e", back: "#5a2d6e", trumpTitles: true, romanSuits: "SB" },
  minchiate: { suits: "italian", courts: "single", frame: "#6e4a1a", back: "#6e4a1a" },
};

// Court figures: robe colour and headwear per rank.
const COURTS = {
  J: { robe: "#2f6fb3", trim: GOLD, head: "cap" },     // Fante: a page with a cap
  Q: { robe: "#7b3fa0", trim: GOLD, head: "veil" },    // Donna: a lady with a veil and circlet
  N: { robe: "#a8442a", trim: GOLD, head: "helmet", horse: true }, // Cavallo: a rider on a horse
  K: { robe: "#b0202a", trim: GOLD, head: "crown" },   // Re: a crowned king
};

function headwear(kind) {
  switch (kind) {
    case "crown":
      return el("path", { d: "M24,12 L24,6 L27,9 L30,4.5 L33,9 L36,6 L36,12 Z", fill: GOLD, stroke: INK, "stroke-width": 0.6 });
    case "cap":
      return g({}, [
        el("path", { d: "M23.5,13 Q24,5.5 30,5.5 Q36.5,5.5 37,12 Q33,10 23.5,13 Z", fill: "#1c3f6b", stroke: INK, "stroke-width": 0.6 }),
        el("path", { d: "M35,7 q4,-4 6,-2", fill: "none", stroke: RED, "stroke-width": 1.2 }),
      ]);
    case "veil":
      return g({}, [
        el("path", { d: "M22.5,24 Q21.5,8 30,6.5 Q38.5,8 37.5,24 L35,20 Q36,10 30,9.5 Q24,10 25,20 Z", fill: "#e8d7b0", stroke: INK, "stroke-width": 0.5 }),
        el("path", { d: "M25,10 L35,10", stroke: GOLD, "stroke-width": 1.6 }),
      ]);
    case "helmet":
      return el("path", { d: "M24,14 Q24,5 30,5 Q36,5 36,14 L34,11 L26,11 Z", fill: "#9aa7b0", stroke: INK, "stroke-width": 0.6 });
    default:
      return null;
  }
}

/** Upper half of a court figure inside (0..60, 0..50), holding its suit symbol. */
function courtHalf(rank, suitSym, full) {
  const c = COURTS[rank];
  const parts = [];
  if (c.horse) {
    // horse head and neck, beside the rider
    parts.push(el("path", {
      d: "M8,48 Q6,34 12,27 Q13,20 18,17 L20,14 L21,18 Q26,20 24,27 L19,27 Q17,33 20,48 Z",
      fill: "#f4ede0", stroke: INK, "stroke-width": 0.7,
    }));
    parts.push(el("circle", { cx: 18.5, cy: 20.5, r: 0.9, fill: INK }));
    parts.push(el("path", { d: "M14,25 L20,46", stroke: RED, "stroke-width": 1.1 }));
  }
  // body / robe
  parts.push(el("path", {
    d: full ? "M23,27 L37,27 L45,50 L15,50 Z" : "M22,27 L38,27 L46,50 L14,50 Z",
    fill: c.robe, stroke: INK, "stroke-width": 0.7,
  }));
  parts.push(el("path", { d: "M30,27 L30,50", stroke: c.trim, "stroke-width": 1.4 }));
  parts.push(el("path", { d: "M22,27 Q30,33 38,27", fill: "none", stroke: c.trim, "stroke-width": 1.4 }));
  // head
  parts.push(el("circle", { cx: 30, cy: 18, r: 6.5, fill: SKIN, stroke: INK, "stroke-width": 0.7 }));
  parts.push(el("circle", { cx: 27.8, cy: 17.5, r: 0.7, fill: INK }));
  parts.push(el("circle", { cx: 32.2, cy: 17.5, r: 0.7, fill: INK }));
  parts.push(el("path", { d: "M28,21.3 Q30,22.6 32,21.3", fill: "none", stroke: INK, "stroke-width": 0.6 }));
  if (rank === "K") parts.push(el("path", { d: "M25,20 Q30,29 35,20 Q30,24.5 25,20 Z", fill: "#6b4a2b" }));
  parts.push(headwear(c.head));
  // arm holding the suit symbol
  parts.push(el("path", { d: "M37,30 Q43,34 42,39", fill: "none", stroke: c.robe, "stroke-width": 3.2, "stroke-linecap": "round" }));
  parts.push(g({ transform: "translate(44 36) scale(0.62)" }, [suitSym()]));
  return g({}, parts);
}

/** Lower body of a single-ended figure inside (0..60, 50..92). */
function courtLower(rank) {
  const c = COURTS[rank];
  if (c.horse) {
    return g({}, [
      el("path", { d: "M8,50 Q8,62 14,66 L46,66 Q52,60 50,52 Q40,48 20,50 Z", fill: "#f4ede0", stroke: INK, "stroke-width": 0.7 }),
      ...[14, 22, 38, 46].map((x) => el("path", { d: `M${x},65 L${x + (x < 30 ? -1 : 1)},86`, stroke: INK, "stroke-width": 2.2, "stroke-linecap": "round" })),
      el("path", { d: "M50,54 q6,4 4,14", fill: "none", stroke: INK, "stroke-width": 1.5 }),
      el("path", { d: "M22,50 L38,50 L36,62 L24,62 Z", fill: c.robe, stroke: INK, "stroke-width": 0.6 }),
    ]);
  }
  if (rank === "J") {
    return g({}, [
      el("path", { d: "M16,50 L44,50 L41,62 L19,62 Z", fill: c.robe, stroke: INK, "stroke-width": 0.7 }),
      el("rect", { x: 22, y: 62, width: 5, height: 22, fill: RED, stroke: INK, "stroke-width": 0.5 }),
      el("rect", { x: 33, y: 62, width: 5, height: 22, fill: RED, stroke: INK, "stroke-width": 0.5 }),
      el("path", { d: "M20,84 H28 V88 H19 Z M32,84 H40 L41,88 H32 Z", fill: INK }),
    ]);
  }
  return g({}, [
    el("path", { d: "M15,50 L45,50 L50,88 L10,88 Z", fill: c.robe, stroke: INK, "stroke-width": 0.7 }),
    el("path", { d: "M30,50 L30,88", stroke: c.trim, "stroke-width": 1.4 }),
    el("path", { d: "M10,86 L50,86", stroke: c.trim, "stroke-width": 1.6 }),
  ]);
}

function cornerIndex(label, suitSym, color) {
  const long = label.length > 2; // Roman numerals (VIII): squeezed into the corner
  return g({}, [
    el("text", {
      x: 6.2, y: 11.5, "font-size": long ? 8.5 : 10, "font-weight": 700, "text-anchor": "middle",
      "font-family": "Georgia, 'Times New Roman', serif", fill: color,
      ...(long ? { textLength: 10, lengthAdjust: "spacingAndGlyphs" } : {}),
    }, [document.createTextNode(label)]),
    g({ transform: "translate(6.2 18) scale(0.3)" }, [suitSym()]),
  ]);
}

const SUIT_TEXT = { D: "#9a6a00", C: RED, S: BLUE, B: WOOD_DARK };

const cache = new Map();

/** An <svg> drawing of a card face; `label` is the corner index text (from i18n). */
export function cardSvg(code, deck, label) {
  const key = `${deck}|${code}|${label}`;
  let svg = cache.get(key);
  if (!svg) {
    svg = glyphsAsUse(drawFace(code, deck, label));
    cache.set(key, svg);
  }
  return withGlyphIds(svg.cloneNode(true));
}

// The indices and numbers printed on a face are part of the picture, not text of the page:
// each <text> is kept in <defs> and drawn by a <use>, so a card button's visible text is
// nothing but its accessible name (axe: label-content-name-mismatch), while it looks the same.
let glyphId = 0;
function glyphsAsUse(svg) {
  const texts = [...svg.querySelectorAll("text")];
  if (!texts.length) return svg;
  const defs = el("defs");
  svg.insertBefore(defs, svg.firstChild);
  for (const t of texts) {
    t.replaceWith(el("use", { "data-glyph": "" }));
    defs.appendChild(t);
  }
  return svg;
}
function withGlyphIds(svg) {
  const uses = svg.querySelectorAll("use[data-glyph]");
  const texts = svg.querySelectorAll("defs > text");
  uses.forEach((u, i) => {
    const id = `card-glyph-${++glyphId}`;
    texts[i].id = id;
    u.setAttribute("href", `#${id}`);
  });
  return svg;
}

export function backSvg(deck) {
  const key = `${deck}|back`;
  let svg = cache.get(key);
  if (!svg) {
    svg = drawBack(deck);
    cache.set(key, svg);
  }
  return svg.cloneNode(true);
}

export function parseCard(code) {
  if (code[0] === "T") return { trump: Number(code.slice(1)) };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function frame(style, children) {
  return el("svg", { viewBox: `0 0 ${W} ${H}`, class: "card-art", "aria-hidden": "true", focusable: "false" }, [
    el("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4, fill: PAPER, stroke: "#b9ac8e", "stroke-width": 1 }),
    ...children,
  ]);
}

function drawFace(code, deck, label) {
  const style = DECK_STYLES[deck] || DECK_STYLES.piacentine;
  const parsed = parseCard(code);
  if (parsed.trump !== undefined) return drawTrump(parsed.trump, style, label);
  const { rank, suit } = parsed;
  const sym = SUIT_SYMBOLS[style.suits][suit];
  if (!sym) throw new Error(`no art for ${code}`);
  const parts = [];
  const n = RANK_NUMBER[rank];
  if (n) {
    const layout = PIPS[n];
    for (const [x, y] of layout.at) {
      parts.push(g({ transform: `translate(${x} ${y}) scale(${layout.s})` }, [sym()]));
    }
  } else {
    parts.push(el("rect", { x: 11, y: 4, width: 38, height: 92, rx: 2, fill: "#fbf3dc", stroke: style.frame, "stroke-width": 1 }));
    if (style.courts === "double") {
      const half = g({ transform: "translate(30 4) scale(0.72) translate(-30 0)" }, [courtHalf(rank, sym, false)]);
      parts.push(g({ "clip-path": "none" }, [half]));
      parts.push(g({ transform: "rotate(180 30 50)" }, [half.cloneNode(true)]));
      parts.push(el("line", { x1: 11, y1: 50, x2: 49, y2: 50, stroke: style.frame, "stroke-width": 0.8 }));
    } else {
      parts.push(g({ transform: "translate(30 6) scale(0.8 0.97) translate(-30 0)" }, [courtHalf(rank, sym, true), courtLower(rank)]));
    }
  }
  if (style.matta === code) parts.push(mattaMark());
  if (style.dog === code) parts.push(dog());
  const index = n && style.romanSuits && style.romanSuits.includes(suit) ? roman(n) : label;
  parts.push(cornerIndex(index, sym, SUIT_TEXT[suit]));
  parts.push(g({ transform: `rotate(180 ${W / 2} ${H / 2})` }, [cornerIndex(index, sym, SUIT_TEXT[suit])]));
  return frame(style, parts);
}

/** La Matta (Bresciane 2 of Swords): a crowned scroll between the two swords. */
function mattaMark() {
  return g({ class: "matta-mark" }, [
    el("path", { d: "M8,45 L52,45 L49,50 L52,55 L8,55 L11,50 Z", fill: RED, stroke: INK, "stroke-width": 0.6 }),
    el("text", { x: 30, y: 52.3, "font-size": 6.4, "font-weight": 700, "text-anchor": "middle", fill: "#fff7df",
      "font-family": "Georgia, 'Times New Roman', serif", "letter-spacing": 0.4 }, [document.createTextNode("LA MATA")]),
    el("path", { d: "M23,44 L23,39 L26.5,41.5 L30,37 L33.5,41.5 L37,39 L37,44 Z", fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
  ]);
}

/** The dog at the Fante of Cups' feet (Bresciane "fant cagnì"). */
function dog() {
  const FUR = "#c9a06a";
  return g({ class: "dog", transform: "translate(33 74)" }, [
    el("path", { d: "M1,9 Q0,2 6,2 L13,2 Q16,2 16,6 L16,9", fill: "none", stroke: INK, "stroke-width": 0 }),
    el("path", { d: "M15.5,3 q3,-3 2.5,-6", fill: "none", stroke: FUR, "stroke-width": 1.6, "stroke-linecap": "round" }), // tail
    el("ellipse", { cx: 9, cy: 5, rx: 7, ry: 3.6, fill: FUR, stroke: INK, "stroke-width": 0.6 }), // body
    ...[3.5, 6, 12, 14.5].map((x) => el("path", { d: `M${x},7.5 L${x},13`, stroke: INK, "stroke-width": 1.3, "stroke-linecap": "round" })),
    el("circle", { cx: 2, cy: 0.5, r: 3.3, fill: FUR, stroke: INK, "stroke-width": 0.6 }), // head
    el("path", { d: "M-1.2,1 L-3.6,2.2 L-1.2,3", fill: FUR, stroke: INK, "stroke-width": 0.5 }), // snout
    el("path", { d: "M2.6,-2.5 q2.4,1 1.6,4.2 q-2,-0.8 -1.6,-4.2 Z", fill: "#7a4e22" }), // ear
    el("circle", { cx: 0.9, cy: -0.1, r: 0.55, fill: INK }),
    el("path", { d: "M0,3.4 L5,3.4", stroke: RED, "stroke-width": 1 }), // collar
  ]);
}

const ROMAN = [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
function roman(n) {
  let out = "";
  for (const [v, r] of ROMAN) while (n >= v) { out += r; n -= v; }
  return out;
}

/** Italian titles printed on the Tarocco Piemontese trumps (the card's art, never translated). */
export const TRUMP_TITLES = ["Il Matto", "Il Bagatto", "La Papessa", "L'Imperatrice", "L'Imperatore", "Il Papa",
  "Gli Amanti", "Il Carro", "La Giustizia", "L'Eremita", "La Ruota", "La Forza", "L'Appeso", "La Morte",
  "La Temperanza", "Il Diavolo", "La Torre", "Le Stelle", "La Luna", "Il Sole", "L'Angelo", "Il Mondo"];

const stroke = (w = 0.7) => ({ stroke: INK, "stroke-width": w });
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

/** A double-ended trump: numeral and emblem in each half, the title across the middle. */
function drawTitledTrump(n, style, label) {
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
    const idx = () => el("text", { x: 9, y: 12, "font-size": 7.5, "font-weight": 700, "text-anchor": "middle", fill: style.frame,
      "font-family": "Georgia, serif" }, [document.createTextNode(label)]);
    parts.push(idx(), g({ transform: "rotate(180 30 50)" }, [idx()]));
  }
  return frame(style, parts);
}

/** Tarot trumps: a roman numeral band and a sun disc with the number; the Matto a jester cap. */
function drawTrump(n, style, label) {
  if (style.trumpTitles && n >= 0 && n < TRUMP_TITLES.length) return drawTitledTrump(n, style, label);
  const parts = [el("rect", { x: 5, y: 5, width: 50, height: 90, rx: 2, fill: "#f6ecd2", stroke: style.frame, "stroke-width": 1.2 })];
  if (n === 0) {
    parts.push(g({ transform: "translate(30 52)" }, [
      el("path", { d: "M-14,6 Q-12,-14 0,-16 Q12,-14 14,6 Z", fill: "#c0392b", stroke: INK, "stroke-width": 0.8 }),
      el("path", { d: "M0,-16 Q-3,-24 -10,-22 M0,-16 Q3,-24 10,-22", fill: "none", stroke: INK, "stroke-width": 1.2 }),
      el("circle", { cx: -10, cy: -22, r: 2, fill: GOLD }), el("circle", { cx: 10, cy: -22, r: 2, fill: GOLD }),
      el("rect", { x: -15, y: 5, width: 30, height: 4, rx: 1.5, fill: GOLD, stroke: INK, "stroke-width": 0.6 }),
    ]));
  } else {
    const rays = [];
    for (let a = 0; a < 360; a += 22.5) rays.push(el("path", { d: "M0,-17 L2.2,-11 L-2.2,-11 Z", fill: GOLD, transform: `rotate(${a})` }));
    parts.push(g({ transform: "translate(30 52)" }, [
      ...rays,
      el("circle", { r: 11, fill: PAPER, stroke: GOLD_DARK, "stroke-width": 1.2 }),
      el("text", { y: 4.5, "font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: style.frame,
        "font-family": "Georgia, 'Times New Roman', serif" }, [document.createTextNode(String(n))]),
    ]));
    parts.push(el("text", { x: 30, y: 18, "font-size": 9, "text-anchor": "middle", fill: INK, "font-family": "Georgia, serif" },
      [document.createTextNode(roman(n))]));
  }
  parts.push(el("text", { x: 8, y: 12, "font-size": 8, "font-weight": 700, "text-anchor": "middle", fill: style.frame,
    "font-family": "Georgia, serif" }, [document.createTextNode(label)]));
  return frame(style, parts);
}

function drawBack(deck) {
  const style = DECK_STYLES[deck] || DECK_STYLES.piacentine;
  const parts = [el("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 3, fill: style.back })];
  const lattice = [];
  for (let y = 8; y < 96; y += 8) {
    for (let x = 8 + ((y / 8) % 2) * 4; x < 54; x += 8) {
      lattice.push(`M${x},${y - 3}L${x + 3},${y}L${x},${y + 3}L${x - 3},${y}Z`);
    }
  }
  parts.push(el("path", { d: lattice.join(""), fill: "rgba(255,235,190,0.28)" }));
  parts.push(el("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 2, fill: "none", stroke: GOLD, "stroke-width": 1 }));
  parts.push(el("ellipse", { cx: 30, cy: 50, rx: 13, ry: 17, fill: PAPER, stroke: GOLD, "stroke-width": 1.5 }));
  parts.push(g({ transform: "translate(30 50) scale(0.95)" }, [SUIT_SYMBOLS.spanish.D()]));
  return frame(style, parts);
}

// ------------------------------------------------------------------ deck compositions
// The cards of each whole deck, as drawn on the tradition pages (core/cardavia/cards.py
// is the engine's source of truth for play; this only lists what the printed deck holds).
const NUMS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const DECK_RANKS = {
  piacentine: [...NUMS.slice(0, 7), "J", "N", "K"],
  siciliane: [...NUMS.slice(0, 7), "Q", "N", "K"],
  bresciane: [...NUMS, "J", "N", "K"],
  "tarocco-piemontese": [...NUMS, "J", "N", "Q", "K"],
  minchiate: [...NUMS, "J", "N", "Q", "K"],
};
const DECK_TRUMPS = { "tarocco-piemontese": 21, minchiate: 40 };
/** Cards of a whole deck taken out for a game: {game, cards}. */
export const STRIPPED = {
  "tarocco-piemontese": { game: "tarocchi", cards: ["AS", "2S", "3S", "4S", "AB", "2B", "3B", "4B", "7C", "8C", "9C", "10C", "7D", "8D", "9D", "10D"] },
};

/** Groups of a whole deck: [{id: "T" | suit, cards: [...]}], trumps first. */
export function deckGroups(deck) {
  const ranks = DECK_RANKS[deck];
  if (!ranks) return [];
  const out = [];
  if (DECK_TRUMPS[deck]) out.push({ id: "T", cards: Array.from({ length: DECK_TRUMPS[deck] + 1 }, (_, i) => `T${i}`) });
  for (const suit of ["C", "D", "S", "B"]) out.push({ id: suit, cards: ranks.map((r) => r + suit) });
  return out;
}
