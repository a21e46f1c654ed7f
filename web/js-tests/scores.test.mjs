// The table's scores box (table/render.js renderScores): a game that hides its running
// score (Briscola a 4, B4-9: points null until the deal is over) shows the cards each
// team has taken, never a false "0 points".
import { test } from "node:test";
import assert from "node:assert/strict";
import { useFakeDom } from "./fakedom.mjs";
import { useLanguage } from "./helpers.mjs";

useFakeDom();
const { renderScores } = await import("../js/table/render.js");
const { h } = await import("../js/dom.js");

const view = { game: { id: "briscola4" }, layout: { fishing: false }, seatName: (s) => `Seat ${s}` };
const snap = (fields) => ({ seat: 1, deal: 1, players: 4, teams: [[0, 2], [1, 3]], last_trick: null, ...fields });
const pointsText = (box) => box.querySelectorAll(".team-points").map((e) => e.textContent);

test("hidden points show each team's cards taken; shown points stay points", () => {
  useLanguage("en");
  const box = h("div");
  renderScores(box, snap({ points: null, captured: [8, 4] }), view);
  assert.deepEqual(pointsText(box), ["8 cards taken", "4 cards taken"]);
  const shown = h("div");
  renderScores(shown, snap({ points: [23, 11], captured: [8, 4] }), view);
  assert.deepEqual(pointsText(shown), ["23 points", "11 points"]);
});
