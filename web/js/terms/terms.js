// The game terms a player meets at the table, on the score sheet, in the log and in the
// rules (issue 26): what each term's definition pictures, and which terms a game uses (its
// description's terms, from the engine's data: site.json's cards.games[game].glossary). The
// words (title, definition, and the forms the term takes in running text) are the
// catalogue's term.<id>.* messages; the cards pictured come from the engine's data (deckinfo).
// Pure: no DOM, so the narrator's and the sheet's marking is testable under Node.
import { t, has } from "../i18n.js";
import { gameData, hasDeckData } from "../cardart/deckdata.js";

/** term id → {picture}: a kind the definition draws (terms/pictures.js): "cards" (the
 * term's own cards in deckinfo's terms), "ranking", "trumps", "points", "primiera" or
 * "backs" (the fola: cards face down). */
export const TERMS = {
  honours: { picture: "cards" }, // before trump: "Kings, trump 1, trump 21"
  trump: { picture: "trumps" },
  rank_order: { picture: "ranking" },
  card_points: { picture: "points" },
  scopa: { picture: "cards" },
  settebello: { picture: "cards" },
  primiera: { picture: "primiera" },
  picada: { picture: "cards" },
  simili: { picture: "cards" },
  quadriglia: { picture: "cards" },
  matta: { picture: "cards" },
  napola: { picture: "cards" },
  re_bello: { picture: "cards" },
  matto: { picture: "cards" },
  versicola: { picture: "cards" },
  kill: { picture: "points" },
  fola: { picture: "backs" },
  resti: { picture: "points" },
  carico: { picture: "cards" }, // Briscola a 4: the Aces and Threes
  liscio: { picture: "cards" }, // Briscola a 4: cards worth nothing
  // Tressette (issue 44): the accusi picture their cards (the game's TERM_CARDS); the last
  // trick and the cappotto the card points
  ultima: { picture: "points" },
  cappotto: { picture: "points" },
  accuso: { picture: "cards" },
  napoletana: { picture: "cards" },
  buongioco: { picture: "cards" },
  // the calls of a lead in four: the order of strength (a Busso asks for the best card)
  busso: { picture: "ranking" },
  striscio: { picture: "ranking" },
  volo: { picture: "ranking" },
};

/** Whether `game` uses term `id` (its description says so). */
export function usesTerm(game, id) {
  const g = hasDeckData() ? gameData(game) : null;
  return !!g && (g.glossary || []).includes(id);
}

/** The terms of one game, in the registry's order. */
export function termsOf(game) {
  return Object.keys(TERMS).filter((id) => usesTerm(game, id));
}

/** A score-sheet or tally line key → the term it names (null when none). */
const LINE_TERMS = {
  scopa: "scopa", settebello: "settebello", primiera: "primiera", picada: "picada", simili: "simili",
  quadriglia: "quadriglia", matta: "matta", napola: "napola", re_bello: "re_bello", honours: "honours", matto: "matto",
  kill: "kill", resto: "resti", combination: "versicola", declare: "versicola", card_points: "card_points",
  last_trick: "ultima", accusi: "accuso",
};
export function lineTerm(key, game) {
  const id = LINE_TERMS[key];
  return id && usesTerm(game, id) ? id : null;
}

export const termTitle = (id) => t(`term.${id}.name`);

/** The definition: a game's own wording where the term differs between games
 * (term.<id>.def.<game>), else the shared one. */
export function termDefinition(id, game) {
  const own = `term.${id}.def.${game}`;
  return t(has(own) ? own : `term.${id}.def`);
}

const LATIN_END = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]$/;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The forms a term takes in running text, longest first (term.<id>.match: "a|b|c"). */
function forms(id) {
  const key = `term.${id}.match`;
  return (has(key) ? t(key) : termTitle(id)).split("|").map((s) => s.trim()).filter(Boolean)
    .sort((a, b) => b.length - a.length);
}

const patterns = new Map(); // by the forms' text: compiled once per language

/** The pattern of term `id` in the page's language: a whole word; in Persian and Arabic the
 * word may carry a suffix (رستوی), taken into the match so the letters stay joined. */
function termPattern(id) {
  const list = forms(id);
  const key = list.join("|");
  if (!patterns.has(key)) {
    const alts = list.map((f) => escape(f) + (LATIN_END.test(f) ? "(?![\\p{L}\\p{M}])" : "[\\p{L}\\p{M}]*"));
    patterns.set(key, new RegExp(`(?<![\\p{L}\\p{M}])(?:${alts.join("|")})`, "giu"));
  }
  const re = patterns.get(key);
  re.lastIndex = 0;
  return re;
}

/**
 * `text` cut into segments [{text}, {text, term}], the first occurrence of each of `ids`
 * (case-insensitive, a whole word: no letter either side) marked. Later occurrences stay
 * plain: one tappable term per line is enough.
 */
export function markTerms(text, ids) {
  const hits = [];
  for (const id of ids || []) {
    const re = termPattern(id);
    // the first occurrence not inside another term's ("trump" inside "Kings, trump 1, trump 21")
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (hits.some((x) => start < x.end && x.start < end)) continue;
      hits.push({ id, start, end });
      break;
    }
  }
  hits.sort((a, b) => a.start - b.start);
  const out = [];
  let at = 0;
  for (const x of hits) {
    if (x.start > at) out.push({ text: text.slice(at, x.start) });
    out.push({ text: text.slice(x.start, x.end), term: x.id });
    at = x.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
