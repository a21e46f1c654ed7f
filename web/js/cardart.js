// Card art as SVG, generated from data (modules in cardart/): suit symbols and pip layouts
// as tables, one court figure per rank, the tarot trumps of each deck. What a deck holds and
// how a game labels its corners come from the engine (cardart/deckdata.js, site.json).
// Adding a deck = one entry in DECK_STYLES (and, for a new suit style, in suits.js).
// Card faces are pictures: they never mirror in right-to-left languages.
//
//   cardSvg(code, deck, game) → a fresh <svg> element (cached, then cloned)
//   cardLabel(code, deck, game) → the corner index that face shows ("8" for Scopa's Fante)
import { el, g, text, W, H, INK, GOLD, RED, PAPER, roman } from "./cardart/svg.js";
import { SUIT_SYMBOLS, PIPS, RANK_NUMBER, SUIT_TEXT } from "./cardart/suits.js";
import { courtFigure } from "./cardart/courts.js";
import { titledTrump, TRUMP_TITLES } from "./cardart/tarot.js";
import { minchiateTrump } from "./cardart/minchiate.js";
import { rankLabel } from "./cardart/deckdata.js";
import { NAPOLETANE_BASES, eagleAce, mask, MASK_PIPS } from "./cardart/napoletane.js";

export { setDeckData, deckGroups, deckCards, strippedCards, cardPoints, courtCounting } from "./cardart/deckdata.js";
export { TRUMP_TITLES };

// courts: "double" (the top half and a copy turned 180°) or "single" (full-length figures)
export const DECK_STYLES = {
  piacentine: { suits: "spanish", courts: "double", frame: "#7a1f1f", back: "#7a1f1f" },
  siciliane: { suits: "spanish", courts: "single", frame: "#1d4e7a", back: "#1d4e7a" },
  // Bresciane: full-length figures ("Figure: intere"); the 2 of Swords is la Matta, the Fante
  // of Cups has a dog ("fant cagnì")
  bresciane: { suits: "italian", courts: "single", frame: "#2f5d2a", back: "#2f5d2a", matta: "2S", dog: "JC" },
  // Tarocco Piemontese: double-ended, trumps with their Italian titles
  // (its Swords and Batons carry Roman numerals, Cups and Coins Arabic ones)
  "tarocco-piemontese": { suits: "italian", courts: "double", frame: "#5a2d6e", back: "#5a2d6e", trumps: "titled", romanSuits: "SB" },
  // Minchiate: full-length figures, a Fantina in Cups and Coins, 40 trumps with subjects
  minchiate: { suits: "italian", courts: "single", frame: "#6e4a1a", back: "#6e4a1a", trumps: "minchiate", maids: "CD" },
  // Napoletane: Spanish-type suits in their own look, full-length courts (not mirrored)
  // standing on a base coloured by suit, the Asso di Denari on an eagle, a mask on the 3 di Bastoni
  napoletane: { suits: "napoletane", courts: "single", frame: "#1f5e63", back: "#1f5e63", bases: NAPOLETANE_BASES,
    eagle: "AD", mask: "3B" },
};
const styleOf = (deck) => DECK_STYLES[deck] || DECK_STYLES.piacentine;

/** True when the deck's faces show game-icons.net pictures (CC BY 3.0: credit them). */
export const usesIcons = (deck) => styleOf(deck).trumps === "minchiate";

