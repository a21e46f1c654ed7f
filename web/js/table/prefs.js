// The table's preferences (computer level, animation speed) and the URL parameters a
// table reads (?level, ?speed, ?seed). One speed setting for the whole site: the Look
// panel changes it, every table hears of it through a `cardavia:settings` event.
import { storage } from "../dom.js";
import { SPEEDS, DEFAULT_SPEED } from "./pace.js";

export const SETTINGS_KEY = "cardavia.settings";
export const SETTINGS_EVENT = "cardavia:settings";
export const LEVELS = ["random", "greedy", "normal", "expert"]; // Easy, Medium, Hard, Expert
export const DEFAULT_LEVEL = "normal";

/** {level, speed, seed?} from the saved settings, overridden by the URL. */
export function loadSettings(search = location.search) {
  const saved = storage.get(SETTINGS_KEY, {}) || {};
  const s = { level: saved.level, speed: saved.speed };
  const q = new URLSearchParams(search);
  if (LEVELS.includes(q.get("level"))) s.level = q.get("level");
  if (SPEEDS.includes(q.get("speed"))) s.speed = q.get("speed");
  if (!LEVELS.includes(s.level)) s.level = DEFAULT_LEVEL;
  if (!SPEEDS.includes(s.speed)) s.speed = DEFAULT_SPEED;
  // ?seed=<int> (tests, demos, bug reports, shared deals): the first match of the page deals it
  if (/^\d{1,9}$/.test(q.get("seed") || "")) s.seed = Number(q.get("seed"));
  return s;
}

/** Saves one preference and tells every table on the page. */
export function setPreference(name, value) {
  const cur = storage.get(SETTINGS_KEY, {}) || {};
  storage.set(SETTINGS_KEY, { ...cur, [name]: value });
  document.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail: { name, value } }));
}

export function savedSpeed() {
  const s = (storage.get(SETTINGS_KEY, {}) || {}).speed;
  return SPEEDS.includes(s) ? s : DEFAULT_SPEED;
}
