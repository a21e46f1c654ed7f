// The cards a term or a rules section concerns, drawn with the game's own card art from the
// engine's data (deckinfo via data/site.json): the order of strength, the card points,
// primiera's values, capture values, a term's own cards and example captures. A strip's
// slots are laid out at once (each keeps a card's size), the faces drawn when asked
// (`fill`), so the rules tab can reserve its figures at first paint and draw them later.
import { h } from "../dom.js";
import { t, num } from "../i18n.js";
import { cardName } from "../names.js";
import { cardSvg, backImage } from "../cardart.js";
import { deckCards, gameData, strippedCards } from "../cardart/deckdata.js";
import { TERMS, termTitle, usesTerm } from "./terms.js";

const PER_LINE = 10; // at most ten cards to a line: a row of 40 trumps reads as four

/** A strip of cards ({code, badge?} or a code), its faces drawn now or by `fill` later. */
export function cardStrip(items, ctx, label = null, { lazy = false } = {}) {
  const list = items.map((it) => (typeof it === "string" ? { code: it } : it));
  const ul = h("ul", { class: "term-cards", "aria-label": label, dataset: { game: ctx.game, deck: ctx.deck, ...(lazy ? { lazy: "1" } : {}) } },
    list.map(({ code, badge, back }) => {
      const name = back ? t("term.face_down") : cardName(code);
      const aria = badge === undefined ? name : t("cheat.card_value", { card: name, value: num(badge) });
      return h("li", { class: "term-card", dataset: back ? { back: "1" } : { card: code } },
        h("span", { class: back ? "card back" : "card face", role: "img", "aria-label": aria, title: aria }),
        badge === undefined ? null : h("span", { class: "points-badge", "aria-hidden": "true", text: num(badge) }));
    }));
  ul.style.setProperty("--n", String(Math.max(1, Math.min(list.length, PER_LINE))));
  if (!lazy) fill(ul);
  return ul;
}

/** Draws the faces of every strip under `root` that waits for them. */
export function fill(root) {
  const strips = root.matches && root.matches(".term-cards") ? [root] : [...root.querySelectorAll(".term-cards")];
  for (const ul of strips) {
    if (ul.dataset.drawn) continue;
    ul.dataset.drawn = "1";
    delete ul.dataset.lazy;
    const { deck, game } = ul.dataset;
    for (const li of ul.children) {
      const card = li.firstChild;
      card.appendChild(li.dataset.back ? backImage(deck) : cardSvg(li.dataset.card, deck, game));
    }
  }
}

const suitsLabel = (suits) => (suits[0] === "T" ? t("cheat.trumps") : suits.map((s) => t(`suit.${s}`)).join(t("list.join")));

/** A labelled group of strips: [{label, items}] → a <div>. */
function rows(groups, ctx, opts) {
  return h("div", { class: "term-rows" }, groups.map(({ label, items, aria }) => h("div", { class: "term-row" },
    label ? h("p", { class: "term-row-label", text: label }) : null, cardStrip(items, ctx, aria || label, opts))));
}

function inPlay(ctx) {
  const out = strippedCards(ctx.game, ctx.deck);
  return deckCards(ctx.deck).filter((c) => !out.has(c));
}

/** The order of strength, row by row ("Trumps", "Cups, Coins"); with `trumpsOnly` the
 * trumps alone: the tarots' trump row, or where a suit is trumps (Briscola) its row in the
 * suit on the table (ctx.suit) when known. */
function ranking(ctx, trumpsOnly = false) {
  const gd = gameData(ctx.game) || {};
  let list = gd.ranking || [];
  if (trumpsOnly && list.some((r) => r.suits[0] === "T")) list = list.filter((r) => r.suits[0] === "T");
  else if (trumpsOnly && ctx.suit) {
    list = list.filter((r) => r.suits.includes(ctx.suit))
      .map((r) => ({ suits: [ctx.suit], cards: r.cards.map((c) => c.slice(0, -1) + ctx.suit) }));
  }
  return list.map((r) => ({ label: suitsLabel(r.suits), aria: t("cheat.ranking_of", { suits: suitsLabel(r.suits) }), items: r.cards }));
}

/** The cards that score by themselves, by value, the highest first, each with its points. */
function points(ctx) {
  const gd = gameData(ctx.game) || {};
  const pack = inPlay(ctx);
  const byValue = new Map();
  for (const c of pack) {
    const p = (gd.points || {})[c];
    if (p === undefined) continue;
    if (!byValue.has(p)) byValue.set(p, []);
    byValue.get(p).push(c);
  }
  return [...byValue].sort((a, b) => b[0] - a[0]).map(([p, cs]) => ({
    label: t("cheat.points_each", { points: p }), items: cs.map((code) => ({ code, badge: p })) }));
}

