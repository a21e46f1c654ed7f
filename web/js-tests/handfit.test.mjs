// handfit.js: every layout stays inside the hand's width, keeps a 24 px strip per card where
// the box allows, prefers fewer rows, and falls back to the width alone when a window is too
// short; killAfter finds a Minchiate kill for the trick's badge.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fitHand, splitRows, handHeight, MIN_STRIP } from "../js/table/handfit.js";
import { killAfter } from "../js/table/narrator.js";

const span = (f) => f.cardW + (f.perRow - 1) * f.lap;

test("a phone's 22-card Minchiate hand: two rows, every strip at least MIN_STRIP, inside the width", () => {
  const f = fitHand({ n: 22, width: 374, maxCardW: 56 });
  assert.equal(f.rows, 2);
  assert.ok(f.lap >= MIN_STRIP && f.lap >= 24, JSON.stringify(f));
  assert.ok(span(f) <= 374, JSON.stringify(f));
});

test("three Briscola cards do not overlap and take the card's full size", () => {
  const f = fitHand({ n: 3, width: 374, maxCardW: 76 });
  assert.deepEqual([f.rows, f.cardW, f.lap], [1, 76, 84]);
});

test("a desktop window's height shrinks the cards so that the rows fit below the hand's top", () => {
  const f = fitHand({ n: 17, width: 840, maxCardW: 92, maxHeight: 120 });
  assert.ok(handHeight(f.cardW, f.rows) <= 120 && f.cardW < 92, JSON.stringify(f));
  assert.ok(span(f) <= 840);
});

test("no room below at all: the width alone decides, and the hand never runs past it", () => {
  const f = fitHand({ n: 25, width: 640, maxCardW: 92, minCardW: 40, maxHeight: 30 });
  assert.ok(span(f) <= 640, JSON.stringify(f));
  assert.ok(f.lap >= MIN_STRIP);
});

test("rows split evenly, the longer first", () => {
  assert.deepEqual(splitRows([1, 2, 3, 4, 5], 2), [[1, 2, 3], [4, 5]]);
});

test("killAfter: the kill scored right after a trick, none past the next play", () => {
  const evs = [{ type: "trick_won", seat: 1 }, { type: "scored", kind: "kill", points: [0, 5] },
    { type: "played", seat: 1 }, { type: "trick_won", seat: 2 }];
  assert.equal(killAfter(evs, 0), 5);
  assert.equal(killAfter(evs, 3), 0);
});
