// embed.html?game=scopa&deck=siciliane: only that game's table, fitted to the frame.
// Parameters are validated against the catalogue; unknown values get a clear message
// (always as text, never as HTML).
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { loadSite, game as gameOf, tradition } from "./site.js";
import { TableView } from "./table.js";
import { applyLook, loadLook } from "./settings.js";
import { embedSound } from "./sound.js";

const root = document.getElementById("embed");

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
