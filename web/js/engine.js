// The page side of the engine: registers the service worker and starts the module Web
// Worker that runs Pyodide + cardavia.bridge as early as the page allows, and turns
// requests into promises. One engine per page, shared by every view.
//
// Boot starts when this module is evaluated, not when a table asks for the engine:
// - a later visit (the service worker already controls the page): the worker is created
//   at once, so the runtime downloads from Cache Storage and compiles while the page
//   loads its data and draws;
// - a first visit: the worker is created once the service worker has precached what the
//   worker loads (it lists those files first and says "bootReady"): the worker's requests
//   then revalidate against the HTTP cache (304, no body) instead of downloading the 9.6 MB
//   wasm a second time; the rest of the site is precached meanwhile. Without that message
//   (no service worker, install failed), once registration has settled.
import { sleep } from "./dom.js";

// no boot progress for this long → a timeout message with a Retry button (?boot_timeout=ms for tests)
const STALL_MS = Math.min(600000, Math.max(1000, Number(new URLSearchParams(location.search).get("boot_timeout")) || 60000));
// no answer to a request for this long → the worker is taken for dead and replaced
// (?request_timeout=ms for tests); the review of a whole deal gets four times as long
const REQUEST_MS = Math.min(600000, Math.max(1000, Number(new URLSearchParams(location.search).get("request_timeout")) || 60000));
const ROOT = new URL("../", import.meta.url); // the site root, wherever it is served

export const hook = (window.__cardavia = window.__cardavia || {
  ready: false, booted: false, snapshot: null, response: null, moveTimes: [], timings: null,
  bootStart: performance.now(), swVersion: null, swError: null,
});
// every boot step on the page's clock (ms since navigation); workersCreated counts engine workers
hook.bootMarks = hook.bootMarks || {};
hook.workersCreated = hook.workersCreated || 0;
// Content Security Policy violations in the page, the engine worker and the service worker
hook.cspViolations = hook.cspViolations || [];
const noteViolation = (where, v) => hook.cspViolations.push({ where, directive: v.directive, blocked: v.blocked });
document.addEventListener("securitypolicyviolation", (e) => {
  noteViolation("page", { directive: e.effectiveDirective, blocked: String(e.blockedURI) });
});

// ------------------------------------------------------------------ service worker
const updateListeners = new Set();
let waitingWorker = null;
let userAcceptedUpdate = false;

export function onUpdateAvailable(fn) {
  updateListeners.add(fn);
  if (waitingWorker) fn();
}

export function applyUpdate() {
  userAcceptedUpdate = true;
  if (waitingWorker) waitingWorker.postMessage({ type: "skip-waiting" });
}

function announceWaiting(worker) {
  waitingWorker = worker;
  for (const fn of updateListeners) fn();
}

/** Registers ./sw.js; resolves once it is active and controls this page (or on failure). */
async function registerServiceWorker(onProgress) {
  if (!("serviceWorker" in navigator)) return "unsupported";
  try {
    const hadController = !!navigator.serviceWorker.controller;
    let stalled;
    const stall = new Promise((resolve) => { stalled = resolve; });
    let watchdog = setTimeout(() => stalled("stalled"), STALL_MS);
    navigator.serviceWorker.addEventListener("message", (e) => {
      if (e.data && e.data.type === "csp") noteViolation("service worker", e.data);
      if (e.data && e.data.type === "precache" && !hadController) {
        if (e.data.bootReady) onBootFilesCached();
        clearTimeout(watchdog);
        watchdog = setTimeout(() => stalled("stalled"), STALL_MS);
        onProgress({ stage: "precache", ...e.data });
      }
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (hadController && userAcceptedUpdate) location.reload();
    });
    const reg = await navigator.serviceWorker.register("./sw.js");
    // a long-lived tab (an installed app) looks for a new deployment when it comes back
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reg.update().catch(() => {});
    });
    if (reg.waiting && hadController) announceWaiting(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const nw = reg.installing;
      if (!nw) return;
      nw.addEventListener("statechange", () => {
        if (nw.state === "installed" && navigator.serviceWorker.controller) announceWaiting(nw);
      });
    });
    if (!hadController) onProgress({ stage: "sw" });
    // wait until it is active; if its install fails (a file missing), carry on without it
    const outcome = await new Promise((resolve) => {
      navigator.serviceWorker.ready.then(() => resolve("ready"));
      stall.then(resolve); // no precache progress for a long time: go on without it
      const w = reg.installing || reg.waiting;
      if (w && !hadController) {
        w.addEventListener("statechange", () => { if (w.state === "redundant") resolve("redundant"); });
      }
    });
    clearTimeout(watchdog);
    if (outcome !== "ready") {
      hook.swError = `service worker ${outcome === "redundant" ? "install failed" : "install stalled"}`;
      return "failed";
    }
    if (!navigator.serviceWorker.controller) {
      // the new worker claims the page on activation; wait for that (bounded)
      await Promise.race([
        new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true })),
        sleep(4000),
      ]);
    }
    hook.swVersion = "active";
    return "active";
  } catch (err) {
    // e.g. a cross-site iframe under third-party storage rules: carry on from the network
    hook.swError = String((err && err.message) || err);
    return "refused";
  }
}

