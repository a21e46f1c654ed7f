// Card and seat names, from the message catalogue.
import { t, has, num } from "./i18n.js";
import { parseCard, cardLabel } from "./cardart.js";

// The game whose table is showing: Scopa's courts read 8, 9, 10 on their faces, so their
// names say that number too ("10 of Swords (Re)"), as the face does.
let namingGame = null;
let namingDeck = null;

/** Cards are named as `game` labels them on `deck` (null: by their court names alone). */
export function setCardNaming(game, deck) {
  namingGame = game || null;
  namingDeck = deck || null;
}

const COURTS = "JQNK";

export function rankName(rank) {
  if (has(`rank.${rank}`)) return t(`rank.${rank}`);
  return /^\d+$/.test(rank) ? num(Number(rank)) : rank; // 7 → ۷ in Persian, ٧ in Arabic
}

export function cardName(code) {
  if (code === "T0") return t("card.matto");
  const c = parseCard(code);
  if (c.trump !== undefined) return t("card.trump_name", { n: c.trump });
  const rank = rankName(c.rank);
  const suit = t(`suit.${c.suit}`);
  if (namingGame && COURTS.includes(c.rank)) {
    const label = cardLabel(code, namingDeck, namingGame);
    if (/^\d+$/.test(label)) return t("card.name_numbered", { rank, suit, number: Number(label) });
  }
  return t("card.name", { rank, suit });
}

export function cardsName(codes) {
  return codes.map(cardName).join(t("cards.join"));
}

/** Where a seat sits, seen from the human: seat s+1 sits on the right of seat s. */
export function seatPosition(seat, me, players) {
  const rel = (seat - me + players) % players;
  if (players === 2) return rel === 0 ? "bottom" : "top";
  if (players === 3) return ["bottom", "right", "left"][rel];
  return ["bottom", "right", "top", "left"][rel];
}

// Pass-and-play: the people at the table by seat ({seat: name}), or null. The others are
// named by name; "You" stays the person holding the device.
let peopleNames = null;

export function setPeopleNames(names) {
  peopleNames = names ? { ...names } : null;
}

/** The name of the person at `seat` (pass-and-play, live play), or null for a computer. */
export function personName(seat) {
  return (peopleNames && peopleNames[seat]) || null;
}

export function seatName(seat, me, players, teams) {
  if (seat === me) return t("seat.you");
  if (peopleNames && peopleNames[seat]) return peopleNames[seat];
  if (players === 2) return t("seat.ai");
  const pos = seatPosition(seat, me, players);
  const myTeam = teams && teams.find((tm) => tm.includes(me));
  if (myTeam && myTeam.includes(seat)) return t("seat.partner");
  return t(`seat.ai_${pos}`);
}

/** A seat's short mark on the cards it played in a four-seat trick ("West", "Partner"):
 * a person's own name at a table of people. */
export function seatMark(seat, me, players, teams) {
  if (seat !== me && peopleNames && peopleNames[seat]) return peopleNames[seat];
  if (seat === me) return t("seat.mark.you");
  const myTeam = teams && teams.find((tm) => tm.includes(me));
  if (myTeam && myTeam.includes(seat)) return t("seat.mark.partner");
  return t(`seat.mark.${seatPosition(seat, me, players)}`);
}

export function teamName(team, snap) {
  const members = snap.teams[team] || [];
  if (peopleNames && members.length === 1 && members[0] !== snap.seat && peopleNames[members[0]]) return peopleNames[members[0]];
  if (members.length > 1) return members.includes(snap.seat) ? t("team.you_partner") : t("team.opponents");
  return members.includes(snap.seat) ? t("team.you") : t("team.ai");
}
