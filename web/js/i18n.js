// Message catalogue: keyed messages with {placeholders}, ICU-style plurals
// ("{count, plural, one {# card} other {# cards}}") and selects ("{person, select, you {…} other {…}}"). Every string the user sees
// comes from web/i18n/<locale>.json; adding a language is adding one file and one
// line to LANGUAGES. Numbers are formatted with Intl in the locale's own digits;
// in right-to-left locales every substituted value is wrapped in Unicode isolates
// (FSI … PDI) so that Latin names and numbers inside Persian or Arabic text read right.
let messages = {};
let locale = "en";
let plurals = new Intl.PluralRules("en");
// The locale's Intl.NumberFormat, made when a number first needs it: the first one a page
// makes costs ~25 ms (a phone's 0.1 s) while the page starts, and the Latin-digit languages
// write the small whole numbers of a table exactly as String() does (checked in
// js-tests/icu.test.mjs), so most pages in English, Italian or Vietnamese never make one.
let numbers = null;
let latinDigits = true;
let isolate = false;

/** The languages offered, by their own names (autonyms are not translated). */
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "it", name: "Italiano", dir: "ltr" },
  { code: "fa", name: "فارسی", dir: "rtl", numbers: "fa-u-nu-arabext" },
  { code: "ar", name: "العربية", dir: "rtl", numbers: "ar-u-nu-arab" },
  { code: "vi", name: "Tiếng Việt", dir: "ltr" },
];
export const LANG_KEY = "cardavia.lang";
const FSI = "\u2068";
const PDI = "\u2069";
const RLI = "\u2067";
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

function language(code) {
  return LANGUAGES.find((l) => l.code === code) || null;
}

/** The language to show: ?lang=… in the URL, else the saved choice, else the browser's. */
export function pickLocale(search = location.search) {
  const q = new URLSearchParams(search).get("lang");
  if (q && language(q.toLowerCase().split("-")[0])) return q.toLowerCase().split("-")[0];
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(LANG_KEY)); } catch { /* no storage */ }
  if (saved && language(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (language(code)) return code;
  }
  return "en";
}

export async function loadLocale(base, lang = "en") {
  if (!language(lang)) lang = "en";
  const res = await fetch(new URL(`i18n/${lang}.json`, base));
  if (!res.ok) throw new Error(`i18n ${lang}: HTTP ${res.status}`);
  messages = await res.json();
  const info = language(lang);
  locale = lang;
  plurals = new Intl.PluralRules(lang);
  numbers = null;
  latinDigits = !info.numbers;
  isolate = info.dir === "rtl";
  document.documentElement.lang = lang;
  document.documentElement.dir = info.dir;
}

/** Sets the catalogue directly (unit tests under Node, where there is no fetch of the site). */
export function useMessages(lang, catalogue) {
  const info = language(lang) || language("en");
  messages = catalogue;
  locale = info.code;
  plurals = new Intl.PluralRules(info.code);
  numbers = null;
  latinDigits = !info.numbers;
  isolate = info.dir === "rtl";
}

export function isRtl() { return isolate; }

export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

export function num(n) {
  if (latinDigits && Number.isInteger(n) && n > -1000 && n < 1000 && !Object.is(n, -0)) return String(n);
  if (!numbers) {
    const info = language(locale);
    numbers = new Intl.NumberFormat(info.numbers || locale);
  }
  return numbers.format(n);
}

/** 2.4 → "+2.4", -0.8 → "−0.8" in the locale's digits (expected points of a move). */
export function signed(n) {
  const info = language(locale);
  return new Intl.NumberFormat(info.numbers || locale, { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(n);
}

/** 50 → "50%" / "۵۰٪" / "50 %", in the locale's digits and style. */
export function percent(n) {
  if (latinDigits && n >= 0 && n < 1000) return `${Math.round(n)}%`; // as Intl writes it (js-tests/icu.test.mjs), without making one
  const info = language(locale);
  return new Intl.NumberFormat(info.numbers || locale, { style: "percent", maximumFractionDigits: 0 }).format(n / 100);
}

/** t("table.stock", {count: 3}) → "Stock: 3". Missing keys show the key (and warn once). */
export function t(key, params = {}) {
  const msg = messages[key];
  if (msg === undefined) {
    if (!warned.has(key)) { warned.add(key); console.warn("i18n: missing", key); }
    return key;
  }
  return format(msg, withPerson(params));
}
const warned = new Set();

/**
 * Languages whose verbs agree with the subject need to know who "{who}" is: every
 * message gets a `person` argument for ICU `select` — "you" (seat.you / team.you),
 * "we" (you and your partner), "they" (the opponents) or "other" (one computer player).
 * The names come from the catalogue itself, so comparing them is exact.
 */
function withPerson(params) {
  if (params.who === undefined || params.person !== undefined) return params;
  const who = String(params.who);
  const is = (key) => messages[key] !== undefined && messages[key] === who;
  const person = is("seat.you") || is("team.you") ? "you" : is("team.you_partner") ? "we" : is("team.opponents") ? "they" : "other";
  return { ...params, person };
}

function format(msg, params, hash) {
  let out = "";
  let i = 0;
  while (i < msg.length) {
    const ch = msg[i];
    if (ch === "#" && hash !== undefined) { out += num(hash); i++; continue; }
    if (ch === "}") throw new Error("i18n: unmatched '}' in " + msg);
    if (ch !== "{") { out += ch; i++; continue; }
    const end = matching(msg, i);
    const body = msg.slice(i + 1, end);
    i = end + 1;
    const parts = body.split(",");
    const name = parts[0].trim();
    if (parts.length >= 3 && parts[1].trim() === "plural") {
      const n = Number(params[name]);
      const rest = body.slice(body.indexOf(",", body.indexOf(",") + 1) + 1);
      const options = parseOptions(rest);
      const form = options[`=${n}`] ?? options[plurals.select(n)] ?? options.other ?? "";
      out += format(form, params, n);
    } else if (parts.length >= 3 && parts[1].trim() === "select") {
      const rest = body.slice(body.indexOf(",", body.indexOf(",") + 1) + 1);
      const options = parseOptions(rest);
      const form = options[String(params[name])] ?? options.other ?? "";
      out += format(form, params, hash);
    } else {
      const v = params[name];
      const text = v === undefined ? `{${name}}` : (typeof v === "number" ? num(v) : String(v));
      // right-to-left text of our own (a card name, "AI East") is isolated as RTL, anything
      // else (Latin names, digits) by its first strong character
      out += isolate && v !== undefined ? (RTL_CHAR.test(text) ? RLI : FSI) + text + PDI : text;
    }
  }
  return out;
}

function matching(s, start) {
  let depth = 0;
  for (let j = start; j < s.length; j++) {
    if (s[j] === "{") depth++;
    else if (s[j] === "}" && --depth === 0) return j;
  }
  throw new Error("i18n: unbalanced braces in " + s);
}

function parseOptions(s) {
  const options = {};
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (i >= s.length) break;
    let j = i;
    while (j < s.length && s[j] !== "{" && !/\s/.test(s[j])) j++;
    const sel = s.slice(i, j);
    while (j < s.length && s[j] !== "{") j++;
    const end = matching(s, j);
    options[sel] = s.slice(j + 1, end);
    i = end + 1;
  }
  return options;
}

export function getLocale() { return locale; }
