// One match at the table, without the DOM: the engine session, the turn loop that lets
// the computer seats move, and the autosave. Every human action and every computer move
// is saved before the view animates it, so a reload, Back or a closed tab never changes
// the deal or takes a move back. The next computer move is asked for while the previous
// one is still being shown, so the engine's thinking hides behind the animation.
// Pass-and-play: several seats are people; every request speaks for the person holding the
// device (`seat`), and the turn passes through the view's privacy screen from one to the next.
import { readSave, writeSave, setSaveAside, saveKeyOf, storageUsable } from "./savefile.js";
import { recordMatch } from "../record/store.js";
import { setPeopleNames } from "../names.js";

// requests that speak for one person's seat (pass-and-play adds it)
const HOST_SEAT = 0; // live play: the host sits first (people.js)
const SEAT_OPS = new Set(["act", "advance", "undo", "snapshot", "hint", "review", "save"]);

export class MatchController {
  /**
   * @param {object} o
   * @param {object} o.engine  engine.js Engine (request(op, fields) → response)
   * @param {string} o.game  game id
   * @param {string} o.deck  deck id
   * @param {object} o.view  {present(res, token), turn(state), error(res), restored(res, saved), isCurrent(token)}
   * @param {boolean} o.lesson  the game's guided first deal: saved apart, ended after its first deal, never recorded
   * @param {boolean} o.people  pass-and-play: saved apart, never recorded; the view seats the people (askPeople)
   * @param {object} o.live  live play's host: the Relay that carries the guests' seats (people who play elsewhere)
   * @param {boolean} o.guest  live play's guest: the engine is the host's, nothing is saved or recorded here
   */
  constructor({ engine, game, deck, view, lesson = false, people = false, live = null, guest = false }) {
    this.engine = engine;
    this.game = game;
    this.deck = deck;
    this.view = view;
    this.token = 0;
    this.snap = null;
    this.level = null;
    this.disposed = false;
    this.lesson = lesson;
    this.live = live;
    this.guest = guest;
    this.people = people || Boolean(live);
    this.remote = null; // live play: the guests' seats (they move on their own devices)
    this.humans = null; // pass-and-play: the people's seats, once seated
    this.names = null; // {seat: name}
    this.seat = null; // the person holding the device
    this.mustPass = false; // the next person's turn starts behind the privacy screen, even the same person's
    this.saveKey = saveKeyOf(game, deck, lesson ? "lesson" : live ? "live" : people ? "people" : guest ? "guest" : "save");
    this.pendingAdvance = null;
    this.mode = "play"; // how the match was dealt (record-b: shared link, daily deal…), kept in the record
    this.daily = null;
    this.recorded = false; // the finished match is in the player's record
    this.recordedId = null; // its id there (the replay viewer's address)
    this.challenge = null; // a friend's challenge being answered: {seed, seat, level, scores, choices, sum}
    this.options = {}; // the match's variant: its options off their defaults (table/options.js), as the engine's save keeps them
  }

  /** engine.request that never throws: failures come back as {ok: false, error}. */
  async call(op, fields) {
    if (this.humans && SEAT_OPS.has(op)) fields = { ...fields, seat: this.seat };
    try {
      return await this.engine.request(op, fields);
    } catch (err) {
      return { ok: false, error: { code: "engine", message: String((err && err.message) || err) } };
    }
  }

  dispose() {
    this.disposed = true;
    this.token++;
  }

  /** Restores the autosave of this game and deck, or deals a new match. */
  async resumeOrNew(settings, { redo = null } = {}) {
    if (this.disposed) return;
    const found = readSave(this.saveKey);
    const saved = found.value;
    let unreadable = false;
    if (found.unreadable !== undefined) {
      setSaveAside(this.saveKey, found.unreadable);
      unreadable = true;
    } else if (saved) {
      // a live host speaks for its own seat whoever is to move: a guest to move is handed to the computer
      let res = await this.call("restore", this.lesson ? { save: saved.save, lesson: true }
        : this.live ? { save: saved.save, seat: HOST_SEAT } : { save: saved.save });
      if (!res.ok && res.error.code === "engine") return; // engine down: keep the save, the overlay offers Retry
      if (res.ok && res.snapshot && res.snapshot.game === this.game && this.seated(res.snapshot, saved.names)) {
        if (this.live) { // the host's own view, never a guest's; the guests come back through new invitations
          await this.liveStarted;
          res = await this.call("snapshot", { fresh: true });
          if (!res.ok) { this.view.error(res); return; }
        }
        this.level = saved.level || settings.level;
        this.mode = saved.mode || "play";
        this.daily = saved.daily || null;
        this.challenge = saved.challenge || null;
        this.recordedId = saved.recordedId || null;
        this.options = (saved.save && saved.save.options) || {}; // the engine replayed the save in its variant
        this.recorded = !!res.snapshot.result; // recorded when it ended
        this.snap = res.snapshot;
        const token = this.token;
        await this.view.restored(res, token);
        // a move the dead engine never answered is made again, so no move is lost
        if (redo && res.snapshot.your_turn && (res.snapshot.legal || []).some((a) => a.id === redo.id)) {
          this.view.turn("busy");
          await this.act(redo);
          return;
        }
        if (!this.over(res.snapshot)) this.loop(token);
        return;
      }
      // unreadable (corrupt, edited, from an unknown version): set aside, never lost, and say so
      setSaveAside(this.saveKey, saved);
      unreadable = true;
    }
    await this.newMatch(settings); // pass-and-play and live tables seat their people first
    if (unreadable) this.view.notice("table.save_unreadable");
  }

