// A guest's engine in live play (issue 28): the same surface as engine.js's Engine, so the
// table runs unchanged, but every request goes over the data channel to the host, whose
// engine answers for this guest's seat only. "advance" waits for the others' moves; what a
// guest may not do at a shared table (undo, saves, reviews) is answered here, locally.
import { hook } from "../engine.js";
import { setPeopleNames } from "../names.js";

const LOCAL = { code: "live", message: "not at a live table" };
const OPS = { new_match: "join", act: "act", snapshot: "snapshot", hint: "hint", advance: "wait" };

export class RemoteEngine {
  constructor(channel) {
    this.channel = channel;
    this.state = { stage: "ready" };
    this.pending = new Map();
    this.nextId = 1;
    this.lostFns = new Set();
    this.received = []; // for tests: every message from the host, as text
    hook.live = { received: this.received, channel };
    channel.addEventListener("message", (e) => this.onMessage(e.data));
    channel.addEventListener("close", () => this.lose());
  }

  onState(fn) { fn(this.state); return () => {}; }
  onLost(fn) { this.lostFns.add(fn); return () => this.lostFns.delete(fn); }
  start() { return this.lost ? Promise.reject(new Error("the host is gone")) : Promise.resolve(this); }
  retry() { return this.start(); }

  lose() {
    if (this.lost) return;
    this.lost = true;
    this.state = { stage: "failed", reason: "host" };
    for (const p of this.pending.values()) p.resolve({ ok: false, error: { code: "engine", message: "the host is gone" } });
    this.pending.clear();
    for (const fn of this.lostFns) fn("host");
  }

  onMessage(text) {
    this.received.push(text);
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    const p = msg && this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    const res = msg.res || { ok: false, error: { code: "engine", message: "no answer" } };
    if (res.snapshot) {
      hook.snapshot = res.snapshot;
      if (res.snapshot.names) setPeopleNames(res.snapshot.names);
    }
    p.resolve(res);
  }

  request(op, fields = {}) {
    const remote = OPS[op];
    if (!remote) return Promise.resolve({ ok: false, error: LOCAL });
    if (this.lost || this.channel.readyState !== "open") return Promise.resolve({ ok: false, error: { code: "engine", message: "the host is gone" } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.channel.send(JSON.stringify(op === "act" ? { id, op: remote, action: fields.action } : { id, op: remote }));
    });
  }
}
