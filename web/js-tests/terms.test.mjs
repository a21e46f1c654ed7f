// Game terms explained where they appear (issue 26, item 3): every term has its words in
// the five catalogues and cards to picture in the engine's data; the rules of each game
// mark every one of its terms in every language; the log and the score sheet mark the
// terms their lines name, as buttons a player can tap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useFakeDom } from "./fakedom.mjs";
import { useLanguage, catalogue } from "./helpers.mjs";
import { engineDeckInfo } from "./deckinfo.mjs";
import { t } from "../js/i18n.js";

useFakeDom();
const { TERMS, termsOf, markTerms, lineTerm, usesTerm } = await import("../js/terms/terms.js");
const { narrate } = await import("../js/table/narrator.js");
const { termNodes } = await import("../js/terms/termlink.js");
const { openSheet } = await import("../js/table/sheet.js");
const { setDeckData } = await import("../js/cardart.js");
// the table loads Minchiate's plug-in by the name its description gives (site.json)
await (await import("../js/table/plugins.js")).loadPluginFor({ id: "minchiate", plugin: "minchiate" });

const DATA = engineDeckInfo();
setDeckData(DATA);

const LANGS = ["en", "it", "fa", "ar", "vi"];
const GAMES = Object.keys(DATA.games); // every game of the site, from the engine's descriptions
const ctx = { me: 0, seatName: (s) => ["You", "East", "Partner", "West"][s], teamName: (tm) => ["You", "They"][tm] };

test("every term has a name, a definition and its running-text forms in all five catalogues", () => {
  const en = catalogue("en");
  for (const lang of LANGS) {
    const cat = catalogue(lang);
    for (const id of Object.keys(TERMS)) {
      for (const part of ["name", "def", "match"]) {
        assert.ok((cat[`term.${id}.${part}`] || "").trim(), `${lang}: term.${id}.${part}`);
      }
      // a game's own wording exists wherever English has one
      for (const key of Object.keys(en).filter((k) => k.startsWith(`term.${id}.def.`))) {
        assert.ok(cat[key], `${lang}: ${key}`);
        assert.ok(usesTerm(key.split(".").pop(), id), key);
      }
      if (lang !== "en") assert.notEqual(cat[`term.${id}.def`], en[`term.${id}.def`], `${lang}: term.${id}.def is English`);
    }
    for (const key of ["term.button", "term.takes", "term.face_down", "rules.fig.stripped", "rules.fig.captures"]) assert.ok(cat[key], `${lang}: ${key}`);
  }
});

test("every term of every game has cards to picture in the engine's data", () => {
  for (const game of GAMES) {
    const gd = DATA.games[game];
    for (const id of termsOf(game)) {
      const kind = TERMS[id].picture;
      const cards = {
        cards: () => (gd.terms[id] || []).flatMap((g) => g.cards),
        ranking: () => gd.ranking.flatMap((r) => r.cards),
        trumps: () => gd.ranking.flatMap((r) => r.cards),
        points: () => Object.keys(gd.points),
        primiera: () => Object.keys(gd.primiera),
        backs: () => ["back"],
      }[kind]();
      assert.ok(cards.length > 0, `${game} ${id} (${kind})`);
    }
  }
});

test("the rules of each game mark every one of its terms, in every language", () => {
  for (const lang of LANGS) {
    useLanguage(lang);
    for (const game of GAMES) {
      const text = ["objective", "setup", "turn", "scoring"].map((s) => t(`rules.${game}.${s}`, { eight: "8" })).join("\n");
      const marked = markTerms(text, termsOf(game)).filter((s) => s.term);
      assert.deepEqual(marked.map((s) => s.term).sort(), termsOf(game).sort(), `${lang} ${game}`);
      for (const s of marked) assert.ok(s.text.trim().length > 1, `${lang} ${game} ${s.term}: "${s.text}"`);
    }
  }
});

test("a term is marked once, as a whole word, and a word that merely contains it is not", () => {
  useLanguage("en");
  assert.deepEqual(markTerms("Scopa! Another scopa.", ["scopa"]), [{ text: "Scopa", term: "scopa" }, { text: "! Another scopa." }]);
  assert.deepEqual(markTerms("Scopatore", ["scopa"]), [{ text: "Scopatore" }]);
  assert.deepEqual(markTerms("no terms here", ["scopa", "primiera"]), [{ text: "no terms here" }]);
  // Persian: a suffix joined to the term stays in the button, so its letters keep joining
  useLanguage("fa");
  assert.deepEqual(markTerms("تیمی که رستوی بیشتری دارد", ["resti"]),
    [{ text: "تیمی که " }, { text: "رستوی", term: "resti" }, { text: " بیشتری دارد" }]);
});

// events whose log line must mark a term, and the term
const LOG_CASES = [
  { game: "scopa", term: "scopa", events: [{ type: "played", seat: 1, card: "7D" }, { type: "captured", seat: 1, card: "7D", cards: ["3C", "4S"] }, { type: "sweep", seat: 1 }] },
  { game: "cicera", term: "picada", events: [{ type: "bonus", seat: 1, bonus: "picada", points: 1 }] },
  { game: "cicera", term: "quadriglia", events: [{ type: "bonus", seat: 0, bonus: "quadriglia", points: 1 }] },
  { game: "minchiate", term: "kill", events: [{ type: "scored", kind: "kill", points: [5, 0], diff: 5, resti: [0, 0] }] },
  { game: "minchiate", term: "resti", events: [{ type: "resto", team: 0, resti: [1, 0] }] },
  { game: "minchiate", term: "fola", events: [{ type: "rob", seat: 2, card: "T36", value: 10 }] },
  { game: "tarocchi", term: "matto", events: [{ type: "leftovers", reason: "matto", team: 1, cards: ["T0"] }] },
];

