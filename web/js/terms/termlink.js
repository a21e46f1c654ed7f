// A game term in running text (rules, log, score sheet, tallies) as a small button that
// opens its definition (terms/popover.js, loaded on the first tap so first paint does not
// carry it). Its accessible name is the word shown and "what it means". Styled by
// css/terms.css, a stylesheet of the pages (index.html, embed.html), so the rules' figures
// keep their room from the first paint.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { markTerms, termTitle } from "./terms.js";

/** The button for term `id` showing `text`; ctx: {game, deck}. */
export function termButton(id, text, ctx, extraClass = "") {
  return h("button", {
    type: "button", class: `term ${extraClass}`.trim(), "aria-haspopup": "dialog", dataset: { term: id },
    "aria-label": t("term.button", { term: text }),
    onclick: (e) => {
      e.stopPropagation(); // a term inside a seat box or a tally is not a tap on the board
      const from = e.currentTarget;
      import("./popover.js").then((m) => m.openTerm(id, ctx, from));
    },
  }, text);
}

/** `text` as nodes: the first occurrence of each of `ids` a term button, the rest text;
 * with `always`, a term the words do not name (a log line naming a combination by its
 * cards) follows the text as a button of its own. */
export function termNodes(text, ids, ctx, { always = false } = {}) {
  if (!ids || !ids.length) return [text];
  const parts = markTerms(text, ids);
  const nodes = parts.map((s) => (s.term ? termButton(s.term, s.text, ctx) : s.text));
  if (always) {
    for (const id of ids.filter((x) => !parts.some((s) => s.term === x))) {
      nodes.push(" ", termButton(id, termTitle(id), ctx, "term-extra"));
    }
  }
  return nodes;
}

/** For a run of lines (the rules, the cheat sheet's scoring): `line => nodes`, each of `ids`
 * marked only where it first appears. */
export function termMarker(ids, ctx) {
  let left = [...ids];
  return (text) => {
    const nodes = termNodes(text, left, ctx);
    left = left.filter((id) => !nodes.some((n) => typeof n !== "string" && n.dataset.term === id));
    return nodes;
  };
}