/** One suit (Coins, the settebello's) with a value per rank, the highest value first,
 * named `aria` for screen readers (the figure's caption says it). */
function valueRow(ctx, values, aria) {
  const row = deckCards(ctx.deck).filter((c) => c.slice(-1) === "D" && values[c.slice(0, -1)] !== undefined)
    .sort((a, b) => values[b.slice(0, -1)] - values[a.slice(0, -1)]);
  return [{ aria, items: row.map((code) => ({ code, badge: values[code.slice(0, -1)] })) }];
}

const ROWS = {
  ranking: (ctx) => ranking(ctx),
  trumps: (ctx) => ranking(ctx, true),
  points,
  primiera: (ctx) => valueRow(ctx, (gameData(ctx.game) || {}).primiera || {}, t("cheat.primiera")),
  capture_values: (ctx) => valueRow(ctx, (gameData(ctx.game) || {}).capture_values || {}, t("cheat.capture_values")),
};

/** The engine's figures of a game as labelled rows of cards (kind: ranking, trumps, points,
 * primiera, capture_values), or null where the game has none: the cheat sheet, the rules'
 * figures and the terms' definitions draw the same rows. */
export function pictureRows(kind, ctx, opts = {}) {
  const list = ROWS[kind](ctx).filter((r) => r.items.length);
  return list.length ? rows(list, ctx, opts) : null;
}

const names = (codes) => codes.map(cardName).join(t("list.join"));

/** One group of a term's cards; a capture as the card played, an arrow, the cards it takes. */
function cardGroup(g, ctx, opts, label = null) {
  const caption = label ? h("p", { class: "term-row-label", text: label }) : null;
  if (!g.play) return h("div", { class: "term-row" }, caption, cardStrip(g.cards, ctx, names(g.cards), opts));
  return h("div", { class: "term-row" }, caption,
    h("div", { class: "term-capture", role: "group", "aria-label": t("term.takes", { card: cardName(g.play), cards: names(g.cards) }) },
      cardStrip([g.play], ctx, null, opts), h("span", { class: "term-arrow", "aria-hidden": "true", text: "→" }), cardStrip(g.cards, ctx, null, opts)));
}

const termGroups = (id, ctx) => ((gameData(ctx.game) || {}).terms || {})[id] || [];

function ownCards(id, ctx, opts) {
  return h("div", { class: "term-rows" }, termGroups(id, ctx).map((g) => cardGroup(g, ctx, opts)));
}

/** What a term's definition pictures, or null where the game has nothing to show. */
export function termPicture(id, ctx, opts = {}) {
  switch ((TERMS[id] || {}).picture) {
    case "cards": return termGroups(id, ctx).length ? ownCards(id, ctx, opts) : null;
    case "backs": return rows([{ items: [1, 2, 3].map(() => ({ back: true })), aria: termTitle(id) }], ctx, opts);
    case undefined: return null;
    default: return pictureRows(TERMS[id].picture, ctx, opts);
  }
}

/** The pictures under each section of a game's rules: [{section, title, body}], drawn lazily:
 * the cards taken out, capture values, the order of strength, the bonuses' example
 * captures (one figure, a row each), the card points, primiera, the Napola, combinations. */
export function rulesFigures(ctx) {
  const figs = [];
  const add = (section, title, body) => { if (body) figs.push({ section, title, body }); };
  const lazy = { lazy: true };
  const out = [...strippedCards(ctx.game, ctx.deck)];
  if (out.length) add("setup", t("rules.fig.stripped"), rows([{ items: out, aria: t("rules.fig.stripped") }], ctx, lazy));
  add("setup", t("cheat.capture_values"), pictureRows("capture_values", ctx, lazy));
  add("turn", t("cheat.ranking"), pictureRows("ranking", ctx, lazy));
  const captures = ["scopa", "picada", "simili", "quadriglia"].filter((id) => usesTerm(ctx.game, id) && termGroups(id, ctx).length);
  if (captures.length) {
    add("turn", captures.length > 1 ? t("rules.fig.captures") : termTitle(captures[0]), h("div", { class: "term-rows" },
      captures.map((id) => cardGroup(termGroups(id, ctx)[0], ctx, lazy, captures.length > 1 ? termTitle(id) : null))));
  }
  add("scoring", t("cheat.points"), pictureRows("points", ctx, lazy));
  for (const id of ["primiera", "napola", "versicola"]) {
    if (usesTerm(ctx.game, id)) add("scoring", termTitle(id), termPicture(id, ctx, lazy));
  }
  return figs;
}
