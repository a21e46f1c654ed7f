import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate } from "../js/table/narrator.js";
import { thirdsText, sheetDetail, accusoName } from "../js/table/plugins/tressette.js";
import { useLanguage } from "./helpers.mjs";
import { loadPluginFor } from "../js/table/plugins.js";
import { cardName } from "../js/names.js";

// the table loads Tressette's plug-in by the name its description gives (site.json)
await loadPluginFor({ id: "tressette", plugin: "tressette" });

const ctx = { me: 0, seatName: (s) => (s === 0 ? "You" : "AI"), teamName: (t) => (t === 0 ? "You" : "AI") };
const teamName = ctx.teamName;
// a deal's card-point lines as the engine writes them (TressetteState._end_deal): 17 and 15 thirds
const lines = (a, b) => [
  { key: "card_points", team: 0, points: Math.floor(a / 3), detail: { thirds: a, cards: 22 } },
  { key: "card_points", team: 1, points: Math.floor(b / 3), detail: { thirds: b, cards: 18 } },
];

test("thirds read as a mixed number", () => {
  useLanguage("en");
  assert.equal(thirdsText(17), "5⅔");
  assert.equal(thirdsText(15), "5");
  assert.equal(thirdsText(1), "⅓");
  assert.equal(thirdsText(0), "0");
});

test("the sheet shows every side's thirds and how they round down, in the columns' order", () => {
  useLanguage("en");
  const sheet = { cappotto: null };
  assert.equal(sheetDetail("card_points", lines(17, 15), { sheet, order: [0, 1], teamName }),
    "17 thirds = 5⅔ → 5 vs 15 thirds = 5 → 5");
  assert.equal(sheetDetail("card_points", lines(17, 15), { sheet, order: [1, 0], teamName }),
    "15 thirds = 5 → 5 vs 17 thirds = 5⅔ → 5");
  // TR14: one side took every point
  assert.equal(sheetDetail("card_points", lines(32, 0), { sheet: { cappotto: 0 }, order: [0, 1], teamName }),
    "32 thirds = 10⅔ → 10 vs 0 thirds = 0 → 0 · Cappotto: all 11 points to You");
  assert.equal(sheetDetail("last_trick", [{ key: "last_trick", team: 0, points: 1, detail: {} }], { sheet, order: [0, 1], teamName }), "");
  useLanguage("fa");
  // in the locale's digits (the isolates the catalogue puts around values aside)
  const fa = sheetDetail("card_points", lines(17, 15), { sheet, order: [0, 1], teamName }).replace(/[\u2066-\u2069]/g, "");
  assert.match(fa, /^۱۷ ثلث = ۵⅔ ← ۵ /);
});

test("the accusi declared are named on the sheet and in the log", () => {
  useLanguage("en");
  const declared = [{ kind: "napoletana", suit: "C", points: 3, seat: 0 }, { kind: "three", rank: "3", suit: "B", points: 3, seat: 0 }];
  const acc = [{ key: "accusi", team: 0, points: 6, detail: { declared } }, { key: "accusi", team: 1, points: 0, detail: { declared: [] } }];
  assert.equal(sheetDetail("accusi", acc, { sheet: {}, order: [0, 1], teamName }), "napoletana of Cups, three 3s (no Batons) vs none");
  assert.equal(accusoName({ kind: "four", rank: "A" }), "four Assi");
  const said = narrate([{ type: "drew", seat: 1, card: "3C" }, { type: "accuso", seat: 1, kind: "napoletana", suit: "D", points: 3 }], ctx);
  assert.deepEqual(said.map((l) => l.text), [`AI drew ${cardName("3C")} (shown to both).`, "AI declared napoletana of Coins (3 points)."]);
});

test("a lead with a call reads as the card and the word, from its id too (hint, review)", async () => {
  useLanguage("en");
  const { actionFromId, describeMoveId, describeAction } = await import("../js/table/hint.js");
  assert.deepEqual(actionFromId("play:7C:busso"), { type: "play", card: "7C", call: "busso" });
  assert.deepEqual(actionFromId("play:7D:4B+3B"), { type: "capture", card: "7D", captures: ["4B", "3B"] }); // Scopa's stay captures
  assert.equal(describeMoveId("play:7C:volo"), `${cardName("7C")} with Volo`);
  assert.equal(describeAction({ type: "play", card: "3S", call: "striscio" }), `play ${cardName("3S")} saying Striscio`);
});

test("a false call is refused in words, with the suit and the card", async () => {
  useLanguage("en");
  const { callRefusalText } = await import("../js/table/plugins/tressette.js");
  assert.equal(callRefusalText("false_volo", "7C"), "Not Volo: you hold another card of Cups.");
  assert.equal(callRefusalText("false_striscio", "3S"), `Not Striscio: ${cardName("3S")} is your last card of Swords.`);
});
