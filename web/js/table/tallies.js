// Live tallies: what the deal would score if it ended now, per team, from the engine's
// snapshot (`tallies`: the score sheet's lines as they stand, computed by the engine from
// public facts only). Games without them (Briscola, the tarot games) show the card points
// taken, which the snapshot carries as `points`.
import { h } from "../dom.js";
import { t, has } from "../i18n.js";
import { cardName } from "../names.js";
import { lineTerm } from "../terms/terms.js";
import { termButton } from "../terms/termlink.js";

const COUNT_LABELS = { most_cards: "tally.cards", most_coins: "tally.coins", most_swords: "tally.swords" };

/** The items of team `team`: [{key, text, leads}] in the sheet's order. Pure. */
export function tallyItems(tallies, team) {
  const items = [];
  const byKey = new Map();
  for (const line of tallies.lines || []) {
    if (!byKey.has(line.key)) byKey.set(line.key, []);
    byKey.get(line.key).push(line);
  }
  for (const [key, lines] of byKey) {
    const own = lines.find((l) => l.team === team);
    const leads = !!(own && own.points > 0);
    const d = (lines[0] && lines[0].detail) || {};
    if (COUNT_LABELS[key] && Array.isArray(d.counts)) {
      items.push({ key, text: t(COUNT_LABELS[key], { n: d.counts[team] }), leads });
    } else if (key === "primiera" && Array.isArray(d.sums)) {
      const v = d.sums[team];
      items.push({ key, text: v === null || v === undefined ? t("tally.primiera_none") : t("tally.primiera", { n: v }), leads });
    } else if (key === "napola") {
      if (own && own.points > 0) items.push({ key, text: t("tally.napola", { n: own.points }), leads: true });
    } else if (own && own.detail && typeof own.detail.count === "number") {
      // sweeps and bonuses, counted per team: shown once there is one
      if (own.detail.count > 0) {
        const name = has(`bonus.${key}`) ? t(`bonus.${key}`) : key;
        items.push({ key, text: t("tally.bonus", { bonus: name, n: own.detail.count }), leads: true });
      }
    } else if (lines.length === 1 && (d.card || key === "settebello")) {
      // a single special card (the settebello, la Matta…): shown on the side that holds it
      if (lines[0].team === team) items.push({ key, text: cardName(d.card || "7D"), leads: true });
    }
  }
  return items;
}

/** The tallies line for `team` (a list of chips and the total so far), or null; a chip
 * named by a game term (primiera, napola, picada…) opens its definition (v: {game, deck}). */
export function talliesView(s, team, v = null) {
  if (!s.tallies) return null;
  const items = tallyItems(s.tallies, team);
  const total = (s.tallies.totals || [])[team] || 0;
  return h("ul", { class: "tallies", dataset: { team } },
    items.map((it) => {
      const term = v && lineTerm(it.key, v.game.id);
      return h("li", { class: `tally${it.leads ? " leads" : ""}`, dataset: { key: it.key } },
        term ? termButton(term, it.text, { game: v.game.id, deck: v.deck }) : it.text);
    }),
    h("li", { class: "tally so-far", dataset: { key: "total", value: total }, text: t("tally.so_far", { points: total }) }));
}
