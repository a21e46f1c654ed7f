// What the table says in words: the log (kept as events and message thunks, so that a new
// language can say it all again), the computer's last move under the status line, and the
// short badges near a seat ("+11", "Picada! +1", notices).
import { h } from "../dom.js";
import { hook } from "../engine.js";
import { narrate } from "./narrator.js";
import { termNodes } from "../terms/termlink.js";

const LAST_MOVE_TYPES = ["played", "placed", "captured", "discarded"];

export class TableLog {
  /** @param {object} v  the view: {logEl, lastMoveEl, flashEl, pace(), seatName(seat), teamName(team), game, deck} */
  constructor(v) {
    this.v = v;
    this.history = [];
  }

  reset() {
    this.v.logEl.textContent = "";
    this.v.lastMoveEl.textContent = "";
    this.history = [];
  }

  context(me) {
    return { me, seatName: (seat) => this.v.seatName(seat), teamName: (team) => this.v.teamName(team) };
  }

  /** A line of the table's own; `say` is a function so that it can be said again in another language. */
  note(say) {
    this.history.push({ say });
    this.writeNote(say);
  }

  writeNote(say) {
    this.v.logEl.appendChild(h("li", { class: "note", text: say() }));
    this.scrollToEnd();
  }

  /** The log shows its newest line: once a frame, when the frame lays the page out anyway
   * (reading scrollHeight after each line forced a layout of the whole table per line). */
  scrollToEnd() {
    if (this.scrolling) return;
    this.scrolling = true;
    requestAnimationFrame(() => {
      this.scrolling = false;
      const log = this.v.logEl;
      log.scrollTop = log.scrollHeight;
    });
  }

  /** Keeps a batch of events and returns its lines by event index (written as each event is shown). */
  narrate(events, me) {
    if (events.length) this.history.push({ events, me });
    while (this.history.length > 400) this.history.shift();
    return new Map(narrate(events, this.context(me)).map((l) => [l.index, l]));
  }

  line(line, ev, me) {
    const log = this.v.logEl;
    log.appendChild(h("li", { class: `ev ev-${line.type}` }, termNodes(line.text, line.terms, { game: this.v.game.id, deck: this.v.deck }, { always: true })));
    while (log.children.length > 200) log.firstChild.remove();
    this.scrollToEnd();
    // the computer's last move stays in view once its animation is over
    if (ev.seat !== undefined && ev.seat !== me && LAST_MOVE_TYPES.includes(ev.type)) this.v.lastMoveEl.textContent = line.text;
  }

  /** Writes everything again (into a freshly built log, in the page's new language). */
  replay() {
    for (const entry of this.history) {
      if (entry.say) this.writeNote(entry.say);
      else for (const line of narrate(entry.events, this.context(entry.me))) this.line(line, entry.events[line.index], entry.me);
    }
  }

  /** A transient badge near a seat (bonuses, "+11", the dealer's trump count) or over the middle. */
  flash(pos, text, type, ev = {}) {
    const badge = h("span", { class: `flash flash-${type}`, dataset: { bonus: ev.bonus || null, pos }, text });
    let spot = this.v.flashEl.querySelector(`.flash-spot[data-pos="${pos}"]`);
    if (!spot) {
      spot = h("div", { class: `flash-spot at-${pos}`, dataset: { pos } });
      this.v.flashEl.appendChild(spot);
    }
    spot.appendChild(badge);
    hook.flashes = (hook.flashes || []).concat([{ type, bonus: ev.bonus || null, seat: ev.seat, pos, text }]);
    setTimeout(() => { badge.classList.add("gone"); setTimeout(() => badge.remove(), 400); }, this.v.pace().badge);
  }
}
