// The replay viewer (#/replay/<id>): any recorded match, stepped forward and back one action
// at a time or a trick at a time (a slider, buttons, the arrow keys), every hand face up,
// and at the end the deal's score as the score sheet gave it. The engine's `replay` op
// rebuilds each position from the save without touching the table's match.
import { h, clear } from "../dom.js";
import { t, num, getLocale } from "../i18n.js";
import { game as gameOf, tradition } from "../site.js";
import { seatName, teamName } from "../names.js";
import { describeId } from "../table/hint.js";
import { narrate } from "../table/narrator.js";
import { loadPluginFor } from "../table/plugins.js";
import { openSheet, verdictText } from "../table/sheet.js";
import { getMatch, listMatches, HISTORY_LIMIT } from "../record/store.js";
import { dealHref, findPair, otherSeat } from "../deals/links.js";
import { pairView } from "../deals/pair.js";
import { getRebuilt } from "../deals/challenge.js";
import { renderBoard, scoreLine } from "./board.js";

const KEYS = { Home: "first", End: "last", PageUp: "prevTrick", PageDown: "nextTrick" };
// the controls' icons (16×16, drawn for left-to-right; mirrored by CSS in right-to-left pages)
const ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z", prevTrick: "M8 3v10L2 8zM14 3v10L8 8z", prev: "M11 3v10L4 8z",
  next: "M5 3v10l7-5z", nextTrick: "M2 3v10l6-5zM8 3v10l6-5z", last: "M3 3v10l7-5zM11 3h2v10h-2z",
};

function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "glyph");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  return svg;
}

function missing() {
  document.title = `${t("replay.missing_title")} · ${t("app.name")}`;
  return h("section", { class: "page replay-page" }, h("h1", { text: t("replay.missing_title") }),
    h("p", { text: t("replay.missing_text", { count: HISTORY_LIMIT }) }), h("p", {}, h("a", { href: "#/", text: t("tradition.back") })));
}

export function renderReplay(site, id) {
  const entry = getMatch(id) || getRebuilt(id); // a recorded match, or a friend's challenge rebuilt
  const g = entry && gameOf(site.catalogue, entry.game);
  if (!entry || !g || !entry.save) return missing();
  const viewer = new ReplayViewer(site, entry, g);
  return viewer.el;
}

class ReplayViewer {
  constructor(site, entry, g) {
    this.engine = site.engine;
    this.entry = entry;
    this.g = g;
    this.pos = null;
    this.token = 0;
    const tr = tradition(site.catalogue, entry.deck);
    const gname = t(`game.${g.id}.name`);
    document.title = `${t("replay.title", { game: gname })} · ${t("app.name")}`;
    this.v = {
      deck: entry.deck, game: g, fishing: g.layout === "fishing", stock: !!g.stock,
      seatName: (seat) => seatName(seat, entry.seat, g.players, this.pos && this.pos.view.teams),
      teamName: (team) => (this.pos ? teamName(team, this.pos.view) : ""),
    };
    this.board = h("div", { class: "rp-board" });
    this.status = h("p", { class: "rp-step", role: "status", "aria-live": "polite", text: t("replay.loading") });
    this.counter = h("p", { class: "rp-counter" });
    this.slider = h("input", { type: "range", class: "rp-slider", min: 0, max: 0, value: 0, step: 1, "aria-label": t("replay.slider") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    const btn = (name) => h("button", { type: "button", class: `btn rp-btn rp-${name}`, dataset: { go: name },
      "aria-label": t(`replay.${name}`), title: t(`replay.${name}`), onclick: () => this.move(name) }, icon(name));
    this.buttons = h("div", { class: "rp-buttons", role: "group", "aria-label": t("replay.controls") },
      ["first", "prevTrick", "prev", "next", "nextTrick", "last"].map(btn));
    this.score = h("div", { class: "rp-score-box" });
    this.dialog = h("dialog", { class: "sheet", "aria-labelledby": "rp-sheet-title" });
    const pair = findPair(listMatches(), entry);
    this.el = h("section", { class: "page replay-page", dataset: { id: entry.id } },
      h("p", { class: "crumbs" }, h("a", { href: "#/", text: t("tradition.back") })),
      h("h1", { text: t("replay.title", { game: gname }) }),
      h("p", { class: "meta" }, h("span", { text: tr ? tr.name : entry.deck }), h("span", { text: finishedText(entry.finished) }),
        h("span", { text: t(`table.level.${entry.level}`) }), h("span", { class: "rp-seed", text: t("daily.deal_no", { seed: num(entry.seed) }) }),
        entry.mode === "daily" && entry.daily ? h("span", { class: "badge", text: t("replay.daily_badge") }) : null),
      h("div", { class: "rp-controls" }, this.buttons, this.slider, this.counter),
      this.status, this.board, this.score,
      pair && pair.result && entry.result ? pairView({ seat: entry.seat, result: entry.result }, { seat: pair.seat, result: pair.result }) : null,
      h("p", { class: "rp-links" },
        h("a", { class: "btn rp-again", href: dealHref(g.id, entry.deck, entry.seed, { seat: entry.seat, mode: "play", options: entry.options }), text: t("deal.again") }),
        h("a", { class: "btn rp-other", href: dealHref(g.id, entry.deck, entry.seed, { seat: otherSeat(entry.seat), mode: "duplicate", options: entry.options }), text: t("deal.other_seat") })),
      this.dialog);
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  async start() {
    try {
      await Promise.all([this.engine.start(), loadPluginFor(this.g)]);
    } catch {
      this.status.textContent = t("replay.engine_failed");
      return;
    }
    await this.go(0);
  }

  async request(index) {
    try {
      return await this.engine.request("replay", { save: this.entry.save, index });
    } catch (err) {
      return { ok: false, error: { code: "engine", message: String((err && err.message) || err) } };
    }
  }

  async go(index) {
    const total = this.pos ? this.pos.total : null;
    if (total !== null) index = Math.max(0, Math.min(total, index));
    const token = ++this.token;
    const res = await this.request(index);
    if (token !== this.token || !this.el.isConnected && this.pos) return;
    if (!res.ok) {
      this.status.textContent = t(res.error.code === "match_not_over" ? "replay.not_over" : "replay.unreadable");
      this.el.dataset.error = res.error.code;
      return;
    }
    this.pos = res.replay;
    this.render();
  }

  /** The index a control leads to: one action, or the previous/next trick boundary. */
  target(name) {
    const p = this.pos;
    if (!p) return 0;
    const i = p.index;
    if (name === "first") return 0;
    if (name === "last") return p.total;
    if (name === "prev") return i - 1;
    if (name === "next") return i + 1;
    if (name === "prevTrick") return [0, ...p.tricks].filter((b) => b < i).pop() || 0;
    return p.tricks.find((b) => b > i) ?? p.total;
  }

  move(name) {
    if (this.pos) this.go(this.target(name));
  }

  key(e) {
    if (!this.el.isConnected) { document.removeEventListener("keydown", this.onKey); return; }
    if (this.dialog.open || e.altKey || e.metaKey || !this.pos) return;
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && e.target !== this.slider)) return;
    let name = KEYS[e.key];
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const forward = (e.key === "ArrowRight") !== (document.documentElement.dir === "rtl");
      name = e.shiftKey || e.ctrlKey ? (forward ? "nextTrick" : "prevTrick") : (forward ? "next" : "prev");
    }
    if (!name) return;
    e.preventDefault();
    this.move(name);
  }

