import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate, badgeFor } from "../js/table/narrator.js";
import { useLanguage } from "./helpers.mjs";

const ctx = { me: 0, seatName: (s) => (s === 0 ? "You" : "AI"), teamName: (t) => (t === 0 ? "You" : "AI") };

test("a capture with its sweep is one line, and the scopa bonus is not said again", () => {
  useLanguage("en");
  const events = [
    { type: "played", seat: 1, card: "7D" },
    { type: "captured", seat: 1, card: "7D", cards: ["3C", "4S"] },
    { type: "sweep", seat: 1 },
    { type: "bonus", seat: 1, bonus: "scopa", points: 1 },
  ];
  const lines = narrate(events, ctx);
  assert.equal(lines.length, 1);
  assert.equal(lines[0].type, "captured");
  assert.match(lines[0].text, /AI/);
  assert.match(lines[0].text, /7 of Coins/);
  assert.match(lines[0].text, /3 of Cups/);
  assert.match(lines[0].text, /Scopa/i);
});

test("a play that is not followed by its capture is said on its own", () => {
  useLanguage("en");
  const lines = narrate([{ type: "played", seat: 0, card: "AB" }, { type: "trick_won", seat: 1, points: 11 }], ctx);
  assert.deepEqual(lines.map((l) => l.type), ["played", "trick_won"]);
  assert.match(lines[1].text, /11/);
});

test("a deal's scores put the reader's team first, a match's the winner's", () => {
  useLanguage("en");
  const sheet = { deal: 1, teams: [[0, 2], [1, 3]], totals: [55, 65] };
  const seat1 = { ...ctx, me: 1 };
  const [deal, won] = narrate([{ type: "deal_scored", sheet }, { type: "match_won", winner_team: 1, scores: [55, 65] }], seat1);
  assert.match(deal.text, /65–55/);
  assert.match(won.text, /won the match 65–55/);
  assert.match(narrate([{ type: "deal_scored", sheet }], ctx)[0].text, /55–65/); // seat 0: its own team first
  assert.match(narrate([{ type: "match_won", winner_team: 0, scores: [70, 50] }], ctx)[0].text, /70–50/);
});

test("drawing a card says nothing; unknown events say nothing", () => {
  useLanguage("en");
  assert.deepEqual(narrate([{ type: "drew", seat: 0, card: "2C" }, { type: "mystery" }], ctx), []);
});

test("lines come out in the reader's language and digits", () => {
  useLanguage("fa");
  const [line] = narrate([{ type: "trick_won", seat: 1, points: 11 }], ctx);
  assert.match(line.text, /۱۱/);
  assert.doesNotMatch(line.text, /11/);
});

test("badges: bonuses near the seat, unclaimed cards in the middle, plays none", () => {
  useLanguage("en");
  assert.equal(badgeFor({ type: "bonus", seat: 1, bonus: "picada", points: 1 }).where, "seat");
  assert.equal(badgeFor({ type: "unclaimed", cards: ["AC", "2C"] }).where, "center");
  assert.equal(badgeFor({ type: "played", seat: 1, card: "AC" }), null);
});
