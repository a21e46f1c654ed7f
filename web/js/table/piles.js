// A side's captured pile, face up in a dialog: in the fishing games captures are made
// face up, so every card taken is public (Briscola and the tarot games keep their
// tricks face down, as their rules say: there the last trick is shown instead).
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { cardName, teamName } from "../names.js";
import { cardEl } from "./cardface.js";

export function openPile(dialog, s, team, v) {
  const cards = (s.piles && s.piles[team]) || [];
  const titleId = `pile-title-${team}`;
  clear(dialog).setAttribute("aria-labelledby", titleId);
  const close = h("button", { type: "button", class: "btn primary", text: t("sheet.close"), onclick: () => dialog.close() });
  dialog.append(
    h("h2", { id: titleId, text: t("table.pile_title", { who: teamName(team, s) }) }),
    cards.length
      ? h("ul", { class: "pile-cards" }, cards.map((c) => h("li", {}, cardEl(c, v, { role: "img", "aria-label": cardName(c) }))))
      : h("p", { text: t("table.pile_empty") }),
    h("div", { class: "sheet-buttons" }, close));
  dialog.showModal();
  close.focus();
}
