// embed.html?game=scopa&deck=siciliane: only that game's table, fitted to the frame.
// Parameters are validated against the catalogue; unknown values get a clear message
// (always as text, never as HTML).
import { h, clear } from "./dom.js";
import { t, LANGUAGES } from "./i18n.js";
import { loadSite, game as gameOf, tradition } from "./site.js";
import { TableView } from "./table.js";
import { applyLook, loadLook } from "./settings.js";
import { embedSound } from "./sound.js";
import { LEVELS } from "./table/prefs.js";
import { SPEEDS } from "./table/pace.js";

const root = document.getElementById("embed");

/** The first of ?level, ?speed, ?lang whose value the embed does not know, as a message
 * naming the valid values (each with its name in the page's language); null when all are
 * known or absent. ?lang is matched as the language picker reads it ("fa-IR" is fa). */
function badOption(q) {
  const join = t("list.join");
  const level = q.get("level");
  if (level !== null && !LEVELS.includes(level)) {
    const valid = LEVELS.map((l) => `${l} (${t(`table.level.${l}`)})`).join(join);
    return t("embed.bad_level", { value: level, valid });
  }
  const speed = q.get("speed");
  if (speed !== null && !SPEEDS.includes(speed)) {
    const valid = SPEEDS.map((s) => `${s} (${t(`table.speed.${s}`)})`).join(join);
    return t("embed.bad_speed", { value: speed, valid });
  }
  const lang = q.get("lang");
  if (lang !== null && !LANGUAGES.some((l) => l.code === lang.toLowerCase().split("-")[0])) {
    const valid = LANGUAGES.map((l) => `${l.code} (${l.name})`).join(join);
    return t("embed.bad_lang", { value: lang, valid });
  }
  return null;
}

function message(text) {
  clear(root).appendChild(h("div", { class: "embed-message", role: "alert" }, h("p", { text })));
  window.__cardavia.embedError = text;
}

async function start() {
  const site = await loadSite();
  applyLook(loadLook());
  document.title = t("app.name");
  const q = new URLSearchParams(location.search);
  const gid = q.get("game");
  embedSound(q.has("sound") && ["", "on", "true", "1"].includes(q.get("sound"))); // silent unless the host asks
  const playable = Object.values(site.catalogue.games).filter((g) => g.playable).map((g) => g.id);
  if (!gid) return message(t("embed.missing"));
  const g = gameOf(site.catalogue, gid);
  if (!g) return message(t("embed.bad_game", { value: gid, valid: playable.join(t("list.join")) }));
  const gname = t(`game.${g.id}.name`);
  if (!g.playable) return message(t("embed.not_playable", { game: gname }));
  const deck = q.get("deck") || g.decks[0];
  if (!g.decks.includes(deck)) {
    return message(t("embed.bad_deck", { value: deck, game: gname, valid: g.decks.join(t("list.join")) }));
  }
  const bad = badOption(q);
  if (bad) return message(bad);
  const tr = tradition(site.catalogue, deck);
  document.title = `${gname} · ${tr ? tr.name : deck} · ${t("app.name")}`;
  const full = new URL("./", location.href);
  full.hash = `#/game/${g.id}?deck=${deck}`;
  clear(root);
  const view = new TableView(root, { engine: site.engine, game: g, deck, embed: true });
  view.side.appendChild(h("p", { class: "open-full" },
    h("a", { href: full.href, target: "_blank", rel: "noopener", text: t("embed.open_full") })));
  view.start();
}

start().catch((err) => {
  console.error(err);
  root.textContent = String(err);
});
