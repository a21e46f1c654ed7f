// The player's record page (#/stats, #/stats/<game>?level=…): the statistics of every
// game and level, two small charts, the last 100 matches (each a link to its replay),
// and the record's export, import and reset. Drawn again whenever the record changes.
import { h, clear, append } from "../dom.js";
import { t, num, signed, percent, getLocale, LANGUAGES } from "../i18n.js";
import { tradition } from "../site.js";
import { summary, series, playedGames, totalsKey, matchOutcome, mineOf, variantsPlayed, LEVELS, ALL } from "./stats.js";
import { optionsOfVariant } from "../table/options.js";
import { optionsText } from "../table/optionwords.js";
import { loadRecord, dismissNotice, resetRecord, exportRecord, importRecord, RECORD_EVENT } from "./store.js";
import { resultsChart, marginChart } from "./charts.js";

const one = (x) => Math.round(x * 10) / 10;

/** An ISO time as the reader's locale writes a date (in its own digits). */
export function dateText(iso, withTime = false) {
  const info = LANGUAGES.find((l) => l.code === getLocale()) || {};
  const opts = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(info.numbers || getLocale(), opts).format(new Date(iso));
}

const statsHref = (game, level) => `#/stats${game ? `/${encodeURIComponent(game)}` : ""}${level && level !== ALL ? `?level=${level}` : ""}`;
const levelName = (level) => (level === ALL ? t("record.all_levels") : t(`table.level.${level}`));

/** The games that can be played, in the catalogue's order. */
function playable(catalogue) {
  return Object.keys(catalogue.games).filter((g) => catalogue.games[g].playable);
}

function noticeBox(notice) {
  if (!notice || !["migrated", "partly", "unreadable", "newer"].includes(notice.kind)) return null;
  const params = { count: notice.count || notice.dropped || 0, key: notice.key || "", version: notice.from || 0 };
  return h("div", { class: `record-notice ${notice.kind}`, role: "status" },
    h("p", { text: t(`record.notice.${notice.kind}`, params) }),
    h("button", { type: "button", class: "btn", text: t("record.notice_ok"), onclick: () => dismissNotice() }));
}

function tile(label, value, { sub = null, cls = "", data = null } = {}) {
  return h("div", { class: `tile ${cls}`, dataset: data }, h("span", { class: "tile-value", text: value }),
    h("span", { class: "tile-label", text: label }), sub ? h("span", { class: "tile-sub", text: sub }) : null);
}

function tiles(s) {
  const rate = s.winRate === null ? "–" : percent(Math.round(s.winRate * 100));
  const best = s.best ? tile(t("record.best_deal"), signed(s.best.margin), {
    sub: t("record.best_deal_detail", { deal: num(s.best.deal), date: dateText(s.best.finished) }), cls: "best" }) : null;
  return h("div", { class: "tiles" },
    h("div", { class: "tile wdl-tile" },
      h("div", { class: "wdl-parts" }, ["won", "drawn", "lost"].map((o) => h("div", { class: `wdl-part ${o}` },
        h("span", { class: "tile-value", text: num(s[o]) }), h("span", { class: "tile-label", text: t(`record.${o}`) })))),
      wdlBar(s)),
    tile(t("record.matches"), num(s.matches), { sub: s.deals !== s.matches ? t("record.deals_count", { count: s.deals }) : null, cls: "matches" }),
    tile(t("record.win_rate"), rate, { cls: "rate" }),
    tile(t("record.streak"), num(s.streak), { sub: t("record.best_streak", { count: s.bestStreak }), cls: "streak" }),
    tile(t("record.avg_margin"), s.avgMargin === null ? "–" : signed(one(s.avgMargin)), { cls: "margin" }),
    best,
    // the game's own figures (sweeps, settebello, points or resti per deal…)
    s.deals ? s.figures.map((f) => tile(t(`record.figure.${f.key}`), f.kind === "rate" ? percent(Math.round(f.value * 100)) : num(one(f.value)),
      { cls: "figure", data: { figure: f.key } })) : null);
}

