import { test } from "node:test";
import assert from "node:assert/strict";
import { tallyItems } from "../js/table/tallies.js";
import { useLanguage } from "./helpers.mjs";

// the lines of a Scopa sheet as the engine computes them mid-deal (ScopaState.tallies)
const scopa = {
  lines: [
    { key: "scopa", team: 0, points: 1, detail: { count: 1 } },
    { key: "scopa", team: 1, points: 0, detail: { count: 0 } },
    { key: "most_cards", team: 1, points: 1, detail: { counts: [9, 13] } },
    { key: "most_coins", team: 0, points: 1, detail: { counts: [4, 1] } },
    { key: "settebello", team: 1, points: 1, detail: {} },
    { key: "primiera", team: null, points: 0, detail: { sums: [null, 63] } },
  ],
  totals: [2, 2],
};

test("each side sees its own counts, and bold marks the prizes it leads", () => {
  useLanguage("en");
  const mine = tallyItems(scopa, 0);
  const theirs = tallyItems(scopa, 1);
  const text = (items, key) => (items.find((i) => i.key === key) || {}).text;
  const leads = (items, key) => (items.find((i) => i.key === key) || {}).leads;
  assert.equal(text(mine, "most_cards"), "Cards 9");
  assert.equal(text(theirs, "most_cards"), "Cards 13");
  assert.equal(leads(theirs, "most_cards"), true);
  assert.equal(leads(mine, "most_cards"), false);
  assert.equal(text(mine, "most_coins"), "Coins 4");
  assert.equal(leads(mine, "most_coins"), true);
});

test("the settebello shows on the side that holds it only; sweeps once there is one", () => {
  useLanguage("en");
  assert.equal(tallyItems(scopa, 1).find((i) => i.key === "settebello").text, "7 of Coins");
  assert.equal(tallyItems(scopa, 0).find((i) => i.key === "settebello"), undefined);
  assert.ok(tallyItems(scopa, 0).some((i) => i.key === "scopa"));
  assert.ok(!tallyItems(scopa, 1).some((i) => i.key === "scopa"));
});

test("a side without every suit has no primiera yet, and says so", () => {
  useLanguage("en");
  assert.equal(tallyItems(scopa, 0).find((i) => i.key === "primiera").text, "Primiera –");
  assert.equal(tallyItems(scopa, 1).find((i) => i.key === "primiera").text, "Primiera 63");
});

test("Cicera: swords and la Matta held", () => {
  useLanguage("it");
  const cicera = { lines: [
    { key: "most_swords", team: 0, points: 1, detail: { counts: [5, 2] } },
    { key: "matta", team: 0, points: 1, detail: { card: "2S" } },
    { key: "napola", team: null, points: 0, detail: { length: 0 } },
  ], totals: [2, 0] };
  const items = tallyItems(cicera, 0);
  assert.equal(items.find((i) => i.key === "most_swords").text, "Spade 5");
  assert.ok(items.find((i) => i.key === "matta").leads);
  assert.ok(!items.some((i) => i.key === "napola"));
});