  /** Who sits where after a restore: pass-and-play saves only (a single-player save has one person). */
  seated(snap, names) {
    const humans = snap.humans || null;
    if (Boolean(humans) !== this.people) return false;
    this.humans = humans;
    this.seat = this.live && humans ? HOST_SEAT : snap.seat;
    this.names = humans ? { ...names } : null;
    setPeopleNames(this.names);
    this.mustPass = Boolean(humans) && !this.live; // a reload may be anyone's: the cards wait behind the screen
    if (this.live && humans) this.seatGuests(humans, { resumed: true }); // no guest is here yet: a computer plays for them
    return true;
  }

  /** Live play: every person but the host plays on their own device; a new match waits for them to
   * join, a resumed one lets the computer play for them until they come back. */
  seatGuests(humans, { resumed = false } = {}) {
    this.remote = new Set(humans.filter((s) => s !== this.seat));
    for (const s of this.remote) this.live.setGuest(s, this.names[s]);
    this.live.names = { ...this.names };
    this.liveStarted = this.live.started({ resumed });
  }

  async newMatch(settings) {
    if (this.disposed) return;
    if (this.people && !settings.humans) settings = { ...settings, ...(await this.view.askPeople()) };
    const token = ++this.token;
    this.pendingAdvance = null;
    this.level = this.lesson ? "normal" : settings.level;
    this.mode = this.lesson ? "lesson" : settings.mode || "play";
    this.daily = settings.daily || null;
    this.challenge = settings.challenge || null;
    this.recorded = false;
    this.recordedId = null;
    const fields = { game: this.game, deck: this.deck, level: this.level };
    this.options = this.lesson ? {} : { ...(settings.options || {}) }; // a lesson is the game as its rules play it by default
    if (Object.keys(this.options).length) fields.options = this.options;
    if (this.lesson) fields.lesson = true; // the engine deals the lesson's own deal
    else if (settings.seed !== undefined) fields.seed = settings.seed;
    if (settings.seat !== undefined) fields.seat = settings.seat; // duplicate play, shared deals
    this.humans = null;
    if (this.people) {
      fields.humans = settings.humans;
      fields.seat = settings.humans[0];
      this.names = settings.names;
    }
    setPeopleNames(this.names);
    const res = await this.call("new_match", fields);
    if (token !== this.token) return;
    if (!res.ok) { this.view.error(res); return; }
    if (this.people) {
      this.humans = settings.humans;
      this.seat = fields.seat;
      this.mustPass = !this.live;
      if (this.live) { this.seatGuests(settings.humans); await this.liveStarted; }
    }
    this.snap = null;
    this.view.reset();
    await this.save(); // saved the moment it is dealt
    this.prefetch(res.snapshot);
    await this.view.present(res, token, { fresh: true });
    if (token !== this.token) return;
    this.snap = res.snapshot;
    this.loop(token);
  }

  async act(action) {
    const token = this.token;
    this.unanswered = action;
    const res = await this.call("act", { action: action.id });
    if (token !== this.token) return res;
    if (!res.ok) { this.view.error(res); return res; }
    this.unanswered = null;
    await this.save(); // before its animation: a reload keeps the move
    this.prefetch(res.snapshot);
    await this.view.present(res, token);
    if (token !== this.token) return res;
    this.snap = res.snapshot;
    this.loop(token);
    return res;
  }

  async undo() {
    const token = ++this.token;
    this.pendingAdvance = null;
    const res = await this.call("undo");
    if (token !== this.token) return res;
    if (!res.ok) { this.view.error(res); return res; }
    this.snap = res.snapshot;
    await this.save();
    await this.view.present({ ...res, events: [] }, token, { undone: true });
    this.loop(token);
    return res;
  }

  /** "Try again from here": the deal rebuilt up to log index `index`, as practice. */
  async practice(index) {
    const token = ++this.token;
    this.pendingAdvance = null;
    const res = await this.call("practice", { index });
    if (token !== this.token) return;
    if (!res.ok) { this.view.error(res); return; }
    this.snap = null;
    this.view.reset();
    await this.save();
    await this.view.present({ ...res, events: [] }, token, { fresh: true });
    if (token !== this.token) return;
    this.snap = res.snapshot;
    this.loop(token);
  }

  review(deal) {
    return this.call("review", deal ? { deal } : {}).then((r) => (r.ok ? r.review : null));
  }

  hint() {
    return this.call("hint");
  }

