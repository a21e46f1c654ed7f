// Why a card may not be played now, in the player's words. The reason is the engine's:
// the snapshot's `play_blocks` (card → {code, suit, card}: follow, trump, Minchiate's King
// rule) in play, the discard step's reasons while discarding; this module only words it
// through the message catalogue, so a refusal never disagrees with what the engine accepts.
import { t, has } from "../i18n.js";
import { cardName } from "../names.js";

/** The message for the engine's play refusal `why` ({code, suit, card}). */
export function playRefusalText(why) {
  if (!why) return t("table.refuse.other");
  const key = why.code === "follow" && why.suit === "T" ? "table.refuse.follow_trumps" : `table.refuse.${why.code}`;
  if (!has(key)) return t("table.refuse.other");
  return t(key, { suit: why.suit && why.suit !== "T" ? t(`suit.${why.suit}`) : "", card: why.card ? cardName(why.card) : "" });
}

/**
 * Why `card` is refused in snapshot `s`, in one line: the play reason, or in the discard
 * step the reason shown beside the hand (`discardWhy`: Map card → {key, text}).
 */
export function refusalText(s, card, discardWhy = null) {
  if (s.phase === "discard") {
    const r = discardWhy && discardWhy.get(card);
    return t("table.refuse.named", { card: cardName(card), reason: r ? r.text : t("table.refuse.other") });
  }
  return playRefusalText((s.play_blocks || {})[card]);
}
