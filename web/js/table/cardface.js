// A card's face or back as a page element: the one piece every drawing module needs
// (render.js, minchiate.js, piles.js, animate.js, the replay board), kept apart so that
// none of them imports another to get it.
import { h } from "../dom.js";
import { cardSvg, backImage } from "../cardart.js";

/** A card face for the view `v` ({deck, game}): its corners as that game counts them. */
export function cardEl(code, v, extra = {}) {
  const e = h("span", { class: "card face", dataset: { card: code }, ...extra });
  e.appendChild(cardSvg(code, v.deck, v.game.id));
  return e;
}

/** The back of a card of `deck`. */
export function backEl(deck) {
  const e = h("span", { class: "card back" });
  e.appendChild(backImage(deck));
  return e;
}
