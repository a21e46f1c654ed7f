// Opening a deal link at the table (shared, daily, duplicate): the chosen deal is dealt even
// when this game has an autosave. A match still in progress is never dropped silently: the
// player is asked first, and an abandoned match is kept aside under `<save key>.abandoned`
// (an unreadable autosave under `<save key>.unreadable`, as when a table resumes).
import { h, clear, storage } from "../dom.js";
import { readSave, setSaveAside } from "../table/savefile.js";
import { t } from "../i18n.js";
import { claimHolds } from "./challenge.js";

/** Asks in the table's dialog; resolves true for "play the new deal", false for "resume". */
export function askAbandon(dialog) {
  const d = clear(dialog);
  const titleId = dialog.getAttribute("aria-labelledby");
  return new Promise((resolve) => {
    let answer = false;
    const done = (value) => { answer = value; d.close(); };
    const play = h("button", { type: "button", class: "btn primary abandon-play", text: t("deal.abandon_play"), onclick: () => done(true) });
    const keep = h("button", { type: "button", class: "btn abandon-keep", text: t("deal.abandon_keep"), onclick: () => done(false) });
    d.append(h("h2", { id: titleId, text: t("deal.abandon_title") }), h("p", { text: t("deal.abandon_text") }),
      h("div", { class: "sheet-buttons" }, keep, play));
    d.addEventListener("close", () => resolve(answer), { once: true });
    d.showModal();
    keep.focus();
  });
}

/** Deals `deal` ({seed, seat, mode, daily}) in `view` (a TableView), asking before it
 * replaces a match in progress; "resume" restores that match instead. */
export async function startDeal(view, deal) {
  const ctl = view.ctl;
  if (deal.challenge && !(await challengeHolds(view, deal.challenge))) return;
  const found = readSave(ctl.saveKey);
  const saved = found.value;
  if (found.unreadable !== undefined) setSaveAside(ctl.saveKey, found.unreadable);
  if (saved) {
    const res = await ctl.call("restore", { save: saved.save });
    if (!res.ok && res.error.code === "engine") return; // engine down: the overlay offers Retry
    if (!res.ok) setSaveAside(ctl.saveKey, saved); // as resumeOrNew: set aside, never lost
    if (res.ok && res.snapshot && !res.snapshot.result) {
      if (!(await askAbandon(view.dialog))) {
        await ctl.resumeOrNew(view.settings);
        return;
      }
      storage.set(`${ctl.saveKey}.abandoned`, saved);
    }
  }
  await view.newMatch(deal);
}

/** A friend's challenge is played only if its claimed result is what its own moves make (the
 * engine replays them; the table's match is untouched). An altered link is refused, said so,
 * and the table goes on with its own match. */
async function challengeHolds(view, ch) {
  const res = await view.ctl.call("rebuild", { game: view.game.id, deck: view.deck, seed: ch.seed, seat: ch.seat,
    level: ch.level, choices: ch.choices, options: ch.options || {} });
  if (!res.ok && res.error.code === "engine") return false; // engine down: the overlay offers Retry
  if (res.ok && claimHolds(ch, res.rebuilt)) return true;
  view.el.before(h("p", { class: "challenge-bad challenge-altered", role: "alert", text: t("challenge.altered") }));
  await view.ctl.resumeOrNew(view.settings);
  return false;
}
