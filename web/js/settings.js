// Settings that are always at hand (top bar, and the table's ⚙ button): the language,
// sound and vibration (two switches), and the look of the site — contrast, grain and colour
// temperature sliders (0–100 %, 50 % by default) and the animation speed. The look is a palette of CSS custom properties computed here, so
// every text colour is checked against its background (WCAG ratio ≥ 4.5, with margin)
// whatever the sliders say; the grain is a noise texture whose opacity follows its slider.
// Everything persists in localStorage and applies at once.
import { h, clear, storage } from "./dom.js";
import { readRecord, writeRecord, setAside } from "./stored.js";
import { t, LANGUAGES, LANG_KEY, getLocale, percent, loadLocale } from "./i18n.js";
import { SPEEDS } from "./table/pace.js";
import { setPreference, savedSpeed } from "./table/prefs.js";
import { soundOn, setSoundOn, vibrationOn, setVibrationOn } from "./sound.js";

export const LOOK_KEY = "cardavia.look";
// {v: 2, contrast, grain, temperature}; version 1 is the unversioned object of before
export const LOOK_VERSION = 2;
export const LOOK_DEFAULT = { contrast: 50, grain: 50, temperature: 50 };

// ------------------------------------------------------------------ colour maths
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const hex = (c) => "#" + c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, "0")).join("");
const mix = (a, b, k) => a.map((v, i) => v + (b[i] - v) * k);
const scale = (c, k) => c.map((v) => v * k);
const lerp = (a, b, k) => a + (b - a) * k;

function luminance(c) {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a, b) {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Darken (or lighten) fg until it reaches `ratio` against every background. */
function ensure(fg, bgs, ratio, towards = [0, 0, 0]) {
  let c = fg;
  for (let i = 0; i < 40 && bgs.some((bg) => contrastRatio(c, bg) < ratio); i++) c = mix(c, towards, 0.08);
  return c;
}

/** Two-sided blend: k in 0..1, 0.5 gives `mid`. */
function across(low, mid, high, k) {
  return k < 0.5 ? mix(low, mid, k * 2) : mix(mid, high, k * 2 - 1);
}

/** The palette for {contrast, grain, temperature} in 0..100. */
export function palette(look) {
  const c = clamp(look.contrast) / 100;
  const g = clamp(look.grain) / 100;
  const w = clamp(look.temperature) / 100; // 0 warm … 100 cool
  const white = [255, 255, 255];
  // felt: olive (warm) ↔ green ↔ teal (cool); contrast darkens it and deepens the vignette
  let felt = across(rgb("#3b5a26"), rgb("#1f5c40"), rgb("#1b4d66"), w);
  felt = scale(felt, c < 0.5 ? lerp(1.22, 1, c * 2) : lerp(1, 0.6, c * 2 - 1));
  felt = ensure(felt, [white], 5.2);
  let feltLight = ensure(scale(felt, 1.18), [white], 4.8);
  const feltDark = scale(felt, 0.74);
  // paper: cream (warm) ↔ ivory ↔ blue-grey (cool); low contrast greys it, high whitens it
  let paper = across(rgb("#f7e7c4"), rgb("#fbf6ea"), rgb("#e9f0f7"), w);
  paper = c < 0.5 ? mix(paper, rgb("#cfc6b4"), (0.5 - c) * 0.5) : mix(paper, white, (c - 0.5) * 1.2);
  const paper2 = scale(paper, 0.955);
  const inkTarget = across(rgb("#564a3c"), rgb("#2b2118"), rgb("#0d0804"), c);
  const ink = ensure(inkTarget, [paper, paper2, white], 7);
  const muted = ensure(across(rgb("#7d6e5a"), rgb("#6b5d4a"), rgb("#43382a"), c), [paper, paper2, white], 4.9);
  const link = ensure(across(rgb("#2a6aa6"), rgb("#1d5e9c"), rgb("#0f3f70"), c), [paper, paper2, white], 4.9);
  return {
    "--felt": hex(felt),
    "--felt-dark": hex(feltDark),
    "--felt-light": hex(feltLight),
    "--paper": hex(paper),
    "--paper-2": hex(paper2),
    "--ink": hex(ink),
    "--muted": hex(muted),
    "--link": hex(link),
    "--vignette": String(lerp(0.12, 0.6, c).toFixed(3)),
    "--grain-felt": String((g * 0.6).toFixed(3)),
    "--grain-paper": String((g * 0.42).toFixed(3)),
  };
}

function clamp(v) {
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, Math.min(100, n)) : 50;
}

export function loadLook() {
  const found = readRecord(LOOK_KEY, { version: LOOK_VERSION, migrations: { 1: (old) => old } });
  if (found.unreadable !== undefined) setAside(LOOK_KEY, found.unreadable);
  const s = found.value || {};
  const look = {};
  for (const k of Object.keys(LOOK_DEFAULT)) look[k] = k in s ? clamp(s[k]) : LOOK_DEFAULT[k];
  return look;
}

export function applyLook(look) {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(palette(look))) root.style.setProperty(k, v);
  for (const k of Object.keys(LOOK_DEFAULT)) root.dataset[k] = String(look[k]);
}

// ------------------------------------------------------------------ the controls
let counter = 0;

