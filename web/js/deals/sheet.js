// The score sheet's deal section at the end of a match: "Play this deal again", "Play it
// from the other seat" (duplicate play), "Share this deal", and, when the same deal was
// played from the other side's seat before, the two results side by side; "Challenge a
// friend" (a link to this very match), and after a friend's challenge both results.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { listMatches } from "../record/store.js";
import { shareUrl, otherSeat } from "./links.js";
import { shareBox } from "./share.js";
import { pairView } from "./pair.js";
import { challengeUrl, challengeView, keepRebuilt } from "./challenge.js";

/**
 * @param {object} o
 * @param {object} o.snap  the final snapshot (seed, seat, result)
 * @param {string} o.game  game id
 * @param {string} o.deck  deck id
 * @param {(deal: {seed, seat, mode, daily}) => void} o.onPlay  deals that deal (closes the sheet first)
 * @param {object} o.ctl  the table's MatchController: its engine calls, the friend's challenge, the record id
 */
export function dealSection({ snap, game, deck, onPlay, ctl }) {
  if (!snap.result || typeof snap.seed !== "number") return null;
  const seed = snap.seed;
  const seat = snap.seat || 0;
  const gameName = t(`game.${game}.name`);
  const share = h("div", { class: "share-wrap", hidden: true });
  const shareBtn = h("button", { type: "button", class: "btn share-open", "aria-expanded": "false", text: t("share.open"),
    onclick: () => {
      if (!share.firstChild) share.append(shareBox(shareUrl(game, deck, seed, { seat, options: ctl.options }), gameName));
      share.hidden = !share.hidden;
      shareBtn.setAttribute("aria-expanded", String(!share.hidden));
      if (!share.hidden) share.querySelector("button").focus();
    } });
  const variant = JSON.stringify(ctl.options || {});
  const other = listMatches().find((e) => e.game === game && e.deck === deck && e.seed === seed
    && e.seat % 2 !== seat % 2 && e.result && JSON.stringify(e.options || {}) === variant);
  const dare = h("div", { class: "share-wrap challenge-wrap", hidden: true });
  const dareBtn = h("button", { type: "button", class: "btn challenge-open", "aria-expanded": "false", text: t("challenge.open"),
    onclick: async () => {
      if (!dare.firstChild) {
        const res = await ctl.call("challenge");
        dare.append(res.ok ? shareBox(challengeUrl(res.challenge), gameName, t("challenge.hint"))
          : h("p", { class: "share-status", text: t("table.error", { message: res.error.message }) }));
      }
      dare.hidden = !dare.hidden;
      dareBtn.setAttribute("aria-expanded", String(!dare.hidden));
      const first = !dare.hidden && dare.querySelector("button");
      if (first) first.focus();
    } });
  return h("section", { class: "deal-actions", "aria-label": t("deal.actions") },
    ctl.challenge ? theirsAndMine({ snap, game, deck, ctl }) : null,
    other ? pairView({ seat, result: snap.result }, { seat: other.seat, result: other.result }) : null,
    h("div", { class: "deal-buttons" },
      h("button", { type: "button", class: "btn play-again", text: t("deal.again"),
        onclick: () => onPlay({ seed, seat, mode: "play", daily: null, options: ctl.options }) }),
      h("button", { type: "button", class: "btn other-seat", text: t("deal.other_seat"),
        onclick: () => onPlay({ seed, seat: otherSeat(seat), mode: "duplicate", daily: null, options: ctl.options }) }),
      shareBtn, dareBtn),
    share, dare);
}

/** After a friend's challenge: both results, and each deal's replay (the friend's rebuilt by the engine). */
function theirsAndMine({ snap, game, deck, ctl }) {
  const ch = ctl.challenge;
  const status = h("p", { class: "share-status", role: "status" });
  const view = challengeView({
    mine: { seat: snap.seat, result: snap.result },
    theirs: { seat: ch.seat, scores: ch.scores },
    mineHref: ctl.recordedId ? `#/replay/${encodeURIComponent(ctl.recordedId)}` : null,
    onWatchTheirs: async () => {
      status.textContent = t("challenge.rebuilding");
      const res = await ctl.call("rebuild", { game, deck, seed: ch.seed, seat: ch.seat, level: ch.level, choices: ch.choices, options: ch.options || {} });
      if (!res.ok) { status.textContent = t("table.error", { message: res.error.message }); return; }
      const id = `challenge-${ch.sum}`;
      keepRebuilt(id, game, deck, ch, res.rebuilt);
      location.hash = `#/replay/${encodeURIComponent(id)}`;
    },
  });
  view.append(status);
  return view;
}