// ------------------------------------------------------------------ early start
const swProgress = new Set(); // listeners for precache progress (the Engine, once it exists)
let lastSwProgress = null;
// A live guest's join page (#/join) plays on the host's engine: it neither boots an engine of its
// own nor precaches one (an Engine started later, on another page, boots without them).
export const GUEST_PAGE = /^#\/join(\?|$)/.test(location.hash);
const swDone = GUEST_PAGE ? Promise.resolve("guest") : registerServiceWorker((p) => {
  lastSwProgress = p;
  for (const fn of swProgress) fn(p);
}).then((outcome) => { hook.bootMarks.swSettled = performance.now(); return outcome; });

function spawnWorker(base) {
  hook.workersCreated += 1;
  hook.bootMarks.workerCreated = performance.now();
  const worker = new Worker(new URL("worker/engine-worker.js", base), { type: "module" });
  // from its first moment (the spare boots the runtime before anyone sets onmessage)
  worker.addEventListener("message", (e) => { if (e.data && e.data.type === "csp") noteViolation("worker", e.data); });
  return worker;
}

/** The worker started before any Engine asked for it (null if it failed to start). */
let spare = null;
let spareStarted;
const spareStartedPromise = new Promise((resolve) => { spareStarted = resolve; });
function onBootFilesCached() { // every precache message after the boot files says so: mark the first
  if (hook.bootMarks.bootFilesCached === undefined) hook.bootMarks.bootFilesCached = performance.now();
  startSpare();
}
function startSpare() {
  spareStarted();
  if (spare) return;
  try {
    const worker = spawnWorker(ROOT);
    spare = { worker, error: null };
    worker.onerror = (e) => { spare.error = (e && e.message) || "worker error"; };
  } catch { spare = null; }
}
if (GUEST_PAGE) { /* no spare: nothing here runs an engine */ } else if ("serviceWorker" in navigator && navigator.serviceWorker.controller) startSpare();
else swDone.then(startSpare);

function takeSpare(base) {
  const s = spare;
  if (!s || s.taken || new URL(base).href !== ROOT.href) return null;
  if (s.error) { // it died before anyone listened: the Engine starts a fresh one
    s.taken = true;
    s.worker.terminate();
    return null;
  }
  s.taken = true;
  s.worker.onerror = null;
  return s.worker;
}

// ------------------------------------------------------------------ engine worker
export class Engine {
  constructor(base, wheel) {
    this.base = base;
    this.wheel = wheel;
    this.listeners = new Set();
    this.state = { stage: "idle" };
    this.pending = new Map();
    this.nextId = 1;
    this.worker = null;
    this.readyPromise = null;
    this.queue = Promise.resolve();
    this.lostListeners = new Set();
    // for tests: the worker dies without a word, as a crashed or killed one does
    hook.killWorker = () => { if (this.worker) this.worker.terminate(); };
    hook.memory = () => this.memory(); // for scripts/bench/bench_memory.py
  }

  /** The worker's WebAssembly heap and the bridge's `stats` (Python's objects, the match's log). */
  async memory() {
    const res = await this.request("stats");
    const worker = this.worker;
    const heap = await new Promise((resolve) => {
      const on = (e) => {
        if (!e.data || e.data.type !== "memory") return;
        worker.removeEventListener("message", on);
        resolve(e.data.wasm_heap_bytes);
      };
      worker.addEventListener("message", on);
      worker.postMessage({ type: "memory" });
    });
    return { wasm_heap_bytes: heap, ...(res.stats || {}) };
  }

  /** `fn(reason)` runs when a booted worker dies or stops answering (it is replaced on the next start). */
  onLost(fn) {
    this.lostListeners.add(fn);
    return () => this.lostListeners.delete(fn);
  }

