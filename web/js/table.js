// The table: a thin view over the parts in table/ — the match controller (engine
// session, turn loop, autosave), the renderer, the narrator (events → words), the
// animator, the choosers, the score sheet and the boot overlay. It renders snapshots from
// the engine (never deciding legality or scores) and offers the legal actions it lists.
import { clear, afterFrame } from "./dom.js";
import { t, num } from "./i18n.js";
import { seatPosition, seatName, teamName, setCardNaming, setPeopleNames } from "./names.js";
import { hook } from "./engine.js";
import { warmFaces, deckCards } from "./cardart.js";
import { Clock, paceFor } from "./table/pace.js";
import { loadSettings, SETTINGS_EVENT } from "./table/prefs.js";
import { MatchController } from "./table/controller.js";
import { badgeFor, killAfter } from "./table/narrator.js";
import { TableLog } from "./table/tablelog.js";
import { Animator } from "./table/animate.js";
import { renderSeat, renderInfo, renderPlay, renderLed, renderStock, renderHand, renderScores, fitHandBox, measureHand, sameHand } from "./table/render.js";
import { showCaptureChooser, showDiscardChooser } from "./table/choosers.js";
import { openSheet, verdictText } from "./table/sheet.js";
import { showBoot } from "./table/boot.js";
import { loadPluginFor, pluginFor } from "./table/plugins.js";
import { describeAction, showHint, showHintRefusal, hideHint } from "./table/hint.js";
import { buildTable } from "./table/layout.js";
import { openPile } from "./table/piles.js";
import { askConfirm } from "./table/confirm.js";
import { openCheatSheet } from "./table/cheatsheet.js";
import { playSound, soundFor, yourTurn, refusedFeedback } from "./sound.js";
import { refusalText } from "./table/refusal.js";
import { dealSection } from "./deals/sheet.js";
import { Coach } from "./table/coach.js";
import { startDeal } from "./deals/start.js";
import { scoreFor } from "./deals/pair.js";
import { peopleForm, passScreen, savedNames } from "./table/people.js";
import { Relay } from "./live/relay.js";
import { friendsBox } from "./live/page.js";
import { offersLesson, drawOffer } from "./table/offer.js";
import { storedOptions } from "./table/options.js";
import { drawOptionsLine } from "./table/optionsdialog.js";

export { describeAction };

/** Keyboard or pointer: the hand takes focus after a computer move only for keyboard players. */
let lastInput = "pointer";
document.addEventListener("keydown", (e) => { if (!e.altKey && !e.ctrlKey && !e.metaKey) lastInput = "keyboard"; }, true);
document.addEventListener("pointerdown", () => { lastInput = "pointer"; }, true);

export class TableView {
  /**
   * @param {HTMLElement} root  element to fill
   * @param {object} opts  {engine, game (catalogue entry), deck, embed, deal ({seed, seat, mode, daily}: a chosen deal to play),
   *   lesson (the game's guided first deal, with its coach), people (pass-and-play on this device),
   *   live (host a live table: friends play from their own devices), guest (a seat at a friend's live table:
   *   `engine` is the host's, through live/remote.js)}
   */
  constructor(root, { engine, game, deck, embed = false, deal = null, lesson = false, people = false, live = false, guest = false }) {
    this.deal = deal;
    this.root = root;
    this.engine = engine;
    this.game = game;
    this.deck = deck;
    this.embed = embed;
    this.settings = loadSettings();
    this.layout = layoutOf(game);
    this.snap = null;
    this.disposed = false;
    this.choosing = null;
    this.discardSel = [];
    this.lastPlayed = null;
    this.clock = new Clock();
    this.players = game.players;
    this.coach = lesson ? new Coach(this) : null;
    setCardNaming(game.id, deck); // names say what the faces show (Scopa's Re reads 10)
    setPeopleNames(null); // pass-and-play names its people once they are seated (the controller)
    this.people = people && !lesson && !embed && !live;
    this.relay = live && !lesson && !embed ? new Relay(engine) : null;
    if (this.relay) hook.relay = this.relay; // for tests: the guests' messages refused, what each was sent
    if (this.relay) this.relay.onFault((res) => this.error(res)); // a seat the bridge would not hand over: said, never a silent stall
    if (this.relay) { this.onPageHide = () => this.relay.closeAll(); window.addEventListener("pagehide", this.onPageHide); }
    this.guest = guest;
    this.ctl = new MatchController({ engine: this.relay ? this.relay.hostEngine() : engine, game: game.id, deck, view: this,
      lesson, people: this.people, live: this.relay, guest });
    this.animator = new Animator(this);
    this.tableLog = new TableLog(this);
    this.build();
    this.root.appendChild(this.el);
    warmFaces(deckCards(deck), deck, game.id); // while the engine starts: the first hand is then cloned, not drawn
    // the hand is fitted to its box's width (and, on a desktop, the window's height)
    this.fitWidth = null; // set by the first fit: reading the window's width now would force a layout of the new table
    this.onResize = () => {
      if (window.innerWidth === this.fitWidth && window.innerWidth <= 820) return; // a phone's bar sliding
      this.fitWidth = window.innerWidth;
      fitHandBox(this.handEl);
    };
    window.addEventListener("resize", this.onResize);
  }

