// The score sheet of a deal: every line and where it came from, the totals, the match
// score, the verdict, and the buttons that go on (next deal, new match).
import { h, clear, append } from "../dom.js";
import { t, num, has } from "../i18n.js";
import { teamName, personName } from "../names.js";
import { describeMoveId, aboutPoints } from "./hint.js";
import { pluginFor } from "./plugins.js";
import { lineTerm } from "../terms/terms.js";
import { termButton } from "../terms/termlink.js";

/** "You win!" / "The AI wins." / "Ben wins!" (a friend) / "A draw." (team wording with partners). */
export function verdictText(winnerTeam, snap) {
  if (winnerTeam === null || winnerTeam === undefined) return t("sheet.draw");
  const mine = winnerTeam === teamOf(snap.seat, snap);
  const partners = (snap.teams[0] || []).length > 1;
  if (partners) return mine ? t("sheet.winner_team") : t("sheet.winner_opponents");
  const friend = mine ? null : personName(snap.teams[winnerTeam][0]);
  return mine ? t("sheet.winner_you") : friend ? t("sheet.winner_person", { name: friend }) : t("sheet.winner_ai");
}

/** "You won this deal." / "The AI won this deal." / "Ben won this deal." / a draw. */
function dealVerdict(winnerTeam, snap) {
  if (winnerTeam === null || winnerTeam === undefined) return t("sheet.deal_draw");
  if (winnerTeam === teamOf(snap.seat, snap)) return t("sheet.deal_you");
  const team = snap.teams[winnerTeam] || [];
  const friend = team.length === 1 ? personName(team[0]) : null;
  return friend ? t("sheet.deal_person", { name: friend }) : t("sheet.deal_ai");
}

/** "won", "lost" or "drawn" from the player's side: the verdict is coloured by it. */
export function outcomeOf(winnerTeam, snap) {
  if (winnerTeam === null || winnerTeam === undefined) return "drawn";
  return winnerTeam === teamOf(snap.seat, snap) ? "won" : "lost";
}

export function teamOf(seat, snap) {
  return snap.teams.findIndex((tm) => tm.includes(seat));
}

/**
 * Opens the sheet in `dialog` (modal) and resolves when it is closed.
 * @param {HTMLDialogElement} dialog
 * @param {{sheet: object, snap: object, game: object, onNewMatch: () => void, extra?: Node, lesson?: boolean}} opts  extra: shown below the buttons;
 *   lesson: the sheet ends a guided first deal (no new match, no record)
 */
export function openSheet(dialog, { sheet, snap, game, deck = null, onNewMatch, review = null, extra = null, lesson = false }) {
  const d = clear(dialog);
  const titleId = dialog.getAttribute("aria-labelledby");
  const teams = sheet.teams || snap.teams;
  const order = columnOrder(teams.length, teamOf(snap.seat, snap)); // your side's column first, in a lesson too
  const head = h("tr", {}, h("th", { scope: "col", text: t("sheet.item") }),
    order.map((i) => h("th", { scope: "col", dataset: { team: i }, text: teamName(i, snap) })));
  // one row per line key; a key scored per team (Scopa's sweeps) shows both cells
  const groups = new Map();
  for (const line of sheet.lines || []) {
    if (!groups.has(line.key)) groups.set(line.key, []);
    groups.get(line.key).push(line);
  }
  // a line named by a game term (primiera, napola, a kill…) opens its definition
  const ctx = { game: game.id, deck: deck || (game.decks || [])[0] };
  const lineLabel = (key) => {
    // a game's own wording where the line differs between games (Scopone's napola is a run of Coins)
    const mine = `sheet.line.${key}.${game.id}`;
    const text = has(mine) ? t(mine) : has(`sheet.line.${key}`) ? t(`sheet.line.${key}`) : key;
    const term = lineTerm(key, game.id);
    return term ? termButton(term, text, ctx) : text;
  };
  // a deal scored in resti (Minchiate) lists every line on its own, in the order scored
  const own = pluginFor(game);
  const resti = sheet.net_resti !== undefined && own !== null;
  const rows = resti ? own.sheetRows(sheet, order, lineLabel) : [...groups.entries()].map(([key, lines]) => {
    const label = lineLabel(key);
    const detail = (own && own.sheetDetail ? own.sheetDetail(key, lines, { sheet, order, teamName: (tm) => teamName(tm, snap) }) : "")
      || specialDetail(key, lines) || lines.map((l) => detailText(l.detail)).find(Boolean) || perTeamDetail(lines, teams.length);
    const cells = order.map((i) => lines.filter((l) => l.team === i).reduce((a, l) => a + l.points, 0));
    return h("tr", { dataset: { key } },
      h("th", { scope: "row" }, label, detail ? h("span", { class: "detail", text: detail }) : null),
      cells.map((v) => h("td", { class: v ? "scored" : "zero", text: num(v) })));
  });
  const total = h("tr", { class: "total" }, h("th", { scope: "row", text: t(resti ? "sheet.mi_resti_total" : "sheet.total") }),
    order.map((i) => h("td", { dataset: { totalTeam: i }, text: num((sheet.totals || [])[i] ?? 0) })));
  const body = [h("thead", {}, head), h("tbody", {}, rows, total)];
  const result = snap.result;
  if (snap.match_scores || (result && result.scores && game.format === "match")) {
    const ms = result ? result.scores : snap.match_scores;
    body.push(h("tfoot", {}, h("tr", { class: "match-total" }, h("th", { scope: "row", text: t("sheet.match_total") }),
      order.map((i) => h("td", { dataset: { matchTeam: i }, text: num(ms[i]) })))));
  }
  const table = h("table", { class: "sheet-table" }, body);
  const verdict = result ? verdictText(result.winner_team, snap) : dealVerdict(sheet.winner_team, snap);
  const outcome = outcomeOf(result ? result.winner_team : sheet.winner_team, snap);
  const buttons = h("div", { class: "sheet-buttons" });
  // dom.js append skips the parts a sheet lacks (the native one would write "null")
  append(d, [h("h2", { id: titleId, text: t("sheet.title", { deal: sheet.deal }) }), table, resti ? own.mattoNote(sheet, (tm) => teamName(tm, snap)) : null,
    h("p", { class: `verdict ${outcome}${result ? " final" : ""}`, dataset: { outcome }, text: verdict }), review ? reviewSection(review, () => d.close()) : null, buttons, extra]);
  return new Promise((resolve) => {
    const done = () => { if (d.open) d.close(); resolve(); };
    if (lesson) {
      // a lesson's sheet: the way on is in `extra` (play a real match, replay); no record to see
      buttons.append(h("button", { type: "button", class: "btn", text: t("sheet.close"), onclick: done }));
    } else if (result) {
      buttons.append(
        h("button", { type: "button", class: "btn primary", text: t("sheet.new_match"), onclick: () => { done(); onNewMatch(); } }),
        h("button", { type: "button", class: "btn", text: t("sheet.close"), onclick: done }),
        h("a", { class: "btn stats-link", href: `#/stats/${encodeURIComponent(game.id)}`, text: t("sheet.stats_link"), onclick: done }));
    } else {
      buttons.append(h("button", { type: "button", class: "btn primary", text: t("sheet.continue"), onclick: done }));
    }
    d.addEventListener("close", resolve, { once: true });
    d.showModal();
    // the focus on the way on, the sheet shown from its top (a long sheet opened scrolled to its end)
    buttons.querySelector("button").focus({ preventScroll: true });
    d.scrollTop = 0;
  });
}

