// Drawing a snapshot: the seats around the board (the human at the bottom, seat s+1 on
// the right of seat s), the middle (trick, table cards, stock and trump), the hand, and
// the scores box. Renders only what the engine's snapshot says; decides nothing.
import { h, clear, drawnFrom } from "../dom.js";
import { t, num, getLocale, has } from "../i18n.js";
import { cardEl, backEl } from "./cardface.js";
import { cardName, cardsName, seatPosition, teamName, seatMark } from "../names.js";
import { teamOf } from "./sheet.js";
import { talliesView } from "./tallies.js";
import { pluginFor } from "./plugins.js";
import { fitHand, splitRows } from "./handfit.js";
import { refusalText } from "./refusal.js";
import { termNodes } from "../terms/termlink.js";

/**
 * The seat label: name, cards taken by the team, dealer and discard tags.
 * @param {object} v  the view: {seatName(seat), layout, game}
 */
export function renderInfo(box, seat, s, v) {
  clear(box);
  const team = teamOf(seat, s);
  box.append(h("span", { class: "who", text: v.seatName(seat) }));
  box.classList.toggle("to-move", s.to_move === seat);
  box.dataset.team = String(team);
  if (s.captured) {
    box.append(h("span", { class: "pile", text: t("table.captured", { count: s.captured[team] }) }));
  }
  if (s.dealer === seat && v.layout.dealerShown) {
    box.append(h("span", { class: "dealer-tag", text: t("table.dealer") }));
    if (s.discard_trumps !== undefined && s.discard_trumps !== null && s.phase !== "over") {
      box.append(h("span", { class: "discard-tag", text: t("table.discard_trumps", { trumps: s.discard_trumps }) }));
    }
  }
}

/** An opponent's or the partner's seat: label and the backs of the hand. */
export function renderSeat(box, seat, s, v) {
  if (!box) return;
  const n = (s.hand_counts || [])[seat] || 0;
  const shown = Math.min(n, s.players > 2 ? 8 : 12);
  const label = t("table.opponent_hand", { who: v.seatName(seat), count: n });
  // a computer's move changes one seat: the others keep their drawn backs (redrawing every
  // seat's cards on every move was most of a four-seat table's main-thread time)
  const backs = [v.deck, n, shown, getLocale()]; // the count is written in the language's digits
  const [oldInfo, oldHidden] = [box.querySelector(":scope > .seat-info"), box.querySelector(":scope > .hidden-hand")];
  if (oldInfo && oldHidden && drawnFrom(oldHidden, backs)) {
    renderInfo(oldInfo, seat, s, v);
    oldHidden.setAttribute("aria-label", label);
    return;
  }
  clear(box);
  const info = h("div", { class: "seat-info" });
  renderInfo(info, seat, s, v);
  const hidden = h("div", { class: "hidden-hand", role: "img", "aria-label": label });
  for (let i = 0; i < shown; i++) hidden.appendChild(backEl(v.deck));
  if (n) hidden.appendChild(h("span", { class: "count", "aria-hidden": "true", dataset: { n }, text: num(n) }));
  drawnFrom(hidden, backs);
  box.append(info, hidden);
}

/** A card of the trick in front of the seat that played it; in a four-seat trick it carries
 * that seat's mark ("West"), so the trick says who played what once the tags are out of view. */
export function trickCardEl(card, seat, s, v) {
  const pos = seatPosition(seat, s.seat, s.players);
  const e = cardEl(card, v, { "data-pos": pos, "data-seat": seat });
  if (s.players === 4) e.appendChild(h("span", { class: "seat-mark", "aria-hidden": "true", text: seatMark(seat, s.seat, s.players, s.teams) }));
  return e;
}

/** The trick (each card in front of the seat that played it) or the table's cards. */
export function renderPlay(playEl, s, v) {
  clear(playEl);
  if (v.layout.fishing) {
    for (const c of s.table || []) playEl.appendChild(cardEl(c, v));
    if (!(s.table || []).length) playEl.appendChild(h("p", { class: "empty", text: t("table.empty_table") }));
  } else {
    (s.trick || []).forEach(({ seat, card }, i) => {
      const e = trickCardEl(card, seat, s, v);
      if (i === 0) e.classList.add("led");
      // a call attached to the lead (Tressette in quattro, TR12): public, shown on the card
      if (i === 0 && s.call && s.call.seat === seat) {
        e.appendChild(h("span", { class: "call-badge", text: has(`call.${s.call.call}`) ? t(`call.${s.call.call}`) : s.call.call }));
      }
      playEl.appendChild(e);
    });
  }
  if (v.lastPlayed) {
    const e = playEl.querySelector(`[data-card="${v.lastPlayed}"]`);
    if (e) e.classList.add("last");
  }
}

