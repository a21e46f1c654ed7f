// Who is offered the lesson on a first visit (table/offer.js, issue 41): a newcomer at a
// plain table of a game with a lesson, and nobody else.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => { store.set(k, String(v)); },
  removeItem: (k) => { store.delete(k); },
  key: (i) => [...store.keys()][i] ?? null,
  get length() { return store.size; },
};
globalThis.location = { search: "" };

const { offersLesson, markOffered, OFFERED_KEY } = await import("../js/table/offer.js");

/** A table as offer.js sees it before it starts: Minchiate on its deck, nothing chosen. */
function table(over = {}) {
  return { game: { id: "minchiate", lesson: { decks: ["minchiate"] } }, deck: "minchiate", settings: { level: "normal" },
    coach: null, people: false, relay: null, guest: false, deal: null, embed: false, ...over };
}

beforeEach(() => { store.clear(); location.search = ""; });

test("a newcomer at a plain table is offered the lesson, once", () => {
  assert.equal(offersLesson(table()), true);
  markOffered("minchiate");
  assert.deepEqual(JSON.parse(store.get(OFFERED_KEY)), ["minchiate"]);
  assert.equal(offersLesson(table()), false);
  assert.equal(offersLesson(table({ game: { id: "tarocchi", lesson: { decks: ["tarocco-piemontese"] } }, deck: "tarocco-piemontese" })), true,
    "each game is asked on its own");
});

test("a chosen deal, a lesson, friends or a game without a lesson on this deck: no offer", () => {
  assert.equal(offersLesson(table({ deal: { seed: 4, mode: "play" } })), false);
  assert.equal(offersLesson(table({ settings: { level: "normal", seed: 4 } })), false);
  assert.equal(offersLesson(table({ coach: {} })), false);
  assert.equal(offersLesson(table({ people: true })), false);
  assert.equal(offersLesson(table({ relay: {} })), false);
  assert.equal(offersLesson(table({ guest: true })), false);
  assert.equal(offersLesson(table({ game: { id: "minchiate", lesson: null } })), false);
  assert.equal(offersLesson(table({ game: { id: "scopa", lesson: { decks: ["piacentine"] } }, deck: "siciliane" })), false);
});

test("a player who has been here before is not asked", () => {
  store.set("cardavia.save.minchiate.minchiate", "{}");
  assert.equal(offersLesson(table()), false, "a match saved");
  store.clear();
  store.set("cardavia.lesson.minchiate.minchiate", "{}");
  assert.equal(offersLesson(table()), false, "the lesson begun");
  store.clear();
  store.set("cardavia.lessons.done", JSON.stringify(["minchiate"]));
  assert.equal(offersLesson(table()), false, "the lesson finished");
});

test("an embed is asked unless its host chose the deal or the level", () => {
  assert.equal(offersLesson(table({ embed: true })), true);
  location.search = "?game=minchiate&level=expert";
  assert.equal(offersLesson(table({ embed: true })), false);
  location.search = "?game=minchiate&seed=12";
  assert.equal(offersLesson(table({ embed: true })), false);
});

test("a player with the game in the record is not asked", async () => {
  const { recordMatch, loadRecord } = await import("../js/record/store.js");
  recordMatch({ id: "x-1", game: "minchiate", deck: "minchiate", level: "normal", seed: 1, seat: 0, save: {},
    result: { winner_team: 0, scores: [60, 40] }, sheets: [], finished: "2026-12-07T12:00:00.000Z", mode: "play", daily: null });
  assert.ok(Object.keys(loadRecord().totals).some((k) => k.startsWith("minchiate|")), "recorded");
  assert.equal(offersLesson(table()), false);
  assert.equal(offersLesson(table({ game: { id: "tarocchi", lesson: { decks: ["tarocco-piemontese"] } }, deck: "tarocco-piemontese" })), true);
});
