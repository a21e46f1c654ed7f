// The shape of the stored record and how an older or damaged one is read: without the
// DOM or storage, so every path (current, migrated, partly broken, unreadable, from a
// newer version) is tested under Node. Nothing here throws on bad input.
import { LEVELS, totalsFrom } from "./stats.js";

export const RECORD_VERSION = 2;
export const MODES = ["play", "shared", "daily", "duplicate", "challenge"];

const isInt = (x) => Number.isInteger(x);
const isCount = (x) => Number.isInteger(x) && x >= 0;
const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** Why an entry cannot be used (a short English reason for the import message), or null. */
export function entryProblem(e) {
  if (!isObj(e)) return "not an object";
  if (typeof e.id !== "string" || !e.id) return "no id";
  if (typeof e.game !== "string" || !e.game) return "no game";
  if (typeof e.deck !== "string") return "no deck";
  if (!LEVELS.includes(e.level)) return `unknown level ${JSON.stringify(e.level)}`;
  if (!isInt(e.seed) || e.seed < 0) return "no seed";
  if (!isCount(e.seat)) return "no seat";
  if (!isObj(e.result) || !Array.isArray(e.result.scores) || e.result.scores.length !== 2
    || !e.result.scores.every((x) => typeof x === "number" && Number.isFinite(x))) return "no result";
  const w = e.result.winner_team;
  if (!(w === null || w === 0 || w === 1)) return "no winner";
  if (typeof e.finished !== "string" || Number.isNaN(Date.parse(e.finished))) return "no finish time";
  if (!MODES.includes(e.mode)) return `unknown mode ${JSON.stringify(e.mode)}`;
  if (!(e.daily === null || (typeof e.daily === "string" && /^\d{4}-\d{2}-\d{2}$/.test(e.daily)))) return "bad daily date";
  if (e.save !== undefined && !isObj(e.save)) return "bad save";
  if (e.options !== undefined && !isObj(e.options)) return "bad options";
  if (e.sheets !== undefined) {
    if (!Array.isArray(e.sheets)) return "bad sheets";
    for (const s of e.sheets) {
      if (!isObj(s) || !Array.isArray(s.totals) || s.totals.length !== 2 || !s.totals.every((x) => typeof x === "number")) return "bad sheet";
      if (s.lines !== undefined && !Array.isArray(s.lines)) return "bad sheet";
    }
  }
  return null;
}

const COUNTS = ["matches", "won", "drawn", "lost", "streak", "bestStreak", "deals", "dealsWon", "dealsDrawn", "dealsLost"];

/** Why stored running totals cannot be used, or null. */
export function totalsProblem(totals) {
  if (!isObj(totals)) return "no totals";
  for (const [key, c] of Object.entries(totals)) {
    if (!/^[a-z0-9-]+(~[a-z0-9_.-]+)?\|[a-z*]+$/.test(key)) return `bad totals key ${JSON.stringify(key)}`;
    if (!isObj(c) || !COUNTS.every((k) => isCount(c[k]))) return `bad counts for ${key}`;
    if (c.won + c.drawn + c.lost !== c.matches) return `counts for ${key} do not add up`;
    if (typeof c.marginSum !== "number" || !isObj(c.figures)) return `bad counts for ${key}`;
    if (c.best !== null && !(isObj(c.best) && typeof c.best.margin === "number")) return `bad best deal for ${key}`;
  }
  return null;
}

export function emptyRecord() {
  return { v: RECORD_VERSION, history: [], totals: {}, notice: null };
}

/** Version 1 (before statistics): a flat array of finished matches, oldest first, without
 * ids or modes. Each becomes a version 2 entry; the totals are counted from them. */
