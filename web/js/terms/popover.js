// The one place a term's definition opens: a small modal dialog with the term, its short
// definition and the cards it concerns. Escape closes it (the dialog's own cancel), so does
// a tap outside it; the focus goes back to the term that opened it. Above the score sheet
// too: a second modal dialog stacks over the first.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { termTitle, termDefinition } from "./terms.js";
import { termPicture } from "./pictures.js";

let dialog = null;
let opener = null;

function theDialog() {
  if (dialog && dialog.isConnected) return dialog;
  dialog = h("dialog", { class: "term-pop", "aria-labelledby": "term-pop-title" });
  // a tap on the backdrop lands on the dialog itself, outside its panel
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => {
    if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    opener = null;
  });
  document.body.appendChild(dialog);
  return dialog;
}

/** Opens term `id`'s definition for `ctx` ({game, deck}); `from` gets the focus back. */
export function openTerm(id, ctx, from = null) {
  const d = theDialog();
  if (d.open) d.close();
  opener = from;
  const close = h("button", { type: "button", class: "btn term-close", text: t("sheet.close"), onclick: () => d.close() });
  clear(d).append(h("div", { class: "term-panel", dataset: { term: id } },
    h("h2", { id: "term-pop-title", text: termTitle(id) }),
    h("p", { class: "term-def", text: termDefinition(id, ctx.game) }),
    termPicture(id, ctx),
    h("div", { class: "term-buttons" }, close)));
  d.showModal();
  close.focus({ preventScroll: true });
  d.scrollTop = 0;
  return d;
}