  pace() { return paceFor(this.settings.speed); }

  build() {
    buildTable(this);
    if (this.guest) this.el.classList.add("guest"); // at a friend's table: the host chooses the level and deals
    if (this.relay) this.side.prepend(friendsBox(this.relay, { game: this.game.id, deck: this.deck, hostName: () => this.ctl.names && this.ctl.names[0] }));
    if (this.offering) drawOffer(this, this.offering); // a new language while the lesson is offered: offered again in its words
  }

  seatName(seat) {
    const s = this.snap;
    return seatName(seat, s ? s.seat : 0, this.game.players, s && s.teams);
  }

  teamName(team) { return this.snap ? teamName(team, this.snap) : ""; }

  /** A line of the table's own in the log (a function, so that it can be said again in another language). */
  note(say) { this.tableLog.note(say); }

  flash(pos, text, type, ev = {}) { this.tableLog.flash(pos, text, type, ev); }

  /** The page's language changed: the same table, drawn again in the new words. */
  relabel() {
    this.clock.skip(); // an animation in progress ends; the current snapshot is drawn below
    if (this.choosing) this.cancelChoice(false);
    document.removeEventListener(SETTINGS_EVENT, this.onPrefs);
    const old = this.el;
    const state = old.dataset.state;
    this.build();
    if (old.isConnected) old.replaceWith(this.el); else this.root.appendChild(this.el);
    showBoot(this.overlay, this.engine.state, () => this.retry());
    this.render();
    this.setState(state);
    this.tableLog.replay();
  }

  setState(state) {
    this.el.dataset.state = state;
    const s = this.snap;
    this.undoBtn.disabled = !(state === "yours" && s && s.can_undo);
    this.hintBtn.disabled = state !== "yours";
    this.hideRefusal();
    const names = this.ctl.names;
    if (state === "yours") this.status.textContent = names && s ? t("people.your_turn", { name: names[s.seat] }) : t("table.your_turn");
    else if (state === "pass" || state === "offer") this.status.textContent = "";
    else if (state === "busy" && s && s.to_move !== null && s.to_move !== undefined) {
      this.status.textContent = s.to_move === s.seat ? "" : t("table.waiting", { who: this.seatName(s.to_move) });
    } else if (state === "over" && s && s.result) {
      this.status.textContent = verdictText(s.result.winner_team, s);
    }
    if (this.coach) this.coach.draw();
  }

  // ---------------------------------------------------------------- boot and lifecycle
  async start() {
    this.unsub = this.engine.onState((s) => showBoot(this.overlay, s, () => this.retry()));
    this.unlost = this.engine.onLost(() => this.recover());
    // a first visit to the game: the lesson is offered before any deal, while the engine boots
    const chosen = offersLesson(this) ? new Promise((resolve) => { this.offering = resolve; drawOffer(this, resolve); }) : null;
    if (chosen) this.setState("offer");
    try {
      await Promise.all([this.engine.start(), loadPluginFor(this.game)]);
    } catch {
      return; // the overlay shows the failure and a Retry button
    }
    if (chosen) {
      await chosen; // "just play" (the lesson is another page: this table is gone)
      this.offering = null;
      if (this.disposed) return;
      this.setState("loading");
      this.status.textContent = t("table.loading");
    }
    if (this.deal) await startDeal(this, this.deal);
    else await this.ctl.resumeOrNew(this.settings);
  }

