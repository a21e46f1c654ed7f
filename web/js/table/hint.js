// The Hint: which move the engine's search prefers, shown on the hand and said in the log.
import { t } from "../i18n.js";
import { cardName, cardsName } from "../names.js";

export function describeAction(a) {
  if (a.type === "capture") return t("action.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("action.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("action.discard", { cards: cardsName(a.cards || []) });
  return t("action.play", { card: cardName(a.card) });
}

/** Marks the hinted card(s) in the hand and writes the hint in the log. */
export function showHint(view, res) {
  const action = (view.snap.legal || []).find((a) => a.id === res.hint);
  if (!action) return;
  view.note(() => t("table.hint_text", { action: describeAction(action) }));
  for (const b of view.handEl.querySelectorAll("button")) {
    b.classList.toggle("hinted", b.dataset.card === action.card || (action.cards || []).includes(b.dataset.card));
  }
  const b = view.handEl.querySelector("button.hinted");
  if (b) b.focus();
}
