// The replay's board: every seat's hand face up (the match is over, nothing is secret),
// the trick or the table in the middle, Briscola's trump and stock, and any other place
// the engine lists (Tarocchi's discard, Minchiate's discards and fola). Cards are drawn by
// the table's own renderer (table/render.js → cardart.js).
import { h, clear } from "../dom.js";
import { t, num, has } from "../i18n.js";
import { cardName, seatPosition } from "../names.js";
import { cardEl } from "../table/cardface.js";
import { teamOf } from "../table/sheet.js";

const SEEN_PLACES = /^(hand\d|pile\d|trick|table|stock|unclaimed)$/;

/** A row of face-up cards, in hand order; `mark` is the card to highlight. */
function cardRow(cards, v, cls, mark = null) {
  return h("div", { class: `rp-cards ${cls}`, role: "img", "aria-label": cards.length ? cards.map(cardName).join(t("cards.join")) : t("replay.no_cards") },
    cards.map((c) => cardEl(c, v, { class: `card face${c === mark ? " last" : ""}` })),
    cards.length ? null : h("span", { class: "rp-empty", text: "—" }));
}

function seatBox(seat, pos, v) {
  const view = pos.view;
  const team = teamOf(seat, view);
  const acted = pos.step.seat === seat;
  return h("div", { class: `rp-seat rp-${seatPosition(seat, pos.human, view.players)}${acted ? " acted" : ""}${view.to_move === seat ? " to-move" : ""}`,
    dataset: { seat } },
  h("p", { class: "rp-who" }, h("span", { class: "who", text: v.seatName(seat) }),
    view.captured ? h("span", { class: "pile", text: t("table.captured", { count: view.captured[team] }) }) : null,
    view.dealer === seat ? h("span", { class: "dealer-tag", text: t("table.dealer") }) : null),
  cardRow(pos.hands[seat] || [], v, "rp-hand"));
}

/** The middle: the trick being played (or the one just won), or the table's cards. */
function middle(pos, v) {
  const view = pos.view;
  const events = pos.step.events || [];
  const played = events.find((e) => e.type === "played" || e.type === "placed" || e.type === "captured");
  const mark = played ? played.card : null;
  const parts = [];
  if (v.fishing) {
    parts.push(h("p", { class: "rp-label", text: t("table.table") }), cardRow(view.table || [], v, "rp-table", mark));
  } else {
    const won = events.find((e) => e.type === "trick_won");
    let trick = view.trick || [];
    let label = t("table.trick");
    if (!trick.length && won && view.last_trick && view.last_trick.cards) {
      trick = view.last_trick.cards;
      label = t("replay.trick_won", { who: v.seatName(won.seat) });
    }
    parts.push(h("p", { class: "rp-label", text: label }),
      h("div", { class: "rp-cards rp-trick" }, trick.map(({ seat, card }) => h("figure", { class: "rp-trick-card", dataset: { seat } },
        cardEl(card, v, { class: `card face${card === mark ? " last" : ""}${won && trick !== view.trick && seat === won.seat ? " winner" : ""}` }),
        h("figcaption", { text: v.seatName(seat) }))), trick.length ? null : h("span", { class: "rp-empty", text: "—" })));
  }
  if (v.stock && view.trump) { // Briscola: the face-up trump under the stock
    parts.push(h("p", { class: "rp-stock" }, cardEl(view.trump, v, { class: "card face mini", title: t("table.trump_card", { card: cardName(view.trump) }) }),
      h("span", { text: t("table.stock", { count: view.stock }) }), h("span", { text: t("table.trump_suit", { suit: t(`suit.${view.trump_suit}`) }) })));
  } else if (v.stock && pos.places.stock && pos.places.stock.length) {
    parts.push(h("p", { class: "rp-stock", text: t("table.stock", { count: pos.places.stock.length }) }));
  }
  return h("div", { class: "rp-middle" }, parts);
}

/** Other places with cards (discards, the fola): labelled by the catalogue where it can. */
function otherPlaces(pos, v) {
  const rows = Object.entries(pos.places).filter(([k, cards]) => !SEEN_PLACES.test(k) && cards.length).map(([k, cards]) => {
    const base = k.replace(/\d$/, "");
    const seat = /\d$/.test(k) ? Number(k.slice(-1)) : null;
    const name = has(`replay.place.${base}`) ? t(`replay.place.${base}`) : base;
    return h("div", { class: "rp-place", dataset: { place: k } },
      h("p", { class: "rp-label", text: seat === null ? name : `${name} · ${v.seatName(seat)}` }), cardRow(cards, v, "rp-small"));
  });
  return rows.length ? h("div", { class: "rp-places" }, rows) : null;
}

/** Draws the position `pos` (a `replay` answer) into `box`. */
export function renderBoard(box, pos, v) {
  const n = pos.view.players;
  clear(box);
  box.className = `rp-board players-${n}`;
  const seats = [];
  for (let s = 0; s < n; s++) seats.push(seatBox(s, pos, v));
  box.append(...seats, middle(pos, v));
  const others = otherPlaces(pos, v);
  if (others) box.append(others);
  return box;
}

/** The running score per team (points of this deal; Scopa also the match). */
export function scoreLine(pos, v) {
  const view = pos.view;
  return h("dl", { class: "rp-score score-list" }, view.teams.map((_, team) => [
    h("dt", { text: v.teamName(team) }),
    h("dd", { dataset: { team } }, t("table.points", { points: (view.points || [])[team] || 0 }),
      view.match_scores ? [" · ", t("table.match", { score: num(view.match_scores[team]) })] : null)]));
}