  /** The engine's worker died or stopped answering: a new one restores the autosave and play goes on. */
  async recover() {
    if (this.recovering || this.disposed) return;
    this.recovering = true;
    const redo = this.ctl.unanswered;
    this.ctl.unanswered = null;
    this.ctl.token++; // whatever was under way stops
    this.clock.skip();
    this.setState("busy");
    try {
      await this.engine.start();
      await this.ctl.resumeOrNew(this.settings, { redo });
      this.notice("table.engine_restarted");
    } catch { /* the overlay shows the failure and a Retry button */ }
    this.recovering = false;
  }

  async retry() {
    try {
      await this.engine.retry();
      await this.ctl.resumeOrNew(this.settings);
    } catch { /* shown by the overlay */ }
  }

  destroy() {
    this.disposed = true;
    window.removeEventListener("resize", this.onResize);
    setCardNaming(null);
    setPeopleNames(null);
    this.ctl.dispose();
    if (this.relay) { this.relay.stop(); window.removeEventListener("pagehide", this.onPageHide); } // no heartbeat for a table that is gone
    this.clock.skip();
    document.removeEventListener(SETTINGS_EVENT, this.onPrefs);
    if (this.unsub) this.unsub();
    if (this.unlost) this.unlost();
    if (this.dialog.open) this.dialog.close();
    this.el.remove();
  }

  markReady() {
    hook.ready = true;
    hook.readyAt = performance.now();
    document.documentElement.dataset.ready = "true";
  }

  /** The "New match" button: a match in progress is thrown away only when the player says so. */
  async askNewMatch() {
    if (this.disposed || this.dialog.open) return;
    const s = this.snap;
    if (s && !s.result && !(this.coach && this.coach.finished)) {
      const yes = await askConfirm(this.dialog, { title: t("table.new_confirm_title"), text: t("table.new_confirm_text"),
        yes: t("table.new_confirm_yes"), no: t("table.new_confirm_no") });
      if (!yes) { this.newBtn.focus(); return; }
    }
    return this.newMatch();
  }

  /** "Replay the lesson": the same guided deal from its start. */
  replayLesson() {
    if (this.dialog.open) this.dialog.close(); // from the lesson's score sheet
    return this.newMatch();
  }

  /** A new match; `deal` ({seed, seat, mode, daily}) deals a chosen deal instead of a random one. */
  newMatch(deal = null) {
    if (this.disposed) return;
    if (this.dialog.open) this.dialog.close();
    this.cancelChoice(false);
    this.discardSel = [];
    this.clock.skip(); // whatever was being shown is over
    this.clock.resume();
    this.setState("busy");
    // the game's options: a deal's own (a link's, "play this deal again"), else the player's last choice
    const settings = { ...this.settings, options: storedOptions(this.game), ...(deal || {}) };
    if (!settings.options) settings.options = storedOptions(this.game);
    delete this.settings.seed; // ?seed= deals the page's first match only
    const dare = deal && deal.challenge;
    return this.ctl.newMatch(settings).then(() => {
      if (!dare || this.disposed) return;
      const s = scoreFor({ scores: dare.scores }, dare.seat);
      const say = () => t("challenge.intro", { mine: num(s.mine), theirs: num(s.theirs) });
      this.note(say);
      this.flash("center", say(), "notice");
    });
  }

  // ---------------------------------------------------------------- controller callbacks
  /** The snapshot after a restore: shown as it is, with the score sheet if the match is over. */
  async restored(res) {
    this.reset();
    this.note(() => t("table.restored"));
    this.snap = res.snapshot;
    this.render();
    this.markReady();
    const sheets = res.snapshot.sheets || [];
    if (this.coach && sheets.length) this.coach.finish();
    if ((res.snapshot.result || this.coach) && sheets.length) {
      this.setState("over");
      await this.showSheet(sheets[sheets.length - 1], res.snapshot);
      this.setState("over");
    }
  }

  /** Pass-and-play: who sits where, asked in the table's dialog ({humans, names}). */
  askPeople() {
    this.setState("pass");
    const d = clear(this.passDialog);
    return new Promise((resolve) => {
      const form = peopleForm({ players: this.players, names: savedNames(), humans: this.ctl.humans || undefined, live: Boolean(this.relay),
        titleId: d.getAttribute("aria-labelledby"),
        onStart: (chosen) => { d.removeEventListener("cancel", keep); d.close(); resolve(chosen); } });
      const keep = (e) => e.preventDefault(); // a table of people needs its people: Escape does not skip this
      d.addEventListener("cancel", keep);
      d.append(form);
      d.showModal();
      const first = form.querySelector(".people-name:not([disabled])");
      if (first) first.focus();
    });
  }

