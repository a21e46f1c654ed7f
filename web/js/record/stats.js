// The player's statistics, computed without the DOM from the recorded matches: the
// win/draw/loss of a match and every deal's figures come from what the engine gave
// (entry.result and the deals' score sheets), always from the human's side (the team,
// with partners). Running counters per game+level are kept apart from the history, so
// the statistics survive the history's 100-match limit.

import { gameData, hasDeckData } from "../cardart/deckdata.js";
import { variantId } from "../table/options.js";

export const LEVELS = ["random", "greedy", "normal", "expert"];
export const ALL = "*"; // the counters of a game over every level

/** The per-deal figures players of each game care about (an average per deal or how often):
 * its description's record figures, from the engine's data (site.json's
 * cards.games[game].figures: {key, kind, source, line}). */
export function figuresOf(game) {
  const g = hasDeckData() ? gameData(game) : null;
  return (g && g.figures) || [];
}

/** The teams of an entry's match (from its score sheets, or the seats of its save). */
export function teamsOf(entry) {
  const sheet = (entry.sheets || [])[0];
  if (sheet && Array.isArray(sheet.teams)) return sheet.teams;
  const seats = entry.save && Array.isArray(entry.save.seats) ? entry.save.seats.length : 2;
  return seats === 4 ? [[0, 2], [1, 3]] : [[0], [1]];
}

/** The index of the human's team. */
export function mineOf(entry) {
  const i = teamsOf(entry).findIndex((tm) => tm.includes(entry.seat));
  return i < 0 ? 0 : i;
}

function outcome(winnerTeam, mine) {
  if (winnerTeam === null || winnerTeam === undefined) return "drawn";
  return winnerTeam === mine ? "won" : "lost";
}

/** "won" | "drawn" | "lost", from the human's side. */
export function matchOutcome(entry) {
  return outcome(entry.result.winner_team, mineOf(entry));
}

/** The match's margin: the human side's score minus the other side's (match points, resti…). */
export function matchMargin(entry) {
  const s = entry.result.scores;
  const mine = mineOf(entry);
  return s[mine] - s[1 - mine];
}

/** Sum of a line key's points for a team (Scopa's sweeps, Tarocchi's honours count…). */
function linePoints(sheet, key, team, field = "points") {
  return (sheet.lines || []).filter((l) => l.key === key && l.team === team)
    .reduce((a, l) => a + (field === "points" ? l.points : (l.detail && l.detail[field]) || 0), 0);
}

/** One figure of a deal from its score sheet, read where its description says (`source`):
 * the deal's total, the sheet's card points, the count of a line's items, whether the side
 * has a line (or a line with points). */
function figureValue(f, sheet, mine) {
  const lines = sheet.lines || [];
  switch (f.source) {
    case "total": return sheet.totals[mine];
    case "points": return Array.isArray(sheet.points) ? sheet.points[mine] : 0;
    case "count": return linePoints(sheet, f.line, mine, "count");
    case "line": return lines.some((l) => l.key === f.line && l.team === mine) ? 1 : 0;
    case "scored": return lines.some((l) => l.key === f.line && l.team === mine && l.points > 0) ? 1 : 0;
    default: return 0;
  }
}

/** The game's figures for one deal, from its score sheet. */
export function dealFigures(game, sheet, mine) {
  return Object.fromEntries(figuresOf(game).map((f) => [f.key, figureValue(f, sheet, mine)]));
}

/** Every deal of a match: its number, margin, outcome and figures. A record without its
 * sheets (an older version's) counts the match as one deal scored as the result says. */
export function dealFacts(entry) {
  const mine = mineOf(entry);
  const sheets = Array.isArray(entry.sheets) && entry.sheets.length ? entry.sheets
    : [{ deal: 1, totals: entry.result.scores, winner_team: entry.result.winner_team, lines: [] }];
  return sheets.map((sheet, i) => ({
    deal: sheet.deal || i + 1,
    margin: sheet.totals[mine] - sheet.totals[1 - mine],
    outcome: outcome(sheet.winner_team, mine),
    figures: dealFigures(entry.game, sheet, mine),
  }));
}

