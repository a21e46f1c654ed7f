// A game's options (variant, target, house rules), driven by its description (site.json's
// catalogue entry: `options` with their defaults, `option_choices` for the options that are
// not switches). One form travels everywhere: the options that differ from their defaults
// ({} for the game as its rules file plays it), as the engine's save keeps them. Links carry
// each as `o.<option>=<value>` (switches 1/0); a value the game does not take is refused.
// Without the DOM: tested under Node (web/js-tests/options.test.mjs).
import { storage } from "../dom.js";

const PREFIX = "o.";
const STORE = (game) => `cardavia.options.${game}`;

/** The game's options with their defaults ({} for a game without options). */
export function defaultsOf(game) {
  return (game && game.options) || {};
}

/** Whether the game has options a player can choose. */
export function hasOptions(game) {
  return Object.keys(defaultsOf(game)).length > 0;
}

/** The values an option takes: its choices, [false, true] for a switch, or null. */
export function choicesOf(game, key) {
  const listed = game && game.option_choices && game.option_choices[key];
  if (Array.isArray(listed)) return listed;
  return typeof defaultsOf(game)[key] === "boolean" ? [false, true] : null;
}

/** `options` as the canonical form: known options off their defaults, in key order; null when
 * one is unknown or takes a value the game does not offer. */
export function canonical(game, options) {
  const defaults = defaultsOf(game);
  const out = {};
  for (const key of Object.keys(options || {}).sort()) {
    if (!(key in defaults)) return null;
    const value = options[key];
    const allowed = choicesOf(game, key);
    if (typeof value !== typeof defaults[key] || (allowed && !allowed.includes(value))) return null;
    if (value !== defaults[key]) out[key] = value;
  }
  return out;
}

/** Every option's value: the defaults with `options` over them. */
export function fullOptions(game, options) {
  return { ...defaultsOf(game), ...(options || {}) };
}

/** A link's query with the options added (only non-default ones). */
export function addToParams(q, options) {
  for (const [key, value] of Object.entries(options || {})) {
    q.set(PREFIX + key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  }
  return q;
}

/** The options a link's query carries: {options} (canonical), or {bad: <the option's name>}
 * when one is not the game's or its value is not one the game takes. */
export function fromParams(params, game) {
  const defaults = defaultsOf(game);
  const given = {};
  for (const [name, text] of params.entries()) {
    if (!name.startsWith(PREFIX)) continue;
    const key = name.slice(PREFIX.length);
    if (!(key in defaults)) return { bad: key };
    const d = defaults[key];
    if (typeof d === "boolean") {
      if (text !== "1" && text !== "0") return { bad: key };
      given[key] = text === "1";
    } else if (typeof d === "number") {
      if (!/^\d{1,4}$/.test(text)) return { bad: key };
      given[key] = Number(text);
    } else {
      given[key] = text;
    }
  }
  const options = canonical(game, given);
  if (options === null) return { bad: Object.keys(given)[0] };
  return { options };
}

/** The variant's name in the record's keys: the game's id, with its options when any
 * ("scopone~classico.target-21"): statistics are kept per variant. */
export function variantId(gameId, options) {
  const parts = Object.keys(options || {}).sort().map((k) => {
    const v = options[k];
    return v === true ? k : v === false ? `no-${k}` : `${k}-${v}`;
  });
  return parts.length ? `${gameId}~${parts.join(".")}` : gameId;
}

/** The words of the options that are on (non-default ones), for the line under the game's name:
 * `say(key, value)` gives one option's words ([] when all are at their defaults). */
export function optionWords(options, say) {
  return Object.keys(options || {}).sort().map((k) => say(k, options[k]));
}

/** The options the player last chose for this game (canonical; {} when none or unreadable). */
export function storedOptions(game) {
  return canonical(game, storage.get(STORE(game.id), {})) || {};
}

export function storeOptions(game, options) {
  return storage.set(STORE(game.id), canonical(game, options) || {});
}

/** A variant id's options back ("scopone~classico.target-21" → {classico: true, target: 21}). */
export function optionsOfVariant(id) {
  const at = id.indexOf("~");
  if (at < 0) return {};
  const out = {};
  for (const part of id.slice(at + 1).split(".")) {
    const m = /^(.*)-(\d+)$/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
    else if (part.startsWith("no-")) out[part.slice(3)] = false;
    else out[part] = true;
  }
  return out;
}