  /** Pass-and-play: the cards leave the screen, and only the next person lifts the privacy screen. */
  handover(seat, name) {
    this.cancelChoice(false);
    hideHint(this);
    clear(this.handEl);
    clear(this.choiceEl);
    // nothing of the last person's hand stays anywhere in the page: not the hand's drawn-cards
    // signature, not their log (it names their own draws); the next person's view starts afresh
    delete this.handEl.dataset.sig;
    this.tableLog.reset();
    return passScreen(this.passDialog, name);
  }

  /** Pass-and-play: the board as the person now holding the device sees it, and what
   * happened since they last looked (the log is theirs alone, written from their seat). */
  showPerson(res) {
    this.reset();
    const snap = res.snapshot;
    const events = res.events || [];
    this.snap = snap; // names in the log are said from this seat
    hook.snapshot = snap;
    const lines = this.tableLog.narrate(events, snap.seat);
    events.forEach((ev, i) => { const line = lines.get(i); if (line) this.tableLog.line(line, ev, snap.seat); });
    this.render();
  }

  /** A notice the player must see (storage trouble): in the log and, briefly, on the board. */
  notice(key) {
    this.note(() => t(key));
    this.flash("center", t(key), "notice");
  }

  turn(state) {
    if (state === "yours") { this.clock.resume(); yourTurn(); }
    this.setState(state);
    if (state === "yours") this.focusHand();
    if (this.coach) this.coach.turn(state);
  }

  error(res) {
    if (this.recovering && res.error && res.error.code === "engine") return; // recover() carries on
    const msg = (res.error && res.error.message) || "error";
    this.note(() => t("table.error", { message: msg }));
    this.render();
    this.setState(this.snap && this.snap.your_turn ? "yours" : "idle");
  }

  /** A new deal or practice: the log, the last move and the test records start afresh. */
  reset() {
    this.tableLog.reset();
    this.snap = null;
    hook.flashes = [];
    hook.tricks = [];
    this.lastPlayed = null;
  }

  /** The least pause before a computer card moves (the engine's answer is usually there already). */
  beforeComputerMove() {
    return this.clock.wait(this.pace().gap);
  }

  /** Events → log lines, badges and animation; then the new snapshot, and the sheet at a deal's end. */
  async present(res, token, { fresh = false } = {}) {
    const events = res.events || [];
    const snap = res.snapshot;
    if (!this.snap) {
      this.snap = snap;
      await this.firstDraw();
      if (!this.isCurrent(token)) return;
    }
    if (fresh) this.markReady();
    if (fresh && snap.practice) this.note(() => t("table.practice"));
    if (fresh && this.coach && snap.lesson) this.coach.started();
    const me = snap.seat;
    hook.presented = events; // for tests: the events of the batch on show
    const lines = this.tableLog.narrate(events, me);
    let sheet = null;
    for (let i = 0; i < events.length; i++) {
      if (!this.isCurrent(token)) return;
      const ev = events[i];
      const line = lines.get(i);
      if (line) this.tableLog.line(line, ev, me);
      const cue = soundFor(ev, events[i + 1]);
      if (cue) playSound(cue);
      const badge = badgeFor(ev);
      if (badge) this.flash(badge.where === "seat" && ev.seat !== undefined ? seatPosition(ev.seat, me, this.game.players) : "center", badge.text, ev.type, ev);
      if (ev.type === "deal_scored") sheet = ev.sheet;
      if (ev.type === "played" || ev.type === "placed" || ev.type === "captured") await this.animator.play(ev, me);
      else if (ev.type === "trick_won") await this.animator.trick(ev, me, killAfter(events, i));
    }
    if (!this.isCurrent(token)) return;
    if (this.coach) {
      this.coach.moments(res.moments);
      if (sheet) this.coach.finish();
    }
    this.snap = snap;
    hook.snapshot = snap;
    if (sheet) {
      // the sheet opens over the deal's final position: the board as the animation left it
      renderScores(this.scoresEl, snap, this);
      await this.showSheet(sheet, snap);
      if (!this.isCurrent(token)) return;
    }
    this.render();
  }

  isCurrent(token) { return token === this.ctl.token && !this.disposed; }

  /** For tests and the record: every trick as shown (winner, points, winning card). */
  recordTrick(info) {
    hook.tricks = (hook.tricks || []).concat([info]);
  }

  openPile(team) {
    if (this.snap && !this.dialog.open) openPile(this.pileDialog, this.snap, team, this);
  }

