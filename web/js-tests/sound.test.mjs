import { test } from "node:test";
import assert from "node:assert/strict";
import { soundFor, playSound, embedSound, soundOn, SOUND_NAMES } from "../js/sound.js";

test("each table event is heard once: a play with its capture, a capture with its sweep", () => {
  const play = { type: "played", seat: 0, card: "7D" };
  const capture = { type: "captured", seat: 0, card: "7D", cards: ["7C"] };
  assert.equal(soundFor(play, capture), null);
  assert.equal(soundFor(capture, { type: "sweep", seat: 0 }), null);
  assert.equal(soundFor({ type: "sweep", seat: 0 }), "sweep");
  assert.equal(soundFor(capture), "capture");
  assert.equal(soundFor({ type: "played", seat: 1, card: "AC" }, { type: "trick_won", seat: 1 }), "card");
  assert.equal(soundFor({ type: "trick_won", seat: 1 }), "trick");
  assert.equal(soundFor({ type: "deal_scored", sheet: {} }), "deal");
  assert.equal(soundFor({ type: "drew", seat: 0 }), null);
  for (const ev of ["played", "captured", "sweep", "trick_won", "deal_scored"]) assert.ok(SOUND_NAMES.includes(soundFor({ type: ev })));
});

test("nothing plays before the player's first tap; an embed is silent unless its host asks", () => {
  let made = 0;
  globalThis.window = { AudioContext: class { constructor() { made++; } } };
  assert.equal(playSound("card"), false);
  assert.equal(made, 0);
  embedSound(false);
  assert.equal(soundOn(), false);
  embedSound(true);
  assert.equal(soundOn(), true);
});
