// Unit tests of the card art's data side (make test-js): the labels and deck groups
// it derives from the engine's deck data (cardavia.deckinfo, as written into site.json),
// and the shipped icon subset being exactly what scripts/build/card_icons.mjs extracts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setDeckData, deckGroups, deckCards, cardLabel, courtCounting, strippedCards, cardPoints }
  from "../js/cardart.js";
import { ICONS } from "../js/cardart/icons.js";
import { MINCHIATE_ICONS } from "../js/cardart/icon-names.js";
import { MINCHIATE_TITLES } from "../js/cardart/minchiate.js";
import { iconsModule, OUT } from "../../scripts/build/card_icons.mjs";
import { engineDeckInfo } from "./deckinfo.mjs";

const ENGINE = engineDeckInfo();
setDeckData(ENGINE);

test("deck groups hold the engine's deck in its order, trumps first", () => {
  for (const deck of Object.keys(ENGINE.decks)) {
    const groups = deckGroups(deck);
    assert.deepEqual(groups.flatMap((g) => g.cards), ENGINE.decks[deck].cards, deck);
    assert.deepEqual(deckCards(deck), ENGINE.decks[deck].cards);
  }
  const minchiate = deckGroups("minchiate");
  assert.deepEqual(minchiate.map((g) => [g.id, g.cards.length]), [["T", 41], ["C", 14], ["D", 14], ["S", 14], ["B", 14]]);
  assert.deepEqual(deckGroups("piacentine").map((g) => g.cards.length), [10, 10, 10, 10]);
});

test("Scopa's corners read 8, 9, 10 on the courts; Briscola's keep the letters", () => {
  assert.equal(cardLabel("JC", "piacentine", "scopa"), "8");
  assert.equal(cardLabel("QC", "siciliane", "scopa"), "8");
  assert.equal(cardLabel("NS", "piacentine", "scopa"), "9");
  assert.equal(cardLabel("KB", "siciliane", "scopa"), "10");
  assert.equal(cardLabel("AD", "piacentine", "scopa"), "1");
  assert.equal(cardLabel("JC", "piacentine", "briscola"), "F");
  assert.equal(cardLabel("NC", "piacentine", "briscola"), "C");
  assert.equal(cardLabel("KC", "piacentine", "briscola"), "R");
  assert.equal(cardLabel("QD", "siciliane", null), "D");
});

test("Cicera's courts keep F, C, R beside the Bresciane's own 8, 9 and 10", () => {
  assert.deepEqual(["JS", "NS", "KS", "8S", "9S", "10S"].map((c) => cardLabel(c, "bresciane", "cicera")),
    ["F", "C", "R", "8", "9", "10"]);
});

test("tarot labels: Roman numerals in the long suits of the Tarocco, trump numbers, no index on the Matto", () => {
  assert.equal(cardLabel("8S", "tarocco-piemontese", "tarocchi"), "VIII");
  assert.equal(cardLabel("8C", "tarocco-piemontese", "tarocchi"), "8");
  assert.equal(cardLabel("QB", "tarocco-piemontese", "tarocchi"), "D");
  assert.equal(cardLabel("T21", "tarocco-piemontese", "tarocchi"), "21");
  assert.equal(cardLabel("T40", "minchiate", "minchiate"), "40");
  assert.equal(cardLabel("T0", "minchiate", "minchiate"), "");
});

test("the court worth 8 in Scopa: the Fante in the Piacentine, the Donna in the Siciliane", () => {
  assert.equal(courtCounting("scopa", "piacentine", 8), "J");
  assert.equal(courtCounting("scopa", "siciliane", 8), "Q");
  assert.equal(courtCounting("briscola", "piacentine", 8), null);
});

test("stripped and scoring cards come from the engine entry of the game", () => {
  assert.equal(strippedCards("tarocchi", "tarocco-piemontese").size, 16);
  assert.ok(strippedCards("tarocchi", "tarocco-piemontese").has("AS"));
  assert.equal(strippedCards("briscola", "piacentine").size, 0);
  const { points, base } = cardPoints("minchiate");
  assert.equal(base, 0);
  assert.equal(Object.keys(points).length, 25);
  assert.equal(Object.values(points).reduce((a, b) => a + b, 0), 142);
});

test("every Minchiate trump and the Matto have a title and a shipped icon", () => {
  assert.equal(MINCHIATE_TITLES.length, 41);
  for (let n = 0; n <= 40; n++) assert.ok(ICONS[MINCHIATE_ICONS[n]], `T${n}: ${MINCHIATE_ICONS[n]}`);
});

test("icons.js is exactly the icons scripts/build/card_icons.mjs extracts from the pinned package", () => {
  assert.equal(readFileSync(OUT, "utf8"), iconsModule());
  assert.deepEqual(Object.keys(ICONS).sort(), [...new Set(Object.values(MINCHIATE_ICONS))].sort());
});
