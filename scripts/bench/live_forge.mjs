#!/usr/bin/env node
// Forged guest messages against live play's two allow-lists (issue 42's closing figures): the
// site's own relay (web/js/live/relay.js, run here under Node) in front of the real engine
// (core/cardavia/bridge.py, a Python process on a pipe). A seeded stream of forgeries is sent as
// a guest (seat 1) of a Briscola match: malformed text, unknown or host-only operations, fields
// naming another seat or the host's view, moves out of turn, cards the guest does not hold,
// floods. After every message the host's match (the bridge's save: seed and every move) is
// compared with what it was. Prints one JSON object:
//   {"tried", "refused", "answered_own_seat", "parked", "other_seat_answers", "state_changes"}
// Usage: node scripts/bench/live_forge.mjs [--n 4000] [--seed 42] [--python .venv/bin/python]
import { spawn } from "node:child_process";
import readline from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const N = Number(arg("n", 4000));
const SEED = Number(arg("seed", 42));
const PY = arg("python", path.join(ROOT, ".venv", "bin", "python"));
const { Relay } = await import(path.join(ROOT, "web/js/live/relay.js"));

// the host's engine: the real bridge, one request per line
const py = spawn(PY, ["-u", "-c", "import sys\nfrom cardavia.bridge import Bridge\nb = Bridge()\nfor line in sys.stdin:\n    print(b.handle(line), flush=True)"],
  { cwd: ROOT, env: { ...process.env, PYTHONPATH: path.join(ROOT, "core") }, stdio: ["pipe", "pipe", "inherit"] });
const waiting = new Map();
let nextId = 1;
readline.createInterface({ input: py.stdout }).on("line", (line) => {
  const res = JSON.parse(line);
  const done = waiting.get(res.id);
  waiting.delete(res.id);
  done(res);
});
const bridge = (op, fields = {}) => new Promise((resolve) => {
  const id = nextId++;
  waiting.set(id, resolve);
  py.stdin.write(JSON.stringify({ ...fields, id, op }) + "\n");
});

// a seeded generator (mulberry32): the same forgeries every run
let s = SEED >>> 0;
const rand = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

const CARDS = ["1", "2", "3", "4", "5", "6", "7", "J", "Q", "K"].flatMap((r) => ["C", "D", "S", "B"].map((u) => r + u));
const HOST_OPS = ["new_match", "undo", "save", "restore", "seat", "advance", "practice", "challenge", "review", "rebuild",
  "__proto__", "constructor", "toString", "SNAPSHOT", " act", "act "];
const OTHER_SEAT = [{ seat: 0 }, { seat: 0, guest: false }, { guest: false }, { humans: [1] }, { seat: "0" }, { seat: -1 }, { fresh: true, seat: 0 }];

/** One forgery: `legal` are the guest's legal action ids now (never sent: a legal move is a move). */
function forgery(i, legal) {
  const id = 100_000 + i;
  const notMine = CARDS.map((c) => `play:${c}`).filter((a) => !legal.includes(a));
  switch (Math.floor(rand() * 12)) {
    case 0: return pick(["{", "", "null", "[1,2]", "42", '"act"', "{\"id\":", "x".repeat(3000), `{"id":${id},"op":"act","action":"${"A".repeat(2500)}"}`]);
    case 1: return JSON.stringify({ id: pick(["x", 1.5, null, 2 ** 60, [1], {}]), op: "snapshot" });
    case 2: return JSON.stringify({ id, op: pick(HOST_OPS), ...pick([{}, { seat: 0 }, { game: "briscola", seed: 1 }, { save: "x" }]) });
    case 3: return JSON.stringify({ id, op: "act", action: pick(notMine) });
    case 4: return JSON.stringify({ id, op: "act", action: pick(notMine), ...pick(OTHER_SEAT) }); // a move for another seat
    case 5: return JSON.stringify({ id, op: "act", action: pick([1, null, "", ["play:1C"], { id: "play:1C" }, "undo", "play:", "play:1C;play:2C"]) });
    case 6: return JSON.stringify({ id, op: "act" });
    case 7: return JSON.stringify({ id, op: pick(["snapshot", "join"]), ...pick(OTHER_SEAT) }); // asks another seat's view
    case 8: return JSON.stringify({ id, op: "hint", ...pick(OTHER_SEAT) });
    case 9: return JSON.stringify({ id, op: "wait", ...pick(OTHER_SEAT) });
    case 10: return `{"id":${id},"op":"act","action":"${pick(notMine)}","__proto__":{"seat":0,"guest":false}}`;
    default: return JSON.stringify([{ id, op: "act", action: pick(legal.length ? legal : notMine) }]); // a real move, not as a message
  }
}

class Channel {
  constructor() { this.readyState = "open"; this.sent = []; this.fns = []; }
  addEventListener(type, fn) { if (type === "message") this.fns.push(fn); }
  send(text) { this.sent.push(JSON.parse(text)); }
  post(data) { for (const fn of this.fns) fn({ data }); }
}

const start = await bridge("new_match", { game: "briscola", seed: 310_031, humans: [0, 1], level: "greedy" });
if (!start.ok) throw new Error(JSON.stringify(start));
let clock = 0; // the relay's clock: 100 ms a message, so its hint limit counts the same every run
const relay = new Relay({ request: (op, fields) => bridge(op, fields) }, { now: () => clock });
relay.setGuest(1, "Ben");
relay.names = { 0: "Ana", 1: "Ben" };
const ch = new Channel();
await relay.connect(1, ch);
relay.stop(); // no heartbeat in a batch run
// every message is handled once: refused, answered, or parked ("wait")
const settle = async (count) => { while (relay.handled < count) await new Promise((r) => setTimeout(r, 1)); };

let stateChanges = 0, otherSeat = 0;
const seen = new Set(); // answers already counted
run: for (let phase = 0; phase < 2; phase++) {
  // phase 0: the host's turn (every move is out of turn); phase 1: the guest's turn (every forged move is not one of theirs)
  if (phase === 1) {
    const h = await bridge("snapshot", { seat: 0 });
    await bridge("act", { seat: 0, action: h.snapshot.legal[0].id });
  }
  const g = await bridge("snapshot", { seat: 1, guest: true });
  const legal = g.snapshot.your_turn ? g.snapshot.legal.map((a) => a.id) : [];
  const before = (await bridge("save", { seat: 0 })).save;
  for (let i = phase * (N / 2); i < (phase + 1) * (N / 2); i++) {
    const msg = forgery(i, legal);
    const count = relay.handled + 1;
    clock += 100;
    ch.post(msg);
    await settle(count);
    const now = (await bridge("save", { seat: 0 })).save;
    if (JSON.stringify(now) !== JSON.stringify(before)) {
      stateChanges++;
      console.error("the host's match changed, by", msg.slice(0, 200));
      break run;
    }
  }
}
for (const m of ch.sent) if (m.res && m.res.ok && m.res.snapshot && m.res.snapshot.seat !== 1) otherSeat++;
const answers = ch.sent.filter((m) => m.res);
const out = {
  tried: relay.handled, handled: relay.handled, refused: relay.refused,
  answered_own_seat: answers.filter((m) => m.res.ok).length, parked: relay.handled - answers.length,
  other_seat_answers: otherSeat, state_changes: stateChanges,
};
py.stdin.end();
console.log(JSON.stringify(out));
