// Unit tests of the challenge link (make test-js): every action index packed and unpacked,
// the link's fields signed, and a damaged or edited link refused (deals/challenge.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { packChoices, unpackChoices, challengeHref, parseChallenge, checksum } from "../js/deals/challenge.js";

const CH = { game: "briscola", deck: "piacentine", seed: 1234567, seat: 1, level: "normal",
  result: { scores: [48, 72], winner_team: 1 }, choices: [0, 2, 1, 0, 63, 64, 4095, 7, 0] };

function paramsOf(href) {
  const [path, query] = href.split("?");
  return { game: decodeURIComponent(path.replace("#/game/", "")), params: new URLSearchParams(query) };
}

test("action indices pack to one URL-safe character each, three from 64 up, and back", () => {
  const packed = packChoices(CH.choices);
  assert.match(packed, /^[0-9A-Za-z_~-]+$/);
  assert.equal(packed.length, CH.choices.length + 4); // 64 and 4095 take three characters
  assert.deepEqual(unpackChoices(packed), CH.choices);
  assert.equal(unpackChoices("ab!"), null);
  assert.equal(unpackChoices("~a"), null); // an escape cut short
});

test("a challenge link reads back as the same deal, seat, level, result and choices", () => {
  const { game, params } = paramsOf(challengeHref(CH));
  assert.equal(game, "briscola");
  const c = parseChallenge(game, params, 2);
  assert.deepEqual({ seed: c.seed, seat: c.seat, level: c.level, scores: c.scores, choices: c.choices },
    { seed: 1234567, seat: 1, level: "normal", scores: [48, 72], choices: CH.choices });
  assert.equal(parseChallenge(game, new URLSearchParams("deck=piacentine&seed=5"), 2), null); // not a challenge
});

test("a damaged or edited challenge link is refused", () => {
  const { game, params } = paramsOf(challengeHref(CH));
  const edits = {
    seed: "1234568", seat: "0", level: "random", score: "72-48", moves: params.get("moves").slice(0, -1),
    deck: "siciliane", sum: checksum("x"),
  };
  for (const [field, value] of Object.entries(edits)) {
    const p = new URLSearchParams(params);
    p.set(field, value);
    assert.deepEqual(parseChallenge(game, p, 2), { bad: true }, field);
  }
  assert.deepEqual(parseChallenge("scopa", params, 2), { bad: true }); // another game's page
  const cut = new URLSearchParams(params);
  cut.delete("sum");
  assert.deepEqual(parseChallenge(game, cut, 2), { bad: true });
});