function slider(name, look, onChange) {
  const id = `look-${name}-${++counter}`;
  const out = h("output", { for: id, class: "look-value", text: percent(look[name]) });
  const input = h("input", {
    type: "range", id, min: 0, max: 100, step: 1, value: look[name], class: `look-${name}`,
    "aria-valuetext": percent(look[name]), dataset: { look: name },
  });
  input.addEventListener("input", () => {
    const v = Number(input.value);
    out.textContent = percent(v);
    input.setAttribute("aria-valuetext", percent(v));
    onChange(name, v);
  });
  const hints = h("span", { class: "look-ends", "aria-hidden": "true" },
    h("span", { text: t(`settings.${name}.low`) }), h("span", { text: t(`settings.${name}.high`) }));
  return h("div", { class: "look-row" },
    h("label", { for: id, text: t(`settings.${name}`) }), out, input, hints);
}

function speedControl() {
  const id = `look-speed-${++counter}`;
  const sel = h("select", { id, class: "look-speed" },
    SPEEDS.map((s) => h("option", { value: s, selected: savedSpeed() === s, text: t(`table.speed.${s}`) })));
  sel.addEventListener("change", () => setPreference("speed", sel.value)); // every table hears of it
  return h("div", { class: "look-row" }, h("label", { for: id, text: t("settings.speed") }), sel);
}

/** One switch (a checkbox that reads as on/off), its name and what it does; remembered by `set`. */
function switchControl(name, on, set) {
  const id = `look-${name}-${++counter}`;
  const noteId = `${id}-note`;
  const box = h("input", { type: "checkbox", role: "switch", id, class: `look-${name} look-switch`, checked: on, "aria-describedby": noteId });
  box.addEventListener("change", () => set(box.checked));
  return h("div", { class: `look-row look-sound-row look-${name}-row` },
    h("label", { for: id, class: "look-check" }, box, h("span", { text: t(`settings.${name}`) })),
    h("p", { id: noteId, class: "look-note", text: t(`settings.${name}_note`) }));
}

let closeLook = null;

/** Fills `box` (in the top bar) with the language selector and the Look panel. */
export function mountSettings(box) {
  clear(box);
  const look = loadLook();
  applyLook(look);

  const langId = "settings-lang";
  const langSel = h("select", { id: langId, class: "lang-select", "aria-label": t("settings.language") },
    LANGUAGES.map((l) => h("option", { value: l.code, lang: l.code, dir: l.dir, selected: l.code === getLocale(), text: l.name })));
  langSel.addEventListener("change", () => setLanguage(langSel.value));

  const onChange = (name, v) => {
    look[name] = v;
    writeRecord(LOOK_KEY, LOOK_VERSION, look);
    applyLook(look);
  };
  const sliders = ["contrast", "grain", "temperature"].map((n) => slider(n, look, onChange));
  const reset = h("button", {
    type: "button", class: "btn look-reset", text: t("settings.reset"),
    onclick: () => {
      Object.assign(look, LOOK_DEFAULT);
      writeRecord(LOOK_KEY, LOOK_VERSION, look);
      applyLook(look);
      for (const input of panel.querySelectorAll("input[type=range]")) {
        input.value = String(look[input.dataset.look]);
        input.dispatchEvent(new Event("input"));
      }
    },
  });
  // Sound and vibration first, each its own switch (sound.js: none plays before a first tap), then the look
  const panel = h("div", { class: "look-panel" },
    h("p", { class: "look-title", text: t("settings.feedback_title") }),
    switchControl("sound", soundOn(), setSoundOn), switchControl("vibration", vibrationOn(), setVibrationOn),
    h("p", { class: "look-title look-title-look", text: t("settings.look_title") }), sliders, speedControl(), reset);
  const details = h("details", { class: "look-menu" },
    h("summary", { class: "look-summary", title: t("settings.menu") }, h("span", { class: "look-icon", "aria-hidden": "true", text: "⚙" }),
      h("span", { class: "look-label", text: t("settings.menu") })),
    panel);
  // close when clicking elsewhere or pressing Escape
  if (closeLook) document.removeEventListener("click", closeLook);
  closeLook = (e) => { if (details.open && !details.contains(e.target)) details.open = false; };
  document.addEventListener("click", closeLook);
  details.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && details.open) { details.open = false; details.querySelector("summary").focus(); }
  });
  box.append(h("div", { class: "lang-box" }, langSel), details);
}

/** Opens the settings from elsewhere (the table's ⚙ button): the page goes to its top bar,
 * where the panel hangs, and the focus to its first switch. */
export function openSettings() {
  const details = document.querySelector(".topbar .look-menu");
  if (!details) return false;
  window.scrollTo({ top: 0 });
  details.open = true;
  const first = details.querySelector(".look-panel input");
  if (first) first.focus({ preventScroll: true });
  return true;
}

export const LANGUAGE_EVENT = "cardavia:language";

/**
 * Saves the language and shows the page in it, in place: the catalogue is loaded, the
 * `cardavia:language` event tells every view to draw itself again; no navigation, so the
 * engine and the game in progress stay.
 */
export async function setLanguage(code) {
  if (!LANGUAGES.some((l) => l.code === code)) return;
  storage.set(LANG_KEY, code);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url.href);
  }
  await loadLocale(new URL("../", import.meta.url), code);
  document.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { code } }));
}
