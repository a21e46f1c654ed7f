// Tressette's own words at the table, its web plug-in (loaded by table/plugins.js from the
// name its description gives; no generic module imports it): the log lines of a card
// drawn and shown to both (TR8) and of an accuso (TR10), and the score sheet's details:
// every side's thirds and how they round down (TR6), the cappotto (TR14), the accusi
// declared. Like the rest of the table it only words what the engine's events and sheet say.
// The hooks the table calls: eventText, sheetDetail (table/plugins.js lists them).
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
