// Unit tests of a game's options as they travel (issue 43, item 2; make test-js): links carry
// only the non-default options and refuse a value the game does not take, the challenge link
// signs them, the record keeps statistics per variant (table/options.js, deals/links.js,
// deals/challenge.js, record/stats.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { canonical, fromParams, addToParams, variantId, optionsOfVariant, hasOptions } from "../js/table/options.js";
import { dealHref, parseDeal, findPair } from "../js/deals/links.js";
import { challengeHref, parseChallenge } from "../js/deals/challenge.js";
import { addToTotals, variantsPlayed, ALL } from "../js/record/stats.js";
import { entryProblem, totalsProblem } from "../js/record/schema.js";

// Scopone's catalogue entry as site.json gives it (games/description.py catalogue_entry)
const SCOPONE = { id: "scopone", players: 4,
  options: { classico: false, target: 11, napola: false, re_bello: false, last_play_sweep: false },
  option_choices: { target: [11, 21] } };
const SCOPA = { id: "scopa", players: 2 };

const query = (href) => new URLSearchParams(href.split("?")[1]);

test("only the options off their defaults are kept, in one order; a value the game does not take is refused", () => {
  assert.deepEqual(canonical(SCOPONE, { target: 21, classico: false, napola: true }), { napola: true, target: 21 });
  assert.deepEqual(canonical(SCOPONE, {}), {});
  assert.equal(canonical(SCOPONE, { target: 15 }), null);
  assert.equal(canonical(SCOPONE, { napola: 1 }), null);
  assert.equal(canonical(SCOPONE, { tempo: true }), null);
  assert.equal(canonical(SCOPA, { target: 21 }), null);
  assert.equal(hasOptions(SCOPONE), true);
  assert.equal(hasOptions(SCOPA), false);
});

test("a shared deal's link carries its non-default options and reads back as the same deal and variant", () => {
  const href = dealHref("scopone", "siciliane", 42, { seat: 2, mode: "shared", options: { classico: true, target: 21 } });
  assert.match(href, /o\.classico=1/);
  assert.match(href, /o\.target=21/);
  assert.doesNotMatch(href, /napola/); // defaults stay out of the link
  assert.deepEqual(parseDeal(query(href), 4, SCOPONE),
    { seed: 42, seat: 2, mode: "shared", daily: null, options: { classico: true, target: 21 } });
  // a default match's link is exactly what it was before options travelled
  assert.equal(dealHref("scopone", "piacentine", 5, { options: {} }), "#/game/scopone?deck=piacentine&seed=5&mode=shared");
  const daily = dealHref("scopone", "piacentine", 5, { mode: "daily", daily: "2026-12-07", options: { napola: true } });
  assert.deepEqual(parseDeal(query(daily), 4, SCOPONE).options, { napola: true });
});

test("a link with an option the game does not take is refused, naming the option", () => {
  const bad = (q, game = SCOPONE) => parseDeal(new URLSearchParams(`seed=5&${q}`), 4, game);
  assert.deepEqual(bad("o.target=15"), { badOption: "target" });
  assert.deepEqual(bad("o.napola=yes"), { badOption: "napola" });
  assert.deepEqual(bad("o.tempo=1"), { badOption: "tempo" });
  assert.deepEqual(bad("o.target=21", SCOPA), { badOption: "target" });
  assert.deepEqual(fromParams(new URLSearchParams("o.target=11&o.napola=0"), SCOPONE), { options: {} });
});

test("a challenge link signs its options: changing one is refused as an altered link", () => {
  const ch = { game: "scopone", deck: "piacentine", seed: 99, seat: 0, level: "normal", options: { classico: true },
    result: { scores: [11, 6], winner_team: 0 }, choices: [0, 1, 2, 0] };
  const href = challengeHref(ch);
  const params = query(href);
  const c = parseChallenge("scopone", params, 4, SCOPONE);
  assert.deepEqual(c.options, { classico: true });
  assert.deepEqual(c.choices, ch.choices);
  const dropped = new URLSearchParams(params);
  dropped.delete("o.classico");
  assert.deepEqual(parseChallenge("scopone", dropped, 4, SCOPONE), { bad: true });
  const changed = new URLSearchParams(params);
  changed.set("o.target", "21");
  assert.deepEqual(parseChallenge("scopone", changed, 4, SCOPONE), { bad: true });
  // a default match's challenge is signed as before options travelled
  const plain = { ...ch, options: {} };
  assert.equal(challengeHref(plain), challengeHref({ ...plain, options: undefined }));
});

test("the record keeps statistics per variant as well as per game", () => {
  const entry = (id, options, won) => ({ id, game: "scopone", deck: "piacentine", level: "normal", seed: 1, seat: 0,
    mode: "play", daily: null, finished: "2026-12-07T10:00:00.000Z", result: { scores: won ? [11, 5] : [5, 11], winner_team: won ? 0 : 1 },
    sheets: [], ...(options ? { options } : {}) });
  let totals = {};
  totals = addToTotals(totals, entry("a", null, true));
  totals = addToTotals(totals, entry("b", { classico: true, target: 21 }, false));
  totals = addToTotals(totals, entry("c", { classico: true, target: 21 }, true));
  assert.equal(totals["scopone|*"].matches, 3);
  const v = variantId("scopone", { target: 21, classico: true });
  assert.equal(v, "scopone~classico.target-21");
  assert.deepEqual([totals[`${v}|${ALL}`].won, totals[`${v}|${ALL}`].lost], [1, 1]);
  assert.equal(totals[`${v}|normal`].matches, 2);
  assert.deepEqual(variantsPlayed(totals, "scopone"), [v]);
  assert.deepEqual(optionsOfVariant(v), { classico: true, target: 21 });
  assert.deepEqual(optionsOfVariant(variantId("tressette4", { accusi: false })), { accusi: false });
  assert.equal(totalsProblem(totals), null); // a stored record with variants reads back
  assert.equal(entryProblem(entry("d", { classico: true }, true)), null);
  assert.equal(entryProblem(entry("e", "classico", true)), "bad options");
});

test("a duplicate pair is the same deal of the same variant", () => {
  const e = (id, seat, options) => ({ id, game: "scopone", deck: "piacentine", seed: 7, seat, options });
  assert.equal(findPair([e("x", 1, { classico: true }), e("y", 0, {})], e("y", 0, {})), null);
  assert.equal(findPair([e("x", 1, { classico: true }), e("y", 0, { classico: true })], e("y", 0, { classico: true })).id, "x");
});

test("a query's options are written as the link carries them", () => {
  const q = addToParams(new URLSearchParams(), { napola: true, re_bello: false, target: 21 });
  assert.equal(q.toString(), "o.napola=1&o.re_bello=0&o.target=21");
});

test("live play: the guest's first answer (join: the host's snapshot) carries the host's options", async () => {
  const { forGuest } = await import("../js/live/relay.js");
  const res = { ok: true, snapshot: { game: "scopone", options: { classico: true, target: 21 }, hand: ["7D"], seed: 5 } };
  assert.deepEqual(forGuest(res, {}).snapshot.options, { classico: true, target: 21 });
});
