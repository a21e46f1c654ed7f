// Live play you can trust (issue 42), under Node: what a guest is sent (forGuest: an allow-list,
// never the host's snapshot forwarded), the relay's own checks (guest views asked of the bridge,
// hints rate limited, a departed guest's queue dropped, the bridge's refusals reported), the
// guest's heartbeat watch (remote.js) and a challenge's claimed result checked against its replay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useFakeDom } from "./fakedom.mjs";
import { useLanguage } from "./helpers.mjs";

useFakeDom();
globalThis.window ??= globalThis; // the page's test hook lives on window
const { forGuest, Relay, SNAPSHOT_KEYS, HINT_GAP_MS } = await import("../js/live/relay.js");
const { RemoteEngine } = await import("../js/live/remote.js");
const { claimHolds } = await import("../js/deals/challenge.js");
const { verdictText } = await import("../js/table/sheet.js");
const { onGone } = await import("../js/live/peer.js");
const { setPeopleNames } = await import("../js/names.js");
const { showHintRefusal } = await import("../js/table/hint.js");
const { h } = await import("../js/dom.js");

const SEED = 7310421;
const NAMES = { 0: "Ana", 1: "Ben" };

/** A data channel's two ends in one: what one side sends, the test reads; what the test posts, the side hears. */
class FakeChannel {
  constructor() { this.readyState = "open"; this.sent = []; this.fns = { message: [], close: [] }; }
  addEventListener(type, fn) { (this.fns[type] ||= []).push(fn); }
  send(text) { this.sent.push(text); }
  post(data) { for (const fn of this.fns.message) fn({ data }); }
  close() { this.readyState = "closed"; for (const fn of this.fns.close) fn({}); }
  answers() { return this.sent.map((s) => JSON.parse(s)).filter((m) => "res" in m); }
}

/** The host's engine: answers every request with `answer(op, fields)`, after `gate` when given. */
class FakeEngine {
  constructor(answer) { this.calls = []; this.answer = answer; this.gates = []; this.slow = false; }
  request(op, fields) {
    this.calls.push({ op, ...fields });
    const res = this.answer(op, fields);
    if (!this.slow) return Promise.resolve(res);
    return new Promise((resolve) => this.gates.push(() => resolve(res)));
  }
  open() { for (const g of this.gates.splice(0)) g(); }
}

const hostSnapshot = (over = false) => ({
  game: "briscola", deck: "piacentine", seat: 1, hand: ["7D", "AC", "KS"], hand_counts: [3, 3], to_move: 1,
  your_turn: true, legal: [{ id: "play:7D" }], level: "greedy", moves: 4, humans: [0, 1],
  seed: SEED, practice: true, can_undo: true, lesson: true, secret_host_field: [SEED], result: over ? { scores: [70, 50] } : null,
});

const tick = () => new Promise((r) => setTimeout(r, 0));
const settle = async (n = 5) => { for (let i = 0; i < n; i++) await tick(); };

test("forGuest keeps only allow-listed fields: no seed while the match is on, no undo, no host-only field", () => {
  const out = forGuest({ ok: true, snapshot: hostSnapshot(), events: [{ type: "played", seat: 0, card: "2B" }],
    save: { seed: SEED }, review: {}, moments: [], hint: "play:7D", advice: { action: "play:7D" } }, NAMES);
  assert.deepEqual(Object.keys(out).sort(), ["advice", "events", "hint", "ok", "snapshot"]);
  assert.equal(out.snapshot.seed, null);
  assert.equal(out.snapshot.can_undo, false);
  for (const k of ["practice", "lesson", "secret_host_field"]) assert.ok(!(k in out.snapshot), k);
  assert.ok(!JSON.stringify(out).includes(String(SEED)), "the seed in any field");
  assert.deepEqual(out.snapshot.names, NAMES);
  assert.deepEqual(out.snapshot.hand, ["7D", "AC", "KS"]);
  assert.ok(Object.keys(out.snapshot).every((k) => SNAPSHOT_KEYS.includes(k) || ["can_undo", "seed", "names"].includes(k)));
});

test("forGuest passes the seed once the match is over (the replay), and an error as code and message only", () => {
  assert.equal(forGuest({ ok: true, snapshot: hostSnapshot(true) }, NAMES).snapshot.seed, SEED);
  const err = forGuest({ ok: false, error: { code: "illegal_action", message: "x".repeat(900), stack: "at bridge.py" }, snapshot: hostSnapshot() }, NAMES);
  assert.deepEqual(Object.keys(err), ["ok", "error"]);
  assert.deepEqual(Object.keys(err.error), ["code", "message"]);
  assert.equal(err.error.message.length, 300);
  assert.equal(forGuest(undefined, NAMES).ok, false);
});