/** Who led the trick (or leads next). */
export function renderLed(ledEl, s, v) {
  const trick = s.trick || [];
  const leader = trick.length ? trick[0].seat : s.leader;
  const show = !v.layout.fishing && s.phase === "play" && leader !== undefined && leader !== null;
  ledEl.hidden = !show;
  // said beside the leader's name, in their own seat label: the name is not said twice (it made
  // the tag wider than a side seat's room on a phone in Italian, Arabic and Vietnamese)
  ledEl.textContent = show ? t(trick.length ? "table.led_here" : "table.to_lead_here", { who: v.seatName(leader) }) : "";
  if (!show) return;
  // the label sits in the leader's own seat label, never in the middle over another seat
  const pos = seatPosition(leader, s.seat, s.players);
  const home = leader === s.seat ? v.myInfo : v.seats[pos] && v.seats[pos].querySelector(".seat-info");
  ledEl.dataset.pos = pos;
  if (home && ledEl.parentElement !== home) home.append(ledEl);
}

/** The stock (face down) and the trump card face up beside it, whole. */
export function renderStock(stockEl, s, v) {
  const st = clear(stockEl);
  st.drawnFrom = null; // the box Minchiate's setup is drawn in (renderSetup)
  st.hidden = !v.layout.stock;
  if (!v.layout.stock) return;
  const stock = s.stock || 0;
  const pile = h("div", { class: "stock", role: "img", "aria-label": stock ? t("table.stock_label", { count: stock }) : t("table.stock_empty") });
  const faceDown = s.trump ? stock - 1 : stock;
  if (faceDown > 0) pile.appendChild(backEl(v.deck));
  if (s.trump) {
    pile.appendChild(cardEl(s.trump, v, { class: "card face trump-card", title: t("table.trump_card", { card: cardName(s.trump) }) }));
  }
  st.appendChild(pile);
  st.appendChild(h("p", { class: "stock-count", text: stock ? t("table.stock", { count: stock }) : t("table.stock_empty") }));
  // cards drawn face up for both to see (Tressette's TR8): beside the stock until the next lead
  const drawn = s.drawn || [];
  if (drawn.length) {
    const codes = drawn.map((d) => d.card);
    st.appendChild(h("div", { class: "drawn", role: "img", "aria-label": t("table.drawn_label", { cards: cardsName(codes) }) },
      h("p", { class: "drawn-label", "aria-hidden": "true", text: t("table.drawn") }),
      h("span", { class: "drawn-cards" }, drawn.map(({ card, seat }) =>
        cardEl(card, v, { class: "card face mini", "data-seat": seat, title: `${v.seatName(seat)}: ${cardName(card)}` })))));
  }
  if (s.trump_suit) {
    // "Trumps" opens what a trump is, pictured in this deal's trump suit (terms/popover.js)
    st.appendChild(h("p", { class: "trump-suit" },
      termNodes(t("table.trump_suit", { suit: t(`suit.${s.trump_suit}`) }), ["trump"], { game: v.game.id, deck: v.deck, suit: s.trump_suit })));
  }
}

/**
 * The human's hand: one button per card, playable when the engine lists it as legal
 * (in the discard step: when it still fits a legal set with the cards chosen); on the
 * player's turn the others are aria-disabled, and a tap on one says why (table.js).
 */
