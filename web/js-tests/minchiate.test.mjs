import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate } from "../js/table/narrator.js";
import { comboName, lineDetail, leadText } from "../js/table/plugins/minchiate.js";
import { discardReasons } from "../js/table/choosers.js";
import { useLanguage } from "./helpers.mjs";
import { loadPluginFor } from "../js/table/plugins.js";

// the table loads Minchiate's plug-in by the name its description gives (site.json)
await loadPluginFor({ id: "minchiate", plugin: "minchiate" });

const ctx = { me: 0, seatName: (s) => (s === 0 ? "You" : "AI East"), teamName: (t) => (t === 0 ? "You & partner" : "Opponents") };

test("combination ids read as their trumps", () => {
  useLanguage("en");
  assert.equal(comboName("run:29-33", "run"), "Run of trumps 29–33");
  assert.equal(comboName("tens:10-40", "tens"), "Tens, trumps 10 to 40");
  assert.equal(comboName("kings", "kings", 4), "The four Kings");
  assert.equal(comboName("kings", "kings", 3), "Three Kings"); // three Kings are the same combination
  assert.equal(comboName("matto-1-40", "matto_1_40"), "Matto, trumps 1 and 40");
  assert.equal(comboName("1-13-28", "1_13_28"), "Trumps 1, 13 and 28");
});

test("the setup, the meter and the Matto settlement are said in the log", () => {
  useLanguage("en");
  const lines = narrate([
    { type: "cut", seat: 0, stolen: 1 },
    { type: "steal", seat: 0, card: "T31", value: 5 },
    { type: "scored", seq: 0, kind: "steal", points: [5, 0], phase: "setup", trick: 0, diff: 5, resti: [0, 0] },
    { type: "shown", seat: 1, card: "T19", value: 0 },
    { type: "rob_stop", seat: 1, card: "AS" },
    { type: "pigliati", seat: 1, cards: ["T3", "KD"] },
    { type: "discarded", seat: 0, left: 0, card: "2C" },
    { type: "discarded", seat: 1, left: 2 },
    { type: "trick_won", seat: 1, cards: ["KD", "T13", "8D"], trick: 3 },
    { type: "resto", team: 1, event: "kill", seq: 3, trick: 9, final: false, resti: [0, 1] },
    { type: "matto_settled", from_team: 1, to_team: 0, card: "AC", reason: "exchange" },
  ], ctx).map((l) => l.text);
  assert.deepEqual(lines, [
    "You cut the deck and stole 1 card.",
    "You stole Trump 31 (5 points).",
    "Steal: 5–0. You & partner lead by 5 points; resti 0–0.",
    "AI East showed the last card dealt: Trump 19 (no points).",
    "The robbing stops at Ace of Swords: it stays in the fola.",
    "AI East took from the fola: Trump 3, Re of Coins.",
    "You discarded. (2 of Cups)",
    "AI East discarded.",
    "AI East won the trick.",
    "A resto to Opponents — resti 0–1.",
    "Opponents keep the Matto and give You & partner Ace of Cups in exchange.",
  ]);
  assert.equal(leadText(-61, ctx.teamName), "Opponents lead by 61 points");
  assert.equal(leadText(0, ctx.teamName), "No lead: the difference is 0");
});

test("sheet details say the cards, the combination and when a resto was earned", () => {
  useLanguage("en");
  assert.equal(lineDetail({ key: "kill", detail: { phase: "play", trick: 7, cards: ["T3"] } }), "Trump 3 · trick 7");
  assert.equal(lineDetail({ key: "steal", detail: { phase: "setup", trick: 0, cards: ["T31"] } }), "Trump 31 · before play");
  assert.equal(lineDetail({ key: "combination", detail: { combo: "tens:10-30", kind: "tens", cards: ["T10", "T20", "T30"], matto_bonus: 5 } }),
    "Tens, trumps 10 to 30 · Trump 10, Trump 20, Trump 30 · (+5 with the Matto)");
  assert.equal(lineDetail({ key: "cards_beyond_42", detail: { cards: 52 } }), "52 cards taken");
  assert.equal(lineDetail({ key: "resto", detail: { event: "kill", seq: 3, trick: 9, final: false } }), "earned at: Kill · trick 9");
  assert.equal(lineDetail({ key: "resto", detail: { event: "declare", seq: 1, trick: 0, final: false } }), "earned at: Declaration · before play");
  assert.equal(lineDetail({ key: "resto", detail: { event: "end", seq: 5, trick: 21, final: true } }), "final rounding of the difference");
});

test("one-card discards: every card outside the legal ones says the engine's reason", () => {
  useLanguage("en");
  const s = { hand: ["T0", "T29", "2C", "3C", "KS"], discard_blocks: { T0: "counting", T29: "trump29", KS: "counting" } };
  const discards = [{ id: "discard:2C", type: "discard", card: "2C" }, { id: "discard:3C", type: "discard", card: "3C" }];
  const why = discardReasons(s, discards, [], 1);
  assert.deepEqual([...why.keys()], ["T0", "T29", "KS"]);
  assert.equal(why.get("T29").text, "Trump 29 is never discarded.");
  assert.equal(why.get("KS").key, "counting");
});