  /** Asks the engine for the next computer move now, if a computer is to move. */
  prefetch(snap) {
    this.pendingAdvance = null;
    if (!snap || this.over(snap) || snap.your_turn || this.personToMove(snap)) return;
    this.pendingAdvance = this.call("advance").then(async (res) => {
      if (res.ok) await this.save();
      return res;
    });
  }

  /** Lets the computer seats move until it is the human's turn or the match is over. */
  async loop(token = this.token) {
    while (token === this.token && !this.disposed) {
      const s = this.snap;
      if (!s) return;
      if (this.over(s)) { this.view.turn("over"); return; }
      const next = this.personToMove(s);
      if (next !== null && this.remote && this.remote.has(next)) {
        await this.remoteMove(token);
        continue;
      }
      if (next !== null && (next !== this.seat || this.mustPass)) {
        await this.passTo(next, token);
        continue;
      }
      if (s.your_turn) { this.view.turn("yours"); return; }
      this.view.turn("busy");
      const pending = this.pendingAdvance || this.call("advance").then(async (res) => {
        if (res.ok) await this.save();
        return res;
      });
      this.pendingAdvance = null;
      await this.view.beforeComputerMove(token);
      const res = await pending;
      if (token !== this.token || this.disposed) return;
      if (!res.ok) { this.view.error(res); return; }
      this.prefetch(res.snapshot);
      await this.view.present(res, token);
      if (token !== this.token) return;
      this.snap = res.snapshot;
    }
  }

  /** Pass-and-play: the seat of the person to move, or null (a computer, or one person only). */
  personToMove(s) {
    if (!this.humans || !this.humans.includes(s.to_move)) return null;
    if (this.remote && this.remote.has(s.to_move) && !this.live.here(s.to_move)) return null; // away: a computer plays
    // (a friend invited but not joined yet: their seat waits, the host may let the computer play)
    return s.to_move;
  }

  /** Live play: a guest is to move on their own device; the table shows their move when it comes
   * (or, if they leave, the computer's that replaces them). */
  async remoteMove(token) {
    this.view.turn("busy");
    await this.live.nextChange();
    if (token !== this.token || this.disposed) return;
    const res = await this.call("snapshot");
    if (token !== this.token || this.disposed) return;
    if (!res.ok) { this.view.error(res); return; }
    await this.save(); // the guest's move too: the deal's last card may be theirs
    await this.view.present(res, token);
    if (token !== this.token) return;
    this.snap = res.snapshot;
  }

  /** The device goes to the person at `seat`: behind the privacy screen, then their own
   * view, with what happened since they last looked. */
  async passTo(seat, token) {
    this.view.turn("pass");
    await this.view.handover(seat, this.names[seat]);
    if (token !== this.token || this.disposed) return;
    this.seat = seat;
    this.mustPass = false;
    const res = await this.call("snapshot");
    if (token !== this.token || this.disposed) return;
    if (!res.ok) { this.view.error(res); return; }
    this.snap = res.snapshot;
    this.view.showPerson(res);
  }

  /** Nobody moves any more: the match is over, or a lesson's deal is scored. */
  over(s) {
    return Boolean(s.result) || s.to_move === null || s.to_move === undefined || (this.lesson && (s.sheets || []).length > 0);
  }

  async save() {
    if (this.disposed) return;
    const res = await this.call("save");
    // another view may have replaced the bridge's match meanwhile: never save it under our key
    if (this.disposed || !res.ok || !res.save) return;
    if (res.snapshot && (res.snapshot.game !== this.game || res.snapshot.deck !== this.deck)) return;
    this.record(res); // first: the save then keeps the record's id
    const stored = writeSave(this.saveKey, { save: res.save, level: this.level, mode: this.mode, daily: this.daily,
      ...(this.names ? { names: this.names } : {}), ...(this.challenge ? { challenge: this.challenge } : {}),
      ...(this.recordedId ? { recordedId: this.recordedId } : {}) });
    // a table embedded in another site whose browser keeps no storage for it: nothing the
    // player could act on there, so no notice over the cards (the embed never said it saves)
    if (!stored && !this.warnedNotSaving && !(this.view.embed && !storageUsable())) {
      this.warnedNotSaving = true;
      this.view.notice("table.not_saving");
    }
  }

  /** The finished match into the player's record, once (never a practice match). */
  record({ snapshot: snap, save }) {
    if (!snap.result || snap.practice || this.lesson || this.people || this.guest || this.recorded) return;
    this.recorded = true;
    this.recordedId = `${Date.now().toString(36)}-${save.seed}`;
    const { stored } = recordMatch({
      id: this.recordedId,
      game: this.game, deck: this.deck, level: this.level, seed: save.seed, seat: snap.seat,
      save, result: snap.result, sheets: snap.sheets || [],
      finished: new Date().toISOString(), mode: this.mode, daily: this.daily,
      ...(save.options ? { options: save.options } : {}), // statistics per variant (record/stats.js)
    });
    if (!stored) this.view.notice("record.not_stored");
  }
}