function relayWith(answer = () => ({ ok: true, snapshot: hostSnapshot(), events: [] })) {
  let now = 1_000_000;
  const engine = new FakeEngine(answer);
  const relay = new Relay(engine, { now: () => now });
  relay.setGuest(1, "Ben");
  relay.names = NAMES;
  return { relay, engine, clock: { add: (ms) => { now += ms; } } };
}

test("the relay asks the bridge for the guest's own view, for the guest's seat only", async () => {
  const { relay, engine } = relayWith();
  const ch = new FakeChannel();
  await relay.connect(1, ch);
  ch.post(JSON.stringify({ id: 1, op: "join" }));
  ch.post(JSON.stringify({ id: 2, op: "act", action: "play:7D", seat: 0 }));
  ch.post(JSON.stringify({ id: 3, op: "snapshot" }));
  await settle();
  relay.stop();
  const asked = engine.calls.filter((c) => c.op !== "seat");
  assert.equal(asked.length, 3);
  for (const c of asked) assert.ok(c.seat === 1 && c.guest === true, JSON.stringify(c));
  const answers = ch.answers();
  assert.deepEqual(answers.map((a) => a.id), [1, 2, 3]);
  for (const a of answers) assert.equal(a.res.snapshot.seed, null);
});

test("a flood of hints costs the host one search; the guest's move still gets through at once", async () => {
  const { relay, engine, clock } = relayWith((op) => ({ ok: true, snapshot: hostSnapshot(), events: [], ...(op === "hint" ? { hint: "play:7D" } : {}) }));
  const ch = new FakeChannel();
  await relay.connect(1, ch);
  for (let i = 0; i < 1000; i++) ch.post(JSON.stringify({ id: 10 + i, op: "hint" }));
  ch.post(JSON.stringify({ id: 5000, op: "act", action: "play:7D" }));
  await settle();
  assert.equal(engine.calls.filter((c) => c.op === "hint").length, 1);
  const answers = ch.answers();
  assert.equal(answers.filter((a) => a.res.error && a.res.error.code === "rate_limited").length, 999);
  assert.ok(answers.find((a) => a.id === 5000).res.ok);
  clock.add(HINT_GAP_MS + 1); // a hint a few seconds later is answered again
  ch.post(JSON.stringify({ id: 6000, op: "hint" }));
  await settle();
  relay.stop();
  assert.equal(engine.calls.filter((c) => c.op === "hint").length, 2);
  assert.equal(relay.handled, 1002);
});

test("a departed guest's queued requests are dropped, not run for nobody", async () => {
  const { relay, engine } = relayWith();
  const ch = new FakeChannel();
  await relay.connect(1, ch);
  engine.slow = true;
  for (let i = 0; i < 6; i++) ch.post(JSON.stringify({ id: i + 1, op: "snapshot" }));
  await settle();
  assert.equal(engine.calls.filter((c) => c.op === "snapshot").length, 1); // one at a time
  const dropping = relay.drop(1, ch);
  engine.open();
  await settle();
  engine.open();
  await dropping;
  await settle();
  relay.stop();
  assert.equal(engine.calls.filter((c) => c.op === "snapshot" && c.guest).length, 1);
  assert.equal(relay.dropped, 6); // five never asked, the one in flight never sent
  assert.equal(ch.answers().length, 0);
});

test("a seat the bridge refuses to hand to the computer is a fault the host is told of", async () => {
  const { relay } = relayWith((op) => (op === "seat" ? { ok: false, error: { code: "bad_request", message: "no" } } : { ok: true }));
  const told = [];
  relay.onFault((res) => told.push(res.error.code));
  await relay.started({ resumed: true }); // the host's page reloaded: the friend to move goes to the computer
  relay.stop();
  assert.deepEqual(told, ["bad_request"]);
  assert.equal(relay.faults.length, 1);
});

test("the host beats; a guest who hears nothing says so within seconds, and heals when the beats return", async () => {
  let now = 0;
  const ch = new FakeChannel();
  const states = [];
  const engine = new RemoteEngine(ch, { host: "Ana", now: () => now, silentMs: 40 });
  engine.onState((s) => states.push(s));
  const pending = engine.request("act", { action: "play:7D" });
  now = 100;
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(engine.state.stage, "failed");
  assert.equal(engine.state.silent, true);
  assert.equal(engine.state.host, "Ana");
  ch.post(JSON.stringify({ beat: 1 })); // the network came back
  assert.equal(engine.state.stage, "ready");
  assert.equal(engine.received.length, 0); // heartbeats are not the table's messages
  ch.post(JSON.stringify({ id: 1, res: { ok: true, snapshot: { seat: 1 } } }));
  assert.equal((await pending).ok, true); // the move sent during the blip was answered
  const lost = engine.request("snapshot");
  ch.close(); // the host's page is gone
  assert.equal((await lost).error.code, "host_gone");
  assert.equal(engine.state.stage, "failed");
  assert.notEqual(engine.state.silent, true);
  assert.deepEqual(states.map((s) => s.stage), ["ready", "failed", "ready", "failed"]);
});

