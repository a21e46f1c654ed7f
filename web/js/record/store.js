// STAND-IN for record-a's store (issue 10, part A owns this file): the contract's API only,
// so that record-b's pages can be built and tested before the two halves are merged.
// The lead keeps record-a's version when merging.
import { storage } from "../dom.js";

export const RECORD_KEY = "cardavia.record";
export const HISTORY_LIMIT = 100;
export const RECORD_EVENT = "cardavia:record";

function load() {
  const r = storage.get(RECORD_KEY, null);
  return r && Array.isArray(r.history) ? r : { v: 2, history: [] };
}

export function recordMatch(entry) {
  try {
    const r = load();
    if (!r.history.some((e) => e.id === entry.id)) r.history = [entry, ...r.history].slice(0, HISTORY_LIMIT);
    const stored = storage.set(RECORD_KEY, r);
    window.dispatchEvent(new CustomEvent(RECORD_EVENT, { detail: { kind: "match", id: entry.id } }));
    return { stored };
  } catch { return { stored: false }; }
}

export function listMatches() { return load().history; }

export function getMatch(id) { return load().history.find((e) => e.id === id) || null; }
