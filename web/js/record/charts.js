// Two small charts drawn by hand in SVG (no library): results over time (the win rate as
// it went, one dot per match coloured by its outcome) and the margin of every deal (bars
// above and below zero). Words stay out of the drawings (they are in the page's HTML,
// translated), so a right-to-left page can mirror a chart whole with CSS.
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, children = []) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

const W = 320;
const H = 120;
const PAD = 8;
const r1 = (x) => Math.round(x * 10) / 10;

function frame(label, className) {
  return el("svg", { viewBox: `0 0 ${W} ${H}`, class: `chart ${className}`, role: "img", "aria-label": label, preserveAspectRatio: "none" });
}

/** The win rate after each match (0–100 %), a dot per match: won, drawn or lost. */
export function resultsChart(matches, label) {
  const svg = frame(label, "results-chart");
  const n = matches.length;
  const y = (rate) => r1(PAD + (1 - rate) * (H - 2 * PAD));
  const x = (i) => r1(n === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (n - 1));
  for (const rate of [0, 0.5, 1]) {
    svg.appendChild(el("line", { x1: 0, x2: W, y1: y(rate), y2: y(rate), class: rate === 0.5 ? "grid mid" : "grid" }));
  }
  let won = 0;
  const points = matches.map((m, i) => {
    if (m.outcome === "won") won += 1;
    return [x(i), y(won / (i + 1))];
  });
  if (n > 1) svg.appendChild(el("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "rate-line" }));
  // a dot is a zero-length line with round caps: its width is in screen pixels, so it stays
  // round when the chart stretches to the page's width
  matches.forEach((m, i) => {
    const [cx, cy] = points[i];
    svg.appendChild(el("line", { x1: cx, y1: cy, x2: cx, y2: cy, class: `dot ${m.outcome}${n > 40 ? " small" : ""}` }));
  });
  return svg;
}

/** One bar per deal: up for the points (or resti) you won it by, down for a deal lost. */
export function marginChart(deals, label) {
  const svg = frame(label, "margin-chart");
  const n = deals.length;
  const top = Math.max(1, ...deals.map((d) => Math.abs(d.margin)));
  const mid = H / 2;
  const scale = (H / 2 - PAD) / top;
  const slot = (W - 2 * PAD) / Math.max(n, 1);
  const bar = Math.max(1.5, Math.min(24, slot * 0.7));
  deals.forEach((d, i) => {
    const h = Math.max(1, Math.abs(d.margin) * scale);
    const cx = PAD + slot * (i + 0.5);
    svg.appendChild(el("rect", {
      x: r1(cx - bar / 2), width: r1(bar), y: r1(d.margin >= 0 ? mid - h : mid), height: r1(h),
      class: `bar ${d.margin > 0 ? "won" : d.margin < 0 ? "lost" : "drawn"}`, rx: 1.5,
    }));
  });
  svg.appendChild(el("line", { x1: 0, x2: W, y1: mid, y2: mid, class: "axis" }));
  return svg;
}
