import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { summary, addToTotals, totalsFrom, dealFacts, dealFigures, matchOutcome, matchMargin, series, ALL } from "../js/record/stats.js";
import { readRecord, parseImport, entryProblem, RECORD_VERSION } from "../js/record/schema.js";
import { setDeckData } from "../js/cardart/deckdata.js";
import { engineDeckInfo } from "./deckinfo.mjs";

// each game's record figures come from its description, in the engine's data (site.json)
setDeckData(engineDeckInfo());

// A localStorage for store.js under Node (dom.js reads the global at call time).
class MemoryStorage {
  constructor() { this.m = new Map(); this.full = false; }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { if (this.full) throw new Error("QuotaExceededError"); this.m.set(k, String(v)); }
  removeItem(k) { this.m.delete(k); }
}
globalThis.localStorage = new MemoryStorage();
const store = await import("../js/record/store.js");
beforeEach(() => { globalThis.localStorage = new MemoryStorage(); });

// Score sheets in the shape the engine gives them (ScopaState.score_deal, BriscolaState._score…)
const scopaSheet = (deal, sweeps, settebello, totals, winner) => ({
  deal, teams: [[0], [1]], totals, winner_team: winner,
  lines: [
    { key: "scopa", team: 0, points: sweeps[0], detail: { count: sweeps[0] } },
    { key: "scopa", team: 1, points: sweeps[1], detail: { count: sweeps[1] } },
    { key: "settebello", team: settebello, points: 1, detail: {} },
  ],
});
let n = 0;
function entry(o) {
  n += 1;
  return { id: `e${n}`, deck: "piacentine", level: "normal", seed: n, seat: 0, mode: "play", daily: null,
    finished: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), save: { log: [] }, ...o };
}
// Scopa as seat 1: deals 1 and 2 (sweeps 2 then 0, settebello once), the match won 11 to 7
const scopaWon = () => entry({
  game: "scopa", seat: 1, result: { winner_team: 1, scores: [7, 11] },
  sheets: [scopaSheet(1, [0, 2], 1, [1, 5], 1), scopaSheet(2, [1, 0], 0, [6, 6], null)],
});
const briscola = (mine, theirs) => entry({
  game: "briscola", result: { winner_team: mine === theirs ? null : mine > theirs ? 0 : 1, scores: [mine, theirs] },
  sheets: [{ deal: 1, teams: [[0], [1]], totals: [mine, theirs], winner_team: mine === theirs ? null : mine > theirs ? 0 : 1,
    lines: [{ key: "card_points", team: 0, points: mine, detail: { cards: 20 } }, { key: "card_points", team: 1, points: theirs, detail: { cards: 20 } }] }],
});

test("a match's outcome and margin are the human side's, whatever the seat", () => {
  const e = scopaWon();
  assert.equal(matchOutcome(e), "won");
  assert.equal(matchMargin(e), 4);
  assert.deepEqual(dealFacts(e).map((d) => [d.deal, d.margin, d.outcome]), [[1, 4, "won"], [2, 0, "drawn"]]);
  // a 4-player game: seat 3 plays with seat 1 (team 1)
  const t = entry({ game: "tarocchi", seat: 3, result: { winner_team: 0, scores: [80, 34] },
    sheets: [{ deal: 1, teams: [[0, 2], [1, 3]], totals: [80, 34], winner_team: 0,
      lines: [{ key: "honours", team: 1, points: 10, detail: { count: 2 } }] }] });
  assert.equal(matchOutcome(t), "lost");
  assert.equal(matchMargin(t), -46);
  assert.deepEqual(dealFacts(t)[0].figures, { points: 34, honours: 2 });
});

test("counts, streaks, margins, best deal and the game's figures", () => {
  const played = [briscola(70, 50), briscola(80, 40), briscola(60, 60), briscola(100, 20), briscola(30, 90)];
  const totals = totalsFrom(played);
  const s = summary(totals["briscola|normal"], "briscola");
  assert.deepEqual([s.matches, s.won, s.drawn, s.lost], [5, 3, 1, 1]);
  assert.equal(s.streak, 0, "the last match was lost");
  assert.equal(s.bestStreak, 2);
  assert.equal(s.avgMargin, (20 + 40 + 0 + 80 - 60) / 5);
  assert.equal(s.best.margin, 80);
  assert.equal(s.best.id, played[3].id);
  assert.deepEqual(s.figures, [{ key: "points", kind: "avg", value: (70 + 80 + 60 + 100 + 30) / 5 }]);
  assert.equal(totals["briscola|*"].matches, 5, "every level together too");
  const won = totalsFrom([briscola(30, 90), briscola(61, 59), briscola(70, 50)]);
  assert.equal(won["briscola|normal"].streak, 2);
});

