// The engine worker: a module Web Worker (Pyodide 314.x runs only in module workers).
// The runtime starts loading the moment the worker exists (before the page says which
// engine archive to use); the engine wheel — a zip of the pure-Python package — is fetched
// alongside, written to the in-memory file system and put on sys.path (zipimport, built
// into Python: no micropip, no unpacking). Then it relays JSON requests to
// cardavia.bridge.Bridge().handle().
//
// Two ways to boot (./snapshot.js): when this browser kept a memory snapshot of this build,
// the runtime is restored from it with the engine already imported ("snapshot"); otherwise
// Python starts and imports the engine ("fresh"), and the heap is then snapshotted — before
// any Bridge exists, so every restore starts clean — and stored after "ready".
//
// Page → worker:  {type: "init", wheel: "cardavia-….whl"}
//                 {type: "request", json: "<request JSON text>"}
//                 {type: "memory"}   (the memory benchmark)
// Worker → page:  {type: "progress", stage: "runtime"|"engine", ms}
//                 {type: "ready", timings: {runtime, engine, total, boot, marks}}
//                 {type: "snapshot", saved: true|false, bytes}   (after a fresh boot only)
//                 {type: "response", json: "<response JSON text>"}
//                 {type: "fatal", message}
//                 {type: "csp", directive, blocked}   a Content Security Policy violation here
//                 {type: "memory", wasm_heap_bytes}   the WebAssembly memory's size (it never shrinks)
// timings.marks are absolute times (performance.timeOrigin + now(), ms) so that the page
// can place every boot step on its own clock.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { dropSnapshot, findSnapshot, saveSnapshot, snapshotsEnabled, unpackHeap } from "./snapshot.js";

// a violation of the site's policy inside the worker is told to the page (tests watch for it)
self.addEventListener("securitypolicyviolation", (e) => {
  postMessage({ type: "csp", directive: e.effectiveDirective, blocked: String(e.blockedURI) });
});

const base = new URL("../pyodide/", import.meta.url).href;
const now = () => performance.timeOrigin + performance.now();
const marks = { workerStart: now() };
const options = {
  indexURL: base,
  packageBaseUrl: base,
  messageCallback: () => {},
  errorCallback: (m) => console.warn(m),
};
let bootMode = "fresh";
let handle = null;
let booting = null;
let py = null; // the runtime, once booted (the memory benchmark reads its heap)

// Download and compile the runtime at once: nothing it needs depends on the page.
const runtime = (async () => {
  const stored = await findSnapshot();
  if (stored) {
    marks.snapshotFound = now();
    // read while loadPyodide imports pyodide.asm.mjs and fetches the wasm (it awaits the promise)
    const heap = stored.arrayBuffer().then((b) => { marks.snapshotRead = now(); return unpackHeap(b); });
    heap.catch(() => {}); // a failed read fails the restore below
    try {
      const py = await loadPyodide({ ...options, _loadSnapshot: heap });
      bootMode = "snapshot";
      marks.runtime = now();
      return py;
    } catch (err) { // another build's heap or damaged bytes: forget it, boot normally
      console.warn(`engine snapshot not restored: ${(err && err.message) || err}`);
      dropSnapshot();
    }
  }
  const py = await loadPyodide({ ...options, _makeSnapshot: snapshotsEnabled });
  marks.runtime = now();
  return py;
})();
runtime.catch(() => {}); // reported by boot()

function fetchBytes(url) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url.split("/").pop()}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
}

async function boot(wheel) {
  const archive = fetchBytes(new URL(wheel, base).href); // in parallel with the runtime
  archive.catch(() => {});
  postMessage({ type: "progress", stage: "runtime" });
  const pyodide = await runtime;
  py = pyodide;
  postMessage({ type: "progress", stage: "engine", ms: marks.runtime - marks.workerStart });
  const bytes = new Uint8Array(await archive);
  marks.archive = now();
  // A wheel is a zip with the package at its root: importable as it is. A restored heap
  // already has it on sys.path and imported, but the file system is not in the heap: the
  // file goes back at the same path for the modules imported later (zipimport reads it).
  const path = `/tmp/${wheel}`;
  pyodide.FS.writeFile(path, bytes);
  let snapshot = null;
  if (bootMode === "fresh") {
    pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\nimport cardavia.bridge`);
    if (snapshotsEnabled) snapshot = pyodide.makeMemorySnapshot();
  }
  pyodide.runPython("from cardavia.bridge import Bridge\n_cardavia_bridge = Bridge()");
  handle = pyodide.globals.get("_cardavia_bridge").handle;
  marks.engine = now();
  postMessage({
    type: "ready",
    timings: {
      runtime: marks.runtime - marks.workerStart, // loadPyodide (a restore when boot is "snapshot")
      engine: marks.engine - marks.runtime, // archive (if still arriving) + import + Bridge()
      total: marks.engine - marks.workerStart,
      boot: bootMode,
      marks,
    },
  });
  if (snapshot) {
    const saved = await saveSnapshot(snapshot);
    postMessage({ type: "snapshot", saved, bytes: snapshot.length });
  }
}

self.onmessage = async (e) => {
  const msg = e.data || {};
  if (msg.type === "init") {
    if (!booting) {
      booting = boot(msg.wheel).catch((err) => {
        postMessage({ type: "fatal", message: String((err && err.message) || err) });
      });
    }
    return;
  }
  if (msg.type === "memory") {
    const heap = py && py._module && py._module.HEAPU8;
    postMessage({ type: "memory", wasm_heap_bytes: heap ? heap.byteLength : null });
    return;
  }
  if (msg.type === "request") {
    let out;
    try {
      out = handle(msg.json);
    } catch (err) {
      out = JSON.stringify({
        id: safeId(msg.json), ok: false,
        error: { code: "internal", message: String((err && err.message) || err) },
      });
    }
    postMessage({ type: "response", json: out });
  }
};

function safeId(json) {
  try { return JSON.parse(json).id; } catch { return null; }
}
