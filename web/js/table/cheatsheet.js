// The cheat sheet: one screen of what a player must keep in mind at the table — the order
// of strength (trick games), what each card scores, the capture values and primiera
// (fishing games), and how a deal is scored. Every figure is the engine's (deckinfo, via
// data/site.json) and the scoring words are the rules tab's own, so it cannot drift.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { gameData } from "../cardart/deckdata.js";
import { deckCards } from "../cardart.js";
import { pictureRows } from "../terms/pictures.js";
import { termsOf } from "../terms/terms.js";
import { termMarker } from "../terms/termlink.js";

function section(title, ...body) {
  return h("section", { class: "cheat-part" }, h("h3", { text: title }), ...body);
}

/** The sections of `game`'s cheat sheet, for the deck on the table: the rows of cards are
 * the ones the rules tab and the terms draw (terms/pictures.js). */
export function cheatSections(v) {
  const ctx = { game: v.game.id, deck: v.deck };
  const gd = gameData(ctx.game) || {};
  const parts = [];
  const ranking = pictureRows("ranking", ctx);
  if (ranking) {
    parts.push(section(t("cheat.ranking"), ranking,
      deckCards(v.deck).includes("T0") ? h("p", { class: "cheat-note", text: t("cheat.matto_note") }) : null));
  }
  const values = pictureRows("capture_values", ctx);
  if (values) parts.push(section(t("cheat.capture_values"), values));
  const primiera = pictureRows("primiera", ctx);
  if (primiera) parts.push(section(t("cheat.primiera"), h("p", { class: "cheat-note", text: t("cheat.primiera_note") }), primiera));
  const points = pictureRows("points", ctx);
  if (points) {
    parts.push(section(t("cheat.points"), points,
      gd.base_points ? h("p", { class: "cheat-note", text: t("cheat.points_base", { points: gd.base_points }) }) : null));
  }
  // the rules' scoring words, each term tappable where it first appears
  const mark = termMarker(termsOf(ctx.game), ctx);
  parts.push(section(t("cheat.scoring"), ...t(`rules.${v.game.id}.scoring`).split("\n").map((line) => h("p", {}, mark(line)))));
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
