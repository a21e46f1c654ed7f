// The engine's memory snapshot: Pyodide's heap taken right after the engine was imported,
// kept by this browser in Cache Storage, so that a later visit restores it (Pyodide's
// `_loadSnapshot`) instead of starting Python and importing the engine again: the restore
// costs about a third of a normal boot. It is made by the visit that booted normally, never
// downloaded (first-visit bytes are unchanged), and keyed by the build: scripts/build_site.py
// stamps SNAPSHOT_KEY from the bytes of Pyodide, the standard library, the engine wheel and
// this worker, so a new deployment never restores an old heap (the entry is then replaced).
// Unbuilt (key not stamped) or without Cache Storage (e.g. a cross-site iframe): no snapshot.

export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
// not "cardavia-…": the service worker deletes every such cache but its own on activation
const CACHE = "cardavia:engine-snapshot";
const ENTRY = new URL("engine-snapshot", import.meta.url).href; // one entry per site path
const KEY_HEADER = "x-cardavia-snapshot-key";

export const snapshotsEnabled = !SNAPSHOT_KEY.startsWith("__") && typeof caches !== "undefined";

/** The stored heap for this build, or null (none, another build's, unreadable). */
export async function loadSnapshot() {
  if (!snapshotsEnabled) return null;
  try {
    const hit = await (await caches.open(CACHE)).match(ENTRY);
    if (!hit || hit.headers.get(KEY_HEADER) !== SNAPSHOT_KEY) return null;
    return new Uint8Array(await hit.arrayBuffer());
  } catch {
    return null;
  }
}

/** Stores `bytes` as this build's heap (replacing any other build's); false if refused. */
export async function saveSnapshot(bytes) {
  if (!snapshotsEnabled) return false;
  try {
    const headers = { "content-type": "application/octet-stream", [KEY_HEADER]: SNAPSHOT_KEY };
    await (await caches.open(CACHE)).put(ENTRY, new Response(bytes, { headers }));
    return true;
  } catch {
    return false; // quota, private mode...: the next visit boots normally
  }
}

/** Forgets the stored heap (it failed to restore). */
export async function dropSnapshot() {
  if (!snapshotsEnabled) return;
  try { await (await caches.open(CACHE)).delete(ENTRY); } catch { /* nothing to drop */ }
}
