// A duplicate pair side by side: the same deal played from each side's seat (the cards
// you had went to the computer the second time). Each half: your score, theirs, the verdict.
import { h } from "../dom.js";
import { t, num } from "../i18n.js";

/** {mine, theirs, margin} of a result ({scores: [team0, team1]}) for the human in `seat`. */
export function scoreFor(result, seat) {
  const team = seat % 2;
  const mine = result.scores[team];
  const theirs = result.scores[1 - team];
  return { mine, theirs, margin: mine - theirs };
}

/** Two halves, each {seat, result}; shown first hand (seat 0's side) then second hand. */
export function pairView(a, b) {
  const halves = [a, b].sort((x, y) => (x.seat % 2) - (y.seat % 2));
  const cell = (half) => {
    const s = scoreFor(half.result, half.seat);
    const verdict = s.margin > 0 ? "won" : s.margin < 0 ? "lost" : "drawn";
    return h("div", { class: `pair-half ${verdict}`, dataset: { seat: half.seat, margin: s.margin } },
      h("h4", { text: t("duplicate.side", { side: half.seat % 2 ? "second" : "first" }) }),
      h("p", { class: "pair-score", text: t("duplicate.score", { mine: num(s.mine), theirs: num(s.theirs) }) }),
      h("p", { class: "pair-verdict", text: t(`duplicate.${verdict}`, { margin: num(Math.abs(s.margin)) }) }));
  };
  const [m0, m1] = halves.map((x) => scoreFor(x.result, x.seat).margin);
  const diff = m0 - m1;
  const summary = diff === 0 ? t("duplicate.even") : t("duplicate.better", { side: diff > 0 ? "first" : "second", points: num(Math.abs(diff)) });
  return h("section", { class: "duplicate-pair", "aria-label": t("duplicate.title") },
    h("h3", { text: t("duplicate.title") }),
    h("div", { class: "pair-halves" }, halves.map(cell)),
    h("p", { class: "pair-summary", text: summary }));
}
