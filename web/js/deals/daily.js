// The daily deal: one deal per game and day, the same for everyone. The seed is a pure
// function of the game and the date, FNV-1a (32-bit) of the UTF-8 text "<game>:<YYYY-MM-DD>",
// taken mod 2^31. The day is the UTC date, so that players everywhere share the same
// deal at the same moment (it changes at midnight UTC, not at local midnight).

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, of a string's UTF-8 bytes. */
export function fnv1a(text) {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** The seed of the daily deal of `game` on `day` ("YYYY-MM-DD"). */
export function dailySeed(game, day) {
  return fnv1a(`${game}:${day}`) % 2 ** 31;
}

/** "YYYY-MM-DD" of a Date, in UTC. */
export function utcDay(date = new Date()) {
  return date.toISOString().slice(0, 10);
}

/** A day written exactly as YYYY-MM-DD that exists in the calendar (2026-02-30 does not), or null. */
export function parseDay(text) {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return text;
}

/** Today, or the day a test or a demo injects with ?today=YYYY-MM-DD (in the hash's query
 * or the page's), honoured only when it is a valid day. */
export function today(params = new URLSearchParams(), search = location.search) {
  return parseDay(params.get("today")) || parseDay(new URLSearchParams(search).get("today")) || utcDay();
}

/** The next or previous day of "YYYY-MM-DD". */
export function shiftDay(day, by) {
  const [y, m, d] = day.split("-").map(Number);
  return utcDay(new Date(Date.UTC(y, m - 1, d + by)));
}
