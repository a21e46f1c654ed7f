// Shared start-up for index.html and embed.html: the static data generated at build
// time from the engine (catalogue, wheel name), the message catalogue, the engine.
import { loadLocale, pickLocale, t, has } from "./i18n.js";
import { Engine } from "./engine.js";
import { setDeckData } from "./cardart.js";

export const BASE = new URL("../", import.meta.url); // the site root, wherever it is served

let cached = null;

export async function loadSite() {
  if (cached) return cached;
  const [data] = await Promise.all([
    fetch(new URL("data/site.json", BASE)).then((r) => {
      if (!r.ok) throw new Error(`site.json: HTTP ${r.status}`);
      return r.json();
    }),
    loadLocale(BASE, pickLocale()),
  ]);
  setDeckData(data.cards); // what the card art knows of decks and games, from the engine
  for (const tr of data.catalogue.traditions) sayNameInReadersScript(tr);
  const engine = new Engine(BASE, data.wheel);
  cached = { data, engine, catalogue: data.catalogue };
  return cached;
}

/** A deck's name as the reader's catalogue writes it ("پیاچنتینه (Piacentine)" in Persian),
 * the engine's name where the catalogue has none: every page that says `tr.name` gets it,
 * in the language of the moment. */
function sayNameInReadersScript(tr) {
  const engineName = tr.name;
  Object.defineProperty(tr, "name", {
    get: () => (has(`tradition.${tr.id}.name`) ? t(`tradition.${tr.id}.name`) : engineName),
    enumerable: true, configurable: true,
  });
}

export function tradition(catalogue, id) {
  return catalogue.traditions.find((t) => t.id === id) || null;
}

export function game(catalogue, id) {
  return Object.prototype.hasOwnProperty.call(catalogue.games, id) ? catalogue.games[id] : null;
}
