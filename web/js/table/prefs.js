// The table's preferences (computer level, animation speed) and the URL parameters a
// table reads (?level, ?speed, ?seed). One speed setting for the whole site: the Look
// panel changes it, every table hears of it through a `cardavia:settings` event.
import { readRecord, writeRecord, setAside } from "../stored.js";
import { SPEEDS, DEFAULT_SPEED } from "./pace.js";

export const SETTINGS_KEY = "cardavia.settings";
// {v: 2, level, speed}; version 1 is the unversioned {level, speed} of before
export const SETTINGS_VERSION = 2;
export const SETTINGS_EVENT = "cardavia:settings";
export const LEVELS = ["random", "greedy", "normal", "expert"]; // Easy, Medium, Hard, Expert
export const DEFAULT_LEVEL = "normal";

/** The stored preferences; unreadable ones (or from an unknown version) are set aside. */
function savedSettings() {
  const found = readRecord(SETTINGS_KEY, { version: SETTINGS_VERSION, migrations: { 1: (old) => old } });
  if (found.unreadable !== undefined) setAside(SETTINGS_KEY, found.unreadable);
  return found.value || {};
}

/** {level, speed, seed?} from the saved settings, overridden by the URL. */
export function loadSettings(search = location.search) {
  const saved = savedSettings();
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
  writeRecord(SETTINGS_KEY, SETTINGS_VERSION, { ...savedSettings(), [name]: value });
  document.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail: { name, value } }));
}

export function savedSpeed() {
  const s = savedSettings().speed;
  return SPEEDS.includes(s) ? s : DEFAULT_SPEED;
}
