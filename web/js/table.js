// The table: renders snapshots from the engine (never deciding legality or scores),
// offers the legal actions it lists, drives computer moves one `advance` at a time,
// animates them as a layer over the state, shows score sheets and autosaves.
//
// Seats are laid out around the board from the human's point of view: for 4 seats,
// seat s+1 sits on the right of seat s (me bottom, me+1 right, me+2 top, me+3 left).
import { h, clear, sleep, storage } from "./dom.js";
import { t, num, has } from "./i18n.js";
import { cardSvg, backSvg } from "./cardart.js";
import { cardName, cardsName, indexLabel, seatPosition, seatName, teamName } from "./names.js";
import { hook } from "./engine.js";

const FISHING = new Set(["scopa", "cicera"]);
const NO_STOCK = new Set(["cicera", "tarocchi", "minchiate"]); // everything is dealt at once
export const SPEEDS = { slow: 1100, normal: 650, fast: 300, instant: 0 };
export const LEVELS = ["random", "greedy", "normal"];
const SETTINGS_KEY = "cardavia.settings";

export function loadSettings() {
  const s = { level: "normal", speed: "normal", ...storage.get(SETTINGS_KEY, {}) };
  const q = new URLSearchParams(location.search);
  if (LEVELS.includes(q.get("level"))) s.level = q.get("level");
  if (q.get("speed") in SPEEDS) s.speed = q.get("speed");
  if (!LEVELS.includes(s.level)) s.level = "normal";
  if (!(s.speed in SPEEDS)) s.speed = "normal";
  // ?seed=<int> (tests, demos, bug reports): the first match of the page replays that deal
  if (/^\d{1,9}$/.test(q.get("seed") || "")) s.seed = Number(q.get("seed"));
  return s;
}

function saveSettings(s) {
  storage.set(SETTINGS_KEY, { level: s.level, speed: s.speed });
}

function cardEl(code, deck, extra = {}) {
  const e = h("span", { class: "card face", dataset: { card: code }, ...extra });
  e.appendChild(cardSvg(code, deck, indexLabel(code)));
  return e;
}

function backEl(deck) {
  const e = h("span", { class: "card back" });
  e.appendChild(backSvg(deck));
  return e;
}

export class TableView {
  /**
   * @param {HTMLElement} root  element to fill
   * @param {object} opts  {engine, game (catalogue entry), deck, embed}
   */
  constructor(root, { engine, game, deck, embed = false }) {
    this.root = root;
    this.engine = engine;
    this.game = game;
    this.deck = deck;
    this.embed = embed;
    this.settings = loadSettings();
    this.snap = null;
    this.token = 0;
    this.disposed = false;
    this.choosing = null;
    this.saveKey = `cardavia.save.${game.id}.${deck}`;
    this.build();
  }

  get speed() { return SPEEDS[this.settings.speed]; }
  get fishing() { return FISHING.has(this.game.id); }

