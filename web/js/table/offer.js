// The lesson offered on a first visit to a game's table (issue 41): a newcomer is asked, before
// any deal, whether to take the game's guided first deal or just play. Asked once per game:
// the answer is remembered, and a player who has a match saved, a lesson begun or finished, or
// a finished match of the game in the record is never asked. A chosen deal (a shared, daily or
// challenge link, ?seed=) and an embed whose host asked for a deal or level are played at once.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { lessonHref, lessonsDone } from "./coach.js";
import { hasSave, saveKeyOf } from "./savefile.js";
import { loadRecord } from "../record/store.js";

export const OFFERED_KEY = "cardavia.lessons.offered";

function answered() {
  try {
    const v = JSON.parse(localStorage.getItem(OFFERED_KEY) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Remembers that the offer for `gameId` was answered (either way). */
export function markOffered(gameId) {
  const list = answered();
  if (list.includes(gameId)) return;
  try { localStorage.setItem(OFFERED_KEY, JSON.stringify([...list, gameId])); } catch { /* storage refused: asked again next time */ }
}

function played(gameId) {
  const totals = loadRecord().totals || {};
  return Object.keys(totals).some((k) => k.startsWith(`${gameId}|`));
}

function lessonBegun(gameId, deck) {
  try { return localStorage.getItem(saveKeyOf(gameId, deck, "lesson")) !== null; } catch { return false; }
}

/** Whether the table `v` (a TableView, not yet started) should offer the lesson first. */
export function offersLesson(v) {
  const g = v.game;
  if (!g.lesson || !g.lesson.decks.includes(v.deck)) return false;
  if (v.coach || v.people || v.relay || v.guest || v.deal) return false; // a lesson, friends, or a chosen deal
  if (v.settings.seed !== undefined) return false; // ?seed=: a shared deal
  if (v.embed && /[?&](seed|level)=/.test(location.search)) return false; // the host page chose the deal or level
  try { if (!localStorage) return false; } catch { return false; } // no memory of the answer: never asked every visit
  return !answered().includes(g.id) && !lessonsDone().includes(g.id) && !hasSave(g.id, v.deck)
    && !lessonBegun(g.id, v.deck) && !played(g.id);
}

/** Draws the offer over the board of `v`; `onPlay` is called when the player chooses to just
 * play. The lesson's choice is a link to the lesson's page (a new tab from an embed). */
export function drawOffer(v, onPlay) {
  const gname = t(`game.${v.game.id}.name`);
  const titleId = `offer-title-${v.game.id}`;
  const yes = h("a", { class: "btn primary offer-yes", href: lessonHref(v.game.id, v.deck), text: t("coach.offer_yes"),
    ...(v.embed ? { href: new URL(lessonHref(v.game.id, v.deck), new URL("./", location.href)).href, target: "_blank", rel: "noopener" } : {}),
    onclick: () => { markOffered(v.game.id); if (v.embed) play(); } });
  const no = h("button", { type: "button", class: "btn offer-no", text: t("coach.offer_no"), onclick: () => play() });
  const el = h("section", { class: "lesson-offer", role: "region", "aria-labelledby": titleId },
    h("p", { class: "offer-text", id: titleId, text: t("coach.offer", { game: gname }) }),
    h("div", { class: "offer-buttons" }, yes, no));
  function play() {
    markOffered(v.game.id);
    el.remove();
    onPlay();
  }
  v.board.appendChild(el);
  return el;
}