function charts(matches) {
  if (!matches.length) return null;
  const deals = matches.flatMap((m) => m.deals).slice(-100);
  const won = matches.filter((m) => m.outcome === "won").length;
  const legend = h("p", { class: "chart-legend", "aria-hidden": "true" },
    ["won", "drawn", "lost"].map((o) => h("span", { class: `key ${o}`, text: t(`record.${o}`) })),
    h("span", { class: "span", text: t("record.chart.span") }));
  const rate = percent(Math.round((100 * won) / matches.length));
  return [h("div", { class: "charts" },
    h("figure", {}, h("figcaption", {}, h("span", { text: t("record.chart.results") }), h("span", { class: "now", "aria-hidden": "true", text: rate })),
      resultsChart(matches, t("record.chart.results_label", { count: matches.length, rate }))),
    h("figure", {}, h("figcaption", { text: t("record.chart.margins") }),
      marginChart(deals, t("record.chart.margins_label", { count: deals.length })))),
  legend];
}

function gameNav(games, current, level) {
  return h("nav", { class: "record-games", "aria-label": t("record.games_label") },
    h("a", { href: statsHref(null), "aria-current": current ? null : "page", class: "pill", text: t("record.all_games") }),
    games.map((g) => h("a", { href: statsHref(g, level), "aria-current": g === current ? "page" : null, class: "pill", text: t(`game.${g}.name`) })));
}

function levelNav(game, level) {
  return h("nav", { class: "record-levels", "aria-label": t("record.levels_label") },
    [ALL, ...LEVELS].map((l) => h("a", { href: statsHref(game, l), "aria-current": l === level ? "page" : null, class: "pill small", text: levelName(l) })));
}

/** Won, drawn and lost as one bar, each part as long as its count. */
function wdlBar(s) {
  return h("div", { class: "bar-wdl", "aria-hidden": "true" }, ["won", "drawn", "lost"].map((o) => {
    if (!s[o]) return null;
    const part = h("span", { class: o });
    part.style.flexGrow = String(s[o]); // CSSOM, not a style attribute (the CSP forbids those)
    return part;
  }));
}

function overview(record, games) {
  const played = playedGames(record.totals, games);
  if (!played.length) {
    return h("div", { class: "record-empty" }, h("p", { text: t("record.empty") }), h("a", { class: "btn primary", href: "#/", text: t("record.play") }));
  }
  return h("ul", { class: "record-overview" }, played.map((g) => {
    const s = summary(record.totals[totalsKey(g, ALL)], g);
    return h("li", { class: "game-record", dataset: { game: g } },
      h("h2", {}, h("a", { href: statsHref(g), text: t(`game.${g}.name`) })),
      h("p", { class: "wdl", text: t("record.wdl", { won: s.won, drawn: s.drawn, lost: s.lost }) }),
      h("p", { class: "rate", text: t("record.overview_line", { rate: percent(Math.round(s.winRate * 100)), streak: s.bestStreak }) }),
      wdlBar(s),
      // each variant played (non-default options) apart: the game's line above counts them all
      variantsPlayed(record.totals, g).map((v) => {
        const c = summary(record.totals[totalsKey(v, ALL)], g);
        return h("p", { class: "variant-record", dataset: { variant: v },
          text: t("record.variant", { variant: optionsText(optionsOfVariant(v)), won: c.won, drawn: c.drawn, lost: c.lost }) });
      }));
  }));
}

function gameDetail(record, game, level) {
  const s = summary(record.totals[totalsKey(game, level)], game);
  if (!s.matches) return h("p", { class: "record-empty", text: t("record.empty_game", { game: t(`game.${game}.name`), level: levelName(level) }) });
  return [tiles(s), charts(series(record.history, game, level))];
}

function historyList(record, catalogue, game, level) {
  const list = record.history.filter((e) => (!game || e.game === game) && (level === ALL || e.level === level));
  if (!list.length) return null;
  return h("section", { class: "record-history", "aria-labelledby": "record-history-title" },
    h("h2", { id: "record-history-title", text: t("record.history") }),
    h("ol", { class: "history" }, list.map((e) => {
      const mine = summaryOfEntry(e);
      const tr = tradition(catalogue, e.deck);
      return h("li", { class: `match ${mine.outcome}`, dataset: { id: e.id } },
        h("a", { href: `#/replay/${encodeURIComponent(e.id)}`, title: t("record.replay_label", { game: t(`game.${e.game}.name`), date: dateText(e.finished, true) }) },
          h("span", { class: "outcome", text: t(`record.result.${mine.outcome}`, { mine: num(mine.scores[0]), theirs: num(mine.scores[1]) }) }),
          h("span", { class: "what", text: t("record.entry_what", { game: t(`game.${e.game}.name`), deck: tr ? tr.name : e.deck, level: levelName(e.level) }) }),
          h("span", { class: "when", text: dateText(e.finished, true) }),
          e.mode !== "play" ? h("span", { class: "badge", text: t(`record.mode.${e.mode}`) }) : null,
          e.options && Object.keys(e.options).length ? h("span", { class: "badge variant", text: optionsText(e.options) }) : null));
    })));
}