  /** The worker is gone: every pending request fails, the next start boots a new one. */
  lose(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.readyPromise = null;
    for (const p of this.pending.values()) p.reject(new Error(`engine ${reason}`));
    this.pending.clear();
    hook.workerLosses = (hook.workerLosses || 0) + 1;
    this.setState({ stage: "idle" });
    for (const fn of this.lostListeners) fn(reason);
  }

  onState(fn) {
    this.listeners.add(fn);
    fn(this.state);
    return () => this.listeners.delete(fn);
  }

  setState(s) {
    this.state = s;
    for (const fn of this.listeners) fn(s);
  }

  /** Starts (once) and resolves when the bridge answers; rejects on failure/timeout. */
  start() {
    if (this.readyPromise) return this.readyPromise;
    this.readyPromise = this._boot();
    this.readyPromise.catch(() => {});
    return this.readyPromise;
  }

  retry() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error("restarted"));
    this.pending.clear();
    this.readyPromise = null;
    return this.start();
  }

  async _boot() {
    if (!this.swListening) {
      this.swListening = true;
      if (lastSwProgress) this.setState(lastSwProgress);
      swProgress.add((p) => { if (this.state.stage === "idle" || this.state.stage === "sw" || this.state.stage === "precache") this.setState(p); });
    }
    // the worker may start before the service worker is active (first visit, boot files cached)
    await Promise.race([swDone, spareStartedPromise]);
    return new Promise((resolve, reject) => {
      let stall;
      const arm = () => {
        clearTimeout(stall);
        stall = setTimeout(() => fail("timeout"), STALL_MS);
      };
      const fail = (reason) => {
        clearTimeout(stall);
        if (this.worker) this.worker.terminate();
        this.worker = null;
        this.setState({ stage: "failed", reason });
        reject(new Error(reason));
      };
      let worker;
      try {
        worker = takeSpare(this.base) || spawnWorker(this.base);
      } catch (err) {
        fail(String((err && err.message) || err));
        return;
      }
      this.worker = worker;
      arm();
      let booted = false;
      worker.onerror = (e) => {
        if (booted) { if (this.worker === worker) this.lose("crashed"); } else fail((e && e.message) || "worker error");
      };
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.type === "progress") { arm(); this.setState({ stage: m.stage }); }
        else if (m.type === "ready") {
          clearTimeout(stall);
          hook.timings = m.timings;
          for (const [k, v] of Object.entries(m.timings.marks || {})) hook.bootMarks[k] = v - performance.timeOrigin;
          hook.bootMarks.ready = performance.now();
          hook.booted = true;
          booted = true;
          this.setState({ stage: "ready", timings: m.timings });
          resolve(this);
        } else if (m.type === "snapshot") hook.snapshotSaved = m.saved; // stored for the next visit (fresh boots)
        else if (m.type === "fatal") fail(m.message);
        else if (m.type === "response") {
          const res = JSON.parse(m.json);
          const p = this.pending.get(res.id);
          if (p) { this.pending.delete(res.id); p.resolve(res); }
        }
      };
      this.setState({ stage: "runtime" });
      worker.postMessage({ type: "init", wheel: this.wheel });
    });
  }

  /** request("act", {action}) → the bridge's response object (ok or error). `quiet`: the test
   * hooks (the snapshot on show, move times) are left alone, as for a live table's guests' requests. */
  request(op, fields = {}, { quiet = false } = {}) {
    const run = async () => {
      await this.start();
      const id = this.nextId++;
      const t0 = performance.now();
      const worker = this.worker;
      const res = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => { if (this.worker === worker) this.lose("timeout"); }, op === "review" ? 4 * REQUEST_MS : REQUEST_MS);
        this.pending.set(id, {
          resolve: (r) => { clearTimeout(timer); resolve(r); },
          reject: (e) => { clearTimeout(timer); reject(e); },
        });
        worker.postMessage({ type: "request", json: JSON.stringify({ id, op, ...fields }) });
      });
      res.ms = performance.now() - t0;
      if (quiet) return res;
      if ((op === "new_match" || op === "restore") && res.ok && hook.bootMarks.firstDeal === undefined) {
        hook.bootMarks.firstDeal = performance.now();
        hook.bootMarks.firstDealMs = res.ms;
      }
      if (op === "advance" && res.ok) {
        hook.moveTimes.push(res.ms);
        if (hook.moveTimes.length > 2000) hook.moveTimes.splice(0, 1000); // a long session stays flat
      }
      hook.response = res;
      if (res.snapshot) hook.snapshot = res.snapshot;
      return res;
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => {});
    return p;
  }
}