  // ---------------------------------------------------------------- layout
  build() {
    const players = this.game.players;
    this.el = h("div", { class: `table-view players-${players}${this.embed ? " embed" : ""}`, dataset: { state: "loading", game: this.game.id } });
    this.board = h("div", { class: "board" });
    this.seats = {};
    for (const pos of players === 2 ? ["top"] : ["top", "left", "right"]) {
      const s = h("div", { class: `seat seat-${pos}`, dataset: { pos } });
      this.seats[pos] = s;
      this.board.appendChild(s);
    }
    this.center = h("div", { class: "center" });
    this.stockEl = h("div", { class: "stock-area" });
    this.playEl = h("div", { class: this.fishing ? "table-cards" : "trick", role: "group", "aria-label": t(this.fishing ? "table.table" : "table.trick") });
    this.ledEl = h("p", { class: "led-by", hidden: true });
    this.center.append(this.ledEl, this.playEl, this.stockEl);
    this.board.appendChild(this.center);

    this.mine = h("div", { class: "seat seat-bottom", dataset: { pos: "bottom" } });
    this.myInfo = h("div", { class: "seat-info" });
    this.choiceEl = h("div", { class: "choices", role: "group", hidden: true });
    this.handEl = h("div", { class: "hand", role: "region", "aria-label": t("table.your_hand") });
    this.mine.append(this.myInfo, this.choiceEl, this.handEl);
    this.board.appendChild(this.mine);

    // transient badges near a seat ("Picada!", "1 trump discarded"); the log says the same in words
    this.flashEl = h("div", { class: "flashes", "aria-hidden": "true" });
    this.board.appendChild(this.flashEl);

    this.overlay = h("div", { class: "overlay", role: "status" });
    this.board.appendChild(this.overlay);

    this.status = h("p", { class: "turn-status", role: "status", "aria-live": "polite", text: t("table.loading") });
    this.scoresEl = h("div", { class: "scores" });

    const levelSel = h("select", { id: `level-${this.game.id}`, class: "level" },
      LEVELS.map((l) => h("option", { value: l, selected: l === this.settings.level, text: t(`table.level.${l}`) })));
    levelSel.addEventListener("change", () => {
      this.settings.level = levelSel.value;
      saveSettings(this.settings);
      this.note(t("table.level_next"));
    });
    const speedSel = h("select", { id: `speed-${this.game.id}`, class: "speed" },
      Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === this.settings.speed, text: t(`table.speed.${s}`) })));
    speedSel.addEventListener("change", () => {
      this.settings.speed = speedSel.value;
      saveSettings(this.settings);
    });
    this.newBtn = h("button", { type: "button", class: "btn new-match", text: t("table.new_match"), onclick: () => this.newMatch() });
    this.undoBtn = h("button", { type: "button", class: "btn undo", text: t("table.undo"), disabled: true, onclick: () => this.undo() });
    this.hintBtn = h("button", { type: "button", class: "btn hint", text: t("table.hint"), disabled: true, onclick: () => this.hint() });
    const controls = h("div", { class: "controls" },
      h("label", { for: levelSel.id }, t("table.level")), levelSel,
      h("label", { for: speedSel.id }, t("table.speed")), speedSel,
      h("div", { class: "buttons" }, this.hintBtn, this.undoBtn, this.newBtn));

    this.logEl = h("ol", { class: "log" });
    const logBox = h("section", { class: "log-box", role: "log", "aria-live": "polite", "aria-label": t("table.log") },
      h("h3", { text: t("table.log") }), this.logEl);

    this.side = h("aside", { class: "side" },
      h("section", { class: "scores-box", "aria-label": t("table.scores") }, this.status, this.scoresEl),
      h("section", { class: "settings-box", "aria-label": t("table.settings") }, controls),
      logBox);

    this.dialog = h("dialog", { class: "sheet", "aria-labelledby": `sheet-title-${this.game.id}` });
    this.el.append(this.board, this.side, this.dialog);
    this.root.appendChild(this.el);

    this.el.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.choosing) { e.preventDefault(); this.cancelChoice(); }
    });
    // arrow keys move between the cards of the hand (Tab works too; Enter/Space plays)
    this.handEl.addEventListener("keydown", (e) => {
      const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };
      if (!(e.key in keys)) return;
      const buttons = [...this.handEl.querySelectorAll("button:not([disabled])")];
      if (!buttons.length) return;
      e.preventDefault();
      let i = buttons.indexOf(document.activeElement);
      const step = keys[e.key]; // the board is laid out left to right in every language
      i = Math.max(0, Math.min(buttons.length - 1, (i < 0 ? 0 : i) + step));
      buttons[i].focus();
    });
  }

  setState(state) {
    this.el.dataset.state = state;
    this.undoBtn.disabled = !(state === "yours" && this.snap && this.snap.can_undo);
    this.hintBtn.disabled = state !== "yours";
    if (state === "yours") this.status.textContent = t("table.your_turn");
    else if (state === "busy" && this.snap && this.snap.to_move !== null && this.snap.to_move !== undefined) {
      this.status.textContent = this.snap.to_move === this.snap.seat ? "" : t("table.waiting", { who: this.seatName(this.snap.to_move) });
    } else if (state === "over" && this.snap && this.snap.result) {
      this.status.textContent = this.verdict(this.snap.result.winner_team, this.snap);
    }
  }

  /** "You win!" / "The AI wins." / "A draw." (team wording with partners) */
  verdict(winnerTeam, snap) {
    if (winnerTeam === null || winnerTeam === undefined) return t("sheet.draw");
    const mine = winnerTeam === this.teamOf(snap.seat, snap);
    const partners = (snap.teams[0] || []).length > 1;
    if (partners) return mine ? t("sheet.winner_team") : t("sheet.winner_opponents");
    return mine ? t("sheet.winner_you") : t("sheet.winner_ai");
  }

  seatName(seat) {
    const s = this.snap;
    return seatName(seat, s ? s.seat : 0, this.game.players, s && s.teams);
  }

  note(text) {
    this.logEl.appendChild(h("li", { class: "note", text }));
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  // ---------------------------------------------------------------- boot
  showBoot(state) {
    const o = clear(this.overlay);
    if (state.stage === "ready") { o.hidden = true; return; }
    o.hidden = false;
    if (state.stage === "failed") {
      const reason = String(state.reason || "").trim().split("\n").filter(Boolean).pop() || "";
      const msg = state.reason === "timeout" ? t("boot.timeout") : t("boot.failed", { reason: reason.slice(0, 200) });
      o.append(h("p", { class: "boot-error", role: "alert", text: msg }),
        h("button", { type: "button", class: "btn retry", text: t("boot.retry"), onclick: () => this.retry() }));
      return;
    }
    const pct = { idle: 2, sw: 4, precache: 5 + 55 * ((state.done || 0) / (state.total || 1)), runtime: 65, micropip: 80, engine: 90 }[state.stage] ?? 50;
    const known = ["sw", "runtime", "micropip", "engine"];
    const text = state.stage === "precache" ? t("boot.precache", { done: state.done, total: state.total })
      : known.includes(state.stage) ? t(`boot.${state.stage}`) : t("table.loading");
    o.append(h("p", { class: "boot-text", text }), h("progress", { max: 100, value: Math.round(pct), "aria-label": text }));
  }

  async retry() {
    try {
      await this.engine.retry();
      await this.resumeOrNew();
    } catch { /* shown by the overlay */ }
  }

  async start() {
    this.unsub = this.engine.onState((s) => this.showBoot(s));
    try {
      await this.engine.start();
    } catch {
      return; // the overlay shows the failure and a Retry button
    }
    await this.resumeOrNew();
  }

  destroy() {
    this.disposed = true;
    this.token++;
    if (this.unsub) this.unsub();
    if (this.dialog.open) this.dialog.close();
    this.el.remove();
  }

  async resumeOrNew() {
    if (this.disposed) return;
    const saved = storage.get(this.saveKey);
    if (saved && saved.save) {
      const res = await this.call("restore", { save: saved.save });
      if (!res.ok && res.error.code === "engine") return; // engine down: keep the save, the overlay offers Retry
      if (res.ok && res.snapshot && res.snapshot.game === this.game.id) {
        this.level = saved.level || this.settings.level;
        this.logEl.textContent = "";
        this.note(t("table.restored"));
        this.snap = res.snapshot;
        this.render();
        this.markReady();
        const sheets = res.snapshot.sheets || [];
        if (res.snapshot.result && sheets.length) {
          this.setState("over");
          this.showSheet(sheets[sheets.length - 1], res.snapshot, null).then(() => this.setState("over"));
          return;
        }
        this.loop();
        return;
      }
      storage.remove(this.saveKey);
    }
    await this.newMatch();
  }

  /** engine.request that never throws: failures come back as {ok: false, error}. */
  async call(op, fields) {
    try {
      return await this.engine.request(op, fields);
    } catch (err) {
      return { ok: false, error: { code: "engine", message: String((err && err.message) || err) } };
    }
  }

  markReady() {
    hook.ready = true;
    hook.readyAt = performance.now();
    document.documentElement.dataset.ready = "true";
  }

  async newMatch() {
    if (this.disposed) return;
    this.token++;
    if (this.dialog.open) this.dialog.close();
    this.cancelChoice(false);
    this.setState("busy");
    this.level = this.settings.level;
    const fields = { game: this.game.id, deck: this.deck, level: this.level };
    if (this.settings.seed !== undefined) { fields.seed = this.settings.seed; delete this.settings.seed; }
    const res = await this.call("new_match", fields);
    if (!res.ok) { this.showError(res); return; }
    this.logEl.textContent = "";
    this.snap = null;
    hook.flashes = [];
    await this.present(res);
    this.markReady();
    this.loop();
  }

  showError(res) {
    const msg = (res.error && res.error.message) || "error";
    this.note(t("table.error", { message: msg }));
    this.setState(this.snap && this.snap.your_turn ? "yours" : "idle");
  }

  async save() {
    if (this.disposed) return;
    const res = await this.call("save");
    // another view may have replaced the bridge's match meanwhile: never save it under our key
    if (this.disposed || !res.ok || !res.save) return;
    if (res.snapshot && (res.snapshot.game !== this.game.id || res.snapshot.deck !== this.deck)) return;
    storage.set(this.saveKey, { save: res.save, level: this.level });
  }

  // ---------------------------------------------------------------- turn loop
  async loop() {
    const token = this.token;
    while (token === this.token && !this.disposed) {
      const s = this.snap;
      if (!s) return;
      if (s.result || s.to_move === null || s.to_move === undefined) { this.setState("over"); return; }
      if (s.your_turn) {
        this.setState("yours");
        this.focusHand();
        return;
      }
      this.setState("busy");
      if (this.speed) await sleep(this.speed);
      if (token !== this.token || this.disposed) return;
      const res = await this.call("advance");
      if (token !== this.token) return;
      if (!res.ok) { this.showError(res); return; }
      await this.present(res, token);
      await this.save();
    }
  }

  focusHand() {
    const a = document.activeElement;
    if (this.dialog.open || (a && a !== document.body && !this.el.contains(a))) return;
    const b = this.handEl.querySelector("button:not([disabled])");
    if (b) b.focus({ preventScroll: true });
  }

  onCard(code) {
    const s = this.snap;
    if (!s || !s.your_turn || this.el.dataset.state !== "yours") return;
    if (s.phase === "discard") { this.toggleDiscard(code); return; }
    const options = s.legal.filter((a) => a.card === code);
    if (options.length === 0) return;
    if (options.length === 1) { this.act(options[0]); return; }
    this.showChoice(code, options);
  }

  /** Discard phase (Tarocchi dealer): pick cards one by one; the engine lists the legal sets. */
  toggleDiscard(code) {
    const sel = this.discardSel || (this.discardSel = []);
    const i = sel.indexOf(code);
    if (i >= 0) sel.splice(i, 1); else sel.push(code);
    this.renderHand(this.snap);
    this.renderDiscard(this.snap);
    const b = this.choiceEl.querySelector("button.choice") || this.handEl.querySelector(`button[data-card="${code}"]`);
    if (b) b.focus();
  }

  /**
   * The dealer's discard step: the prompt, the cards chosen so far, the button that
   * discards them once they form a legal set, and why the other cards cannot go —
   * derived from the engine's legal sets (a card in none of them) and the card's kind.
   */
  renderDiscard(s) {
    const box = this.choiceEl;
    if (!(s.phase === "discard" && s.your_turn)) {
      if (box.classList.contains("discard-box")) { clear(box).hidden = true; box.classList.remove("discard-box"); }
      return;
    }
    clear(box);
    box.hidden = false;
    box.classList.add("discard-box");
    const sel = this.discardSel || (this.discardSel = []);
    const discards = s.legal.filter((a) => a.type === "discard");
    const size = discards.length ? discards[0].cards.length : 2;
    box.setAttribute("aria-label", t("table.discard_prompt", { count: size }));
    box.append(h("p", { class: "choice-title", text: t("table.discard_prompt", { count: size }) }),
      h("p", { class: "discard-rule", text: t("table.discard_announce") }));
    const match = discards.find((a) => a.cards.length === sel.length && a.cards.every((c) => sel.includes(c)));
    if (match) {
      box.appendChild(h("button", { type: "button", class: "btn choice primary", dataset: { action: match.id },
        text: t("table.discard_option", { cards: cardsName(match.cards) }),
        onclick: () => { this.discardSel = []; this.act(match); } }));
    } else if (sel.length) {
      box.appendChild(h("p", { class: "discard-chosen", text: t("table.discard_chosen", { cards: cardsName(sel), count: size - sel.length }) }));
    }
    const why = discardReasons(s.hand || [], discards, sel, size);
    const groups = new Map();
    for (const [card, reason] of why) {
      if (!groups.has(reason.text)) groups.set(reason.text, { ...reason, cards: [] });
      groups.get(reason.text).cards.push(card);
    }
    if (groups.size) {
      box.appendChild(h("ul", { class: "discard-why", "aria-label": t("table.discard_why_title") },
        [...groups.values()].map((g) => h("li", { dataset: { why: g.key } },
          h("span", { class: "why-cards", text: t("table.discard_why", { cards: g.cards.map(cardName).join(t("list.join")) }) }), " ",
          h("span", { class: "why-text", text: g.text })))));
    }
    for (const b of this.handEl.querySelectorAll("button[data-card]")) {
      const r = why.get(b.dataset.card);
      if (r) { b.title = r.text; b.dataset.why = r.key; } else { b.removeAttribute("title"); delete b.dataset.why; }
    }
  }

  showChoice(code, options) {
    this.choosing = code;
    const box = clear(this.choiceEl);
    box.hidden = false;
    box.setAttribute("aria-label", t("table.choose_capture", { card: cardName(code) }));
    box.appendChild(h("p", { class: "choice-title", text: t("table.choose_capture", { card: cardName(code) }) }));
    const mark = (cards, on) => {
      for (const c of cards || []) {
        const e = this.playEl.querySelector(`[data-card="${c}"]`);
        if (e) e.classList.toggle("proposed", on);
      }
    };
    for (const a of options) {
      const label = a.captures && a.captures.length ? t("table.capture_option", { cards: cardsName(a.captures) }) : t("table.place_option", { card: cardName(code) });
      const b = h("button", { type: "button", class: "btn choice", dataset: { action: a.id }, text: label, onclick: () => { mark(a.captures, false); this.act(a); } });
      for (const ev of ["mouseenter", "focus"]) b.addEventListener(ev, () => mark(a.captures, true));
      for (const ev of ["mouseleave", "blur"]) b.addEventListener(ev, () => mark(a.captures, false));
      box.appendChild(b);
    }
    box.appendChild(h("button", { type: "button", class: "btn cancel", text: t("table.cancel"), onclick: () => this.cancelChoice() }));
    for (const b of this.handEl.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.card === code));
    box.querySelector("button").focus();
  }

  cancelChoice(refocus = true) {
    if (!this.choosing) return;
    const code = this.choosing;
    this.choosing = null;
    clear(this.choiceEl).hidden = true;
    for (const b of this.handEl.querySelectorAll("button")) b.removeAttribute("aria-pressed");
    if (refocus) {
      const b = this.handEl.querySelector(`button[data-card="${code}"]`);
      if (b) b.focus();
    }
  }

  async act(action) {
    const token = this.token;
    if (this.el.dataset.state !== "yours") return;
    this.setState("busy");
    this.cancelChoice(false);
    this.discardSel = [];
    clear(this.choiceEl).hidden = true;
    const res = await this.call("act", { action: action.id });
    if (token !== this.token) return;
    if (!res.ok) { this.showError(res); this.render(); return; }
    await this.present(res, token);
    await this.save();
    this.loop();
  }

  async hint() {
    const token = this.token;
    if (this.el.dataset.state !== "yours") return;
    const res = await this.call("hint");
    if (token !== this.token || !res.ok || this.el.dataset.state !== "yours") return;
    const action = (this.snap.legal || []).find((a) => a.id === res.hint);
    if (!action) return;
    this.note(t("table.hint_text", { action: describeAction(action) }));
    for (const b of this.handEl.querySelectorAll("button")) {
      b.classList.toggle("hinted", b.dataset.card === action.card || (action.cards || []).includes(b.dataset.card));
    }
    const b = this.handEl.querySelector("button.hinted");
    if (b) b.focus();
  }

  async undo() {
    const token = this.token;
    if (this.el.dataset.state !== "yours") return;
    this.setState("busy");
    this.cancelChoice(false);
    this.discardSel = [];
    const res = await this.call("undo");
    if (token !== this.token) return;
    if (!res.ok) { this.showError(res); return; }
    this.snap = res.snapshot;
    hook.snapshot = res.snapshot;
    this.note(t("table.undone"));
    this.render();
    await this.save();
    this.loop();
  }

  // ---------------------------------------------------------------- events → words + animation
  async present(res, token = this.token) {
    const events = res.events || [];
    const snap = res.snapshot;
    const me = snap.seat;
    if (!this.snap) { this.snap = snap; this.render(); }
    let sheet = null;
    let matchWon = null;
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      const next = events[i + 1];
      if (token === this.token) this.flashFor(ev, me);
      if (ev.type === "played" && next && (next.type === "captured" || next.type === "placed") && next.card === ev.card) {
        continue; // the capture/placement line says it all
      }
      if (ev.type === "bonus" && ev.bonus === "scopa" && events.slice(0, i).some((e) => e.type === "sweep" && e.seat === ev.seat)) {
        continue; // already said: "… — Scopa!"
      }
      const sweep = ev.type === "captured" && next && next.type === "sweep" && next.seat === ev.seat;
      this.logEvent(ev, sweep);
      if (sweep) i++;
      if (ev.type === "deal_scored") sheet = ev.sheet;
      if (ev.type === "match_won") matchWon = ev;
      if (this.speed && token === this.token) {
        if (ev.type === "played" || ev.type === "placed" || ev.type === "captured") await this.animatePlay(ev, me);
        else if (ev.type === "trick_won") await this.animateTrick(ev);
      }
    }
    if (token !== this.token) return;
    this.snap = snap;
    hook.snapshot = snap;
    if (sheet) {
      this.render({ keepBoard: true });
      await this.showSheet(sheet, snap, matchWon);
      if (token !== this.token) return;
    }
    this.render();
  }

  logEvent(ev, sweep) {
    const s = this.snap || {};
    const who = ev.seat !== undefined ? this.seatName(ev.seat) : "";
    const teamWho = (team) => (this.snap ? teamName(team, this.snap) : "");
    let text = null;
    const scores = (arr) => (arr && arr.length === 2 ? t("log.scores_join", { a: num(arr[0]), b: num(arr[1]) }) : (arr || []).map(num).join("–"));
    switch (ev.type) {
      case "dealt":
        text = ev.dealer === s.seat ? t("log.dealt_you", { deal: ev.deal }) : t("log.dealt", { deal: ev.deal, who: this.seatName(ev.dealer) });
        break;
      case "redeal": text = t("log.redeal"); break;
      case "played": text = t("log.played", { who, card: cardName(ev.card) }); break;
      case "placed": text = t("log.placed", { who, card: cardName(ev.card) }); break;
      case "captured":
        text = t(sweep ? "log.captured_sweep" : "log.captured", { who, card: cardName(ev.card), cards: cardsName(ev.cards || []) });
        break;
      case "sweep": text = t("log.sweep", { who }); break;
      case "trick_won": text = t("log.trick_won", { who, points: ev.points || 0 }); break;
      case "leftovers":
        if (ev.reason === "matto") text = t("log.handed_matto", { who: teamWho(ev.team) });
        else if (ev.reason === "discard") text = t("log.handed_discard", { who: teamWho(ev.team) });
        else if (ev.cards && ev.cards.length) text = t("log.leftovers", { count: ev.cards.length, who: teamWho(ev.team) });
        break;
      case "unclaimed":
        text = t("log.unclaimed", { count: (ev.cards || []).length });
        break;
      case "bonus":
        text = t("log.bonus", { who: who || teamWho(ev.team), bonus: has(`bonus.${ev.bonus}`) ? t(`bonus.${ev.bonus}`) : ev.bonus, points: ev.points || 0 });
        break;
      case "deal_scored": text = t("log.deal_scored", { deal: ev.sheet.deal, scores: scores(ev.sheet.totals) }); break;
      case "match_won":
        text = ev.winner_team === null || ev.winner_team === undefined ? t("log.match_drawn", { scores: scores(ev.scores) })
          : t("log.match_won", { who: teamWho(ev.winner_team), scores: scores(ev.scores) });
        break;
      case "discarded":
        text = ev.trumps === undefined || ev.trumps === null ? t("log.discarded", { who })
          : t("log.discarded_trumps", { who, trumps: ev.trumps });
        if (ev.cards && ev.cards.length) text += " " + t("log.discarded_cards", { cards: cardsName(ev.cards) });
        break;
      default: break; // drew: shown by the hand itself
    }
    if (text) {
      this.logEl.appendChild(h("li", { class: `ev ev-${ev.type}`, text }));
      while (this.logEl.children.length > 200) this.logEl.firstChild.remove();
      this.logEl.scrollTop = this.logEl.scrollHeight;
    }
  }

  /** A transient badge near a seat (bonuses, the dealer's trump count) or over the middle. */
  flashFor(ev, me) {
    let text = null;
    let pos = ev.seat !== undefined ? seatPosition(ev.seat, me, this.game.players) : "center";
    if (ev.type === "bonus") {
      text = t("table.bonus_flash", { bonus: has(`bonus.${ev.bonus}`) ? t(`bonus.${ev.bonus}`) : ev.bonus, points: ev.points || 0 });
    } else if (ev.type === "discarded" && ev.trumps !== undefined && ev.trumps !== null) {
      text = t("table.discard_trumps", { trumps: ev.trumps });
    } else if (ev.type === "unclaimed") {
      text = t("table.unclaimed", { count: (ev.cards || []).length });
      pos = "center";
    }
    if (!text) return;
    const badge = h("span", { class: `flash flash-${ev.type}`, dataset: { bonus: ev.bonus || null, pos }, text });
    let spot = this.flashEl.querySelector(`.flash-spot[data-pos="${pos}"]`);
    if (!spot) {
      spot = h("div", { class: `flash-spot at-${pos}`, dataset: { pos } });
      this.flashEl.appendChild(spot);
    }
    spot.appendChild(badge);
    hook.flashes = (hook.flashes || []).concat([{ type: ev.type, bonus: ev.bonus || null, seat: ev.seat, pos, text }]);
    setTimeout(() => { badge.classList.add("gone"); setTimeout(() => badge.remove(), 400); }, 2600);
  }

  async animatePlay(ev, me) {
    const pos = seatPosition(ev.seat, me, this.game.players);
    let e = this.playEl.querySelector(`[data-card="${ev.card}"]`);
    if (!e) {
      if (ev.seat === me) {
        const b = this.handEl.querySelector(`[data-card="${ev.card}"]`);
        if (b) b.remove();
      } else {
        const seatEl = this.seats[pos];
        const back = seatEl && seatEl.querySelector(".hidden-hand .card");
        if (back) back.remove();
      }
      e = cardEl(ev.card, this.deck, { "data-pos": pos });
      e.classList.add("enter", `from-${pos}`);
      e.style.setProperty("--dur", `${Math.min(this.speed, 450)}ms`);
      const empty = this.playEl.querySelector(".empty");
      if (empty) empty.remove();
      this.playEl.appendChild(e);
      await sleep(this.speed);
    }
    if (ev.type === "captured") {
      const taken = [e];
      for (const c of ev.cards || []) {
        const x = this.playEl.querySelector(`[data-card="${c}"]`);
        if (x) taken.push(x);
      }
      for (const x of taken) x.classList.add("taking");
      await sleep(this.speed);
      await this.sweepTo(taken, pos);
    }
  }

  async animateTrick(ev) {
    const me = this.snap.seat;
    const pos = seatPosition(ev.seat, me, this.game.players);
    const w = this.playEl.querySelector(`[data-pos="${pos}"]`);
    if (w) w.classList.add("winner");
    await sleep(Math.round(this.speed * 1.3));
    await this.sweepTo([...this.playEl.querySelectorAll(".card")], pos);
  }

  /** Cards leave the middle towards the seat that took them. */
  async sweepTo(cards, pos) {
    const dur = Math.min(this.speed, 350);
    for (const x of cards) {
      x.style.setProperty("--dur", `${dur}ms`);
      x.classList.remove("enter");
      x.classList.add("leave", `to-${pos}`);
    }
    await sleep(dur);
  }

  // ---------------------------------------------------------------- rendering
  render({ keepBoard = false } = {}) {
    const s = this.snap;
    if (!s) return;
    this.renderScores(s);
    if (keepBoard) return;
    const me = s.seat;
    for (let seat = 0; seat < s.players; seat++) {
      if (seat === me) continue;
      this.renderSeat(this.seats[seatPosition(seat, me, s.players)], seat, s);
    }
    this.renderInfo(this.myInfo, me, s);
    this.renderCenter(s);
    this.renderHand(s);
    this.renderDiscard(s);
  }

  teamOf(seat, s) {
    return s.teams.findIndex((tm) => tm.includes(seat));
  }

  renderInfo(box, seat, s) {
    clear(box);
    const team = this.teamOf(seat, s);
    const firstOfTeam = s.teams[team][0] === seat || s.teams[team].indexOf(seat) === 0;
    box.append(h("span", { class: "who", text: this.seatName(seat) }));
    if (s.to_move === seat) box.classList.add("to-move"); else box.classList.remove("to-move");
    if (firstOfTeam && s.captured) {
      box.append(h("span", { class: "pile", text: t("table.captured", { count: s.captured[team] }) }));
    }
    if (s.dealer === seat && NO_STOCK.has(this.game.id)) {
      box.append(h("span", { class: "dealer-tag", text: t("table.dealer") }));
      if (s.discard_trumps !== undefined && s.discard_trumps !== null && s.phase !== "over") {
        box.append(h("span", { class: "discard-tag", text: t("table.discard_trumps", { trumps: s.discard_trumps }) }));
      }
    }
  }

  renderSeat(box, seat, s) {
    if (!box) return;
    clear(box);
    const info = h("div", { class: "seat-info" });
    this.renderInfo(info, seat, s);
    const n = (s.hand_counts || [])[seat] || 0;
    const hidden = h("div", { class: "hidden-hand", role: "img", "aria-label": t("table.opponent_hand", { who: this.seatName(seat), count: n }) });
    const shown = Math.min(n, s.players > 2 ? 8 : 12);
    for (let i = 0; i < shown; i++) hidden.appendChild(backEl(this.deck));
    if (n) hidden.appendChild(h("span", { class: "count", "aria-hidden": "true", text: num(n) }));
    box.append(info, hidden);
  }

  renderCenter(s) {
    const me = s.seat;
    clear(this.playEl);
    if (this.fishing) {
      for (const c of s.table || []) this.playEl.appendChild(cardEl(c, this.deck));
      if (!(s.table || []).length) this.playEl.appendChild(h("p", { class: "empty", text: t("table.empty_table") }));
    } else {
      (s.trick || []).forEach(({ seat, card }, i) => {
        const pos = seatPosition(seat, me, s.players);
        const e = cardEl(card, this.deck, { "data-pos": pos });
        if (i === 0) e.classList.add("led");
        this.playEl.appendChild(e);
      });
    }
    // who led the trick (or leads next)
    const trick = s.trick || [];
    const leader = trick.length ? trick[0].seat : s.leader;
    const showLed = !this.fishing && s.phase === "play" && leader !== undefined && leader !== null;
    this.ledEl.hidden = !showLed;
    this.ledEl.textContent = showLed ? t(trick.length ? "table.led_by" : "table.to_lead", { who: this.seatName(leader) }) : "";
    // stock + trump
    const st = clear(this.stockEl);
    st.hidden = NO_STOCK.has(this.game.id);
    const stock = s.stock || 0;
    const pile = h("div", { class: "stock", role: "img", "aria-label": stock ? t("table.stock_label", { count: stock }) : t("table.stock_empty") });
    if (s.trump) {
      const tr = cardEl(s.trump, this.deck, { class: "card face trump-card", title: t("table.trump_card", { card: cardName(s.trump) }) });
      pile.appendChild(tr);
    }
    const faceDown = s.trump ? stock - 1 : stock;
    if (faceDown > 0) pile.appendChild(backEl(this.deck));
    st.appendChild(pile);
    st.appendChild(h("p", { class: "stock-count", text: stock ? t("table.stock", { count: stock }) : t("table.stock_empty") }));
    if (s.trump_suit) st.appendChild(h("p", { class: "trump-suit", text: t("table.trump_suit", { suit: t(`suit.${s.trump_suit}`) }) }));
  }

  renderHand(s) {
    const focused = document.activeElement && this.handEl.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    clear(this.handEl);
    const legal = s.your_turn ? s.legal : [];
    const legalCards = new Set();
    const sel = s.phase === "discard" ? (this.discardSel || []) : [];
    for (const a of legal) {
      if (a.card) legalCards.add(a.card);
      if (a.type === "discard" && sel.every((c) => a.cards.includes(c))) a.cards.forEach((c) => legalCards.add(c));
    }
    this.handEl.classList.toggle("many", (s.hand || []).length > 8);
    for (const c of s.hand || []) {
      const b = h("button", {
        type: "button", class: "card-btn", "aria-label": cardName(c), dataset: { card: c },
        disabled: !legalCards.has(c) && !sel.includes(c),
        "aria-pressed": s.phase === "discard" && s.your_turn ? String(sel.includes(c)) : null,
        onclick: () => this.onCard(c),
      });
      b.appendChild(cardEl(c, this.deck));
      this.handEl.appendChild(b);
    }
    if (focused) {
      const b = this.handEl.querySelector(`button[data-card="${focused}"]:not([disabled])`) || this.handEl.querySelector("button:not([disabled])");
      if (b) b.focus();
    }
  }

  renderScores(s) {
    const box = clear(this.scoresEl);
    const dl = h("dl", { class: "score-list" });
    s.teams.forEach((members, team) => {
      const parts = [t("table.points", { points: (s.points || [])[team] || 0 })];
      if (s.match_scores) parts.push(t("table.match", { score: num(s.match_scores[team]) }));
      if (s.players > 2 && s.captured && this.fishing) parts.push(t("table.captured", { count: s.captured[team] }));
      dl.append(h("dt", { text: teamName(team, s) }), h("dd", { dataset: { team }, text: parts.join(" · ") }));
    });
    box.append(h("p", { class: "deal-no", text: t("table.deal", { deal: s.deal || 1 }) }), dl);
    if (!this.fishing && s.last_trick && s.last_trick.cards && s.last_trick.cards.length) {
      const who = this.seatName(s.last_trick.winner);
      box.append(h("div", { class: "last-trick", role: "img", "aria-label": t("table.last_trick_label", { who, cards: cardsName(s.last_trick.cards.map((x) => x.card)) }) },
        h("span", { class: "lt-label", text: t("table.last_trick", { who }) }),
        h("span", { class: "lt-cards" }, s.last_trick.cards.map(({ card, seat }) =>
          cardEl(card, this.deck, { class: `card face mini${seat === s.last_trick.winner ? " won" : ""}` })))));
    }
  }

  // ---------------------------------------------------------------- score sheet
  showSheet(sheet, snap, matchWon) {
    const d = clear(this.dialog);
    const titleId = `sheet-title-${this.game.id}`;
    const teams = sheet.teams || snap.teams;
    const head = h("tr", {}, h("th", { scope: "col", text: t("sheet.item") }),
      teams.map((_, i) => h("th", { scope: "col", text: teamName(i, snap) })));
    // one row per line key; a key scored per team (Scopa's sweeps) shows both cells
    const groups = new Map();
    for (const line of sheet.lines || []) {
      if (!groups.has(line.key)) groups.set(line.key, []);
      groups.get(line.key).push(line);
    }
    const rows = [...groups.entries()].map(([key, lines]) => {
      const label = t(`sheet.line.${key}`) === `sheet.line.${key}` ? key : t(`sheet.line.${key}`);
      const detail = specialDetail(key, lines) || lines.map((l) => detailText(l.detail)).find(Boolean) || perTeamDetail(lines, teams.length);
      const cells = teams.map((_, i) => lines.filter((l) => l.team === i).reduce((a, l) => a + l.points, 0));
      return h("tr", { dataset: { key } },
        h("th", { scope: "row" }, label, detail ? h("span", { class: "detail", text: detail }) : null),
        cells.map((v) => h("td", { class: v ? "scored" : "zero", text: num(v) })));
    });
    const total = h("tr", { class: "total" }, h("th", { scope: "row", text: t("sheet.total") }),
      (sheet.totals || []).map((v, i) => h("td", { dataset: { totalTeam: i }, text: num(v) })));
    const body = [h("thead", {}, head), h("tbody", {}, rows, total)];
    const result = snap.result;
    if (snap.match_scores || (result && result.scores && this.game.format === "match")) {
      const ms = result ? result.scores : snap.match_scores;
      body.push(h("tfoot", {}, h("tr", { class: "match-total" }, h("th", { scope: "row", text: t("sheet.match_total") }),
        ms.map((v, i) => h("td", { dataset: { matchTeam: i }, text: num(v) })))));
    }
    const table = h("table", { class: "sheet-table" }, body);
    let verdict;
    const meTeam = this.teamOf(snap.seat, snap);
    if (result) verdict = this.verdict(result.winner_team, snap);
    else {
      verdict = sheet.winner_team === null || sheet.winner_team === undefined ? t("sheet.deal_draw")
        : sheet.winner_team === meTeam ? t("sheet.deal_you") : t("sheet.deal_ai");
    }
    const buttons = h("div", { class: "sheet-buttons" });
    d.append(h("h2", { id: titleId, text: t("sheet.title", { deal: sheet.deal }) }), table,
      h("p", { class: `verdict${result ? " final" : ""}`, text: verdict }), buttons);
    return new Promise((resolve) => {
      const done = () => { if (d.open) d.close(); resolve(); };
      if (result) {
        buttons.append(
          h("button", { type: "button", class: "btn primary", text: t("sheet.new_match"), onclick: () => { done(); this.newMatch(); } }),
          h("button", { type: "button", class: "btn", text: t("sheet.close"), onclick: done }));
      } else {
        buttons.append(h("button", { type: "button", class: "btn primary", text: t("sheet.continue"), onclick: done }));
      }
      d.addEventListener("close", resolve, { once: true });
      this.setState("sheet");
      d.showModal();
      buttons.querySelector("button").focus();
    });
  }
}

