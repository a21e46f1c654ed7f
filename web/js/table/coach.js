// The coach of a guided first deal (issue 26). The engine deals the lesson's deal and
// reports, with each response, the lesson moments it shows (core/cardavia/lessons.py);
// the coach says each once, in the catalogue's words with the cards the engine named,
// and on the learner's turn says what to do (the engine's own deterministic hint, so that
// doing what it says replays the deal the lesson was chosen for), marking what to tap
// (.coach-pick) and what it talks about (.coach-point). It decides nothing: every move
// is the learner's and the engine checks it.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { cardName, cardsName, seatPosition } from "../names.js";
import { describeAction, reasonText, aboutPoints } from "./hint.js";
import { saveKeyOf } from "./savefile.js";

const DONE_KEY = "cardavia.lessons.done";

function readList(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function writeList(key, list) {
  try { localStorage.setItem(key, JSON.stringify(list)); } catch { /* storage refused: the lesson still plays */ }
}

/** The games whose lesson the player has finished ("briscola", …). */
export function lessonsDone() { return readList(DONE_KEY); }

export function lessonHref(gameId, deck) {
  return `#/game/${encodeURIComponent(gameId)}?deck=${encodeURIComponent(deck)}&learn=1`;
}

export class Coach {
  constructor(view) {
    this.view = view;
    this.game = view.game.id;
    this.seenKey = `${saveKeyOf(this.game, view.deck, "lesson")}.seen`;
    this.seen = readList(this.seenKey);
    // what the coach says now: [{id, say()}]; a resumed lesson starts again from the game in a few words
    this.lines = [{ id: "intro", say: () => t(`coach.${this.game}.intro`) }];
    this.suggest = null; // on the learner's turn: {action, advice}
    this.scrolledFor = null; // the step (suggest) and marks the page was last scrolled to show
    this.scrolledTo = "";
    this.finished = false;
  }

  /** The box above the hand (built with the table: it keeps its place in a relabel). */
  build() {
    const v = this.view;
    this.msgs = h("div", { class: "coach-says" });
    this.doEl = h("p", { class: "coach-do" });
    this.endEl = h("div", { class: "coach-end", hidden: true });
    this.el = h("section", { class: "coach", role: "status", "aria-live": "polite", "aria-label": t("coach.badge"), dataset: { moments: this.seen.join(" ") } },
      h("div", { class: "coach-head" },
        h("span", { class: "coach-badge", text: t("coach.badge") }),
        h("a", { class: "coach-leave", href: `#/game/${encodeURIComponent(this.game)}?deck=${encodeURIComponent(v.deck)}`, text: t("coach.leave") })),
      this.msgs, this.doEl, this.endEl);
    this.draw();
    return this.el;
  }

  /** A fresh lesson: nothing said yet; the game in a few words first. */
  started() {
    this.seen = [];
    this.finished = false;
    this.lastSaid = null;
    writeList(this.seenKey, this.seen);
    this.lines = [{ id: "intro", say: () => t(`coach.${this.game}.intro`) }];
    this.draw();
  }

  /** The moments of one response: the new ones are said (each once in the lesson). */
  moments(list) {
    const fresh = (list || []).filter((m) => !this.seen.includes(m.id));
    if (!fresh.length) return;
    const said = fresh.map((m) => ({ id: m.id, moment: m, say: () => t(`coach.${this.game}.${m.id}`, this.params(m)) }));
    this.seen.push(...fresh.map((m) => m.id));
    this.lines.push(...said);
    while (this.lines.length > 3) this.lines.shift(); // a phone shows the latest few
    writeList(this.seenKey, this.seen);
    this.el.dataset.moments = this.seen.join(" ");
    for (const line of said) this.view.note(() => `${t("coach.badge")}: ${line.say()}`);
    this.draw();
  }

  /** A moment's words need its cards, seats and teams named in the reader's language. */
  params(m) {
    const v = this.view;
    const s = v.snap || {};
    // mine: the learner's team (the engine says); me: the learner's own seat
    const p = { mine: m.mine ? "yes" : "no", me: m.seat !== undefined && m.seat === s.seat ? "yes" : "no" };
    if (m.card) p.card = cardName(m.card);
    if (m.suit) p.suit = m.suit === "T" ? t("cheat.trumps") : t(`suit.${m.suit}`);
    if (m.seat !== undefined) p.who = v.seatName(m.seat);
    if (m.team !== undefined) p.team = v.teamName(m.team);
    if (m.cards) p.cards = cardsName(m.cards);
    for (const k of ["points", "options", "count"]) if (m[k] !== undefined) p[k] = m[k];
    if (m.resti) {
      const mine = (s.teams || []).findIndex((team) => team.includes(s.seat));
      p.a = m.resti[mine < 0 ? 0 : mine];
      p.b = m.resti[mine === 1 ? 0 : 1];
    }
    return p;
  }

  /** The table's state changed: on the learner's turn, what to do. */
  async turn(state) {
    const v = this.view;
    this.suggest = null;
    if (state !== "yours" || this.finished) { this.draw(); return; }
    const token = v.ctl.token;
    const s = v.snap;
    if (s.phase === "declare") { this.suggest = { declare: true }; this.draw(); return; }
    const res = await v.ctl.hint();
    if (!v.isCurrent(token) || !res.ok || v.el.dataset.state !== "yours" || v.snap !== s) return;
    const action = (s.legal || []).find((a) => a.id === res.hint);
    if (action) this.suggest = this.suggestion(action, res.advice || {});
    this.draw();
  }

  /** The deal is scored: the lesson is over (marked done), with the way on. */
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.suggest = null;
    const done = lessonsDone();
    if (!done.includes(this.game)) writeList(DONE_KEY, [...done, this.game]);
    this.el.dataset.finished = "true";
    this.draw();
  }

  /** The closing words and the way on, for the score sheet and for the box. */
  endSection() {
    const v = this.view;
    return h("section", { class: "coach-finish" },
      h("h3", { text: t("coach.done_title") }),
      h("p", { text: t("coach.done", { game: t(`game.${this.game}.name`) }) }),
      h("p", { class: "coach-next" },
        h("a", { class: "btn primary", href: `#/game/${encodeURIComponent(this.game)}?deck=${encodeURIComponent(v.deck)}`, text: t("coach.play_real") }),
        h("button", { type: "button", class: "btn coach-replay", text: t("coach.replay"), onclick: () => v.replayLesson() })));
  }

  /** The box drawn again: the lines, what to do, the marks. */
  draw() {
    if (!this.el) return;
    clear(this.msgs).append(...this.lines.map((l) => h("p", { class: "coach-line", dataset: { moment: l.id }, text: l.say() })));
    clear(this.doEl);
    this.doEl.hidden = true;
    const v = this.view;
    const yours = v.el && v.el.dataset.state === "yours";
    if (this.suggest && yours) {
      this.doEl.hidden = false;
      const say = this.doText();
      this.doEl.append(...(say ? [h("b", { text: say }), " "] : []), h("span", { class: "coach-tap", text: this.tapText() }));
    } else if (!this.finished && v.el && v.el.dataset.state === "busy" && this.lines.length) {
      this.doEl.hidden = false;
      this.doEl.append(h("span", { class: "coach-tap", text: t("coach.watch") }));
    }
    clear(this.endEl).hidden = !this.finished;
    if (this.finished) this.endEl.append(this.endSection());
    this.mark();
  }

  /**
   * The step's suggestion {action, advice, kind}: the engine's reason ("own"), unless the step
   * just before said the very same words (Cicera's "it leaves no sweep" 16 lines of 20): then
   * how much better it does than the next best move ("compare"), or no reason at all ("none").
   * The only move is said as often as it is true.
   */
  suggestion(action, advice) {
    let s = { action, advice, kind: "own" };
    const said = this.reasonFor(s);
    if (said && said === this.lastSaid && !(advice.reason && advice.reason.code === "only_move")) {
      s = { action, advice, kind: "compare" };
      const other = this.reasonFor(s);
      if (!other || other === said) s.kind = "none";
    }
    this.lastSaid = this.reasonFor(s);
    return s;
  }

  /** The words of a suggestion's reason, in the page's language ("" for none). */
  reasonFor({ advice, kind }) {
    if (kind === "none") return "";
    const legal = (this.view.snap && this.view.snap.legal) || [];
    const choices = (advice.choices || []).filter((c) => typeof c.expected === "number");
    if (kind === "compare") {
      const gain = choices.length > 1 ? choices[0].expected - choices[1].expected : 0;
      return aboutPoints(gain) >= 1 ? reasonText({ code: "best_average", gain }, choices, legal) : "";
    }
    return reasonText(advice.reason, choices, legal);
  }

  doText() {
    const { action, declare } = this.suggest;
    if (declare) return "";
    const reason = this.reasonFor(this.suggest);
    return reason ? t("coach.do", { action: describeAction(action), reason }) : t("coach.do_plain", { action: describeAction(action) });
  }

  tapText() {
    const v = this.view;
    const { action, declare } = this.suggest;
    if (declare) return t("coach.tap_declare");
    if (v.choosing) return t(action.call ? "coach.tap_call" : "coach.tap_option"); // a lead's call, or a capture
    if (action.type === "discard" && action.cards) return t("coach.tap_discard");
    return t("coach.tap");
  }

  /** Marks what to tap next (the card, then the option or button) and what the last words are about. */
  mark() {
    const v = this.view;
    if (!v.el) return;
    for (const e of v.el.querySelectorAll(".coach-pick, .coach-point")) e.classList.remove("coach-pick", "coach-point");
    const last = this.lines[this.lines.length - 1];
    const where = last && last.moment ? this.pointAt(last.moment) : null;
    if (where) where.classList.add("coach-point");
    if (!this.suggest || v.el.dataset.state !== "yours") return;
    const picked = this.picks().filter(Boolean);
    for (const e of picked) e.classList.add("coach-pick");
    this.bringIntoView(picked);
  }

  /** What to tap next: the card(s), then the option or button. */
  picks() {
    const v = this.view;
    if (this.suggest.declare) return [v.choiceEl.querySelector(".declare-go")];
    const a = this.suggest.action;
    if (v.choosing) return [v.choiceEl.querySelector(`button[data-action="${CSS.escape(a.id)}"]`)];
    if (a.type === "discard" && a.cards) {
      const left = a.cards.filter((c) => !v.discardSel.includes(c));
      if (!left.length) return [v.choiceEl.querySelector(`button[data-action="${CSS.escape(a.id)}"]`)];
      return left.map((c) => v.handEl.querySelector(`button[data-card="${CSS.escape(c)}"]`));
    }
    return [v.handEl.querySelector(`button[data-card="${CSS.escape(a.card)}"]`)];
  }

  /** On a phone the coach's box pushes the hand below the screen's edge (Tarocchi's first
   *  discard): once per step, the page is scrolled so that what to tap is on screen, the
   *  coach's "Do this" line kept in view above it. A reader who scrolls away is left there. */
  bringIntoView(picked) {
    // the step and what is left to tap in it, by name: a redrawn hand (new buttons) is the same step
    const marks = picked.map((e) => e.dataset.card || e.dataset.action || "go").join(" ");
    if (!picked.length || (this.scrolledFor === this.suggest && this.scrolledTo === marks)) return;
    this.scrolledFor = this.suggest;
    this.scrolledTo = marks;
    const rects = picked.map((e) => e.getBoundingClientRect());
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    const room = window.innerHeight;
    let by = 0;
    if (bottom > room - 8) {
      by = bottom - room + 12;
      const words = this.doEl.hidden ? this.el : this.doEl;
      const wordsTop = words.getBoundingClientRect().top;
      if (wordsTop > 0 && wordsTop < top) by = Math.min(by, wordsTop - 8); // the words stay on screen
    } else if (top < 0) by = top - 12;
    if (by >= 1 || by <= -1) {
      // smooth, unless the reader asks for less motion or plays at the instant speed
      const still = !this.view.pace().travel || (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
      window.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
    }
  }

  pointAt(m) {
    const v = this.view;
    // what each moment points at: the game's lesson says (its description's points_at, in the catalogue)
    switch (((v.game.lesson || {}).points_at || {})[m.id]) {
      case "stock": return v.stockEl;
      case "scores": return v.scoresEl;
      case "table": return v.playEl;
      case "choices": return v.choiceEl.hidden ? null : v.choiceEl;
      case "seat": {
        const s = v.snap;
        return s && m.seat !== undefined ? v.seats[seatPosition(m.seat, s.seat, s.players)] : null;
      }
      default: return null;
    }
  }
}