/** The human side's outcome and scores (mine first) of an entry, for its line in the list. */
function summaryOfEntry(e) {
  const mine = mineOf(e);
  return { outcome: matchOutcome(e), scores: [e.result.scores[mine], e.result.scores[1 - mine]] };
}

/** Export, import and reset; a change redraws the page through RECORD_EVENT. */
function actions(status) {
  const file = h("input", { type: "file", accept: "application/json,.json", class: "visually-hidden", id: "record-import-file", tabindex: "-1", "aria-label": t("record.import") });
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    const res = importRecord(await f.text());
    file.value = "";
    if (res.ok) { say(document.querySelector(".record-status"), t("record.imported", { count: res.count })); return; }
    if (res.detail) console.warn("import:", res.detail);
    say(status, t("record.import_failed", { reason: t(`record.problem.${res.problem}`, { match: res.match || 0, version: res.version || 0 }) }), true);
  });
  const dialog = h("dialog", { class: "confirm", "aria-labelledby": "record-reset-title" },
    h("h2", { id: "record-reset-title", text: t("record.reset_title") }), h("p", { text: t("record.reset_text") }),
    h("div", { class: "sheet-buttons" },
      h("button", { type: "button", class: "btn danger", text: t("record.reset_yes"), onclick: () => { dialog.close(); resetRecord(); say(document.querySelector(".record-status"), t("record.reset_done")); } }),
      h("button", { type: "button", class: "btn", text: t("record.cancel"), onclick: () => dialog.close() })));
  return h("div", { class: "record-actions" },
    h("button", { type: "button", class: "btn", text: t("record.export"), onclick: () => {
      const name = `cardavia-record-${new Date().toISOString().slice(0, 10)}.json`;
      const url = URL.createObjectURL(new Blob([exportRecord()], { type: "application/json" }));
      const a = h("a", { href: url, download: name });
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      say(status, t("record.exported", { file: name }));
    } }),
    h("button", { type: "button", class: "btn", text: t("record.import"), onclick: () => file.click() }), file,
    h("button", { type: "button", class: "btn", text: t("record.reset"), onclick: () => dialog.showModal() }), dialog);
}

function say(el, text, error = false) {
  if (!el) return;
  el.textContent = text;
  el.classList.toggle("error", error);
}

/**
 * The page for `#/stats` (game null) or `#/stats/<game>`; it listens to the record and is
 * drawn again when a match is recorded elsewhere, imported or reset.
 */
export function renderStats(catalogue, game, params) {
  const games = playable(catalogue);
  if (game && !games.includes(game)) return null;
  const level = [ALL, ...LEVELS].includes(params.get("level")) ? params.get("level") : ALL;
  const page = h("section", { class: "page stats-page" });
  const draw = () => {
    const record = loadRecord();
    const status = h("p", { class: "record-status", role: "status" });
    append(clear(page), [
      h("p", { class: "crumbs" }, h("a", { href: "#/", text: t("tradition.back") })),
      h("h1", { text: game ? t("record.title_game", { game: t(`game.${game}.name`) }) : t("record.title") }),
      noticeBox(record.notice),
      gameNav(games, game, level),
      game ? levelNav(game, level) : null,
      game ? gameDetail(record, game, level) : overview(record, games),
      historyList(record, catalogue, game, level),
      h("section", { class: "record-tools", "aria-label": t("record.tools_label") }, actions(status), status)]);
  };
  draw();
  const onChange = () => { if (page.isConnected) draw(); else window.removeEventListener(RECORD_EVENT, onChange); };
  window.addEventListener(RECORD_EVENT, onChange);
  document.title = `${game ? t(`game.${game}.name`) + " · " : ""}${t("record.title")} · ${t("app.name")}`;
  return page;
}