test("a challenge is believed only when its own moves make the result it claims", () => {
  assert.equal(claimHolds({ scores: [21, 99] }, { result: { scores: [21, 99] } }), true);
  assert.equal(claimHolds({ scores: [120, 0] }, { result: { scores: [21, 99] } }), false);
  assert.equal(claimHolds({ scores: [21] }, { result: { scores: [21, 99] } }), false);
  assert.equal(claimHolds({ scores: [21, 99] }, null), false);
  assert.equal(claimHolds(null, { result: { scores: [21, 99] } }), false);
});

test("the sheet names the friend who won, not the AI", () => {
  useLanguage("en");
  const snap = { seat: 0, teams: [[0], [1]] };
  setPeopleNames({ 0: "Ana", 1: "Ben" });
  assert.equal(verdictText(1, snap), "Ben wins.");
  assert.equal(verdictText(0, snap), "You win!");
  setPeopleNames(null); // alone against the computer: as before
  assert.equal(verdictText(1, snap), "The AI wins.");
});

test("a dropped connection is only shaky for a while: it heals, or is gone after the grace", async () => {
  const pc = { connectionState: "connected", fns: [], addEventListener(_t, fn) { this.fns.push(fn); },
    set(s) { this.connectionState = s; for (const fn of this.fns) fn(); } };
  const ch = new FakeChannel();
  const seen = [];
  onGone(pc, ch, () => seen.push("gone"), { shaky: (on) => seen.push(on ? "shaky" : "steady"), grace: 40 });
  pc.set("disconnected"); // a 10 s drop, a phone asleep: WebRTC reconnects by itself
  pc.set("connected");
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(seen, ["shaky", "steady"]);
  pc.set("disconnected"); // this time it lasts
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(seen, ["shaky", "steady", "shaky", "gone"]);
  pc.set("failed");
  ch.close();
  assert.deepEqual(seen, ["shaky", "steady", "shaky", "gone"]); // once
});

test("a new match waits for an invited friend; the host may let the computer play for them", async () => {
  const { relay, engine } = relayWith();
  await relay.started();
  assert.equal(relay.guests.get(1).status, "invited");
  assert.ok(relay.here(1), "the friend's seat waits for them");
  assert.equal(engine.calls.filter((c) => c.op === "seat").length, 0);
  await relay.away(1);
  relay.stop();
  assert.ok(!relay.here(1));
  assert.deepEqual(engine.calls.filter((c) => c.op === "seat"), [{ op: "seat", seat: 1, kind: "ai" }]);
});

/** Two channels joined end to end: what one sends, the other hears. */
function channelPair() {
  const a = new FakeChannel(), b = new FakeChannel();
  a.send = (text) => { a.sent.push(text); b.post(text); };
  b.send = (text) => { b.sent.push(text); a.post(text); };
  return [a, b];
}

test("a guest's hint refused as too soon is said in the hint box, in every language, never silence", async () => {
  const { relay } = relayWith((op) => ({ ok: true, snapshot: hostSnapshot(), events: [], ...(op === "hint" ? { hint: "play:7D" } : {}) }));
  const [hostEnd, guestEnd] = channelPair();
  await relay.connect(1, hostEnd);
  const guest = new RemoteEngine(guestEnd, { host: "Ana" });
  const first = await guest.request("hint");
  const again = await guest.request("hint"); // a second tap at once
  relay.stop();
  clearInterval(guest.watch);
  assert.equal(first.hint, "play:7D");
  assert.equal(again.error.code, "rate_limited");
  for (const lang of ["en", "it", "fa", "ar", "vi"]) {
    useLanguage(lang);
    const view = { hintEl: h("div", { hidden: true }) };
    assert.equal(showHintRefusal(view, again), true);
    assert.equal(view.hintEl.hidden, false);
    const said = view.hintEl.textContent;
    const words = JSON.parse(readFileSync(new URL(`../i18n/${lang}.json`, import.meta.url), "utf-8"));
    assert.equal(said, words["live.hint_wait"]);
    assert.doesNotMatch(said, /[{}]|live\./);
    assert.equal(showHintRefusal(view, { ok: false, error: { code: "busy", message: "too many requests at once" } }), true);
    assert.equal(view.hintEl.textContent, words["live.busy"]); // a guest's queue full: said too
    assert.equal(showHintRefusal(view, first), false); // an answered hint is showHint's
  }
  useLanguage("en");
});
