// Fitting a hand to its box (issue 25): the card width, how far each card shows past its
// neighbour (the "lap"), and how many rows, so that every card keeps an uncovered strip
// holding its index and a finger's target. Pure: sizes in, layout out; render.js applies it.

/** A card's height over its width (the art's 60 × 100 box). */
export const ASPECT = 100 / 60;
/** The smallest uncovered strip of a card, CSS px: a 24 px target and 2 px to spare. */
export const MIN_STRIP = 26;
/** The share of a card's width its corner index needs uncovered (Minchiate's trump pill, the widest). */
export const INDEX_SHARE = 0.4;
/** A later row starts this share of a card's height below the row before it: the upper
 * row's top part (index and target) stays uncovered. */
export const ROW_RISE = 0.52;

/** The total height of `rows` overlapping rows of cards `w` wide. */
export function handHeight(w, rows) {
  const h = w * ASPECT;
  return h + (rows - 1) * h * ROW_RISE;
}

/**
 * The largest layout that fits: fewest rows first, then the widest card.
 * @param {object} o
 * @param {number} o.n          cards in the hand
 * @param {number} o.width      the hand's inner width, px
 * @param {number} o.maxCardW   the card's natural width (the stylesheet's --card-w)
 * @param {number} [o.minCardW] the narrowest card worth drawing
 * @param {number} [o.maxHeight] the room below the hand's top (a desktop window), px
 * @param {number} [o.gap]      the gap between cards that do not overlap
 * @param {number} [o.maxRows]
 * @returns {{cardW:number, lap:number, rows:number, perRow:number}}
 */
export function fitHand({ n, width, maxCardW, minCardW = 40, maxHeight = Infinity, gap = 8, maxRows = 3 }) {
  const count = Math.max(1, n);
  const top = Math.max(minCardW, Math.floor(maxCardW));
  let fallback = null;
  for (let rows = 1; rows <= Math.min(maxRows, count); rows++) {
    const perRow = Math.ceil(count / rows);
    for (let w = top; w >= minCardW; w -= 1) {
      if (handHeight(w, rows) > maxHeight) continue;
      const lap = perRow > 1 ? Math.min(w + gap, (width - w) / (perRow - 1)) : w;
      const layout = { cardW: w, lap: Math.floor(lap * 10) / 10, rows, perRow };
      if (lap >= Math.max(MIN_STRIP, w * INDEX_SHARE)) return layout;
      if (!fallback || layout.lap > fallback.lap) fallback = layout;
    }
  }
  // no room below for any readable layout (a window too short): fit the width alone, the
  // page scrolls to the rest
  if (Number.isFinite(maxHeight)) return fitHand({ n, width, maxCardW, minCardW, gap, maxRows });
  // nothing meets the bar (a box far too small): the layout whose strips are widest
  return fallback;
}

/** The hand's cards split into `rows` rows of at most `perRow`, the last rows the shorter. */
export function splitRows(items, rows) {
  const out = [];
  let start = 0;
  for (let r = 0; r < rows; r++) {
    const size = Math.ceil((items.length - start) / (rows - r));
    out.push(items.slice(start, start + size));
    start += size;
  }
  return out.filter((row) => row.length);
}
