// The Hint: the expert search's move for the player, with why, in words — the main
// reason and how the best two or three choices compare, in whole points (from the
// engine's `advice`; its expected values are margins, often negative, never shown bare). Also how a logged action reads (the review lists past moves by id).
import { h, clear } from "../dom.js";
import { t, has } from "../i18n.js";
import { cardName, cardsName } from "../names.js";
import { askPlugins } from "./plugins.js";

export function describeAction(a) {
  if (a.type === "capture") return t("action.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("action.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("action.discard", { cards: cardsName(a.cards || (a.card ? [a.card] : [])) });
  if (a.type === "declare") return t("action.declare", { combo: askPlugins("declareName", a) ?? String(a.combo) });
  if (a.type === "pass") return t("action.declare_done");
  if (a.call) return t("action.play_call", { card: cardName(a.card), call: callName(a.call) });
  return t("action.play", { card: cardName(a.card) });
}

/** A call attached to a lead (Tressette in quattro: Busso, Striscio, Volo). */
const callName = (call) => (has(`call.${call}`) ? t(`call.${call}`) : call);

/** A move as a noun ("Re of Cups", "7 of Coins taking 3 of Cups"), for sentences that bring
 * their own verb ("You chose {played}"): describeAction's "play …" would double it. */
export function moveName(a) {
  if (a.type === "capture") return t("move.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("move.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("move.discard", { cards: cardsName(a.cards || (a.card ? [a.card] : [])) });
  if (a.type === "declare") return askPlugins("declareName", a) ?? String(a.combo);
  if (a.type === "pass") return t("move.declare_done");
  if (a.call) return t("move.play_call", { card: cardName(a.card), call: callName(a.call) });
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
  if (rest && /^[a-z_]+$/.test(rest)) return { type: "play", card: first, call: rest }; // a call, not cards
  if (rest) return { type: "capture", card: first, captures: rest.split("+") };
  return { type: "play", card: first };
}

export function describeId(id, legal = []) {
  return describeAction(legal.find((a) => a.id === id) || actionFromId(id));
}

/** Points as a player counts them: whole, and never below 1 when they count at all. */
export function aboutPoints(x) {
  return Math.round(Math.abs(x));
}

/**
 * The reason code with its parameters, in words. `choices` (the advice's, best first) and
 * `legal` name the next choice when the move is best on average: a gain that rounds to
 * nothing calls the choices equal rather than "0 points better".
 */
export function reasonText(reason, choices = [], legal = []) {
  if (!reason) return "";
  if (reason.code === "best_average") {
    const gain = aboutPoints(reason.gain || 0);
    const next = choices[1];
    if (gain < 1 || !next) return t("hint.reason.about_equal");
    return t("hint.reason.best_average", { gain, next: describeMoveId(next.action, legal) });
  }
  if (!has(`hint.reason.${reason.code}`)) return "";
  const params = { ...reason };
  if (typeof params.card === "string") params.card = cardName(params.card);
  return t(`hint.reason.${reason.code}`, params);
}

/** How a choice compares with the best one (expected points, never shown bare). */
export function comparedWithBest(choice, best) {
  if (choice === best) return t("hint.best");
  const diff = best.expected - choice.expected;
  const n = aboutPoints(diff);
  if (n < 1) return t("hint.equal");
  return diff > 0 ? t("hint.worse", { n }) : t("hint.more_but_riskier", { n });
}

/** Marks the hinted card(s) in the hand and says the hint, its reason and the best choices. */
export function showHint(view, res) {
  const legal = view.snap.legal || [];
  const action = legal.find((a) => a.id === res.hint);
  if (!action) return;
  const advice = res.advice || {};
  const choices = (advice.choices || []).filter((c) => typeof c.expected === "number");
  const say = () => {
    const reason = reasonText(advice.reason, choices, legal);
    return reason ? t("hint.text_reason", { action: describeAction(action), reason }) : t("table.hint_text", { action: describeAction(action) });
  };
  view.note(say);
  const box = clear(view.hintEl);
  box.hidden = false;
  box.append(h("p", { class: "hint-main", text: say() }));
  if (choices.length > 1) {
    box.append(h("ul", { class: "hint-choices", "aria-label": t("hint.choices") },
      choices.map((c) => h("li", { dataset: { action: c.action } },
        h("span", { text: describeId(c.action, legal) }), " ",
        h("b", { text: comparedWithBest(c, choices[0]) })))));
  }
  for (const b of view.handEl.querySelectorAll("button")) {
    b.classList.toggle("hinted", b.dataset.card === action.card || (action.cards || []).includes(b.dataset.card));
  }
  const b = view.handEl.querySelector("button.hinted");
  if (b) b.focus();
}

// A live guest's hint the host refused for its cost (relay.js: one at a time, a few seconds
// apart; too many requests at once): said in the hint box, never silence after a tap.
const REFUSED = { rate_limited: "live.hint_wait", busy: "live.busy" };

/** The words for a hint the host refused, or null for any other answer. */
export function hintRefusal(res) {
  const key = res && res.ok === false && res.error ? REFUSED[res.error.code] : undefined;
  return key ? t(key) : null;
}

/** Says a refused hint in the hint box (a status region); false if `res` is no such refusal. */
export function showHintRefusal(view, res) {
  const text = hintRefusal(res);
  if (!text) return false;
  const box = clear(view.hintEl);
  box.hidden = false;
  box.append(h("p", { class: "hint-main hint-refused", text }));
  return true;
}

export function hideHint(view) {
  if (view.hintEl) clear(view.hintEl).hidden = true;
}
