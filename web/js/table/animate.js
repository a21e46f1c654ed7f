// Animation of computer and human plays over the rendered table. Each step changes the
// DOM the way the next snapshot will show it (so even at Instant speed the table is never
// stale), then waits on the clock, which a tap can cut short.
import { h } from "../dom.js";
import { t, num } from "../i18n.js";
import { seatPosition } from "../names.js";
import { cardEl } from "./cardface.js";
import { trickCardEl } from "./render.js";

export class Animator {
  /**
   * @param {object} v  the view: {playEl, handEl, seats, flashEl, deck, players, clock, pace()}
   */
  constructor(v) {
    this.v = v;
  }

  get pace() { return this.v.pace(); }

  /** A card goes from its seat to the middle (and, for a capture, on to its taker's pile). */
  async play(ev, me) {
    const v = this.v;
    const pos = seatPosition(ev.seat, me, v.players);
    let e = v.playEl.querySelector(`[data-card="${ev.card}"]`);
    if (!e) {
      if (ev.seat === me) {
        const b = v.handEl.querySelector(`[data-card="${ev.card}"]`);
        if (b) b.remove();
      } else {
        const back = v.seats[pos] && v.seats[pos].querySelector(".hidden-hand .card");
        if (back) back.remove();
        const count = v.seats[pos] && v.seats[pos].querySelector(".hidden-hand .count");
        if (count) {
          count.dataset.n = String(Math.max(0, Number(count.dataset.n || 0) - 1));
          count.textContent = num(Number(count.dataset.n));
        }
      }
      e = v.layout.fishing || !v.snap ? cardEl(ev.card, v, { "data-pos": pos, "data-seat": ev.seat }) : trickCardEl(ev.card, ev.seat, v.snap, v);
      const empty = v.playEl.querySelector(".empty");
      if (empty) empty.remove();
      for (const x of v.playEl.querySelectorAll(".card.last")) x.classList.remove("last");
      e.classList.add("last");
      v.lastPlayed = ev.card;
      if (this.pace.travel) {
        e.classList.add("enter", `from-${pos}`);
        e.style.setProperty("--dur", `${this.pace.travel}ms`);
      }
      v.playEl.appendChild(e);
      await v.clock.wait(this.pace.travel);
    }
    if (ev.type === "captured") {
      const taken = [e];
      for (const c of ev.cards || []) {
        const x = v.playEl.querySelector(`[data-card="${c}"]`);
        if (x) taken.push(x);
      }
      for (const x of taken) x.classList.add("taking");
      await v.clock.wait(this.pace.take);
      await this.sweep(taken, pos);
      v.lastPlayed = null;
      if (!v.playEl.querySelector(".card")) v.playEl.appendChild(h("p", { class: "empty", text: t("table.empty_table") }));
    }
  }

  /** The trick's winning card is marked with the points it carries (and `kill`, the points a
   * Minchiate kill scored at once), then the trick slides to the winner. */
  async trick(ev, me, kill = 0) {
    const v = this.v;
    const pos = seatPosition(ev.seat, me, v.players);
    const cards = [...v.playEl.querySelectorAll(".card")];
    const w = cards.find((c) => c.dataset.seat === String(ev.seat) && (!ev.card || c.dataset.card === ev.card))
      || v.playEl.querySelector(`[data-pos="${pos}"]`);
    if (w) w.classList.add("winner");
    // beside the trick on the winner's side, over no card: what the trick adds to the pile,
    // and a Minchiate kill (its own "scored" event, M15) scored at once
    const label = h("span", { class: "trick-points", dataset: { pos, points: ev.points || 0 } },
      h("span", { class: "tp-main", text: t("table.trick_points", { points: ev.points || 0 }) }),
      kill ? h("span", { class: "tp-kill", dataset: { kill }, text: t("table.kill_points", { points: kill }) }) : null);
    v.playEl.appendChild(label);
    v.recordTrick({ seat: ev.seat, pos, points: ev.points || 0, kill, card: w ? w.dataset.card : null });
    await v.clock.wait(this.pace.hold);
    await this.sweep([...cards, label], pos);
    v.lastPlayed = null;
    if (ev.points) v.flash(pos, t("table.trick_points", { points: ev.points }), "trick");
  }

  /** Cards leave the middle towards the seat that took them. */
  async sweep(cards, pos) {
    const dur = this.pace.sweep;
    for (const x of cards) {
      x.style.setProperty("--dur", `${dur}ms`);
      x.classList.remove("enter");
      x.classList.add("leave", `to-${pos}`);
    }
    await this.v.clock.wait(dur);
    for (const x of cards) x.remove();
  }
}
