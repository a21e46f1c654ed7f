// A guest's engine in live play (issue 28): the same surface as engine.js's Engine, so the
// table runs unchanged, but every request goes over the data channel to the host, whose
// engine answers for this guest's seat only. "advance" waits for the others' moves; what a
// guest may not do at a shared table (undo, saves, reviews) is answered here, locally.
// Issue 42: the host beats every second. A host silent for HOST_SILENT_MS is said to be out of
// reach (the table's overlay tells the guest plainly, with the way back), and all is as before
// when the beats come back (a network blip heals by itself); a channel that closes or a
// connection that failed is gone for good, and every request still pending is answered so.
import { setPeopleNames } from "../names.js";

// the page's test hook (engine.js makes it first; read here so this module needs no engine)
const hook = () => (globalThis.window ? (window.__cardavia ||= {}) : {});
const LOCAL = { code: "live", message: "not at a live table" };
export const HOST_SILENT_MS = 4_000; // four missed beats
const OPS = { new_match: "join", act: "act", snapshot: "snapshot", hint: "hint", advance: "wait" };

export class RemoteEngine {
  /** @param {RTCDataChannel} channel  @param {object} o  {host: the host's name, onGone(): the way back} */
  constructor(channel, { host = "", onGone = null, now = () => Date.now(), silentMs = HOST_SILENT_MS } = {}) {
    this.channel = channel;
    this.host = host;
    this.goneFn = onGone;
    this.now = now;
    this.state = { stage: "ready" };
    this.pending = new Map();
    this.nextId = 1;
    this.lostFns = new Set();
    this.stateFns = new Set();
    this.received = []; // for tests: every message from the host, as text (heartbeats apart)
    this.heard = now();
    this.beats = 0;
    hook().live = { received: this.received, channel, engine: this };
    channel.addEventListener("message", (e) => this.onMessage(e.data));
    channel.addEventListener("close", () => this.lose());
    this.watch = setInterval(() => {
      if (!this.silent && this.now() - this.heard > silentMs) { this.silentAt = this.now(); this.setState({ stage: "failed", reason: "host", host, silent: true }); }
    }, Math.min(500, silentMs / 4));
  }

  get silent() { return this.state.silent === true; }

  setState(state) {
    this.state = state;
    for (const fn of this.stateFns) fn(state);
  }

  onState(fn) { this.stateFns.add(fn); fn(this.state); return () => this.stateFns.delete(fn); }
  onLost(fn) { this.lostFns.add(fn); return () => this.lostFns.delete(fn); }
  start() { return this.lost ? Promise.reject(new Error("the host is gone")) : Promise.resolve(this); }
  retry() { if (this.goneFn) this.goneFn(); return this.start(); }

  /** The host is gone (silent, channel closed, connection failed): said once, for good. */
  lose() {
    if (this.lost) return;
    this.lost = true;
    this.lostAt = this.now();
    clearInterval(this.watch);
    for (const p of this.pending.values()) p.resolve({ ok: false, error: { code: "host_gone", message: "the host is gone" } });
    this.pending.clear();
    this.setState({ stage: "failed", reason: "host", host: this.host });
    for (const fn of this.lostFns) fn("host");
  }

  onMessage(text) {
    this.heard = this.now();
    if (this.silent && !this.lost) this.setState({ stage: "ready" }); // the blip is over
    let msg;
    try { msg = JSON.parse(text); } catch { this.received.push(text); return; }
    if (msg && typeof msg === "object" && "beat" in msg && !("res" in msg)) { this.beats++; return; }
    this.received.push(text);
    const p = msg && this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    const res = msg.res || { ok: false, error: { code: "engine", message: "no answer" } };
    if (res.snapshot) {
      hook().snapshot = res.snapshot;
      if (res.snapshot.names) setPeopleNames(res.snapshot.names);
    }
    p.resolve(res);
  }

  request(op, fields = {}) {
    const remote = OPS[op];
    if (!remote) return Promise.resolve({ ok: false, error: LOCAL });
    if (this.lost || this.channel.readyState !== "open") return Promise.resolve({ ok: false, error: { code: "host_gone", message: "the host is gone" } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.channel.send(JSON.stringify(op === "act" ? { id, op: remote, action: fields.action } : { id, op: remote }));
    });
  }
}