  showSheet(sheet, snap) {
    this.setState("sheet");
    const review = {
      load: () => this.ctl.review(sheet.deal),
      practice: (index) => this.ctl.practice(index),
    };
    // with friends (one device or live) the deal links and challenges are a single player's; a guest's sheet only closes
    const extra = this.coach ? this.coach.endSection() : this.embed || this.people || this.relay || this.guest ? null
      : dealSection({ snap, game: this.game.id, deck: this.deck, onPlay: (deal) => this.newMatch(deal), ctl: this.ctl });
    return openSheet(this.dialog, { sheet, snap, game: this.game, deck: this.deck, onNewMatch: () => this.newMatch(),
      review: this.guest ? null : review, extra, lesson: !!this.coach || this.guest });
  }

  // ---------------------------------------------------------------- the player's actions
  focusHand() {
    if (lastInput !== "keyboard") return;
    const a = document.activeElement;
    if (this.dialog.open || (a && a !== document.body && !this.el.contains(a))) return;
    const b = this.handEl.querySelector("button:not([disabled]):not([aria-disabled])");
    if (b) b.focus({ preventScroll: true });
  }

  onCard(code) {
    const s = this.snap;
    if (!s || !s.your_turn || this.el.dataset.state !== "yours") return;
    const b = this.handEl.querySelector(`button[data-card="${code}"]`);
    if (b && b.getAttribute("aria-disabled") === "true") { this.refuse(code, b); return; }
    this.hideRefusal();
    if (s.phase === "discard" && !s.legal.some((a) => a.card === code)) { this.toggleDiscard(code); return; }
    const options = s.legal.filter((a) => a.card === code);
    if (options.length === 0) return;
    if (options.length === 1) { this.act(options[0]); return; }
    this.choosing = code;
    for (const b of this.handEl.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.card === code));
    const own = pluginFor(this.game);
    const chooser = own && own.showPlayChooser ? (...args) => own.showPlayChooser(this.snap, ...args) : showCaptureChooser;
    chooser(this.choiceEl, this.playEl, code, options, { onChoose: (a) => this.act(a), onCancel: () => this.cancelChoice() });
    if (this.coach) this.coach.draw(); // the capture to choose is marked next
  }

  /** A tap on a card the rules refuse: why, just above the hand (a live region), and a shake. */
  refuse(code, button) {
    const note = this.refuseEl;
    note.textContent = refusalText(this.snap, code, this.discardWhy);
    note.style.setProperty("--hand-top", `${this.handEl.offsetTop}px`);
    note.classList.add("shown");
    // the hand was just tapped, so it is on screen; the words above it are brought in if they are not
    const r = note.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) note.scrollIntoView({ block: "nearest" });
    button.classList.remove("refused");
    void button.offsetWidth; // restart the shake on a second tap
    button.classList.add("refused");
    refusedFeedback();
  }

  /** The refusal's words go once the player does something else. */
  hideRefusal() {
    if (!this.refuseEl || !this.refuseEl.classList.contains("shown")) return;
    this.refuseEl.classList.remove("shown");
    this.refuseEl.textContent = "";
  }

  /** Discard phase: pick cards one by one; the engine lists the legal sets. */
  toggleDiscard(code) {
    const i = this.discardSel.indexOf(code);
    if (i >= 0) this.discardSel.splice(i, 1); else this.discardSel.push(code);
    this.renderHandAndChoices(this.snap);
    const b = this.choiceEl.querySelector("button.choice") || this.handEl.querySelector(`button[data-card="${code}"]`);
    if (b && lastInput === "keyboard") b.focus();
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
    if (this.coach) this.coach.draw();
  }

  async act(action) {
    if (this.el.dataset.state !== "yours") return;
    hideHint(this);
    this.clock.resume();
    this.setState("busy");
    this.cancelChoice(false);
    this.discardSel = [];
    clear(this.choiceEl).hidden = true;
    this.choiceEl.classList.remove("discard-box", "declare-box");
    await this.ctl.act(action);
  }

  /** Minchiate's declarations: one action per ticked combination, then done. */
  async declare(ids) {
    for (const id of [...ids, "declare:done"]) {
      if (this.el.dataset.state !== "yours" || !this.snap.your_turn) return;
      const a = this.snap.legal.find((x) => x.id === id); // one declared may have used another's cards
      if (a) await this.act(a);
    }
  }

  openCheatSheet() {
    if (this.dialog.open) return;
    openCheatSheet(this.dialog, this);
  }

  async hint() {
    if (this.el.dataset.state !== "yours") return;
    const token = this.ctl.token;
    const res = await this.ctl.hint();
    if (!this.isCurrent(token) || this.el.dataset.state !== "yours") return;
    if (res.ok) showHint(this, res); else showHintRefusal(this, res);
  }

  async undo() {
    if (this.el.dataset.state !== "yours") return;
    this.setState("busy");
    this.cancelChoice(false);
    this.discardSel = [];
    const res = await this.ctl.undo();
    if (res && res.ok) this.note(() => t("table.undone"));
  }

  // ---------------------------------------------------------------- rendering
  render() {
    const s = this.snap;
    if (!s) return;
    drawOptionsLine(this);
    renderScores(this.scoresEl, s, this);
    this.renderBoard(s);
    this.renderHandAndChoices(s);
  }

  /** The seats and the table's middle: the trick or the cards on the table, the stock. */
  renderBoard(s) {
    const me = s.seat;
    for (let seat = 0; seat < s.players; seat++) {
      if (seat !== me) renderSeat(this.seats[seatPosition(seat, me, s.players)], seat, s, this);
    }
    renderInfo(this.myInfo, me, s, this);
    renderPlay(this.playEl, s, this);
    renderLed(this.ledEl, s, this);
    const own = pluginFor(this.game);
    if (s.setup && own) own.renderSetup(this.stockEl, s, this); else renderStock(this.stockEl, s, this);
  }

  /** A table's first drawing in three steps, each laid out and painted in its own frame: the
   * board, then the scores, then the hand. Drawn at once, a four-seat table held a phone's
   * main thread for 0.4 s (Lighthouse's blocking time); in two tasks, still twice 0.2 s. */
  async firstDraw() {
    const steps = [(s) => this.renderBoard(s), (s) => { drawOptionsLine(this); renderScores(this.scoresEl, s, this); }, (s) => this.renderHandAndChoices(s)];
    for (let i = 0; i < steps.length; i++) {
      if (i) await afterFrame();
      if (this.disposed || !this.snap) return;
      steps[i](this.snap);
    }
  }

  renderHandAndChoices(s) {
    if (this.ctl.mustPass) { clear(this.handEl); clear(this.choiceEl); return; } // pass-and-play: nobody's cards before the screen lifts
    const discarding = s.phase === "discard" && s.your_turn;
    const choosing = discarding || (s.phase === "declare" && s.your_turn);
    let why = null;
    if (discarding) {
      why = showDiscardChooser(this.choiceEl, s, this.discardSel, {
        onDiscard: (a) => { this.discardSel = []; this.act(a); },
      });
      this.discardWhy = why;
    } else if (s.phase === "declare" && s.your_turn) {
      pluginFor(this.game).showDeclareChooser(this.choiceEl, s, { onDeclare: (ids) => this.declare(ids) });
    } else if (this.choiceEl.classList.contains("discard-box")) {
      clear(this.choiceEl).hidden = true;
      this.choiceEl.classList.remove("discard-box", "declare-box");
    }
    // The chooser above the hand moves its top; new cards, or a desktop, need a new fit. It is
    // measured before the new cards go in, so the page lays them out once, in the next frame.
    // On a phone an unchanged hand keeps its fit (its width changes only with the window's:
    // onResize), so the others' moves force no layout at all.
    const refit = choosing || !sameHand(this.handEl, s.hand || []) || this.fitWidth === null || this.fitWidth > 820
      || !this.handEl.classList.contains("fitted");
    const m = refit ? measureHand(this.handEl) : null;
    renderHand(this.handEl, s, this, { sel: discarding ? this.discardSel : [], onCard: (c) => this.onCard(c) });
    if (why) {
      for (const b of this.handEl.querySelectorAll("button[data-card]")) {
        const r = why.get(b.dataset.card);
        if (r) { b.title = r.text; b.dataset.why = r.key; } else { b.removeAttribute("title"); delete b.dataset.why; }
      }
    }
    if (m) {
      fitHandBox(this.handEl, m);
      this.fitWidth = m.windowWidth;
    }
    if (this.coach) this.coach.mark(); // the redrawn hand and buttons carry the coach's marks again
  }
}

/** How a game's table is laid out: from the engine's catalogue, never from game ids. */
export function layoutOf(game) {
  const fishing = game.layout === "fishing";
  return { kind: game.layout, fishing, stock: !!game.stock, dealerShown: !game.stock };
}