test("Scopa: sweeps per deal and how often the settebello was taken", () => {
  const s = summary(totalsFrom([scopaWon()])["scopa|normal"], "scopa");
  assert.equal(s.deals, 2);
  assert.deepEqual([s.dealsWon, s.dealsDrawn, s.dealsLost], [1, 1, 0]);
  assert.deepEqual(s.figures.map((f) => [f.key, f.value]), [["sweeps", 1], ["settebello", 0.5]]);
  assert.equal(s.avgMargin, 2);
});

test("totals kept per level and merged over every level", () => {
  let totals = {};
  totals = addToTotals(totals, briscola(70, 50));
  totals = addToTotals(totals, { ...briscola(20, 100), level: "expert" });
  assert.equal(totals["briscola|normal"].won, 1);
  assert.equal(totals["briscola|expert"].lost, 1);
  assert.equal(totals["briscola|*"].matches, 2);
  assert.equal(totals["briscola|*"].streak, 0);
  assert.deepEqual(series([briscola(1, 119), briscola(119, 1)], "briscola", ALL).map((m) => m.outcome), ["lost", "won"]);
});

test("a version 1 record (a flat array, oldest first, no ids) is migrated with every match", () => {
  const v1 = [briscola(70, 50), briscola(20, 100)].map(({ id, mode, daily, ...old }) => old);
  const { record, notice, setAside } = readRecord(v1);
  assert.equal(record.v, RECORD_VERSION);
  assert.equal(record.history.length, 2);
  assert.equal(record.history[0].result.scores[0], 20, "newest first");
  assert.ok(record.history.every((e) => e.id && e.mode === "play" && e.daily === null && !entryProblem(e)));
  assert.equal(record.totals["briscola|normal"].won, 1);
  assert.equal(record.totals["briscola|normal"].lost, 1);
  assert.deepEqual([notice.kind, notice.count, setAside], ["migrated", 2, false]);
});

test("damaged entries are dropped and the record set aside; other versions are not read as this one", () => {
  const good = briscola(70, 50);
  const r = readRecord({ v: 2, history: [good, { id: "x", game: "briscola" }], totals: { nonsense: 1 } });
  assert.deepEqual(r.record.history, [good]);
  assert.equal(r.record.totals["briscola|normal"].won, 1, "totals recounted from what is left");
  assert.deepEqual([r.notice.kind, r.notice.dropped, r.setAside], ["partly", 1, true]);
  assert.equal(readRecord({ v: 3, history: [] }).notice.kind, "newer");
  assert.equal(readRecord("text").notice.kind, "unreadable");
  assert.equal(readRecord({ v: 2, history: [good], totals: totalsFrom([good]) }).notice, null);
});

test("an import is checked whole and says what is wrong", () => {
  const good = briscola(70, 50);
  assert.equal(parseImport("{").problem, "not_json");
  assert.equal(parseImport('{"a":1}').problem, "not_record");
  assert.deepEqual(parseImport(JSON.stringify({ v: 9, history: [] })), { ok: false, problem: "newer", version: 9 });
  assert.deepEqual(parseImport(JSON.stringify({ v: 2, history: [good, { ...good, id: "y", level: "hard" }], totals: {} })),
    { ok: false, problem: "bad_match", match: 2, detail: 'unknown level "hard"' });
  assert.equal(parseImport(JSON.stringify({ v: 2, history: [good, good], totals: {} })).problem, "duplicate");
  const bad = totalsFrom([good]);
  bad["briscola|normal"] = { ...bad["briscola|normal"], won: 5 };
  assert.match(parseImport(JSON.stringify({ v: 2, history: [good], totals: bad })).detail, /do not add up/);
  const { id, mode, daily, ...old } = good;
  assert.equal(parseImport(JSON.stringify([old])).record.history.length, 1, "a version 1 file is migrated");
  assert.deepEqual(parseImport(JSON.stringify([old, { game: "briscola" }])), { ok: false, problem: "bad_match", match: 2 });
  assert.equal(parseImport(JSON.stringify({ v: 2, history: [good], totals: totalsFrom([good]) })).ok, true);
});

