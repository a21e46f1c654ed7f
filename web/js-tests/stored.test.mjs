// Versioned records in localStorage: old shapes migrated and read, unknown ones refused.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { readRecord, writeRecord, setAside } from "../js/stored.js";
import { readSave, writeSave, SAVE_VERSION } from "../js/table/savefile.js";

class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

beforeEach(() => { globalThis.localStorage = new MemoryStorage(); });

const ENGINE_SAVE = { format: "cardavia-match", version: 1, game: "briscola", deck: "piacentine", seed: 7,
  seats: [{ kind: "human" }, { kind: "ai", level: "greedy" }], log: [[0, "play:3B"]], checksum: "x" };

test("an unversioned save (version 1: {save, level}) is read whole as the current version", () => {
  localStorage.setItem("k", JSON.stringify({ save: ENGINE_SAVE, level: "expert" }));
  const found = readSave("k");
  assert.deepEqual(found, { value: { save: ENGINE_SAVE, level: "expert", v: SAVE_VERSION }, migrated: true });
});

test("a save written now reads back as written, with its version", () => {
  assert.equal(writeSave("k", { save: ENGINE_SAVE, level: "normal", mode: "x" }), true);
  assert.deepEqual(JSON.parse(localStorage.getItem("k")), { save: ENGINE_SAVE, level: "normal", mode: "x", v: 2 });
  assert.deepEqual(readSave("k"), { value: { save: ENGINE_SAVE, level: "normal", mode: "x", v: 2 }, migrated: false });
});

test("a future version, a save without its body, an array or text that is not JSON is unreadable", () => {
  const cases = [
    [JSON.stringify({ v: 3, save: ENGINE_SAVE, level: "normal" }), { v: 3, save: ENGINE_SAVE, level: "normal" }],
    [JSON.stringify({ v: "2", save: ENGINE_SAVE }), { v: "2", save: ENGINE_SAVE }],
    [JSON.stringify({ level: "normal" }), { level: "normal" }],
    [JSON.stringify({ v: 2, save: "text" }), { v: 2, save: "text" }],
    [JSON.stringify([1, 2]), [1, 2]],
    ["null", null],
    ["{not json", "{not json"],
  ];
  for (const [raw, held] of cases) {
    localStorage.setItem("k", raw);
    assert.deepEqual(readSave("k"), { unreadable: held }, raw);
  }
  localStorage.removeItem("k");
  assert.deepEqual(readSave("k"), { value: null });
});

test("migrations run step by step from the stored version to the current one", () => {
  const migrations = { 1: (r) => ({ ...r, a: 1 }), 2: (r) => ({ ...r, b: r.a + 1 }) };
  localStorage.setItem("k", JSON.stringify({ x: 0 }));
  assert.deepEqual(readRecord("k", { version: 3, migrations }), { value: { x: 0, a: 1, b: 2, v: 3 }, migrated: true });
  localStorage.setItem("k", JSON.stringify({ v: 2, a: 5 }));
  assert.deepEqual(readRecord("k", { version: 3, migrations }).value, { v: 3, a: 5, b: 6 });
  // a version with no migration on the way is refused, not guessed
  assert.deepEqual(readRecord("k", { version: 3, migrations: { 2: migrations[2] }, valid: () => true }).value.b, 6);
  localStorage.setItem("k", JSON.stringify({ x: 0 }));
  assert.deepEqual(readRecord("k", { version: 3, migrations: { 2: migrations[2] } }), { unreadable: { x: 0 } });
});

test("setAside keeps what the key held under <key>.unreadable and empties the key", () => {
  writeRecord("k", 2, { a: 1 });
  setAside("k", "{not json");
  assert.equal(localStorage.getItem("k"), null);
  assert.equal(localStorage.getItem("k.unreadable"), JSON.stringify("{not json"));
});

test("a second unreadable record goes beside the first, never over it", () => {
  assert.equal(setAside("k", "first"), "k.unreadable");
  assert.equal(setAside("k", "second"), "k.unreadable.2");
  assert.equal(setAside("k", "third"), "k.unreadable.3");
  assert.equal(localStorage.getItem("k.unreadable"), JSON.stringify("first"));
  assert.equal(localStorage.getItem("k.unreadable.2"), JSON.stringify("second"));
  assert.equal(localStorage.getItem("k.unreadable.3"), JSON.stringify("third"));
});

test("a full storage makes writeSave say false", () => {
  localStorage.setItem = () => { throw new Error("QuotaExceededError"); };
  assert.equal(writeSave("k", { save: ENGINE_SAVE, level: "normal" }), false);
});

test("settings from before versions are read; an unknown version is set aside for the defaults", async () => {
  const { loadSettings, SETTINGS_KEY } = await import("../js/table/prefs.js");
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ level: "random", speed: "fast" }));
  assert.deepEqual(loadSettings(""), { level: "random", speed: "fast" });
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ v: 2, level: "expert", speed: "slow" }));
  assert.deepEqual(loadSettings("?level=greedy"), { level: "greedy", speed: "slow" });
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ v: 9, level: "random", speed: "fast" }));
  assert.deepEqual(loadSettings(""), { level: "normal", speed: "normal" });
  assert.equal(localStorage.getItem(SETTINGS_KEY), null);
  assert.deepEqual(JSON.parse(localStorage.getItem(`${SETTINGS_KEY}.unreadable`)), { v: 9, level: "random", speed: "fast" });
});