/** The sheet's columns: the teams' indices, `mine` first, the others in their order. */
export function columnOrder(n, mine) {
  const all = Array.from({ length: n }, (_, i) => i);
  return mine > 0 ? [mine, ...all.filter((i) => i !== mine)] : all;
}

/** Lines scored per team with a number in their detail ({cards: 22}, {count: 1}): "22 vs 18 cards". */
export function perTeamDetail(lines, nTeams) {
  if (lines.length !== nTeams || lines.some((l) => !l.detail || l.team === null || l.team === undefined)) return "";
  const fields = Object.keys(lines[0].detail).filter((k) => lines.every((l) => typeof l.detail[k] === "number"));
  if (!fields.length || nTeams !== 2) return "";
  const k = fields[0];
  const byTeam = [0, 1].map((team) => lines.find((l) => l.team === team).detail[k]);
  const key = has(`sheet.detail.${k}`) ? `sheet.detail.${k}` : "sheet.detail.counts";
  return t(key, { a: num(byTeam[0]), b: num(byTeam[1]) });
}

export function detailText(detail) {
  if (!detail || typeof detail !== "object") return "";
  const parts = [];
  for (const v of Object.values(detail)) {
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number")) {
      parts.push(t("sheet.detail.counts", { a: num(v[0]), b: num(v[1]) }));
    }
  }
  return parts.join(" · ");
}

/** Lines whose detail is not a pair of counts: the Napola's run, Tarocchi's courts, the Matto, the discard. */
export function specialDetail(key, lines) {
  const byTeam = (team) => lines.find((l) => l.team === team);
  if (key === "napola") {
    const length = (lines[0] && lines[0].detail && lines[0].detail.length) || 0;
    return length ? t("sheet.detail.napola", { length }) : t("sheet.detail.napola_none");
  }
  if (key === "courts" && byTeam(0) && byTeam(1)) {
    const text = (d) => t("sheet.detail.courts", { donne: d.donne || 0, cavalli: d.cavalli || 0, fanti: d.fanti || 0 });
    return t("sheet.detail.counts", { a: text(byTeam(0).detail || {}), b: text(byTeam(1).detail || {}) });
  }
  if (key === "matto" || key === "discard") {
    const parts = [];
    const d = (lines[0] && lines[0].detail) || {};
    if (key === "discard" && typeof d.trumps === "number") parts.push(t("sheet.detail.discard_trumps", { trumps: d.trumps }));
    if (lines.some((l) => l.detail && l.detail.handed_over)) parts.push(t("sheet.detail.handed_over"));
    return parts.join(" · ");
  }
  return "";
}

/**
 * The post-deal review: on request, the player's moves that cost two points or more on
 * average (the engine's search), each with the better move and "Try again from here".
 * @param {{load: () => Promise<object|null>, practice: (index: number) => void}} review
 */
function reviewSection(review, close) {
  const box = h("section", { class: "review", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "btn review-btn", text: t("review.button") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = t("review.running");
    const found = await review.load();
    clear(box);
    if (!found) { box.append(h("p", { text: t("table.error", { message: "review" }) })); return; }
    const mistakes = found.mistakes || [];
    if (!mistakes.length) { box.append(h("p", { class: "review-none", text: t("review.none") })); return; }
    box.append(h("h3", { text: t("review.title") }), h("ol", { class: "review-list" }, mistakes.map((m) =>
      h("li", { dataset: { index: m.index } },
        h("span", { text: t("review.item", { played: describeMoveId(m.played), better: describeMoveId(m.better), loss: Math.max(1, aboutPoints(m.loss)) }) }), " ",
        h("button", { type: "button", class: "btn try-again", text: t("review.try"),
          onclick: () => { close(); review.practice(m.index); } })))));
  });
  box.append(button);
  return box;
}