export function describeAction(a) {
  if (a.type === "capture") return t("action.capture", { card: cardName(a.card), cards: cardsName(a.captures || []) });
  if (a.type === "place") return t("action.place", { card: cardName(a.card) });
  if (a.type === "discard") return t("action.discard", { cards: cardsName(a.cards || []) });
  return t("action.play", { card: cardName(a.card) });
}

/** Lines scored per team with a number in their detail ({cards: 22}, {count: 1}): "22 vs 18 cards". */
function perTeamDetail(lines, nTeams) {
  if (lines.length !== nTeams || lines.some((l) => !l.detail || l.team === null || l.team === undefined)) return "";
  const fields = Object.keys(lines[0].detail).filter((k) => lines.every((l) => typeof l.detail[k] === "number"));
  if (!fields.length || nTeams !== 2) return "";
  const k = fields[0];
  const byTeam = [0, 1].map((team) => lines.find((l) => l.team === team).detail[k]);
  const key = has(`sheet.detail.${k}`) ? `sheet.detail.${k}` : "sheet.detail.counts";
  return t(key, { a: num(byTeam[0]), b: num(byTeam[1]) });
}

function detailText(detail) {
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
function specialDetail(key, lines) {
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
 * Why each card of the dealer's hand cannot be discarded now (Map card → {key, text}).
 * The engine's legal sets are the ground truth: a card outside every legal set is
 * explained by its kind; a card that is legal, but not with the cards already chosen,
 * by the choice.
 */
export function discardReasons(hand, discards, sel, size) {
  const out = new Map();
  if (sel.length >= size) return out;
  const inAny = new Set(discards.flatMap((a) => a.cards));
  for (const c of hand) {
    if (sel.includes(c)) continue;
    if (discards.some((a) => a.cards.includes(c) && sel.every((x) => a.cards.includes(x)))) continue;
    let key;
    if (!inAny.has(c)) {
      if (c === "T0") key = "matto";
      else if (c === "T1" || c === "T21") key = "honour";
      else if (c[0] === "K") key = "king";
      else if (c[0] === "T") key = "trump";
      else key = "other";
    } else key = "pair";
    out.set(c, { key, text: t(`table.why.${key}`, { cards: cardsName(sel) }) });
  }
  return out;
}
