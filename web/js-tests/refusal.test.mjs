// Refusals in words: the engine's reason (play_blocks, the discard step's reasons) worded
// through the catalogue, in English and in Persian (right-to-left, its own digits).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useLanguage } from "./helpers.mjs";

const { playRefusalText, refusalText } = await import("../js/table/refusal.js");
const { cardName } = await import("../js/names.js");

test("each play refusal names the duty and the card that answers it", () => {
  useLanguage("en");
  assert.equal(playRefusalText({ code: "follow", suit: "C", card: "6C" }), "You must follow Cups: you hold 6 of Cups.");
  assert.equal(playRefusalText({ code: "follow", suit: "T", card: "T12" }), "A trump was led: you must play a trump (you hold Trump 12).");
  assert.equal(playRefusalText({ code: "trump", suit: "S", card: "T9" }), "You have no Swords, so you must play a trump (you hold Trump 9).");
  assert.equal(playRefusalText({ code: "king", suit: "D", card: "KD" }),
    `The King rule: Coins is led for the first time and the trick is trumped, so you must play ${cardName("KD")}.`);
  assert.equal(playRefusalText({ code: "a_code_from_a_newer_engine" }), "The rules do not allow that card now.");
});

test("the snapshot decides: play_blocks in play, the discard step's reason while discarding", () => {
  useLanguage("en");
  const play = { phase: "play", play_blocks: { "5S": { code: "follow", suit: "C", card: "6C" } } };
  assert.equal(refusalText(play, "5S"), "You must follow Cups: you hold 6 of Cups.");
  const discard = { phase: "discard" };
  const why = new Map([["KS", { key: "king", text: "Kings are never discarded." }]]);
  assert.equal(refusalText(discard, "KS", why), `${cardName("KS")}: Kings are never discarded.`);
});

test("Persian words the refusal in Persian, with Persian digits", () => {
  useLanguage("fa");
  const text = playRefusalText({ code: "trump", suit: "S", card: "T9" });
  assert.match(text, /۹/);
  assert.doesNotMatch(text, /[A-Za-z0-9]/);
});
