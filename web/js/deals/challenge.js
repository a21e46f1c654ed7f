// Challenge a friend (issue 28, asynchronous duplicate, no server): a link that carries a
// finished match — game, deck, seed, seat, the computers' level, the result, and every action
// as its index among the legal actions of its moment (the engine's `challenge` op) — with a
// checksum, so that a corrupted or edited link is refused with a clear message (it does not
// stop a determined cheat, and need not). The friend plays the same deal from the same seat
// against the same deterministic computers; then both results stand side by side, and the
// engine's `rebuild` op turns the link's choices back into a replay. Before the friend plays,
// that replay's result must be the link's claimed one (claimHolds), or the link is refused as
// altered (issue 42): a checksum anyone can recompute proves nothing.
import { h, storage } from "../dom.js";
import { t, num } from "../i18n.js";
import { scoreFor } from "./pair.js";
import { fnv1a } from "./daily.js";
import { addToParams, fromParams, variantId } from "../table/options.js";

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"; // URL-safe, one per index below 64
const ESCAPE = "~"; // an index of 64 or more: "~" and two digits (up to 4095)
const LEVELS = ["random", "greedy", "normal", "expert"];
const STORE = "cardavia.challenges"; // rebuilt matches of friends' challenges, for the replay viewer
const KEEP = 20;

/** Every action index as one URL-safe character (or three for a rare index ≥ 64). */
export function packChoices(choices) {
  return choices.map((c) => (c < 64 ? DIGITS[c] : ESCAPE + DIGITS[c >> 6] + DIGITS[c & 63])).join("");
}

/** The indices back, or null for text no packing makes. */
export function unpackChoices(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ESCAPE) {
      const hi = DIGITS.indexOf(text[i + 1]);
      const lo = DIGITS.indexOf(text[i + 2]);
      if (hi < 0 || lo < 0) return null;
      out.push(hi * 64 + lo);
      i += 2;
    } else {
      const d = DIGITS.indexOf(text[i]);
      if (d < 0) return null;
      out.push(d);
    }
  }
  return out;
}

/** FNV-1a over the link's fields, in base 36: catches a typo, a cut link or a casual edit. */
export function checksum(text) {
  return fnv1a(text).toString(36);
}

// a variant's options are signed too (a default match's link is signed as before options travelled)
const signed = (c) => [c.game, c.deck, c.seed, c.seat, c.level, c.scores.join("-"), c.moves].join("|")
  + (c.options && Object.keys(c.options).length ? `|${variantId(c.game, c.options)}` : "");

/** The hash route of a challenge ({game, deck, seed, seat, level, result, choices} from the engine). */
export function challengeHref(ch) {
  const c = { ...ch, scores: ch.result.scores, moves: packChoices(ch.choices) };
  const q = new URLSearchParams({ deck: c.deck, seed: String(c.seed), seat: String(c.seat), mode: "challenge",
    level: c.level, score: c.scores.join("-"), moves: c.moves, sum: checksum(signed(c)) });
  addToParams(q, c.options);
  return `#/game/${encodeURIComponent(c.game)}?${q}`;
}

export function challengeUrl(ch, loc = location) {
  return `${loc.origin}${loc.pathname}${challengeHref(ch)}`;
}

/** A game page's challenge ({seed, seat, level, scores, choices, sum, options}), or {bad: true} when
 * the link was damaged or edited, or null when the page's query is not a challenge. `entry`: the
 * game's catalogue entry (its options). */
