// Unit tests of the shared and daily deals' pure parts (make test-js): the daily seed
// (FNV-1a of "<game>:<YYYY-MM-DD>" mod 2^31), strict day parsing, deal links both ways,
// and finding the other half of a duplicate pair.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fnv1a, dailySeed, parseDay, shiftDay, utcDay } from "../js/deals/daily.js";
import { dealHref, parseDeal, findPair, otherSeat } from "../js/deals/links.js";

test("FNV-1a 32-bit matches the published test vectors", () => {
  assert.equal(fnv1a(""), 0x811c9dc5);
  assert.equal(fnv1a("a"), 0xe40c292c);
  assert.equal(fnv1a("foobar"), 0xbf9cf968);
});

test("the daily seed is FNV-1a of game:day mod 2^31, one per game and day", () => {
  assert.equal(dailySeed("briscola", "2026-12-01"), fnv1a("briscola:2026-12-01") % 2 ** 31);
  assert.ok(dailySeed("scopa", "2026-12-01") < 2 ** 31);
  assert.notEqual(dailySeed("briscola", "2026-12-01"), dailySeed("briscola", "2026-12-02"));
  assert.notEqual(dailySeed("briscola", "2026-12-01"), dailySeed("scopa", "2026-12-01"));
});

test("a day is exactly YYYY-MM-DD and exists in the calendar", () => {
  assert.equal(parseDay("2028-02-29"), "2028-02-29");
  for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "2026-12-01x", " 2026-12-01", "1999-12-31", null, 20261201]) {
    assert.equal(parseDay(bad), null, String(bad));
  }
  assert.equal(shiftDay("2026-12-31", 1), "2027-01-01");
  assert.equal(shiftDay("2026-03-01", -1), "2026-02-28");
  assert.equal(utcDay(new Date(Date.UTC(2026, 11, 1, 23, 59))), "2026-12-01");
});

test("a deal link reads back as the same deal; a malformed one deals nothing", () => {
  const href = dealHref("scopa", "siciliane", 123456789, { seat: 1, mode: "duplicate" });
  const params = new URLSearchParams(href.split("?")[1]);
  assert.equal(href.split("?")[0], "#/game/scopa");
  assert.deepEqual(parseDeal(params, 2), { seed: 123456789, seat: 1, mode: "duplicate", daily: null, options: {} });
  const daily = new URLSearchParams(dealHref("briscola", "piacentine", 5, { mode: "daily", daily: "2026-12-01" }).split("?")[1]);
  assert.deepEqual(parseDeal(daily, 2), { seed: 5, seat: 0, mode: "daily", daily: "2026-12-01", options: {} });
  const bad = (q, players = 2) => parseDeal(new URLSearchParams(q), players);
  assert.equal(bad("deck=piacentine"), null);
  assert.equal(bad("seed=-1"), null);
  assert.equal(bad("seed=1e3"), null);
  assert.equal(bad("seed=9007199254740992"), null);
  assert.equal(bad("seed=5&seat=2"), null);
  assert.equal(bad("seed=5&mode=cheat"), null);
  assert.equal(bad("seed=5&mode=daily&daily=2026-02-30"), null);
  assert.deepEqual(bad("seed=5&seat=3", 4), { seed: 5, seat: 3, mode: "shared", daily: null, options: {} });
});

test("the other seat is the other side's, and a pair is the same deal from the other side", () => {
  assert.deepEqual([0, 1, 2, 3].map(otherSeat), [1, 0, 3, 2]);
  const e = (id, seat, seed = 7, game = "scopa") => ({ id, game, deck: "piacentine", seed, seat });
  const entries = [e("d", 0, 8), e("c", 1), e("b", 0), e("a", 1)];
  assert.equal(findPair(entries, entries[2]).id, "c");
  assert.equal(findPair(entries, entries[1]).id, "b");
  assert.equal(findPair(entries, entries[0]), null);
  assert.equal(findPair([e("x", 0), e("y", 2)], e("x", 0)), null);
});
