// What the card art knows of decks and games comes from the engine: the "cards" entry of
// data/site.json, written at build time by cardavia.deckinfo (cards of each deck in order,
// corner labels per rank, per game the stripped cards, scoring cards and corner labels).
// site.js hands it over once at start-up; nothing here copies a deck list or a rule.
let data = null;

export function setDeckData(cards) {
  data = cards;
}

function need() {
  if (!data) throw new Error("deck data missing: site.json has no \"cards\" entry");
  return data;
}

/** Every card of a deck, in the engine's order ("T0", "T1"… first for tarots). */
export function deckCards(deck) {
  const d = need().decks[deck];
  return d ? d.cards : [];
}

/** The deck by group: [{id: "T" | suit, cards}], trumps and the Matto first. */
export function deckGroups(deck) {
  const groups = new Map();
  for (const c of deckCards(deck)) {
    const id = c[0] === "T" ? "T" : c.slice(-1);
    if (!groups.has(id)) groups.set(id, []);
    groups.get(id).push(c);
  }
  return [...groups].map(([id, cards]) => ({ id, cards }));
}

/** Whether the engine's data has been handed over (pure modules that read it ask first). */
export const hasDeckData = () => data !== null;

/** The engine's entry for one game, or null. */
export function gameData(game) {
  const d = need();
  return game && Object.prototype.hasOwnProperty.call(d.games, game) ? d.games[game] : null;
}

/** Cards of `deck` that `game` takes out before play. */
export function strippedCards(game, deck) {
  const gd = gameData(game);
  return new Set((gd && gd.stripped[deck]) || []);
}

/** {points: {card: n}, base}: the cards that score by themselves in `game`, and what every
 * other card of its pack scores. */
export function cardPoints(game) {
  const gd = gameData(game);
  return gd ? { points: gd.points, base: gd.base_points } : { points: {}, base: 0 };
}

/** The corner label of a rank: the game's (Scopa's courts read 8, 9, 10) or the deck's letter. */
export function rankLabel(rank, deck, game) {
  const gd = gameData(game);
  if (gd && gd.labels[rank] !== undefined) return gd.labels[rank];
  const d = need().decks[deck];
  return (d && d.labels[rank]) || rank;
}

/** The court of `deck` that `game` counts as `value` (Scopa: the Fante, or the Siciliane Donna, is 8). */
export function courtCounting(game, deck, value) {
  const gd = gameData(game);
  const d = need().decks[deck];
  if (!gd || !d) return null;
  return Object.keys(d.labels).find((r) => "JQNK".includes(r) && gd.labels[r] === String(value)) || null;
}
