// Events → words. The engine emits structured events; this turns them into the log's
// localized lines and the short badges shown near a seat. Pure (no DOM): the seat and
// team names come from the caller, the words from the catalogue.
import { t, num, has } from "../i18n.js";
import { cardName, cardsName } from "../names.js";
import { askPlugins } from "./plugins.js";
import { TERMS } from "../terms/terms.js";

const bonusName = (bonus) => (has(`bonus.${bonus}`) ? t(`bonus.${bonus}`) : bonus);
/** A pair of team scores with team `team`'s first (as they come otherwise). */
const first = (arr, team) => (arr && arr.length === 2 && team === 1 ? [arr[1], arr[0]] : arr);
const scores = (arr) => (arr && arr.length === 2 ? t("log.scores_join", { a: num(arr[0]), b: num(arr[1]) }) : (arr || []).map(num).join("–"));

/**
 * The log lines for a batch of events, in order: [{index, type, text}].
 * A play followed by its capture or placement is said once; a sweep is said with its
 * capture ("… — Scopa!"), and not again as a bonus.
 * @param {object[]} events
 * @param {{me: number, seatName: (seat: number) => string, teamName: (team: number) => string}} ctx
 */
export function narrate(events, ctx) {
  const lines = [];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    const next = events[i + 1];
    if (ev.type === "played" && next && (next.type === "captured" || next.type === "placed") && next.card === ev.card) continue;
    if (ev.type === "bonus" && ev.bonus === "scopa" && events.slice(0, i).some((e) => e.type === "sweep" && e.seat === ev.seat)) continue;
    const sweep = ev.type === "captured" && next && next.type === "sweep" && next.seat === ev.seat;
    const text = eventText(ev, ctx, sweep);
    if (text) lines.push({ index: i, type: ev.type, text, terms: eventTerms(ev, sweep) });
    if (sweep) i++;
  }
  return lines;
}

const FOLA_EVENTS = ["rob", "rob_stop", "pigliati", "fola_revealed"];

/** The game terms (terms/terms.js) a line about `ev` uses: the log marks them. */
export function eventTerms(ev, sweep = false) {
  if (sweep || ev.type === "sweep") return ["scopa"];
  if (ev.type === "bonus") return TERMS[ev.bonus] ? [ev.bonus] : [];
  if (ev.type === "leftovers" && ev.reason === "matto") return ["matto"];
  if (ev.type === "matto_settled") return ["matto"];
  if (FOLA_EVENTS.includes(ev.type)) return ["fola"];
  if (ev.type === "declared") return ["versicola"];
  if (ev.type === "scored") return ev.kind === "kill" ? ["kill", "resti"] : ["resti"];
  if (ev.type === "resto") return ["resti"];
  return [];
}

/** One event in words, or null for events the table itself shows (a card drawn). */
export function eventText(ev, ctx, sweep = false) {
  const who = ev.seat !== undefined ? ctx.seatName(ev.seat) : "";
  const teamWho = (team) => ctx.teamName(team);
  switch (ev.type) {
    case "dealt":
      return ev.dealer === ctx.me ? t("log.dealt_you", { deal: ev.deal }) : t("log.dealt", { deal: ev.deal, who: ctx.seatName(ev.dealer) });
    case "redeal": return t("log.redeal");
    case "played": return (ev.call && askPlugins("eventText", ev, ctx)) || t("log.played", { who, card: cardName(ev.card) });
    case "placed": return t("log.placed", { who, card: cardName(ev.card) });
    case "captured":
      return t(sweep ? "log.captured_sweep" : "log.captured", { who, card: cardName(ev.card), cards: cardsName(ev.cards || []) });
    case "sweep": return t("log.sweep", { who });
    case "trick_won": return ev.points === undefined ? t("log.trick_won_plain", { who }) : t("log.trick_won", { who, points: ev.points || 0 });
    case "leftovers":
      if (ev.reason === "matto") return t("log.handed_matto", { who: teamWho(ev.team) });
      if (ev.reason === "discard") return t("log.handed_discard", { who: teamWho(ev.team) });
      if (ev.cards && ev.cards.length) return t("log.leftovers", { count: ev.cards.length, who: teamWho(ev.team) });
      return null;
    case "unclaimed": return t("log.unclaimed", { count: (ev.cards || []).length });
    case "bonus":
      return t("log.bonus", { who: who || teamWho(ev.team), bonus: bonusName(ev.bonus), points: ev.points || 0 });
    case "deal_scored": { // the reader's team first, as the score sheet lists it
      const mine = (ev.sheet.teams || []).findIndex((members) => members.includes(ctx.me));
      return t("log.deal_scored", { deal: ev.sheet.deal, scores: scores(first(ev.sheet.totals, mine)) });
    }
    case "match_won": // "… won the match 65–55": the winner's score first
      return ev.winner_team === null || ev.winner_team === undefined ? t("log.match_drawn", { scores: scores(ev.scores) })
        : t("log.match_won", { who: teamWho(ev.winner_team), scores: scores(first(ev.scores, ev.winner_team)) });
    case "discarded": {
      let text = ev.trumps === undefined || ev.trumps === null ? t("log.discarded", { who })
        : t("log.discarded_trumps", { who, trumps: ev.trumps });
      const cards = ev.cards || (ev.card ? [ev.card] : []);
      if (cards.length) text += " " + t("log.discarded_cards", { cards: cardsName(cards) });
      return text;
    }
    default: return askPlugins("eventText", ev, ctx); // a game's own events
  }
}

/**
 * A short badge for an event ("Picada! +1", "1 trump discarded", "+11"), or null.
 * `where` is "seat" (near ev.seat) or "center".
 */
export function badgeFor(ev) {
  if (ev.type === "bonus") return { text: t("table.bonus_flash", { bonus: bonusName(ev.bonus), points: ev.points || 0 }), where: "seat" };
  if (ev.type === "discarded" && ev.trumps !== undefined && ev.trumps !== null) {
    return { text: t("table.discard_trumps", { trumps: ev.trumps }), where: "seat" };
  }
  if (ev.type === "unclaimed") return { text: t("table.unclaimed", { count: (ev.cards || []).length }), where: "center" };
  return null;
}

/** The points a kill scored for the trick won at `events[i]` (Minchiate, M15): the
 * "scored" event of kind "kill" that follows it before the next play. */
export function killAfter(events, i) {
  for (let j = i + 1; j < events.length; j++) {
    const ev = events[j];
    if (ev.type === "played" || ev.type === "trick_won") return 0;
    if (ev.type === "scored" && ev.kind === "kill") return (ev.points || []).reduce((a, b) => a + b, 0);
  }
  return 0;
}
