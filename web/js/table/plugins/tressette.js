// Tressette's own words at the table, its web plug-in (loaded by table/plugins.js from the
// name its description gives; no generic module imports it): the log lines of a card
// drawn and shown to both (TR8) and of an accuso (TR10), and the score sheet's details:
// every side's thirds and how they round down (TR6), the cappotto (TR14), the accusi
// declared; in four, the chooser of the word said with a lead (TR12: Busso, Striscio, Volo)
// and its log line. Like the rest of the table it only words what the engine's events,
// legal actions and sheet say.
// The hooks the table calls: eventText, sheetDetail, showPlayChooser (table/plugins.js lists them).
import { h, clear } from "../../dom.js";
import { t, num } from "../../i18n.js";
import { cardName } from "../../names.js";

/** An accuso ({kind: napoletana | three | four, suit, rank}) in words. */
export function accusoName(d) {
  if (d.kind === "napoletana") return t("accuso.napoletana", { suit: t(`suit.${d.suit}`) });
  if (d.kind === "three") return t(`accuso.three_${d.rank}`, { suit: t(`suit.${d.suit}`) });
  return t(`accuso.four_${d.rank}`);
}

/** Thirds as a mixed number: 17 → "5⅔", 15 → "5", 1 → "⅓". */
export function thirdsText(thirds) {
  const whole = Math.floor(thirds / 3);
  const frac = ["", "⅓", "⅔"][thirds % 3];
  return whole || !frac ? `${num(whole)}${frac}` : frac;
}

/** The log line of one of Tressette's events, or null for the generic narrator's. */
export function eventText(ev, ctx) {
  if (ev.type === "played" && ev.call) {
    return t("log.tr_call", { who: ctx.seatName(ev.seat), card: cardName(ev.card), call: t(`call.${ev.call}`) });
  }
  if (ev.type === "drew") return t("log.tr_drew", { who: ctx.seatName(ev.seat), card: cardName(ev.card) });
  if (ev.type === "accuso") {
    return t("log.tr_accuso", { who: ctx.seatName(ev.seat), what: accusoName(ev), points: ev.points });
  }
  return null;
}

/**
 * The detail of a sheet line, the sides in the sheet's column order: the card points as
 * each side's thirds, their exact value and what they round down to ("17 thirds = 5⅔ → 5
 * vs 15 thirds = 5 → 5"), and the cappotto where one side took all 11 points (TR14); the
 * accusi each side declared. "" for other lines.
 */
export function sheetDetail(key, lines, { sheet, order, teamName }) {
  const sides = order.map((team) => lines.find((l) => l.team === team));
  if (sides.length !== 2 || sides.some((l) => !l || !l.detail)) return "";
  if (key === "card_points") {
    const side = (l) => t("sheet.detail.tr_thirds", { thirds: l.detail.thirds, exact: thirdsText(l.detail.thirds), points: l.points });
    const text = t("sheet.detail.counts", { a: side(sides[0]), b: side(sides[1]) });
    const cappotto = sheet && sheet.cappotto !== null && sheet.cappotto !== undefined
      ? t("sheet.detail.tr_cappotto", { who: teamName(sheet.cappotto) }) : "";
    return cappotto ? `${text} · ${cappotto}` : text;
  }
  if (key === "accusi") {
    const side = (l) => {
      const said = (l.detail.declared || []).map(accusoName);
      return said.length ? said.join(t("list.join")) : t("sheet.detail.tr_none");
    };
    return t("sheet.detail.counts", { a: side(sides[0]), b: side(sides[1]) });
  }
  return "";
}

/** Why a call is refused with `code` led (the engine's call_blocks reason), in words. */
export function callRefusalText(reason, code) {
  return t(`table.refuse.${reason}`, { suit: t(`suit.${code.slice(-1)}`), card: cardName(code) });
}

/**
 * Leading in four (TR12): the card alone or with one public word. The engine lists the
 * allowed plays (Busso always, Striscio or Volo as the hand says); the word it refuses is
 * shown too, aria-disabled, and a tap on it says why (the snapshot's call_blocks).
 */
export function showPlayChooser(snap, box, tableEl, code, options, { onChoose, onCancel }) {
  clear(box).hidden = false;
  box.classList.remove("discard-box");
  const title = t("tr.call_title", { card: cardName(code) });
  box.setAttribute("aria-label", title);
  box.append(h("p", { class: "choice-title", text: title }));
  const why = h("p", { class: "call-why", role: "status", "aria-live": "polite" });
  for (const a of options) {
    box.append(h("button", { type: "button", class: "btn choice", dataset: { action: a.id },
      text: a.call ? t(`call.${a.call}`) : t("tr.no_call"), onclick: () => onChoose(a) }));
  }
  const blocks = ((snap && snap.call_blocks) || {})[code] || {};
  for (const [call, reason] of Object.entries(blocks)) {
    if (reason === "no_calls") continue; // no words in this match: none offered
    const text = callRefusalText(reason, code);
    box.append(h("button", { type: "button", class: "btn refused-call", "aria-disabled": "true", title: text,
      dataset: { call, why: reason }, text: t(`call.${call}`), onclick: () => { why.textContent = text; } }));
  }
  box.append(why, h("button", { type: "button", class: "btn cancel", text: t("table.cancel"), onclick: onCancel }));
  box.querySelector("button").focus();
}
