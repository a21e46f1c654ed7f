// The host's side of live play (issue 28): the host's engine worker is the table and the only
// source of truth. Each guest holds one seat and speaks over its own data channel; the relay
// turns a guest's message into a bridge request for that seat only (the guest never names a
// seat, an operation outside GUEST_OPS, or any field but an action id), asks the bridge for the
// guest's own view ("guest": true: built from what the seat may know, bridge/guestview.py) and
// passes on only the allow-listed fields of it (forGuest). A guest who drops is replaced by a
// computer (bridge `seat`) until they come back through a new invitation. Issue 42: each guest's
// requests run one at a time from their own queue (dropped when they leave), hints are rate
// limited, every answer of the bridge is checked, and a heartbeat tells guests the host is there.

export const GUEST_OPS = ["join", "act", "snapshot", "hint", "wait"];
const CHANGING = new Set(["new_match", "act", "advance", "undo", "restore", "practice", "seat"]);
const MAX_MESSAGE = 2_000; // a guest's message is a few dozen characters
const MAX_WAITS = 4; // parked "wait" requests per guest
const MAX_QUEUE = 8; // a guest's requests waiting for the engine; more are refused at once
export const HINT_GAP_MS = 2_000; // a guest's hints: one at a time, at most one per this long
export const BEAT_MS = 1_000; // the host's heartbeat to every guest

const QUIET = { quiet: true }; // the host page's test hooks show the host's own view, never a guest's
const fail = (code, message) => ({ ok: false, error: { code, message } });

// What a guest may be sent, field by field (the bridge's guest view is the first allow-list, this
// the second): a response's fields, and a snapshot's: the observation keys of every game's
// seat (tests/test_guest_view.py keeps this list equal to the engine's) and the table's public
// facts. The seed only once the match is over.
const RESPONSE_KEYS = ["events", "hint", "advice"];
export const SNAPSHOT_KEYS = [
  "accusi", "bonuses", "call", "call_blocks", "captured", "combinations", "cutter", "deal", "dealer",
  "deck", "declarations", "discard", "discard_blocks", "discard_counts", "discard_due", "discard_trumps",
  "discards", "drawn", "fola", "fola_count", "fola_revealed", "game", "hand", "hand_counts", "last_placed",
  "last_play", "last_trick", "leader", "match_scores", "meter", "options", "phase", "piles", "play_blocks",
  "played", "players", "points", "result", "seat", "setup", "sheets", "shown", "stock", "table", "tallies",
  "target", "teams", "to_move", "trick", "tricks_won", "trump", "trump_suit", "unclaimed",
  // the table's public facts (bridge: guestview.PUBLIC_KEYS)
  "your_turn", "legal", "level", "moves", "humans",
];
const SNAPSHOT_ALLOWED = new Set(SNAPSHOT_KEYS);
const text = (x, max) => String(x ?? "").slice(0, max);

/** What a guest may read of a bridge response for their seat: allow-listed fields only, never
 * the host's undo or the seed while the match is on; an error as its code and message. */
