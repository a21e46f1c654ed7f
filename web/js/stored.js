// Versioned records in localStorage: a JSON object with `v` beside its fields. A record from
// before versions (no `v`) is version 1. An older record is migrated step by step and read,
// never lost; one that is not JSON, not an object, fails its check or comes from an unknown
// (future) version is reported as unreadable, for the caller to set aside.
import { storage } from "./dom.js";

/**
 * @param {string} key
 * @param {object} o
 * @param {number} o.version  the version this code writes
 * @param {Object<number, function(object): object>} [o.migrations]  migrations[n]: version n → n + 1
 * @param {function(object): boolean} [o.valid]  the current shape's check
 * @returns {{value: object|null, migrated?: boolean} | {unreadable: *}}
 */
export function readRecord(key, { version, migrations = {}, valid = () => true }) {
  const found = storage.read(key);
  if (!found) return { value: null };
  if (found.broken !== undefined) return { unreadable: found.broken };
  const original = found.value;
  if (!original || typeof original !== "object" || Array.isArray(original)) return { unreadable: original };
  let value = original;
  let v = original.v === undefined ? 1 : original.v;
  while (Number.isInteger(v) && v < version && migrations[v]) {
    value = { ...migrations[v](value), v: v + 1 };
    v += 1;
  }
  if (v !== version || !valid(value)) return { unreadable: original };
  return { value, migrated: original.v !== version };
}

/** Stores `fields` as a record of `version`; false when the browser refused it (quota full). */
export function writeRecord(key, version, fields) {
  return storage.set(key, { ...fields, v: version });
}

/** The first free key among `key.unreadable`, `key.unreadable.2`, … (an earlier one is never
 * overwritten). */
export function asideKey(key) {
  const base = `${key}.unreadable`;
  for (let i = 1; ; i++) {
    const k = i === 1 ? base : `${base}.${i}`;
    if (storage.read(k) === null) return k;
  }
}

/** Moves what `key` held to the first free `key.unreadable[.N]` (kept for a bug report, never
 * deleted or overwritten); returns that key. */
export function setAside(key, value) {
  const aside = asideKey(key);
  storage.set(aside, value);
  storage.remove(key);
  return aside;
}
