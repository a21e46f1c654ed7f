// The player's record in localStorage (`cardavia.record`): the last 100 finished matches
// and the running totals per game+level. Versioned: an older record is migrated, a damaged
// one is kept under another key with a notice, and play goes on whatever the storage does.
// Nothing here throws.
import { storage } from "../dom.js";
import { addToTotals } from "./stats.js";
import { RECORD_VERSION, readRecord, emptyRecord, parseImport } from "./schema.js";
import { asideKey } from "../stored.js";

export { RECORD_VERSION };
export const RECORD_KEY = "cardavia.record";
export const HISTORY_LIMIT = 100;
export const RECORD_EVENT = "cardavia:record";

function announce(detail) {
  if (typeof window !== "undefined" && typeof window.dispatchEvent === "function") {
    window.dispatchEvent(new CustomEvent(RECORD_EVENT, { detail }));
  }
}

/** The record as stored now, migrated or repaired (and written back) if it had to be. */
export function loadRecord() {
  const found = storage.read(RECORD_KEY);
  if (found === null) return emptyRecord();
  let read;
  if (found.broken !== undefined) {
    read = { record: { ...emptyRecord(), notice: { kind: "unreadable" } }, setAside: true, notice: { kind: "unreadable" } };
  } else {
    read = readRecord(found.value);
  }
  if (read.notice) {
    if (read.setAside) {
      const key = asideKey(RECORD_KEY);
      storage.set(key, found.broken !== undefined ? found.broken : found.value);
      read.record.notice = { ...read.notice, key };
    }
    storage.set(RECORD_KEY, read.record);
  }
  return read.record;
}

function write(record) {
  if (storage.set(RECORD_KEY, record)) return true;
  // the quota is full: older matches go first (the running totals keep their counts)
  while (record.history.length > 1) {
    record.history = record.history.slice(0, Math.floor(record.history.length / 2));
    if (storage.set(RECORD_KEY, record)) return true;
  }
  return false;
}

/** One finished match (see docs/protocol.md for the entry): newest first, the newest 100 kept. */
export function recordMatch(entry) {
  try {
    const record = loadRecord();
    if (record.history.some((e) => e.id === entry.id)) return { stored: true };
    record.history = [entry, ...record.history].slice(0, HISTORY_LIMIT);
    record.totals = addToTotals(record.totals, entry);
    const stored = write(record);
    announce({ kind: "match", id: entry.id });
    return { stored };
  } catch (err) {
    console.warn("record", err);
    return { stored: false };
  }
}

/** Entries, newest first. */
export function listMatches() {
  return loadRecord().history;
}

export function getMatch(id) {
  return loadRecord().history.find((e) => e.id === id) || null;
}

/** Forgets the notice once the player has read it. */
export function dismissNotice() {
  const record = loadRecord();
  if (!record.notice) return;
  record.notice = null;
  write(record);
  announce({ kind: "notice" });
}

/** Clears the history and the totals (the page asks first). */
export function resetRecord() {
  const ok = storage.set(RECORD_KEY, emptyRecord());
  announce({ kind: "reset" });
  return ok;
}

/** The record as a file's text. */
export function exportRecord(now = new Date()) {
  const { v, history, totals } = loadRecord();
  return JSON.stringify({ v, app: "cardavia", exported: now.toISOString(), history, totals }, null, 1);
}

/** Replaces the record by a file's, only if the whole file is good: {ok, count} or {ok: false, problem…} (schema.js). */
export function importRecord(text) {
  const parsed = parseImport(text);
  if (!parsed.ok) return parsed;
  parsed.record.history = parsed.record.history.slice(0, HISTORY_LIMIT); // its totals count the rest
  if (!write(parsed.record)) return { ok: false, problem: "storage_full" };
  announce({ kind: "import" });
  return { ok: true, count: parsed.record.history.length };
}
