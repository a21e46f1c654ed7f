// The text a player must be able to trust (issue 25): score sheets with nothing stray in
// them, review lines with one verb, combinations named by what they hold, card names that
// match the faces, Persian and Arabic in their own script.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useFakeDom } from "./fakedom.mjs";
import { engineDeckInfo } from "./deckinfo.mjs";
import { useLanguage, catalogue } from "./helpers.mjs";
import { t } from "../js/i18n.js";

useFakeDom();
const { openSheet, outcomeOf } = await import("../js/table/sheet.js");
const { describeMoveId } = await import("../js/table/hint.js");
const { comboText } = await import("../js/table/plugins/minchiate.js");
const { cardName, setCardNaming } = await import("../js/names.js");
const { setDeckData } = await import("../js/cardart.js");

setDeckData(engineDeckInfo());

const scopaSheet = { deal: 1, winner_team: 0, totals: [3, 1],
  lines: [{ key: "most_cards", team: 0, points: 1, detail: { cards: [22, 18] } }, { key: "settebello", team: 0, points: 1 },
    { key: "primiera", team: 0, points: 1 }, { key: "most_coins", team: 1, points: 1, detail: { coins: [4, 6] } }] };
const twoSeats = { seat: 0, teams: [[0], [1]], match_scores: [3, 1], result: null };

function sheetDialog() {
  const dialog = document.createElement("dialog");
  dialog.setAttribute("aria-labelledby", "sheet-title");
  return dialog;
}

test("a Scopa sheet between deals ends with its button, never with a stray \"null\"", () => {
  useLanguage("en");
  for (const extra of [null, undefined]) {
    const dialog = sheetDialog();
    openSheet(dialog, { sheet: scopaSheet, snap: twoSeats, game: { id: "scopa", format: "match" }, onNewMatch: () => {}, extra,
      review: { load: async () => null, practice: () => {} } });
    assert.ok(dialog.open);
    assert.doesNotMatch(dialog.textContent, /null|undefined/);
    assert.match(dialog.textContent, /Next deal$/);
  }
});

test("the verdict is coloured by its outcome: a team's win is \"won\", never the loss's colour", () => {
  useLanguage("en");
  const four = { seat: 0, teams: [[0, 2], [1, 3]], result: { winner_team: 0, scores: [70, 44] } };
  const dialog = sheetDialog();
  openSheet(dialog, { sheet: { deal: 1, lines: [], totals: [70, 44], winner_team: 0 }, snap: four, game: { id: "tarocchi", format: "single" }, onNewMatch: () => {} });
  const verdict = dialog.querySelector(".verdict");
  assert.equal(verdict.textContent, "Your team wins!");
  assert.ok(verdict.classList.contains("won"));
  assert.ok(!verdict.classList.contains("lost"));
  assert.equal(outcomeOf(1, four), "lost");
  assert.equal(outcomeOf(null, four), "drawn");
  assert.equal(outcomeOf(1, { seat: 1, teams: [[0], [1]] }), "won");
});

test("a review line says its verb once, in English and in Persian, and the loss in whole points", () => {
  useLanguage("en");
  const line = t("review.item", { played: describeMoveId("play:KC"), better: describeMoveId("play:JC"), loss: 4 });
  assert.equal(line, "You played Re of Cups; Fante of Cups was better by about 4 points.");
  const capture = describeMoveId("play:7D:3C+4S");
  assert.equal(capture, "7 of Coins taking 3 of Cups + 4 of Swords");
  useLanguage("fa");
  const fa = t("review.item", { played: describeMoveId("play:KC"), better: describeMoveId("play:JC"), loss: 4 });
  assert.equal((fa.match(/بازی/g) || []).length, 1, fa);
  assert.match(fa, /۴/);
  assert.doesNotMatch(fa, /[-−]/);
});

test("the Kings combination is named by how many Kings it holds", () => {
  useLanguage("en");
  const three = comboText({ combo: "kings", kind: "kings", cards: ["KC", "KD", "KS"], value: 15 });
  assert.match(three, /^Three Kings: Re of Cups, Re of Coins, Re of Swords — 15 points/);
  assert.doesNotMatch(three, /four/i);
  const four = comboText({ combo: "kings", kind: "kings", cards: ["KC", "KD", "KS", "KB"], value: 20 });
  assert.match(four, /^The four Kings: /);
});

test("card names say the number Scopa's faces show on the courts; Briscola's keep the court names", () => {
  useLanguage("en");
  try {
    setCardNaming("scopa", "piacentine");
    assert.equal(cardName("KS"), "10 of Swords (Re)");
    assert.equal(cardName("JC"), "8 of Cups (Fante)");
    assert.equal(cardName("7D"), "7 of Coins");
    setCardNaming("scopa", "siciliane");
    assert.equal(cardName("QB"), "8 of Batons (Donna)");
    setCardNaming("briscola", "piacentine");
    assert.equal(cardName("KS"), "Re of Swords");
    setCardNaming("cicera", "bresciane");
    assert.equal(cardName("KS"), "Re of Swords");
    useLanguage("fa");
    setCardNaming("scopa", "piacentine");
    assert.equal(cardName("KS").replace(/[\u2066-\u2069]/g, ""), "۱۰ شمشیر (شاه)"); // less the bidi isolates
  } finally {
    setCardNaming(null);
  }
  useLanguage("en");
  assert.equal(cardName("KS"), "Re of Swords");
});

test("Persian and Arabic write deck names and Minchiate's terms in their own script", () => {
  // Latin words allowed: the Italian name beside its transliteration, the app's name, an example URL
  const allowed = new Set(["Piacentine", "Siciliane", "Bresciane", "Tarocco", "Piemontese", "Minchiate", "Napoletane", "Tressette", "Resti", "Fola", "Cardavia"]);
  const keywords = new Set(["plural", "select", "other", "one", "two", "few", "many", "zero", "you", "we", "they", "person", "first", "yes", "no",
    "busso", "striscio"]); // the last: select keys of Tressette's calls
  for (const lang of ["fa", "ar"]) {
    const cat = catalogue(lang);
    const bad = [];
    for (const [key, value] of Object.entries(cat)) {
      if (key === "embed.missing") continue; // shows a URL to type
      const words = value.replace(/\{\s*[a-z_]+\s*(,\s*(plural|select|selectordinal)\s*,)?/g, "").match(/[A-Za-z]{2,}/g) || [];
      const stray = words.filter((w) => !allowed.has(w) && !keywords.has(w));
      if (stray.length) bad.push(`${key}: ${stray.join(" ")}`);
    }
    assert.deepEqual(bad, [], lang);
    for (const deck of ["piacentine", "siciliane", "bresciane", "tarocco-piemontese", "minchiate", "napoletane"]) {
      assert.match(cat[`tradition.${deck}.name`], /^[\u0600-\u06FF]/, `${lang} ${deck}`);
    }
    assert.match(cat["mi.fola"], /فولا/);
  }
});