export function renderHand(handEl, s, v, { sel = [], onCard }) {
  const focused = document.activeElement && handEl.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  const legal = s.your_turn ? s.legal : [];
  const legalCards = new Set();
  for (const a of legal) {
    if (a.card) legalCards.add(a.card);
    if (a.type === "discard" && a.cards && sel.every((c) => a.cards.includes(c))) a.cards.forEach((c) => legalCards.add(c));
  }
  const hand = s.hand || [];
  const discarding = s.phase === "discard" && s.your_turn;
  const specs = hand.map((c) => {
    const playable = legalCards.has(c) || sel.includes(c);
    return {
      type: "button", class: "card-btn", "aria-label": cardName(c), dataset: { card: c },
      // on the player's turn a refused card stays focusable and tappable: it says why
      disabled: !playable && !s.your_turn,
      "aria-disabled": !playable && s.your_turn ? "true" : null,
      title: !playable && s.your_turn && s.phase !== "discard" ? refusalText(s, c) : null,
      "aria-pressed": discarding ? String(sel.includes(c)) : null,
    };
  });
  // The same cards keep their buttons: in the same state (the others' moves) nothing is
  // touched; in another (the player's turn comes, a card is chosen to discard) only the
  // buttons' states change. Nothing is drawn or measured again (see fitHandBox).
  const sig = JSON.stringify(specs);
  if (sameHand(handEl, hand)) {
    if (handEl.dataset.sig !== sig) {
      handEl.dataset.sig = sig;
      const drawn = [...handEl.querySelectorAll("button.card-btn")];
      drawn.forEach((b, i) => restate(b, specs[i]));
      if (focused && drawn.some((b) => b.dataset.card === focused && b.disabled)) {
        const b = drawn.find((x) => !x.disabled && !x.hasAttribute("aria-disabled"));
        if (b) b.focus({ preventScroll: true });
      }
    }
    return false;
  }
  handEl.dataset.sig = sig;
  const probe = handEl.querySelector(":scope > .hand-probe") || h("span", { class: "card hand-probe", "aria-hidden": "true" });
  clear(handEl);
  const buttons = hand.map((c, i) => {
    const b = h("button", { ...specs[i], onclick: () => onCard(c) });
    b.appendChild(cardEl(c, v));
    return b;
  });
  if (handEl.closest(".embed")) {
    // the embed sizes its hand by its own box (embed.css, container units)
    handEl.classList.toggle("many", hand.length > 8);
    handEl.classList.toggle("crowded", hand.length > 17);
    handEl.append(...buttons);
  } else {
    // fitted by the caller once the chooser above it is drawn (table.js renderHandAndChoices)
    handEl.append(probe, ...buttons);
  }
  if (focused) {
    const b = handEl.querySelector(`button[data-card="${focused}"]:not([disabled])`) || handEl.querySelector("button:not([disabled]):not([aria-disabled])");
    if (b) b.focus({ preventScroll: true });
  }
  return true;
}

/** A hand card's button takes the state `spec` gives it, as a new button would have it. */
function restate(b, spec) {
  b.disabled = Boolean(spec.disabled);
  for (const k of ["aria-label", "aria-disabled", "title", "aria-pressed"]) {
    const v = spec[k];
    if (v === null || v === undefined || v === false) b.removeAttribute(k); else b.setAttribute(k, String(v));
  }
  b.classList.remove("hinted"); // a hint is for the state it was asked in
  delete b.dataset.why; // the discard chooser writes it again (table.js)
}

/** True when the hand on show holds `hand`, in its order: its buttons are kept (renderHand). */
export function sameHand(handEl, hand) {
  const drawn = handEl.querySelectorAll("button.card-btn");
  return drawn.length === hand.length && [...drawn].every((b, i) => b.dataset.card === hand[i]);
}

/**
 * What a fit of the hand needs from the page: its box's width, a card's full width (the
 * hidden probe's), the room below it on a desktop and the window's width. Read before new
 * cards go in (their box does not depend on them: `.hand.fitted` contains its inline size),
 * so that a fit forces no layout of a freshly drawn hand, which the frame then lays out once.
 * Null in an embed (sized by its own box, embed.css) or a box not laid out.
 */
export function measureHand(handEl) {
  if (handEl.closest(".embed")) return null;
  let probe = handEl.querySelector(":scope > .hand-probe");
  if (!probe) handEl.prepend(probe = h("span", { class: "card hand-probe", "aria-hidden": "true" }));
  const cs = getComputedStyle(handEl);
  const width = handEl.clientWidth - parseFloat(cs.paddingLeft || "0") - parseFloat(cs.paddingRight || "0");
  const maxCardW = probe.getBoundingClientRect().width;
  const windowWidth = window.innerWidth;
  // a desktop hand may take the room down to the window's bottom edge, as the page opens (the
  // hand is visible without scrolling); a phone scrolls, and takes the card's own size
  const room = windowWidth <= 820 ? Infinity
    : Math.max(0, window.innerHeight - (handEl.getBoundingClientRect().top + window.scrollY) - 12);
  return width > 0 && maxCardW > 0 ? { width, maxCardW, room, windowWidth } : null;
}

