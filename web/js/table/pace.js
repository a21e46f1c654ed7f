// The table's pace: how long each animation step lasts at each speed, and a clock whose
// waits a tap can cut short. No DOM: the view feeds it taps; tests run it under Node.
//
// At the default speed a two-player turn (your card, the computer's answer, the trick
// taken) fits in about a second, every card's travel still visible; the computer's move
// is fetched while the previous card is still moving, so its thinking time is hidden.

/** Base durations in ms at the "normal" speed. */
export const BASE_PACE = {
  travel: 180,   // a card from a seat to the middle
  gap: 60,       // the least pause before a computer card starts moving
  hold: 320,     // a finished trick (winner marked, points shown) before it slides away
  take: 260,     // captured cards highlighted before they go (fishing games)
  sweep: 180,    // cards sliding to the winner's pile
  badge: 1600,   // "+11" and bonus badges stay this long (never blocking play)
};

export const SPEED_FACTORS = { slow: 1.8, normal: 1, fast: 0.55, instant: 0 };
export const SPEEDS = Object.keys(SPEED_FACTORS);
export const DEFAULT_SPEED = "normal";

/** The durations at `speed` (unknown speeds count as normal). */
export function paceFor(speed) {
  const k = SPEED_FACTORS[speed] ?? 1;
  const out = {};
  for (const [name, ms] of Object.entries(BASE_PACE)) out[name] = name === "badge" ? ms : Math.round(ms * k);
  return out;
}

/**
 * Timed waits that a tap can skip. `skip()` ends the wait in progress and every later
 * one until `resume()` (called when the player is asked to move again).
 */
export class Clock {
  constructor(timers = globalThis) {
    this.timers = timers;
    this.skipping = false;
    this.waiting = new Set();
  }

  wait(ms) {
    if (this.skipping || !(ms > 0)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = { resolve, id: null };
      entry.id = this.timers.setTimeout(() => { this.waiting.delete(entry); resolve(true); }, ms);
      this.waiting.add(entry);
    });
  }

  /** Ends every wait in progress; later waits return at once until resume(). */
  skip() {
    this.skipping = true;
    for (const entry of this.waiting) {
      this.timers.clearTimeout(entry.id);
      entry.resolve(false);
    }
    this.waiting.clear();
  }

  get busy() { return this.waiting.size > 0; }

  resume() { this.skipping = false; }
}
