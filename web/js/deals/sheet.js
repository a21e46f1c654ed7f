// The score sheet's deal section at the end of a match: "Play this deal again", "Play it
// from the other seat" (duplicate play), "Share this deal", and, when the same deal was
// played from the other side's seat before, the two results side by side.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { listMatches } from "../record/store.js";
import { shareUrl, otherSeat } from "./links.js";
import { shareBox } from "./share.js";
import { pairView } from "./pair.js";

/**
 * @param {object} o
 * @param {object} o.snap  the final snapshot (seed, seat, result)
 * @param {string} o.game  game id
 * @param {string} o.deck  deck id
 * @param {(deal: {seed, seat, mode, daily}) => void} o.onPlay  deals that deal (closes the sheet first)
 */
export function dealSection({ snap, game, deck, onPlay }) {
  if (!snap.result || typeof snap.seed !== "number") return null;
  const seed = snap.seed;
  const seat = snap.seat || 0;
  const gameName = t(`game.${game}.name`);
  const share = h("div", { class: "share-wrap", hidden: true });
  const shareBtn = h("button", { type: "button", class: "btn share-open", "aria-expanded": "false", text: t("share.open"),
    onclick: () => {
      if (!share.firstChild) share.append(shareBox(shareUrl(game, deck, seed, { seat }), gameName));
      share.hidden = !share.hidden;
      shareBtn.setAttribute("aria-expanded", String(!share.hidden));
      if (!share.hidden) share.querySelector("button").focus();
    } });
  const other = listMatches().find((e) => e.game === game && e.deck === deck && e.seed === seed
    && e.seat % 2 !== seat % 2 && e.result);
  return h("section", { class: "deal-actions", "aria-label": t("deal.actions") },
    other ? pairView({ seat, result: snap.result }, { seat: other.seat, result: other.result }) : null,
    h("div", { class: "deal-buttons" },
      h("button", { type: "button", class: "btn play-again", text: t("deal.again"),
        onclick: () => onPlay({ seed, seat, mode: "play", daily: null }) }),
      h("button", { type: "button", class: "btn other-seat", text: t("deal.other_seat"),
        onclick: () => onPlay({ seed, seat: otherSeat(seat), mode: "duplicate", daily: null }) }),
      shareBtn),
    share);
}