export function parseChallenge(game, params, players, entry = null) {
  if (params.get("mode") !== "challenge") return null;
  const bad = { bad: true };
  const found = fromParams(params, entry);
  if (found.bad !== undefined) return bad;
  const c = { game, deck: params.get("deck") || "", seed: params.get("seed") || "", seat: params.get("seat") || "",
    level: params.get("level") || "", moves: params.get("moves") || "", scores: (params.get("score") || "").split("-"),
    options: found.options };
  if (params.get("sum") !== checksum(signed(c))) return bad;
  if (!/^\d{1,16}$/.test(c.seed) || !/^\d$/.test(c.seat) || Number(c.seat) >= players || !LEVELS.includes(c.level)) return bad;
  if (c.scores.length !== 2 || !c.scores.every((s) => /^\d{1,5}$/.test(s))) return bad;
  const choices = unpackChoices(c.moves);
  if (!choices || !choices.length) return bad;
  return { seed: Number(c.seed), seat: Number(c.seat), level: c.level, scores: c.scores.map(Number), choices, sum: params.get("sum"),
    options: found.options };
}

/** Whether a challenge's claimed result ({scores}) is the result of its own moves as the engine
 * replays them (`rebuilt`: the `rebuild` op's answer). The checksum only catches damage: anyone
 * can recompute it, so a claim is believed only when the link's own actions make it. */
export function claimHolds(claim, rebuilt) {
  const mine = claim && Array.isArray(claim.scores) ? claim.scores : null;
  const real = rebuilt && rebuilt.result && Array.isArray(rebuilt.result.scores) ? rebuilt.result.scores : null;
  return Boolean(mine && real && mine.length === real.length && mine.every((s, i) => s === real[i]));
}

/** A friend's match rebuilt by the engine, kept for the replay viewer (#/replay/<id>). */
export function keepRebuilt(id, game, deck, ch, rebuilt) {
  const entry = { id, game, deck, level: ch.level, seed: ch.seed, seat: ch.seat, save: rebuilt.save, options: ch.options || {},
    result: rebuilt.result, sheets: rebuilt.sheets, mode: "challenge", finished: new Date().toISOString() };
  const list = listRebuilt().filter((e) => e.id !== id);
  storage.set(STORE, [entry, ...list].slice(0, KEEP));
  return entry;
}

export function listRebuilt() {
  const v = storage.get(STORE, []);
  return Array.isArray(v) ? v.filter((e) => e && typeof e.id === "string" && e.save) : [];
}

export function getRebuilt(id) {
  return listRebuilt().find((e) => e.id === id) || null;
}

/**
 * Both results of a challenge side by side, with a replay of each.
 * @param {object} o  {mine: {seat, result}, theirs: {seat, scores}, onWatchTheirs(), mineHref}
 */
export function challengeView({ mine, theirs, onWatchTheirs, mineHref }) {
  const half = (who, s, watch) => {
    const verdict = s.margin > 0 ? "won" : s.margin < 0 ? "lost" : "drawn";
    return h("div", { class: `pair-half ${verdict}`, dataset: { margin: s.margin } },
      h("h4", { text: who }),
      h("p", { class: "pair-score", text: t("challenge.score", { mine: num(s.mine), theirs: num(s.theirs) }) }),
      h("p", { class: "pair-verdict", text: t(`duplicate.${verdict}`, { margin: num(Math.abs(s.margin)) }) }),
      watch);
  };
  const m = scoreFor(mine.result, mine.seat);
  const o = scoreFor({ scores: theirs.scores }, theirs.seat);
  const diff = m.margin - o.margin;
  const summary = diff === 0 ? t("challenge.even") : t(diff > 0 ? "challenge.you_better" : "challenge.they_better", { points: num(Math.abs(diff)) });
  return h("section", { class: "duplicate-pair challenge-pair", "aria-label": t("challenge.title") },
    h("h3", { text: t("challenge.title") }),
    h("div", { class: "pair-halves" },
      half(t("challenge.you"), m, mineHref ? h("a", { class: "btn watch-mine", href: mineHref, text: t("challenge.watch") }) : null),
      half(t("challenge.friend"), o, h("button", { type: "button", class: "btn watch-theirs", text: t("challenge.watch"), onclick: onWatchTheirs }))),
    h("p", { class: "pair-summary", text: summary }));
}