export function forGuest(res, names) {
  if (!res || res.ok !== true) {
    const e = (res && res.error) || {};
    return { ok: false, error: { code: text(e.code || "engine", 40), message: text(e.message, 300) } };
  }
  const out = { ok: true };
  for (const k of RESPONSE_KEYS) if (res[k] !== undefined) out[k] = res[k];
  if (res.snapshot) {
    const snap = {};
    for (const [k, v] of Object.entries(res.snapshot)) if (SNAPSHOT_ALLOWED.has(k)) snap[k] = v;
    snap.can_undo = false;
    snap.seed = res.snapshot.result && typeof res.snapshot.seed === "number" ? res.snapshot.seed : null;
    snap.names = names;
    out.snapshot = snap;
  }
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
  constructor(engine, { now = () => Date.now() } = {}) {
    this.engine = engine;
    this.now = now;
    // seat → {name, channel, waits: [id], queue: [msg], busy, lastHint, status: "invited"|"here"|"reconnecting"|"away"}
    this.guests = new Map();
    this.names = {};
    this.listeners = new Set();
    this.log = []; // for tests: every message sent to a guest, as {seat, text}
    this.refused = 0; // guest messages refused
    this.handled = 0; // guest messages answered (or parked, for "wait")
    this.dropped = 0; // requests of a departed guest never run
    this.faults = []; // the bridge's refusals of what the relay asked it (shown to the host)
    this.beats = null;
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
    if (!this.guests.has(seat)) this.guests.set(seat, { name, channel: null, waits: [], queue: [], status: "invited" });
    else this.guests.get(seat).name = name;
  }

  /** The bridge hands `seat` to a person or a computer; a refusal is a fault the host is shown
   * (a seat left with nobody to play it would stall the table). */
  async setSeat(seat, kind) {
    let res;
    try { res = await this.engine.request("seat", { seat, kind }, QUIET); } catch (err) { res = fail("engine", String(err && err.message)); }
    if (!res || !res.ok) {
      this.faults.push({ seat, kind, error: (res && res.error) || null });
      if (this.faultFn) this.faultFn(res);
      return false;
    }
    return true;
  }

  /** `fn(res)` when the bridge refuses what the relay asked for (the table shows it). */
  onFault(fn) { this.faultFn = fn; }

  /** A guest's channel is open: the seat is theirs again (a computer played it meanwhile). */
  async connect(seat, channel) {
    const g = this.guests.get(seat);
    if (g.channel && g.channel !== channel) { try { g.channel.close(); } catch { /* gone already */ } }
    g.channel = channel;
    this.forget(g);
    channel.addEventListener("message", (e) => this.onMessage(seat, channel, e.data));
    if (g.status === "away" && !(await this.setSeat(seat, "human"))) return;
    g.status = "here";
    this.beat();
    this.changed();
    this.emitStatus();
  }

  /** A guest's connection falters (`shaky`: the network dropped) or recovers: the seat waits. */
  shaky(seat, channel, shaky) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel || g.status === "away") return;
    g.status = shaky ? "reconnecting" : "here";
    if (!shaky) this.changed();
    this.emitStatus();
  }

  /** A guest is gone: their queued requests are dropped and a computer plays their seat until
   * they come back. */
  async drop(seat, channel) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel || g.status === "away") return;
    g.channel = null;
    this.forget(g);
    g.status = "away";
    await this.setSeat(seat, "ai");
    this.changed();
    this.emitStatus();
  }

  forget(g) {
    this.dropped += (g.queue || []).length;
    g.queue = [];
    g.waits = [];
  }

  /** A new match: each invited friend's seat waits for them (no computer plays a friend's
   * first cards before they had the chance to join) until the host lets the computer play
   * for them (`away`). A resumed match (the host's page reloaded): the friends not connected
   * are away at once, so a friend to move never stalls the table. */
  async started({ resumed = false } = {}) {
    for (const [seat, g] of this.guests) {
      if (g.status === "here") continue;
      if (resumed) {
        g.status = "away";
        await this.setSeat(seat, "ai");
      } else g.status = "invited";
    }
    this.changed();
    this.emitStatus();
  }

  /** The host lets the computer play for a friend who has not joined yet. */
  async away(seat) {
    const g = this.guests.get(seat);
    if (!g || g.status !== "invited") return;
    g.status = "away";
    await this.setSeat(seat, "ai");
    this.changed();
    this.emitStatus();
  }

  onStatus(fn) { this.statusFn = fn; }
  emitStatus() { if (this.statusFn) this.statusFn(); }

  /** Whether the seat waits for its friend (here, reconnecting, or invited and not yet joined)
   * rather than being played by the computer. */
  here(seat) { const g = this.guests.get(seat); return Boolean(g && ["here", "reconnecting", "invited"].includes(g.status)); }

  send(seat, obj, { logged = true } = {}) {
    const g = this.guests.get(seat);
    if (!g || !g.channel || g.channel.readyState !== "open") return;
    const text = JSON.stringify(obj);
    if (logged) {
      this.log.push({ seat, text });
      if (this.log.length > 5000) this.log.splice(0, 2500);
    }
    try { g.channel.send(text); } catch { /* closing: the drop follows */ }
  }

  /** The heartbeat: every guest connected hears from the host at least every BEAT_MS. */
  beat() {
    if (this.beats) return;
    this.beats = setInterval(() => {
      for (const [seat, g] of this.guests) if (g.channel) this.send(seat, { beat: this.now() }, { logged: false });
    }, BEAT_MS);
  }

  stop() { clearInterval(this.beats); this.beats = null; }

  /** The host's page is going (closed, reloaded): every guest's channel is closed now, so each
   * guest is told at once rather than after the heartbeat's silence. */
  closeAll() {
    this.stop();
    for (const g of this.guests.values()) if (g.channel) { try { g.channel.close(); } catch { /* gone already */ } }
  }

  refuse(seat, id, code, message) {
    this.refused++;
    this.handled++;
    this.send(seat, { id, res: fail(code, message) });
  }

  onMessage(seat, channel, text) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel) return; // an old connection of a guest who came back
    const msg = parseGuestMessage(text);
    if (msg.error) { this.refused++; this.handled++; this.send(seat, { id: msg.id ?? null, res: msg.error }); return; }
    if (msg.op === "wait") {
      if (g.waits.length >= MAX_WAITS) { this.refuse(seat, msg.id, "bad_request", "already waiting"); return; }
      g.waits.push(msg.id);
      this.handled++;
      this.flushWaits();
      return;
    }
    if (msg.op === "hint") {
      const t = this.now();
      if (g.queue.some((m) => m.op === "hint") || (g.lastHint !== undefined && t - g.lastHint < HINT_GAP_MS)) {
        this.refuse(seat, msg.id, "rate_limited", "one hint at a time, a few seconds apart");
        return;
      }
      g.lastHint = t;
    }
    if (g.queue.length >= MAX_QUEUE) { this.refuse(seat, msg.id, "busy", "too many requests at once"); return; }
    g.queue.push(msg);
    this.pump(seat, g, channel);
  }

  /** A guest's requests, one at a time, while the guest is still on this channel. */
  async pump(seat, g, channel) {
    if (g.busy) return;
    g.busy = true;
    try {
      while (g.queue.length && g.channel === channel) {
        const msg = g.queue.shift();
        const asked = { seat, guest: true };
        let res;
        switch (msg.op) {
          case "join": res = await this.engine.request("snapshot", { ...asked, fresh: true }, QUIET); break;
          case "act": res = await this.engine.request("act", { ...asked, action: msg.action }, QUIET); break;
          case "snapshot": res = await this.engine.request("snapshot", asked, QUIET); break;
          case "hint": res = await this.engine.request("hint", asked, QUIET); g.lastHint = this.now(); break;
          default: res = fail("unknown_op", "unknown");
        }
        if (!res || !res.ok) this.refused++;
        this.handled++;
        if (g.channel !== channel) { this.dropped++; break; } // they left while the engine worked
        this.send(seat, { id: msg.id, res: forGuest(res, this.names) });
        if (msg.op === "act" && res && res.ok) this.changed();
      }
    } finally {
      g.busy = false;
    }
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
          const res = await this.engine.request("snapshot", { seat, guest: true }, QUIET);
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
