// The cheat sheet: one screen of what a player must keep in mind at the table — the order
// of strength (trick games), what each card scores, the capture values and primiera
// (fishing games), and how a deal is scored. Every figure is the engine's (deckinfo, via
// data/site.json) and the scoring words are the rules tab's own, so it cannot drift.
import { h, clear } from "../dom.js";
import { t, num } from "../i18n.js";
import { cardName } from "../names.js";
import { gameData } from "../cardart/deckdata.js";
import { deckCards } from "../cardart.js";
import { cardEl } from "./render.js";

function cardItem(code, v, badge = null) {
  const label = badge === null ? cardName(code) : t("cheat.card_value", { card: cardName(code), value: num(badge) });
  return h("li", { class: "cheat-card", dataset: { card: code } },
    cardEl(code, v, { role: "img", "aria-label": label, title: label }),
    badge === null ? null : h("span", { class: "points-badge", "aria-hidden": "true", text: num(badge) }));
}

function suitsLabel(suits) {
  return suits[0] === "T" ? t("cheat.trumps") : suits.map((s) => t(`suit.${s}`)).join(t("list.join"));
}

/** One suit of the deck (Coins, as the settebello's), with a value per rank. */
function rankRow(v, values) {
  const row = deckCards(v.deck).filter((c) => c.slice(-1) === "D" && values[c.slice(0, -1)] !== undefined);
  return row.sort((a, b) => values[b.slice(0, -1)] - values[a.slice(0, -1)] || 0);
}

function section(title, ...body) {
  return h("section", { class: "cheat-part" }, h("h3", { text: title }), ...body);
}

/** The sections of `game`'s cheat sheet, for the deck on the table. */
export function cheatSections(v) {
  const gd = gameData(v.game.id) || {};
  const parts = [];
  if ((gd.ranking || []).length) {
    parts.push(section(t("cheat.ranking"), ...gd.ranking.map((row) => h("div", { class: "cheat-row" },
      h("p", { class: "cheat-row-label", text: suitsLabel(row.suits) }),
      h("ul", { class: "cheat-cards", "aria-label": t("cheat.ranking_of", { suits: suitsLabel(row.suits) }) },
        row.cards.map((c) => cardItem(c, v))))),
      deckCards(v.deck).includes("T0") ? h("p", { class: "cheat-note", text: t("cheat.matto_note") }) : null));
  }
  const values = gd.capture_values || {};
  if (Object.keys(values).length) {
    parts.push(section(t("cheat.capture_values"),
      h("ul", { class: "cheat-cards" }, rankRow(v, values).map((c) => cardItem(c, v, values[c.slice(0, -1)])))));
  }
  const primiera = gd.primiera || {};
  if (Object.keys(primiera).length) {
    parts.push(section(t("cheat.primiera"), h("p", { class: "cheat-note", text: t("cheat.primiera_note") }),
      h("ul", { class: "cheat-cards" }, rankRow(v, primiera).map((c) => cardItem(c, v, primiera[c.slice(0, -1)])))));
  }
  const points = gd.points || {};
  const inPack = new Set(deckCards(v.deck));
  const byValue = new Map();
  for (const [c, p] of Object.entries(points)) {
    if (!inPack.has(c) || (gd.stripped && (gd.stripped[v.deck] || []).includes(c))) continue;
    if (!byValue.has(p)) byValue.set(p, []);
    byValue.get(p).push(c);
  }
  if (byValue.size) {
    const order = deckCards(v.deck);
    parts.push(section(t("cheat.points"),
      ...[...byValue].sort((a, b) => b[0] - a[0]).map(([p, cs]) => h("div", { class: "cheat-row" },
        h("p", { class: "cheat-row-label", text: t("cheat.points_each", { points: p }) }),
        h("ul", { class: "cheat-cards" }, cs.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((c) => cardItem(c, v, p))))),
      gd.base_points ? h("p", { class: "cheat-note", text: t("cheat.points_base", { points: gd.base_points }) }) : null));
  }
  parts.push(section(t("cheat.scoring"),
    ...t(`rules.${v.game.id}.scoring`).split("\n").map((line) => h("p", { text: line }))));
  return parts;
}

/** Opens the cheat sheet in the table's dialog. */
export function openCheatSheet(dialog, v) {
  const titleId = `cheat-title-${v.game.id}`;
  clear(dialog).setAttribute("aria-labelledby", titleId);
  dialog.classList.add("cheat");
  const close = h("button", { type: "button", class: "btn primary", text: t("sheet.close"), onclick: () => dialog.close() });
  dialog.addEventListener("close", () => dialog.classList.remove("cheat"), { once: true });
  dialog.append(h("h2", { id: titleId, text: t("cheat.title", { game: t(`game.${v.game.id}.name`) }) }),
    ...cheatSections(v), h("div", { class: "sheet-buttons" }, close));
  dialog.showModal();
  close.focus({ preventScroll: true }); // the sheet opens at its top, the close key ready
  dialog.scrollTop = 0;
}
