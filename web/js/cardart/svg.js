// SVG building blocks shared by the card drawings: element helpers, the palette, the
// card's 60 × 100 unit box.
export const NS = "http://www.w3.org/2000/svg";
export const W = 60;
export const H = 100;

export function el(tag, attrs = {}, children = []) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.appendChild(c);
  return e;
}
export const g = (attrs, children) => el("g", attrs, children);
/** A <text> of the picture (serif, bold unless told), centred on x. */
export function text(str, attrs) {
  return el("text", { "text-anchor": "middle", "font-weight": 700, "font-family": "Georgia, 'Times New Roman', serif", ...attrs },
    [document.createTextNode(str)]);
}
export const stroke = (w = 0.7) => ({ stroke: INK, "stroke-width": w });

// ------------------------------------------------------------------ palette
export const INK = "#2b2118";
export const GOLD = "#e0a526";
export const GOLD_DARK = "#8a5a00";
export const RED = "#c0392b";
export const BLUE = "#1f5fa8";
export const STEEL = "#d7dee3";
export const WOOD = "#9a6a36";
export const WOOD_DARK = "#5b3a1a";
export const GREEN = "#3f7d3a";
export const SKIN = "#f2cfa0";
export const PAPER = "#fffaf0";

const ROMAN = [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
export function roman(n) {
  let out = "";
  for (const [v, r] of ROMAN) while (n >= v) { out += r; n -= v; }
  return out;
}