  render() {
    const p = this.pos;
    this.el.dataset.index = String(p.index);
    this.el.dataset.total = String(p.total);
    this.slider.max = String(p.total);
    this.slider.value = String(p.index);
    this.slider.setAttribute("aria-valuetext", t("replay.counter", { index: p.index, total: p.total }));
    const trick = Math.min(p.tricks.length, p.tricks.filter((b) => b < p.index).length + (p.index ? 1 : 0));
    this.counter.textContent = `${t("replay.counter", { index: p.index, total: p.total })} · ${t(this.v.fishing ? "replay.round" : "replay.trick", { n: trick, total: p.tricks.length })}`;
    for (const b of this.buttons.querySelectorAll("button")) {
      const back = ["first", "prev", "prevTrick"].includes(b.dataset.go);
      b.disabled = back ? p.index === 0 : p.index === p.total;
    }
    const step = p.step;
    // the step in the table log's own words ("AI captured 3 of Cups with 3 of Swords — Scopa!")
    const said = narrate(step.events || [], { me: p.human, seatName: this.v.seatName, teamName: this.v.teamName }).map((l) => l.text).join(" ");
    this.status.textContent = !step.action ? t("replay.start") : said || t("replay.step", { who: this.v.seatName(step.seat), action: describeId(step.action) });
    renderBoard(this.board, p, this.v);
    this.renderScore();
  }

  /** The running score, and after a deal's last action its sheet's totals (the match's verdict at the end). */
  renderScore() {
    const p = this.pos;
    const box = clear(this.score);
    box.append(h("p", { class: "deal-no", text: t("table.deal", { deal: p.view.deal || 1 }) }), scoreLine(p, this.v));
    const scored = (p.step.events || []).find((e) => e.type === "deal_scored");
    if (!scored) return;
    const sheet = scored.sheet;
    const snap = p.view;
    box.append(h("div", { class: "rp-final" },
      h("h2", { text: t("sheet.title", { deal: sheet.deal }) }),
      h("table", { class: "sheet-table rp-totals" }, h("tbody", {}, snap.teams.map((_, team) => h("tr", {},
        h("th", { scope: "row", text: teamName(team, snap) }), h("td", { dataset: { totalTeam: team }, text: num(sheet.totals[team]) }))))),
      p.index === p.total && snap.result ? h("p", { class: "verdict final", text: verdictText(snap.result.winner_team, snap) }) : null,
      h("button", { type: "button", class: "btn rp-sheet", text: t("replay.open_sheet"),
        onclick: () => openSheet(this.dialog, { sheet, snap: { ...snap, result: null }, game: this.g, onNewMatch: () => {} }) })));
  }
}

function finishedText(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const lang = { fa: "fa-u-nu-arabext", ar: "ar-u-nu-arab" }[getLocale()] || getLocale();
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(d);
}
