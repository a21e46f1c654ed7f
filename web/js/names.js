// Card and seat names, from the message catalogue.
import { t, has, num } from "./i18n.js";
import { parseCard } from "./cardart.js";

export function rankName(rank) {
  if (has(`rank.${rank}`)) return t(`rank.${rank}`);
  return /^\d+$/.test(rank) ? num(Number(rank)) : rank; // 7 → ۷ in Persian, ٧ in Arabic
}

export function cardName(code) {
  if (code === "T0") return t("card.matto");
  const c = parseCard(code);
  if (c.trump !== undefined) return t("card.trump_name", { n: c.trump });
  return t("card.name", { rank: rankName(c.rank), suit: t(`suit.${c.suit}`) });
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

export function seatName(seat, me, players, teams) {
  if (seat === me) return t("seat.you");
  if (players === 2) return t("seat.ai");
  const pos = seatPosition(seat, me, players);
  const myTeam = teams && teams.find((tm) => tm.includes(me));
  if (myTeam && myTeam.includes(seat)) return t("seat.partner");
  return t(`seat.ai_${pos}`);
}

export function teamName(team, snap) {
  const members = snap.teams[team] || [];
  if (members.length > 1) return members.includes(snap.seat) ? t("team.you_partner") : t("team.opponents");
  return members.includes(snap.seat) ? t("team.you") : t("team.ai");
}
