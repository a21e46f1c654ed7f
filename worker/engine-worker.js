// The engine worker: a module Web Worker (Pyodide 314.x runs only in module workers).
// The runtime starts loading the moment the worker exists (before the page says which
// engine archive to use); the engine wheel — a zip of the pure-Python package — is fetched
// alongside, written to the in-memory file system and put on sys.path (zipimport, built
// into Python: no micropip, no unpacking). Then it relays JSON requests to
// cardavia.bridge.Bridge().handle().
//
// Page → worker:  {type: "init", wheel: "cardavia-….whl"}
//                 {type: "request", json: "<request JSON text>"}
//                 {type: "memory"}   (the memory benchmark)
// Worker → page:  {type: "progress", stage: "runtime"|"engine", ms}
//                 {type: "ready", timings: {runtime, engine, total, marks}}
//                 {type: "response", json: "<response JSON text>"}
//                 {type: "fatal", message}
//                 {type: "csp", directive, blocked}   a Content Security Policy violation here
//                 {type: "memory", wasm_heap_bytes}   the WebAssembly memory's size (it never shrinks)
// timings.marks are absolute times (performance.timeOrigin + now(), ms) so that the page
// can place every boot step on its own clock.
import { loadPyodide } from "../pyodide/pyodide.mjs";

// a violation of the site's policy inside the worker is told to the page (tests watch for it)
self.addEventListener("securitypolicyviolation", (e) => {
  postMessage({ type: "csp", directive: e.effectiveDirective, blocked: String(e.blockedURI) });
});

const base = new URL("../pyodide/", import.meta.url).href;
const now = () => performance.timeOrigin + performance.now();
const marks = { workerStart: now() };
let handle = null;
let booting = null;
let py = null;

// Download and compile the runtime at once: nothing it needs depends on the page.
const runtime = loadPyodide({
  indexURL: base,
  packageBaseUrl: base,
  messageCallback: () => {},
  errorCallback: (m) => console.warn(m),
}).then((py) => { marks.runtime = now(); return py; });
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
  // A wheel is a zip with the package at its root: importable as it is.
  const path = `/tmp/${wheel}`;
  pyodide.FS.writeFile(path, bytes);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\n`
    + "from cardavia.bridge import Bridge\n_cardavia_bridge = Bridge()");
  handle = pyodide.globals.get("_cardavia_bridge").handle;
  marks.engine = now();
  postMessage({
    type: "ready",
    timings: {
      runtime: marks.runtime - marks.workerStart, // the bare loadPyodide
      engine: marks.engine - marks.runtime, // archive (if still arriving) + import + Bridge()
      total: marks.engine - marks.workerStart,
      marks,
    },
  });
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
