// Links that deal a chosen deal: a shared deal, the daily deal, duplicate play. Such a link
// is the game's own page with the deal in its query:
//   #/game/<game>?deck=<deck>&seed=<n>&seat=<k>&mode=shared|daily|duplicate|play[&daily=YYYY-MM-DD][&o.<option>=<value>…]
// and whoever opens it is dealt the same cards (the engine deals from the seed and the
// game's options: a variant's link carries its non-default options, table/options.js).
import { parseDay } from "./daily.js";
import { addToParams, fromParams } from "../table/options.js";

export const MODES = ["play", "shared", "daily", "duplicate"];

/** The hash route of a deal. */
export function dealHref(game, deck, seed, { seat = 0, mode = "shared", daily = null, options = null } = {}) {
  const q = new URLSearchParams({ deck, seed: String(seed) });
  if (seat) q.set("seat", String(seat));
  q.set("mode", mode);
  if (daily) q.set("daily", daily);
  addToParams(q, options);
  return `#/game/${encodeURIComponent(game)}?${q}`;
}

/** The site's own address with the deal: what "Share this deal" hands out. */
export function shareUrl(game, deck, seed, opts = {}, loc = location) {
  return `${loc.origin}${loc.pathname}${dealHref(game, deck, seed, { mode: "shared", ...opts })}`;
}

/** The deal a game page's query asks for ({seed, seat, mode, daily, options}), or null when it
 * asks for none or any part of it is malformed (a bad link deals nothing rather than a
 * surprise); {badOption: <name>} when an option is not one of `game`'s (catalogue entry) or
 * takes a value the game does not: the page says so and deals nothing. */
export function parseDeal(params, players = 4, game = null) {
  const seedText = params.get("seed");
  if (seedText === null) return null;
  if (!/^\d{1,16}$/.test(seedText) || Number(seedText) > Number.MAX_SAFE_INTEGER) return null;
  const seatText = params.get("seat") || "0";
  if (!/^\d$/.test(seatText) || Number(seatText) >= players) return null;
  const mode = params.get("mode") || "shared";
  if (!MODES.includes(mode)) return null;
  const daily = mode === "daily" ? parseDay(params.get("daily")) : null;
  if (mode === "daily" && !daily) return null;
  const found = fromParams(params, game);
  if (found.bad !== undefined) return { badOption: found.bad };
  return { seed: Number(seedText), seat: Number(seatText), mode, daily, options: found.options };
}

/** The seat of "Play it from the other seat": the other side's first seat (0 ↔ 1). */
export function otherSeat(seat) {
  return seat % 2 === 0 ? seat + 1 : seat - 1;
}

/** The other half of a duplicate pair: the newest entry of the same game, variant, deck and seed
 * played from a seat of the other side (entries newest first, as listMatches gives them). */
export function findPair(entries, entry) {
  if (!entry) return null;
  const variant = (e) => JSON.stringify(e.options || {});
  return entries.find((e) => e.id !== entry.id && e.game === entry.game && e.deck === entry.deck
    && e.seed === entry.seed && e.seat % 2 !== entry.seat % 2 && variant(e) === variant(entry)) || null;
}