export function parseCard(code) {
  if (code[0] === "T") return { trump: Number(code.slice(1)) };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** The corner index of a card face as `game` prints it: Scopa's courts read 8, 9, 10; other
 * games show the deck's letters (F, C, R, D); trumps their number; the Matto none. */
export function cardLabel(code, deck, game) {
  const c = parseCard(code);
  if (c.trump !== undefined) return c.trump ? String(c.trump) : "";
  const n = RANK_NUMBER[c.rank];
  const style = styleOf(deck);
  if (n && style.romanSuits && style.romanSuits.includes(c.suit)) return roman(n);
  return rankLabel(c.rank, deck, game);
}

const cache = new Map();

/** The face cache's key: a face is drawn once per deck, card and corner label. */
function faceKey(code, deck, label) { return `${deck}|${code}|${label}`; }

function cachedFace(code, deck, game) {
  const label = cardLabel(code, deck, game);
  const key = faceKey(code, deck, label);
  let svg = cache.get(key);
  if (!svg) {
    svg = glyphsAsUse(drawFace(code, deck, label));
    cache.set(key, svg);
  }
  return svg;
}

/** An <svg> drawing of a card face, its corners labelled as `game` counts them. */
export function cardSvg(code, deck, game) {
  return withGlyphIds(cachedFace(code, deck, game).cloneNode(true));
}

/**
 * Draws the deck's back and the faces of `codes` into their caches while the page is idle (a
 * few at a time, each slice well under a frame), so that the first table dealt is cloned, not
 * drawn: drawing a tarot hand's faces at once held a phone's main thread for ~0.1 s.
 */
export function warmFaces(codes, deck, game) {
  const todo = [null, ...codes]; // null: the back
  const idle = window.requestIdleCallback || ((f) => setTimeout(() => f({ timeRemaining: () => 8 }), 16));
  const step = (deadline) => {
    const until = performance.now() + Math.min(8, deadline.timeRemaining());
    while (todo.length && performance.now() < until) {
      const c = todo.shift();
      if (c === null) backUrl(deck); else cachedFace(c, deck, game);
    }
    if (todo.length) idle(step);
  };
  idle(step);
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
    const use = el("use", { "data-glyph": "" });
    if (t.dataset.index !== undefined) use.setAttribute("data-index", t.dataset.index);
    t.replaceWith(use);
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

const backUrls = new Map();

/** A deck's back as a data: URL of its drawing, made once per deck. */
function backUrl(deck) {
  let url = backUrls.get(deck);
  if (!url) {
    const svg = drawBack(deck);
    svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    url = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    backUrls.set(deck, url);
  }
  return url;
}

/** A card back as an image: a table shows up to 25 backs, each of which as inline SVG was 14
 * elements to style and lay out. */
export function backImage(deck) {
  const url = backUrl(deck);
  const img = document.createElement("img");
  img.className = "card-art";
  img.alt = "";
  img.src = url;
  img.draggable = false;
  img.setAttribute("aria-hidden", "true");
  return img;
}

function frame(children, code) {
  return el("svg", { viewBox: `0 0 ${W} ${H}`, class: "card-art", "aria-hidden": "true", focusable: "false", "data-face": code }, [
    el("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4, fill: PAPER, stroke: "#b9ac8e", "stroke-width": 1 }),
    ...children,
  ]);
}

function cornerIndex(label, suitSym, color) {
  const long = label.length > 2; // Roman numerals (VIII): squeezed into the corner
  return g({}, [
    text(label, { x: 6.2, y: 11.5, "font-size": long ? 8.5 : 10, fill: color, "data-index": "",
      ...(long ? { textLength: 10, lengthAdjust: "spacingAndGlyphs" } : {}) }),
    g({ transform: "translate(6.2 18) scale(0.3)" }, [suitSym()]),
  ]);
}

function drawFace(code, deck, label) {
  const style = styleOf(deck);
  const parsed = parseCard(code);
  if (parsed.trump !== undefined) return frame(drawTrump(parsed.trump, style, label), code);
  const { rank, suit } = parsed;
  const sym = SUIT_SYMBOLS[style.suits][suit];
  if (!sym) throw new Error(`no art for ${code}`);
  const parts = [];
  const n = RANK_NUMBER[rank];
  if (style.eagle === code) {
    parts.push(eagleAce(sym));
  } else if (n) {
    const layout = style.mask === code ? MASK_PIPS : PIPS[n];
    if (style.mask === code) parts.push(mask());
    for (const [x, y] of layout.at) {
      parts.push(g({ transform: `translate(${x} ${y}) scale(${layout.s})` }, [sym()]));
    }
  } else {
    parts.push(el("rect", { x: 11, y: 4, width: 38, height: 92, rx: 2, fill: "#fbf3dc", stroke: style.frame, "stroke-width": 1 }));
    const double = style.courts === "double";
    parts.push(courtFigure(rank, sym, { double, maid: Boolean(style.maids && style.maids.includes(suit)),
      base: style.bases ? style.bases[suit] : null }));
    if (double) parts.push(el("line", { x1: 11, y1: 50, x2: 49, y2: 50, stroke: style.frame, "stroke-width": 0.8 }));
  }
  if (style.matta === code) parts.push(mattaMark());
  if (style.dog === code) parts.push(dog());
  parts.push(cornerIndex(label, sym, SUIT_TEXT[suit]));
  parts.push(g({ transform: `rotate(180 ${W / 2} ${H / 2})` }, [cornerIndex(label, sym, SUIT_TEXT[suit])]));
  return frame(parts, code);
}

/** La Matta (Bresciane 2 of Swords): a crowned scroll between the two swords, named as the
 * rules and the score sheet name it. */
function mattaMark() {
  return g({ class: "matta-mark" }, [
    el("path", { d: "M8,45 L52,45 L49,50 L52,55 L8,55 L11,50 Z", fill: RED, stroke: INK, "stroke-width": 0.6 }),
    text("la Matta", { x: 30, y: 52.3, "font-size": 6.6, fill: "#fff7df", "letter-spacing": 0.3 }),
    el("path", { d: "M23,44 L23,39 L26.5,41.5 L30,37 L33.5,41.5 L37,39 L37,44 Z", fill: GOLD, stroke: INK, "stroke-width": 0.5 }),
  ]);
}

/** The dog at the Fante of Cups' feet (Bresciane "fant cagnì"). */
function dog() {
  const FUR = "#c9a06a";
  return g({ class: "dog", transform: "translate(37 77) scale(0.8)" }, [
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

/** Tarot trumps in the deck's own style. */
function drawTrump(n, style, label) {
  if (style.trumps === "titled" && n < TRUMP_TITLES.length) return titledTrump(n, style, label);
  if (style.trumps === "minchiate") return minchiateTrump(n, style, label);
  throw new Error(`no trump art for T${n} in this deck`);
}

function drawBack(deck) {
  const style = styleOf(deck);
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
  return frame(parts, "back");
}
