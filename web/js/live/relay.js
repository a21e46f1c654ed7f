// The host's side of live play (issue 28): the host's engine worker is the table and the only
// source of truth. Each guest holds one seat and speaks over its own data channel; the relay
// turns a guest's message into a bridge request for that seat only (the guest never names a
// seat, an operation outside GUEST_OPS, or any field but an action id), and answers with that
// seat's own snapshot and events, exactly what the bridge gives one seat. A guest who drops is
// replaced by a computer (bridge `seat`) until they come back through a new invitation.

export const GUEST_OPS = ["join", "act", "snapshot", "hint", "wait"];
const CHANGING = new Set(["new_match", "act", "advance", "undo", "restore", "practice", "seat"]);
const MAX_MESSAGE = 2_000; // a guest's message is a few dozen characters
const MAX_WAITS = 4; // parked "wait" requests per guest

const QUIET = { quiet: true }; // the host page's test hooks show the host's own view, never a guest's
const fail = (code, message) => ({ ok: false, error: { code, message } });

/** What a guest may read of a bridge response: its seat's view, a hint, or an error. */
export function forGuest(res, names) {
  const out = { ok: res.ok };
  if (!res.ok) { out.error = res.error; return out; }
  if (res.snapshot) out.snapshot = { ...res.snapshot, can_undo: false, names };
  if (res.events) out.events = res.events;
  if (res.hint !== undefined) { out.hint = res.hint; out.advice = res.advice; }
  return out;
}

/** A guest's message, checked: {id, op, action?} or an error response. */
export function parseGuestMessage(text) {
  if (typeof text !== "string" || text.length > MAX_MESSAGE) return { error: fail("bad_request", "a message is a short JSON text") };
  let msg;
  try { msg = JSON.parse(text); } catch { return { error: fail("bad_json", "not JSON") }; }
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return { error: fail("bad_request", "a message is a JSON object") };
  const id = Number.isSafeInteger(msg.id) ? msg.id : null;
  if (id === null) return { error: fail("bad_request", "id is an integer") };
  if (!GUEST_OPS.includes(msg.op)) return { id, error: fail("unknown_op", `operations: ${GUEST_OPS.join(", ")}`) };
  if (msg.op === "act" && (typeof msg.action !== "string" || !msg.action || msg.action.length > 200)) {
    return { id, error: fail("bad_request", "act needs an action id") };
  }
  return { id, op: msg.op, action: msg.op === "act" ? msg.action : undefined };
}

export class Relay {
  /** @param {object} engine  the host's Engine (request(op, fields)) */
  constructor(engine) {
    this.engine = engine;
    this.guests = new Map(); // seat → {name, channel, waits: [id], status: "invited"|"here"|"away"}
    this.names = {};
    this.listeners = new Set();
    this.log = []; // for tests: every message sent to a guest, as {seat, text}
    this.refused = 0; // guest messages refused
    this.handled = 0; // guest messages answered (or parked, for "wait")
  }

  /** The host's engine as the table sees it: every change is passed on to the guests. */
  hostEngine() {
    const relay = this;
    const e = this.engine;
    return {
      get state() { return e.state; },
      onState: (fn) => e.onState(fn), onLost: (fn) => e.onLost(fn), start: () => e.start(), retry: () => e.retry(),
      async request(op, fields) {
        const res = await e.request(op, fields);
        if (res.ok && CHANGING.has(op)) relay.changed();
        return res;
      },
    };
  }

  /** `fn()` after every change of the match (the host's table waits for guests' moves on it). */
  onChange(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  /** The next change of the match. */
  nextChange() { return new Promise((resolve) => { const off = this.onChange(() => { off(); resolve(); }); }); }

  changed() {
    for (const fn of [...this.listeners]) fn();
    this.flushWaits();
  }

  setGuest(seat, name) {
    this.names[seat] = name;
    if (!this.guests.has(seat)) this.guests.set(seat, { name, channel: null, waits: [], status: "invited" });
    else this.guests.get(seat).name = name;
  }

  /** A guest's channel is open: the seat is theirs again (a computer played it meanwhile). */
  async connect(seat, channel) {
    const g = this.guests.get(seat);
    if (g.channel && g.channel !== channel) { try { g.channel.close(); } catch { /* gone already */ } }
    g.channel = channel;
    g.waits = [];
    channel.addEventListener("message", (e) => this.onMessage(seat, channel, e.data));
    if (g.status === "away") await this.engine.request("seat", { seat, kind: "human" }, QUIET);
    g.status = "here";
    this.changed();
    this.emitStatus();
  }

  /** A guest is gone: a computer plays their seat until they come back. */
  async drop(seat, channel) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel || g.status === "away") return;
    g.channel = null;
    g.waits = [];
    g.status = "away";
    await this.engine.request("seat", { seat, kind: "ai" }, QUIET);
    this.changed();
    this.emitStatus();
  }

  /** Seats of invited guests not connected when a match starts are played by computers. */
  async started() {
    for (const [seat, g] of this.guests) {
      if (g.status !== "here") {
        g.status = "away";
        await this.engine.request("seat", { seat, kind: "ai" }, QUIET);
      }
    }
    this.changed();
    this.emitStatus();
  }

  onStatus(fn) { this.statusFn = fn; }
  emitStatus() { if (this.statusFn) this.statusFn(); }

  here(seat) { const g = this.guests.get(seat); return Boolean(g && g.status === "here"); }

  send(seat, obj) {
    const g = this.guests.get(seat);
    if (!g || !g.channel || g.channel.readyState !== "open") return;
    const text = JSON.stringify(obj);
    this.log.push({ seat, text });
    if (this.log.length > 5000) this.log.splice(0, 2500);
    g.channel.send(text);
  }

  async onMessage(seat, channel, text) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel) return; // an old connection of a guest who came back
    const msg = parseGuestMessage(text);
    if (msg.error) { this.refused++; this.handled++; this.send(seat, { id: msg.id ?? null, res: msg.error }); return; }
    let res;
    switch (msg.op) {
      case "join": res = await this.engine.request("snapshot", { seat, fresh: true }, QUIET); break;
      case "act":
        res = await this.engine.request("act", { seat, action: msg.action }, QUIET);
        if (res.ok) this.changed(); else this.refused++;
        break;
      case "snapshot": res = await this.engine.request("snapshot", { seat }, QUIET); break;
      case "hint": res = await this.engine.request("hint", { seat }, QUIET); break;
      case "wait":
        if (g.waits.length >= MAX_WAITS) { this.refused++; res = fail("bad_request", "already waiting"); break; }
        g.waits.push(msg.id);
        this.handled++;
        this.flushWaits();
        return;
      default: res = fail("unknown_op", "unknown");
    }
    this.handled++;
    this.send(seat, { id: msg.id, res: forGuest(res, this.names) });
  }

  /** Every guest waiting for the others' moves gets what happened, once something has. */
  async flushWaits() {
    if (this.flushing) { this.again = true; return; }
    this.flushing = true;
    try {
      do {
        this.again = false;
        for (const [seat, g] of this.guests) {
          if (g.status !== "here" || !g.waits.length) continue;
          const res = await this.engine.request("snapshot", { seat }, QUIET);
          if (!res.ok || (res.events || []).length === 0) continue; // nothing new: keep waiting
          const id = g.waits.shift();
          this.send(seat, { id, res: forGuest(res, this.names) });
        }
      } while (this.again);
    } finally {
      this.flushing = false;
    }
  }
}
