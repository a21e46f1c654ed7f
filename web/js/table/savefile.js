// The autosave of one game and deck in localStorage (`cardavia.save.<game>.<deck>`):
// {v: 2, save, level, …} where `save` is the engine's own save body (versioned by the engine:
// {format: "cardavia-match", version: 1, …}, unchanged since the first release). Version 1 is
// the unversioned {save, level} written before versions: read as it is, rewritten as
// version 2 at the next save. Kept apart from the controller so that new fields are added
// in one place.
import { readRecord, writeRecord, setAside } from "../stored.js";

export const SAVE_VERSION = 2;

/** The one place the storage key of a game's autosave is spelled: `kind` "save" (the
 * single-player table), "lesson" (its guided first deal) or "people" (pass-and-play). */
export function saveKeyOf(game, deck, kind = "save") {
  return `cardavia.${kind}.${game}.${deck}`;
}

/** Whether a save of this game and deck is stored (read without parsing it). */
export function hasSave(game, deck) {
  try { return localStorage.getItem(saveKeyOf(game, deck)) !== null; } catch { return false; }
}

/** False when this document may not use storage at all (a frame on another site whose browser
 * blocks third-party storage), as opposed to storage that is full. */
export function storageUsable() {
  try { return Boolean(localStorage); } catch { return false; }
}

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);

/** {value: {v, save, level, …} | null} or {unreadable: what the key held}. */
export function readSave(key) {
  return readRecord(key, { version: SAVE_VERSION, migrations: { 1: (old) => old }, valid: (r) => isObject(r.save) });
}

/** Stores {save, level, …} as the current version; false when storage refused it. */
export function writeSave(key, fields) {
  return writeRecord(key, SAVE_VERSION, fields);
}

/** An unreadable save goes to `<key>.unreadable`: set aside, never lost. */
export const setSaveAside = setAside;