test("the narrator says which terms each line names, and they are in its words in every language", () => {
  for (const lang of LANGS) {
    useLanguage(lang);
    for (const c of LOG_CASES) {
      const lines = narrate(c.events, ctx);
      const line = lines.find((l) => (l.terms || []).includes(c.term));
      assert.ok(line, `${lang}: no line names ${c.term}`);
      const seg = markTerms(line.text, line.terms).find((s) => s.term === c.term);
      assert.ok(seg, `${lang}: "${line.text}" does not say ${c.term}`);
    }
    // a plain play names no term
    assert.deepEqual(narrate([{ type: "played", seat: 1, card: "AB" }], ctx)[0].terms, []);
  }
});

/** What the table's log (tablelog.js line()) writes for a batch: each line's nodes. */
function logLines(game, deck, events) {
  const ul = document.createElement("ul");
  for (const line of narrate(events, ctx)) {
    const li = document.createElement("li");
    for (const n of termNodes(line.text, line.terms, { game, deck }, { always: true })) li.append(n);
    ul.append(li);
  }
  return ul;
}

test("the log writes each term as a button named for what it means", () => {
  for (const lang of ["en", "fa"]) {
    useLanguage(lang);
    for (const c of LOG_CASES) {
      const ul = logLines(c.game, Object.keys(DATA.games[c.game].stripped)[0], c.events);
      const button = ul.querySelectorAll("button").find((b) => b.dataset.term === c.term);
      assert.ok(button, `${lang} ${c.term}: ${ul.textContent}`);
      assert.equal(button.getAttribute("type"), "button");
      assert.equal(button.getAttribute("aria-label"), t("term.button", { term: button.textContent }));
      // the line reads as before: the button holds the word itself
      assert.equal(ul.textContent, narrate(c.events, ctx).map((l) => l.text).join(""));
    }
    // a declaration names its combination by its cards: the term follows as its own button
    const ev = { type: "declared", seat: 1, combo: "run:1-3", kind: "run", cards: ["T1", "T2", "T3"], value: 11 };
    const extra = logLines("minchiate", "minchiate", [ev]).querySelectorAll("button").find((b) => b.dataset.term === "versicola");
    assert.ok(extra && extra.textContent === t("term.versicola.name"), lang);
  }
});

test("the score sheet's lines named by a term are buttons that open it", () => {
  useLanguage("en");
  const dialog = document.createElement("dialog");
  dialog.setAttribute("aria-labelledby", "sheet-title");
  const sheet = { deal: 1, winner_team: 0, totals: [3, 1], lines: [{ key: "most_cards", team: 0, points: 1, detail: { cards: [22, 18] } },
    { key: "settebello", team: 0, points: 1 }, { key: "primiera", team: 0, points: 1 }, { key: "scopa", team: 1, points: 1, detail: { count: 1 } }] };
  openSheet(dialog, { sheet, snap: { seat: 0, teams: [[0], [1]], match_scores: [3, 1], result: null }, game: { id: "scopa", format: "match", decks: ["piacentine"] }, onNewMatch: () => {} });
  const terms = dialog.querySelectorAll("button").filter((b) => b.dataset.term).map((b) => [b.dataset.term, b.textContent]);
  assert.deepEqual(terms, [["settebello", "Settebello (7 of Coins)"], ["primiera", "Primiera"], ["scopa", "Scope (sweeps)"]]);
  // most cards is no term: plain text
  assert.equal(lineTerm("most_cards", "scopa"), null);
  // Minchiate: a kill and a resto are terms, in Persian too
  useLanguage("fa");
  const mi = document.createElement("dialog");
  const miSheet = { deal: 1, winner_team: 0, totals: [1, 0], points: [80, 62], net_resti: 1,
    lines: [{ key: "kill", team: 0, points: 5, detail: { cards: ["T13"], phase: "play", trick: 3 } }, { key: "resto", team: 0, points: 0, resti: 1, detail: { final: true } }] };
  openSheet(mi, { sheet: miSheet, snap: { seat: 0, teams: [[0, 2], [1, 3]], result: { winner_team: 0, scores: [1, 0] } }, game: { id: "minchiate", format: "single", plugin: "minchiate" }, onNewMatch: () => {} });
  const miTerms = mi.querySelectorAll("button").filter((b) => b.dataset.term).map((b) => b.dataset.term);
  assert.deepEqual(miTerms, ["kill", "resti"]);
});

test("a game's terms are its description's (the engine's glossary), each one a term the table can picture", () => {
  for (const game of GAMES) {
    const glossary = DATA.games[game].glossary;
    assert.ok(glossary.length > 0, game);
    for (const id of glossary) assert.ok(TERMS[id], `${game}: ${id} has no picture in terms.js`);
    assert.deepEqual([...termsOf(game)].sort(), [...glossary].sort(), game);
  }
  assert.deepEqual(termsOf("no-such-game"), []);
  assert.equal(lineTerm("primiera", "scopa"), "primiera");
  assert.equal(lineTerm("primiera", "briscola"), null); // Briscola's description has no primiera
});