/**
 * Lays the hand's cards out in rows that fit its box (handfit.js): the card width and
 * overlap as CSS variables, the rows as elements; `m` is measureHand's, taken now when not
 * given. Runs again when the window's width changes (table.js), on the same buttons.
 */
export function fitHandBox(handEl, m = measureHand(handEl)) {
  const buttons = [...handEl.querySelectorAll("button.card-btn")];
  if (!m || !buttons.length) return;
  const fit = fitHand({ n: buttons.length, width: m.width, maxCardW: m.maxCardW, minCardW: Math.min(m.maxCardW, 40), maxHeight: m.room });
  handEl.classList.add("fitted");
  handEl.style.setProperty("--fit-w", `${fit.cardW}px`);
  handEl.style.setProperty("--lap", `${fit.lap}px`);
  handEl.dataset.rows = String(fit.rows);
  const inRows = buttons.every((b) => b.parentElement.classList.contains("hand-row"));
  if (inRows && handEl.querySelectorAll(".hand-row").length === fit.rows) return; // moving a button would drop its focus
  const focused = handEl.contains(document.activeElement) ? document.activeElement : null;
  for (const row of handEl.querySelectorAll(".hand-row")) row.remove();
  for (const cards of splitRows(buttons, fit.rows)) handEl.append(h("div", { class: "hand-row" }, cards));
  if (focused) focused.focus({ preventScroll: true });
}

/** The scores box: per team the deal's points, the match score and the live tallies. */
export function renderScores(box, s, v) {
  const lt = s.last_trick;
  if (drawnFrom(box, [s.seat, s.deal, s.teams.map((_, team) => teamName(team, s)), s.points, s.captured, s.match_scores, s.tallies,
    (s.piles || []).map((p) => p && p.length), s.meter, lt, lt && v.seatName(lt.winner)])) return;
  clear(box);
  const dl = h("dl", { class: "score-list" });
  s.teams.forEach((members, team) => {
    // fishing games score at the end: their running figure is the tallies' total, not the sweeps
    // a game that hides the running score shows no false "0 points": Briscola a 4 (B4-9: piles
    // face down, points null until the deal is over) the cards each team has taken, Tressette
    // (TR17) nothing
    const hidden = s.points === null;
    const parts = s.tallies || (hidden && !s.captured) ? []
      : [hidden ? t("table.captured", { count: s.captured[team] || 0 })
        : t("table.points", { points: (s.points || [])[team] || 0 })];
    if (s.match_scores) parts.push(t("table.match", { score: num(s.match_scores[team]) }));
    const pile = s.piles && s.piles[team] ? h("button", {
      type: "button", class: "btn pile-btn", dataset: { team }, onclick: () => v.openPile(team),
    }, t("table.pile_button", { count: s.piles[team].length }),
    h("span", { class: "sr-only", text: ` ${t("table.pile_title", { who: teamName(team, s) })}` })) : null;
    dl.append(h("dt", { text: teamName(team, s) }),
      h("dd", { dataset: { team } }, parts.length ? h("span", { class: "team-points", text: parts.join(" · ") }) : null,
        talliesView(s, team, v), pile));
  });
  box.append(h("p", { class: "deal-no", text: t("table.deal", { deal: s.deal || 1 }) }), dl);
  if (s.meter && pluginFor(v.game)) box.append(pluginFor(v.game).meterView(s, v));
  if (!v.layout.fishing && s.last_trick && s.last_trick.cards && s.last_trick.cards.length) {
    const who = v.seatName(s.last_trick.winner);
    box.append(h("div", { class: "last-trick", role: "img", "aria-label": t("table.last_trick_label", { who, cards: cardsName(s.last_trick.cards.map((x) => x.card)) }) },
      h("span", { class: "lt-label", text: t("table.last_trick", { who }) }),
      h("span", { class: "lt-cards" }, s.last_trick.cards.map(({ card, seat }) =>
        cardEl(card, v, { class: `card face mini${seat === s.last_trick.winner ? " won" : ""}` })))));
  }
}