export function migrateV1(list) {
  const history = [];
  let dropped = 0;
  list.forEach((old, i) => {
    const e = isObj(old) ? {
      ...old,
      id: typeof old.id === "string" && old.id ? old.id : `v1-${i}-${old.seed}`,
      mode: MODES.includes(old.mode) ? old.mode : "play",
      daily: old.daily === undefined ? null : old.daily,
    } : old;
    if (entryProblem(e)) dropped += 1;
    else history.push(e);
  });
  history.sort((a, b) => (a.finished < b.finished ? 1 : a.finished > b.finished ? -1 : 0)); // newest first
  return { history, dropped };
}

/**
 * A stored value (already parsed JSON) as a current record.
 * @returns {{record: object, notice: object|null, setAside: boolean}}  setAside: the stored
 *   value must be kept under another key before the record is written back.
 */
export function readRecord(value) {
  if (value === null || value === undefined) return { record: emptyRecord(), notice: null, setAside: false };
  if (Array.isArray(value) || (isObj(value) && value.v === 1 && Array.isArray(value.history))) {
    const list = Array.isArray(value) ? value : value.history.slice().reverse();
    const { history, dropped } = migrateV1(list);
    const record = { ...emptyRecord(), history, totals: totalsFrom(history.slice().reverse()) };
    const notice = { kind: "migrated", from: 1, count: history.length, dropped };
    record.notice = notice;
    return { record, notice, setAside: dropped > 0 };
  }
  if (isObj(value) && isInt(value.v) && value.v > RECORD_VERSION) {
    const notice = { kind: "newer", from: value.v };
    return { record: { ...emptyRecord(), notice }, notice, setAside: true };
  }
  if (!isObj(value) || value.v !== RECORD_VERSION || !Array.isArray(value.history)) {
    const notice = { kind: "unreadable" };
    return { record: { ...emptyRecord(), notice }, notice, setAside: true };
  }
  const history = value.history.filter((e) => !entryProblem(e));
  const dropped = value.history.length - history.length;
  const badTotals = totalsProblem(value.totals) !== null;
  const record = { v: RECORD_VERSION, history, totals: badTotals ? totalsFrom(history.slice().reverse()) : value.totals,
    notice: isObj(value.notice) ? value.notice : null };
  if (!dropped && !badTotals) return { record, notice: null, setAside: false };
  const notice = { kind: "partly", dropped, totals: badTotals };
  record.notice = notice;
  return { record, notice, setAside: true };
}

/**
 * An imported file's text, checked whole before anything is replaced.
 * @returns {{ok: true, record: object} | {ok: false, problem: string, match?: number, version?: number, detail?: string}}
 *   problem: "not_json" | "not_record" | "newer" | "bad_match" (match: its number, detail:
 *   why, in English for the console) | "duplicate" | "bad_totals"; the page says it in words.
 */
export function parseImport(text) {
  let value;
  try { value = JSON.parse(text); } catch { return { ok: false, problem: "not_json" }; }
  if (Array.isArray(value)) {
    const bad = value.findIndex((old, i) => entryProblem(migrateV1([old]).history[0] || { i }));
    if (bad >= 0) return { ok: false, problem: "bad_match", match: bad + 1 };
    const { history } = migrateV1(value);
    return { ok: true, record: { ...emptyRecord(), history, totals: totalsFrom(history.slice().reverse()) } };
  }
  if (!isObj(value) || !isInt(value.v)) return { ok: false, problem: "not_record" };
  if (value.v > RECORD_VERSION) return { ok: false, problem: "newer", version: value.v };
  if (value.v !== RECORD_VERSION || !Array.isArray(value.history)) return { ok: false, problem: "not_record" };
  for (let i = 0; i < value.history.length; i++) {
    const detail = entryProblem(value.history[i]);
    if (detail) return { ok: false, problem: "bad_match", match: i + 1, detail };
  }
  const ids = new Set(value.history.map((e) => e.id));
  if (ids.size !== value.history.length) return { ok: false, problem: "duplicate" };
  const detail = totalsProblem(value.totals);
  if (detail) return { ok: false, problem: "bad_totals", detail };
  return { ok: true, record: { v: RECORD_VERSION, history: value.history, totals: value.totals, notice: null } };
}