test("the store keeps the newest 100, survives the limit in its totals, and exports/imports", () => {
  for (let i = 0; i < store.HISTORY_LIMIT + 5; i++) assert.deepEqual(store.recordMatch(briscola(70, 50)), { stored: true });
  const list = store.listMatches();
  assert.equal(list.length, store.HISTORY_LIMIT);
  assert.ok(list[0].finished > list[1].finished, "newest first");
  assert.equal(store.getMatch(list[5].id).id, list[5].id);
  assert.equal(store.getMatch("nope"), null);
  const totals = store.loadRecord().totals;
  assert.equal(totals["briscola|normal"].matches, store.HISTORY_LIMIT + 5);
  const file = store.exportRecord();
  store.resetRecord();
  assert.equal(store.listMatches().length, 0);
  assert.equal(store.importRecord("{broken").ok, false);
  assert.equal(store.listMatches().length, 0, "a bad file changes nothing");
  assert.deepEqual(store.importRecord(file), { ok: true, count: store.HISTORY_LIMIT });
  assert.equal(store.loadRecord().totals["briscola|normal"].matches, store.HISTORY_LIMIT + 5);
});

test("an unreadable stored record is kept under another key and play goes on", () => {
  localStorage.setItem(store.RECORD_KEY, "{not json");
  localStorage.setItem(`${store.RECORD_KEY}.unreadable`, '"an earlier one"');
  assert.deepEqual(store.recordMatch(briscola(70, 50)), { stored: true });
  assert.equal(localStorage.getItem(`${store.RECORD_KEY}.unreadable.2`), '"{not json"');
  assert.equal(localStorage.getItem(`${store.RECORD_KEY}.unreadable`), '"an earlier one"', "never overwritten");
  const record = store.loadRecord();
  assert.equal(record.history.length, 1);
  assert.deepEqual(record.notice, { kind: "unreadable", key: `${store.RECORD_KEY}.unreadable.2` });
  store.dismissNotice();
  assert.equal(store.loadRecord().notice, null);
});

test("a full storage never throws: recording says it was not stored", () => {
  localStorage.full = true;
  assert.deepEqual(store.recordMatch(briscola(70, 50)), { stored: false });
});

test("the table records a finished match once, with its mode, and never a practice match", async () => {
  const { MatchController } = await import("../js/table/controller.js");
  const notices = [];
  const ctl = new MatchController({ engine: null, game: "briscola", deck: "piacentine", view: { notice: (k) => notices.push(k) } });
  ctl.level = "expert";
  ctl.mode = "daily";
  ctl.daily = "2026-12-01";
  const sheet = { deal: 1, teams: [[0], [1]], totals: [50, 70], winner_team: 1, lines: [] };
  const res = (over, practice) => ({ save: { seed: 9, log: [] },
    snapshot: { seat: 0, practice, sheets: over ? [sheet] : [], result: over ? { winner_team: 1, scores: [50, 70] } : null } });
  ctl.record(res(false, false));
  ctl.record(res(true, true));
  assert.equal(store.listMatches().length, 0, "unfinished and practice matches are not recorded");
  ctl.record(res(true, false));
  ctl.record(res(true, false));
  const list = store.listMatches();
  assert.equal(list.length, 1, "recorded once");
  assert.equal(entryProblem(list[0]), null);
  assert.deepEqual([list[0].game, list[0].level, list[0].seed, list[0].mode, list[0].daily, list[0].seat], ["briscola", "expert", 9, "daily", "2026-12-01", 0]);
  assert.equal(matchOutcome(list[0]), "lost");
  assert.deepEqual(notices, []);
});

test("each game's figures are read where its description says: Cicera's napola only with points, Minchiate's card points", () => {
  const sheet = { totals: [9, 4], points: [51, 42], lines: [
    { key: "scopa", team: 0, points: 2, detail: { count: 2 } }, { key: "napola", team: 1, points: 0 },
    { key: "napola", team: 0, points: 3 }] };
  assert.deepEqual(dealFigures("cicera", sheet, 0), { points: 9, sweeps: 2, napola: 1 });
  assert.deepEqual(dealFigures("cicera", sheet, 1), { points: 4, sweeps: 0, napola: 0 }); // a napola line of 0 is none
  assert.deepEqual(dealFigures("minchiate", sheet, 1), { resti: 4, points: 42 });
  assert.deepEqual(dealFigures("no-such-game", sheet, 0), {});
});
