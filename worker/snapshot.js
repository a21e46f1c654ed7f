// The engine's memory snapshot: Pyodide's heap taken right after the engine was imported,
// kept by this browser in Cache Storage, so that a later visit restores it (Pyodide's
// `_loadSnapshot`) instead of starting Python and importing the engine again: the restore
// costs about a third of a normal boot. It is made by the visit that booted normally, never
// downloaded (first-visit bytes are unchanged), and keyed by the build: scripts/build/build_site.py
// stamps SNAPSHOT_KEY from the bytes of Pyodide, the standard library, the engine wheel and
// this worker, so a new deployment never restores an old heap (the entry is then replaced).
// Unbuilt (key not stamped) or without Cache Storage (e.g. a cross-site iframe): no snapshot.

export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
// not "cardavia-…": the service worker deletes every such cache but its own on activation
const CACHE = "cardavia:engine-snapshot";
const ENTRY = new URL("engine-snapshot", import.meta.url).href; // one entry per site path
const KEY_HEADER = "x-cardavia-snapshot-key";

export const snapshotsEnabled = !SNAPSHOT_KEY.startsWith("__") && typeof caches !== "undefined";

// Stored without its all-zero pages (about 60% of a 31 MB heap): less to read at every restore.
// Layout (little-endian u32): MAGIC, heap length, page count n, n page indices, then n pages.
const PAGE = 4096;
const MAGIC = 0x31534443; // "CDS1"

/** The heap as stored: only its pages that are not all zeros, with their indices. */
export function packHeap(heap) {
  const pages = Math.ceil(heap.length / PAGE);
  // makeMemorySnapshot's bytes are 16-aligned and a multiple of 16 long: scanned as words
  const words = new Uint32Array(heap.buffer, heap.byteOffset, heap.length >>> 2);
  const kept = [];
  for (let page = 0; page < pages; page++) {
    const end = Math.min((page + 1) * (PAGE / 4), words.length);
    let word = page * (PAGE / 4);
    while (word < end && words[word] === 0) word++;
    const tail = page === pages - 1 && heap.length % 4 !== 0; // a ragged end is simply kept
    if (word < end || tail) kept.push(page);
  }
  const head = 3 + kept.length;
  const out = new Uint8Array(head * 4 + kept.length * PAGE);
  new Uint32Array(out.buffer, 0, head).set([MAGIC, heap.length, kept.length, ...kept]);
  kept.forEach((page, k) => out.set(heap.subarray(page * PAGE, (page + 1) * PAGE), head * 4 + k * PAGE));
  return out;
}

/** The heap back from packHeap's bytes; throws if they are not such bytes. */
export function unpackHeap(buffer) {
  const bytes = new Uint8Array(buffer);
  const header = new Uint32Array(bytes.buffer, 0, Math.min(3, bytes.length >>> 2));
  if (header.length < 3 || header[0] !== MAGIC) throw new Error("not a packed heap");
  const [, length, count] = header;
  const head = 3 + count;
  if (bytes.length !== head * 4 + count * PAGE) throw new Error("packed heap truncated");
  const indices = new Uint32Array(bytes.buffer, 12, count);
  const heap = new Uint8Array(length);
  indices.forEach((page, k) => {
    const start = page * PAGE;
    if (start >= length) throw new Error("packed heap page out of range");
    const from = head * 4 + k * PAGE;
    heap.set(bytes.subarray(from, from + Math.min(PAGE, length - start)), start);
  });
  return heap;
}

/** This build's stored heap as a Response (packed, its body not yet read), or null (none, another
 * build's, unreadable): the caller reads the body while Pyodide loads its own files. */
export async function findSnapshot() {
  if (!snapshotsEnabled) return null;
  try {
    const hit = await (await caches.open(CACHE)).match(ENTRY);
    return hit && hit.headers.get(KEY_HEADER) === SNAPSHOT_KEY ? hit : null;
  } catch {
    return null;
  }
}

/** Stores `bytes` as this build's heap (replacing any other build's); false if refused. */
export async function saveSnapshot(bytes) {
  if (!snapshotsEnabled) return false;
  try {
    const headers = { "content-type": "application/octet-stream", [KEY_HEADER]: SNAPSHOT_KEY };
    await (await caches.open(CACHE)).put(ENTRY, new Response(packHeap(bytes), { headers }));
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
