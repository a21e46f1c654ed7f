// The Full rules tab of a game: its header line ("2 players · You vs AI · Match to 11"), the
// four sections from the catalogue with each game term a tappable definition (the first
// time it appears), and under the sections the cards they talk about, drawn with the
// game's card art (terms/pictures.js): rank orders, points, capture values, example
// captures, combinations. The rules are part of first paint, so the figures' slots are laid
// out at once and their faces drawn only as they come near the screen.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { courtCounting } from "./cardart.js";
import { termsOf } from "./terms/terms.js";
import { termMarker } from "./terms/termlink.js";
import { rulesFigures, fill } from "./terms/pictures.js";

export function rulesHeader(g) {
  if (!g) return "";
  if (g.partnerships && g.format === "match") return t("rules.header.partners_match", { players: g.players, target: g.target });
  if (g.partnerships) return t("rules.header.partners", { players: g.players });
  if (g.format === "match") return t("rules.header.match", { players: g.players, target: g.target });
  return t("rules.header.single", { players: g.players });
}

export function rulesSection(g, deck) {
  const court = courtCounting(g.id, deck, 8); // which court the engine counts as 8 (Scopa)
  const eight = court ? t(`rank.${court}`) : "";
  const ctx = { game: g.id, deck };
  const mark = termMarker(termsOf(g.id), ctx); // each term marked once, where it first appears
  const line = (text) => h("li", {}, mark(text));
  const article = h("article", { class: "rules" },
    h("p", { class: "rules-header", text: rulesHeader(g) }),
    ["objective", "setup", "turn", "scoring"].map((sec) => h("section", { dataset: { section: sec } },
      h("h2", { text: t(`rules.${sec}`) }),
      h("ul", {}, t(`rules.${g.id}.${sec}`, { eight }).split("\n").map(line)))));
  // once the page holds it, still before it is painted: a rules panel shown gets its figures'
  // room now (no shift later); a hidden one (the table tab's) none, a tab switch draws anew
  const place = (tries) => {
    if (!article.isConnected) { if (tries) requestAnimationFrame(() => place(tries - 1)); return; }
    if (!article.closest("[hidden]")) addFigures(article, ctx);
  };
  queueMicrotask(() => place(3));
  return article;
}

/** The figures of each section, their faces drawn as they near the screen (or at once
 * where the browser has no IntersectionObserver). */
function addFigures(article, ctx) {
  for (const fig of rulesFigures(ctx)) {
    const section = article.querySelector(`section[data-section="${fig.section}"]`);
    section.appendChild(h("figure", { class: "rules-fig" }, h("figcaption", { text: fig.title }), fig.body));
  }
  if (typeof IntersectionObserver === "undefined") { fill(article); return; }
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      io.unobserve(e.target);
      fill(e.target);
    }
  }, { rootMargin: "300px 0px" });
  for (const f of article.querySelectorAll(".rules-fig")) io.observe(f);
}