export function emptyCounters() {
  return { matches: 0, won: 0, drawn: 0, lost: 0, streak: 0, bestStreak: 0, deals: 0, dealsWon: 0,
    dealsDrawn: 0, dealsLost: 0, marginSum: 0, best: null, figures: {} };
}

/** The counters with one more match (a new object: the old one is left as it was). */
export function addMatch(counters, entry) {
  const c = { ...emptyCounters(), ...counters, figures: { ...(counters && counters.figures) } };
  const o = matchOutcome(entry);
  c.matches += 1;
  c[o] += 1;
  c.streak = o === "won" ? c.streak + 1 : 0;
  c.bestStreak = Math.max(c.bestStreak, c.streak);
  for (const d of dealFacts(entry)) {
    c.deals += 1;
    c[{ won: "dealsWon", drawn: "dealsDrawn", lost: "dealsLost" }[d.outcome]] += 1;
    c.marginSum += d.margin;
    if (!c.best || d.margin > c.best.margin) {
      c.best = { margin: d.margin, id: entry.id, deal: d.deal, finished: entry.finished, seed: entry.seed };
    }
    for (const [k, v] of Object.entries(d.figures)) c.figures[k] = (c.figures[k] || 0) + v;
  }
  return c;
}

export const totalsKey = (game, level) => `${game}|${level}`;

/** The running totals with one more match: its game+level and its game over every level; a
 * match of a variant (non-default options) also counts for that variant apart
 * ("scopone~classico|normal", table/options.js variantId), so each variant has its statistics. */
export function addToTotals(totals, entry) {
  const out = { ...totals };
  const keys = [totalsKey(entry.game, entry.level), totalsKey(entry.game, ALL)];
  const variant = variantId(entry.game, entry.options);
  if (variant !== entry.game) keys.push(totalsKey(variant, entry.level), totalsKey(variant, ALL));
  for (const key of keys) out[key] = addMatch(out[key], entry);
  return out;
}

/** The variants of `game` played (their ids, from the totals), each with its options' totals. */
export function variantsPlayed(totals, game) {
  const prefix = `${game}~`;
  return Object.keys(totals).filter((k) => k.startsWith(prefix) && k.endsWith(`|${ALL}`))
    .map((k) => k.slice(0, -ALL.length - 1)).sort();
}

/** Totals rebuilt from entries (oldest first). */
export function totalsFrom(entries) {
  return entries.reduce(addToTotals, {});
}

const ratio = (a, b) => (b ? a / b : null);

/** What the page shows for one set of counters (null figures when nothing was played). */
export function summary(counters, game) {
  const c = counters || emptyCounters();
  return {
    matches: c.matches, won: c.won, drawn: c.drawn, lost: c.lost,
    winRate: ratio(c.won, c.matches),
    streak: c.streak, bestStreak: c.bestStreak,
    deals: c.deals, dealsWon: c.dealsWon, dealsDrawn: c.dealsDrawn, dealsLost: c.dealsLost,
    avgMargin: ratio(c.marginSum, c.deals),
    best: c.best,
    figures: figuresOf(game).map((f) => ({ key: f.key, kind: f.kind, value: ratio((c.figures || {})[f.key] || 0, c.deals) })),
  };
}

/** The games that have counters, in the order given. */
export function playedGames(totals, order) {
  return order.filter((g) => totals[totalsKey(g, ALL)] && totals[totalsKey(g, ALL)].matches > 0);
}

/** For the charts: the matches of a game (and level, or ALL), oldest first, with every deal. */
export function series(entries, game, level = ALL) {
  return entries.filter((e) => e.game === game && (level === ALL || e.level === level))
    .slice().sort((a, b) => (a.finished < b.finished ? -1 : a.finished > b.finished ? 1 : 0))
    .map((e) => ({ id: e.id, finished: e.finished, outcome: matchOutcome(e), margin: matchMargin(e), deals: dealFacts(e) }));
}
