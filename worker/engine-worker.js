// The engine worker: a module Web Worker (Pyodide 314.x runs only in module workers).
// Boots Pyodide from the site itself, installs micropip and the engine wheel, then
// relays JSON requests to cardavia.bridge.Bridge().handle().
//
// Page → worker:  {type: "init", wheel: "cardavia-….whl"}
//                 {type: "request", json: "<request JSON text>"}
// Worker → page:  {type: "progress", stage: "runtime"|"micropip"|"engine"|"ready", ms}
//                 {type: "ready", timings: {runtime, micropip, engine, total}}
//                 {type: "response", json: "<response JSON text>"}
//                 {type: "fatal", message}
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url).href;
let handle = null;
let booting = null;

async function boot(wheel) {
  const t0 = performance.now();
  const mark = {};
  postMessage({ type: "progress", stage: "runtime" });
  const pyodide = await loadPyodide({
    indexURL: base,
    packageBaseUrl: base,
    messageCallback: () => {},
    errorCallback: (m) => console.warn(m),
  });
  mark.runtime = performance.now() - t0;
  postMessage({ type: "progress", stage: "micropip", ms: mark.runtime });
  await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: () => {} });
  mark.micropip = performance.now() - t0 - mark.runtime;
  postMessage({ type: "progress", stage: "engine" });
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(wheel, base).href);
  pyodide.runPython("from cardavia.bridge import Bridge\n_cardavia_bridge = Bridge()");
  handle = pyodide.globals.get("_cardavia_bridge").handle;
  mark.engine = performance.now() - t0 - mark.runtime - mark.micropip;
  mark.total = performance.now() - t0;
  postMessage({ type: "ready", timings: mark });
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
