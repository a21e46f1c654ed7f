// Choices the player makes beyond "play this card": which capture (Scopa, Cicera) and
// which cards to discard (the Tarocchi dealer, Minchiate's cutter and dealer). The engine lists the legal actions;
// these only present them.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { cardName, cardsName } from "../names.js";

/**
 * The capture chooser for `code`: one button per legal option, plus Cancel.
 * @param {HTMLElement} box  the choices element
 * @param {HTMLElement} tableEl  where the table's cards are (to highlight a proposed capture)
 */
export function showCaptureChooser(box, tableEl, code, options, { onChoose, onCancel }) {
  clear(box).hidden = false;
  box.classList.remove("discard-box");
  box.setAttribute("aria-label", t("table.choose_capture", { card: cardName(code) }));
  box.appendChild(h("p", { class: "choice-title", text: t("table.choose_capture", { card: cardName(code) }) }));
  const mark = (cards, on) => {
    for (const c of cards || []) {
      const e = tableEl.querySelector(`[data-card="${c}"]`);
      if (e) e.classList.toggle("proposed", on);
    }
  };
  for (const a of options) {
    const label = a.captures && a.captures.length ? t("table.capture_option", { cards: cardsName(a.captures) }) : t("table.place_option", { card: cardName(code) });
    const b = h("button", { type: "button", class: "btn choice", dataset: { action: a.id }, text: label, onclick: () => { mark(a.captures, false); onChoose(a); } });
    for (const ev of ["mouseenter", "focus"]) b.addEventListener(ev, () => mark(a.captures, true));
    for (const ev of ["mouseleave", "blur"]) b.addEventListener(ev, () => mark(a.captures, false));
    box.appendChild(b);
  }
  box.appendChild(h("button", { type: "button", class: "btn cancel", text: t("table.cancel"), onclick: onCancel }));
  box.querySelector("button").focus();
}

/**
 * The dealer's discard step: the prompt, the cards chosen so far, the button that
 * discards them once they form a legal set, and (folded away on small screens) why the
 * other cards cannot go. Returns the reasons (Map card → {key, text}) for the hand's titles.
 */
export function showDiscardChooser(box, s, sel, { onDiscard }) {
  clear(box).hidden = false;
  box.classList.add("discard-box");
  const discards = s.legal.filter((a) => a.type === "discard");
  // one card per action (Minchiate): a tap on a card discards it; no set to build
  const single = discards.length > 0 && !discards[0].cards;
  const size = single ? 1 : (discards.length ? discards[0].cards.length : 2);
  const prompt = single ? t("mi.discard_prompt", { count: (s.discard_due || [])[s.seat] || 1 }) : t("table.discard_prompt", { count: size });
  box.setAttribute("aria-label", prompt);
  box.append(h("p", { class: "choice-title", text: prompt }));
  const match = single ? null : discards.find((a) => a.cards.length === sel.length && a.cards.every((c) => sel.includes(c)));
  if (match) {
    box.appendChild(h("button", { type: "button", class: "btn choice primary", dataset: { action: match.id },
      text: t("table.discard_option", { cards: cardsName(match.cards) }), onclick: () => onDiscard(match) }));
  } else if (sel.length) {
    box.appendChild(h("p", { class: "discard-chosen", text: t("table.discard_chosen", { cards: cardsName(sel), count: size - sel.length }) }));
  }
  const why = discardReasons(s, discards, sel, size);
  const groups = new Map();
  for (const [card, reason] of why) {
    if (!groups.has(reason.text)) groups.set(reason.text, { ...reason, cards: [] });
    groups.get(reason.text).cards.push(card);
  }
  const rule = h("p", { class: "discard-rule", text: t(single ? "mi.discard_rule" : "table.discard_announce") });
  const list = groups.size ? h("ul", { class: "discard-why", "aria-label": t("table.discard_why_title") },
    [...groups.values()].map((g) => h("li", { dataset: { why: g.key } },
      h("span", { class: "why-cards", text: t("table.discard_why", { cards: g.cards.map(cardName).join(t("list.join")) }) }), " ",
      h("span", { class: "why-text", text: g.text })))) : null;
  // the explanation folds away so that the hand stays on a phone's screen
  const more = h("details", { class: "discard-more" },
    h("summary", { text: t("table.discard_why_title") }), rule, list);
  if (window.matchMedia && window.matchMedia("(min-width: 900px) and (min-height: 1000px)").matches) more.open = true;
  box.appendChild(more);
  return why;
}

/**
 * Why each card of the dealer's hand cannot be discarded now (Map card → {key, text}).
 * The engine says why a card is in no legal set (`s.discard_blocks`: card → code, in
 * Tarocchi and Minchiate alike);
 * a card that is legal, but not with the cards already chosen, is explained by the choice.
 */
export function discardReasons(s, discards, sel, size) {
  const out = new Map();
  if (sel.length >= size) return out;
  const blocks = s.discard_blocks || {};
  const cardsOf = (a) => a.cards || [a.card];
  const inAny = new Set(discards.flatMap(cardsOf));
  for (const c of s.hand || []) {
    if (sel.includes(c)) continue;
    if (discards.some((a) => cardsOf(a).includes(c) && sel.every((x) => cardsOf(a).includes(x)))) continue;
    const key = inAny.has(c) ? "pair" : (blocks[c] || "other");
    out.set(c, { key, text: t(`table.why.${key}`, { cards: cardsName(sel) }) });
  }
  return out;
}

