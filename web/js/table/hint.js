// The Hint: the expert search's move for the player, with why, in words — the main
// reason and the expected points of the best two or three choices (from the engine's
// `advice`). Also how a logged action reads (the review lists past moves by id).
import { h, clear } from "../dom.js";
import { t, has, signed } from "../i18n.js";
import { cardName, cardsName } from "../names.js";
import { comboName } from "./minchiate.js";

export function describeAction(a) {
  if (a.type === "capture") return t("action.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("action.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("action.discard", { cards: cardsName(a.cards || (a.card ? [a.card] : [])) });
  if (a.type === "declare") return t("action.declare", { combo: comboName(a.combo, a.kind, (a.cards || []).length) });
  if (a.type === "pass") return t("action.declare_done");
  return t("action.play", { card: cardName(a.card) });
}

/** A move as a noun ("Re of Cups", "7 of Coins taking 3 of Cups"), for sentences that bring
 * their own verb ("You chose {played}"): describeAction's "play …" would double it. */
export function moveName(a) {
  if (a.type === "capture") return t("move.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("move.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("move.discard", { cards: cardsName(a.cards || (a.card ? [a.card] : [])) });
  if (a.type === "declare") return comboName(a.combo, a.kind, (a.cards || []).length);
  if (a.type === "pass") return t("move.declare_done");
  return cardName(a.card);
}

export function describeMoveId(id, legal = []) {
  return moveName(legal.find((a) => a.id === id) || actionFromId(id));
}

/** An action from its stable id ("play:7D", "play:7D:4B+3B", "discard:2C+3C"), for moves no longer legal. */
export function actionFromId(id) {
  const [kind, first, rest] = String(id).split(":");
  if (kind === "discard") return { type: "discard", cards: (first || "").split("+") };
  if (kind === "declare") return first === "done" ? { type: "pass" } : { type: "declare", combo: String(id).slice(8) };
  if (rest) return { type: "capture", card: first, captures: rest.split("+") };
  return { type: "play", card: first };
}

export function describeId(id, legal = []) {
  return describeAction(legal.find((a) => a.id === id) || actionFromId(id));
}

/** The reason code with its parameters, in words. */
export function reasonText(reason) {
  if (!reason || !has(`hint.reason.${reason.code}`)) return "";
  const params = { ...reason };
  if (typeof params.card === "string") params.card = cardName(params.card);
  if (typeof params.gain === "number") params.gain = signed(params.gain);
  return t(`hint.reason.${reason.code}`, params);
}

/** Marks the hinted card(s) in the hand and says the hint, its reason and the best choices. */
export function showHint(view, res) {
  const legal = view.snap.legal || [];
  const action = legal.find((a) => a.id === res.hint);
  if (!action) return;
  const advice = res.advice || {};
  const say = () => {
    const reason = reasonText(advice.reason);
    return reason ? t("hint.text_reason", { action: describeAction(action), reason }) : t("table.hint_text", { action: describeAction(action) });
  };
  view.note(say);
  const box = clear(view.hintEl);
  box.hidden = false;
  box.append(h("p", { class: "hint-main", text: say() }));
  const choices = (advice.choices || []).filter((c) => typeof c.expected === "number");
  if (choices.length > 1) {
    box.append(h("ul", { class: "hint-choices", "aria-label": t("hint.choices") },
      choices.map((c) => h("li", { dataset: { action: c.action } },
        h("span", { text: describeId(c.action, legal) }), " ",
        h("b", { text: t("hint.expected", { value: signed(c.expected) }) })))));
  }
  for (const b of view.handEl.querySelectorAll("button")) {
    b.classList.toggle("hinted", b.dataset.card === action.card || (action.cards || []).includes(b.dataset.card));
  }
  const b = view.handEl.querySelector("button.hinted");
  if (b) b.focus();
}

export function hideHint(view) {
  if (view.hintEl) clear(view.hintEl).hidden = true;
}
