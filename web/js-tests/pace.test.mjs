import { test } from "node:test";
import assert from "node:assert/strict";
import { Clock, paceFor, BASE_PACE } from "../js/table/pace.js";
import { fakeTimers } from "./helpers.mjs";

test("a two-player turn at the default speed fits the 1.2 s budget with room for the engine", () => {
  const p = paceFor("normal");
  // your card, the least pause, the computer's card, the trick held, the trick swept away
  const turn = p.travel + p.gap + p.travel + p.hold + p.sweep;
  assert.ok(turn <= 1000, `pure animation ${turn} ms`);
  assert.ok(p.travel >= 150, "every card's travel stays visible");
});

test("speeds scale the durations; instant has none, slow is slower than normal", () => {
  assert.equal(paceFor("instant").travel, 0);
  assert.equal(paceFor("instant").hold, 0);
  assert.ok(paceFor("slow").hold > paceFor("normal").hold);
  assert.ok(paceFor("fast").travel < paceFor("normal").travel);
  assert.deepEqual(paceFor("bogus"), paceFor("normal"));
  assert.equal(paceFor("normal").travel, BASE_PACE.travel);
});

test("a wait ends on time when nothing skips it", async () => {
  const timers = fakeTimers();
  const clock = new Clock(timers);
  let ended = null;
  clock.wait(300).then((v) => { ended = v; });
  timers.advance(299);
  await Promise.resolve();
  assert.equal(ended, null);
  timers.advance(1);
  await Promise.resolve();
  assert.equal(ended, true);
});

test("skip ends the wait in progress and every later one until resume", async () => {
  const timers = fakeTimers();
  const clock = new Clock(timers);
  const first = clock.wait(500);
  assert.equal(clock.busy, true);
  clock.skip();
  assert.equal(await first, false);
  assert.equal(timers.pending, 0, "the skipped timer is cleared");
  assert.equal(await clock.wait(500), false, "later waits return at once");
  clock.resume();
  let ended = false;
  clock.wait(100).then(() => { ended = true; });
  await Promise.resolve();
  assert.equal(ended, false, "after resume, waits take their time again");
  timers.advance(100);
  await Promise.resolve();
  assert.equal(ended, true);
});
