// The coach of the guided first deals (table/coach.js): its words for every lesson moment
// format in every language with the parameters the coach passes, and name the learner as
// the learner ("You cut… and steal", never "You… steals").
import { test } from "node:test";
import assert from "node:assert/strict";
import { useLanguage, catalogue } from "./helpers.mjs";
import { t } from "../js/i18n.js";
import { setCardNaming } from "../js/names.js";
import { Coach } from "../js/table/coach.js";

const LANGS = ["en", "it", "fa", "ar", "vi"];

/** A view as the coach sees it: a four-seat Minchiate table, the learner in seat 0. */
function view() {
  return {
    game: { id: "minchiate" }, deck: "minchiate",
    snap: { seat: 0, players: 4, teams: [[0, 2], [1, 3]] },
    seatName: (seat) => (seat === 0 ? t("seat.you") : `AI ${seat}`),
    teamName: (team) => `team ${team}`,
  };
}

test("every coach message formats in every language, with nothing left in braces", () => {
  const keys = Object.keys(catalogue("en")).filter((k) => k.startsWith("coach."));
  assert.ok(keys.length > 20);
  const params = { card: "Trump 38", suit: "Cups", who: "AI East", team: "AI East & AI West", cards: "Trump 35", points: 5,
    options: 2, count: 1, a: 1, b: 0, action: "play Trump 38", reason: "it wins", game: "Minchiate" };
  for (const lang of LANGS) {
    useLanguage(lang);
    for (const key of keys) {
      for (const mine of ["yes", "no"]) {
        const text = t(key, { ...params, mine, me: mine });
        assert.ok(text && text !== key, `${lang} ${key}`);
        assert.doesNotMatch(text, /[{}]/, `${lang} ${key}: ${text}`);
      }
    }
  }
  useLanguage("en");
});

test("the cut names the learner in the second person, a computer seat in the third", () => {
  useLanguage("en");
  setCardNaming("minchiate", "minchiate");
  const coach = new Coach(view());
  const mine = coach.params({ id: "cut", seat: 0, count: 1 });
  assert.equal(mine.me, "yes");
  assert.match(t("coach.minchiate.cut", mine), /^You cut the deck and steal 1 card from the bottom/);
  const theirs = coach.params({ id: "cut", seat: 3, count: 2 });
  assert.equal(theirs.who, "AI 3");
  assert.match(t("coach.minchiate.cut", theirs), /^AI 3 cut the deck and steals 2 cards from the bottom/);
  useLanguage("fa");
  assert.match(t("coach.minchiate.cut", coach.params({ id: "cut", seat: 0, count: 1 })), /بریدید.*برمی‌دارید/);
  useLanguage("en");
  setCardNaming(null);
});

test("Minchiate's resti are told as the learner's team against the other", () => {
  useLanguage("en");
  const v = view();
  v.snap = { seat: 1, players: 4, teams: [[0, 2], [1, 3]] };
  const p = new Coach(v).params({ id: "resti", resti: [0, 2] });
  assert.deepEqual([p.a, p.b], [2, 0]);
  assert.match(t("coach.minchiate.resti", p), /your team 2, the other team 0\.$/);
});

test("a reason said at one step is not said again at the next, unless it is the only move", () => {
  useLanguage("en");
  setCardNaming("minchiate", "minchiate");
  const v = view();
  v.snap = { ...v.snap, legal: [{ id: "play:T38", type: "play", card: "T38" }, { id: "play:T37", type: "play", card: "T37" }] };
  const coach = new Coach(v);
  const [a] = v.snap.legal;
  const advice = (code, gain) => ({ reason: { code, gain }, choices: [{ action: "play:T38", expected: 5 }, { action: "play:T37", expected: 5 - gain }] });
  const own = t("hint.reason.leads_low");
  assert.equal(coach.reasonFor(coach.suggestion(a, advice("leads_low", 2))), own);
  const next = coach.reasonFor(coach.suggestion(a, advice("leads_low", 2)));
  assert.notEqual(next, own);
  assert.match(next, /^on average it does about 2 points better than /);
  assert.equal(coach.reasonFor(coach.suggestion(a, advice("leads_low", 2))), own); // a step between: said again
  // "as good as any" twice running: the second step says what to do without a reason
  assert.equal(coach.reasonFor(coach.suggestion(a, advice("best_average", 0.1))), t("hint.reason.about_equal"));
  const twice = coach.suggestion(a, advice("best_average", 0.1));
  assert.equal(coach.reasonFor(twice), "");
  coach.suggest = twice;
  assert.match(coach.doText(), /^Do this: [^—]+\.$/); // coach.do_plain: no "— reason"
  // the only move is true at every step
  coach.suggestion(a, { reason: { code: "only_move" }, choices: [] });
  assert.equal(coach.reasonFor(coach.suggestion(a, { reason: { code: "only_move" }, choices: [] })), t("hint.reason.only_move"));
  setCardNaming(null);
});
