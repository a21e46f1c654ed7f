// Minchiate's own panels at the table, its web plug-in (loaded by table/plugins.js from the
// name its description gives; no generic module imports it): what happened before play
// (the cut, the steals, the dealer's shown card, the robbing and the pigliati, the fola),
// the declaration chooser, the resti meter, its log lines and its score-sheet rows. Like
// the rest of the table it only shows what the engine's snapshot and events say.
// The hooks the table calls: renderSetup, showDeclareChooser, meterView, eventText,
// declareName, sheetRows, mattoNote (table/plugins.js lists them).
import { h, clear, drawnFrom } from "../../dom.js";
import { t, num } from "../../i18n.js";
import { cardName } from "../../names.js";
import { cardEl, backEl } from "../cardface.js";
import { termNodes } from "../../terms/termlink.js";

const termCtx = (v) => ({ game: v.game.id, deck: v.deck });

/** Card lists here are lists ("Trump 29, Trump 30"), not sums. */
const cardsName = (codes) => codes.map(cardName).join(t("list.join"));


/** A combination id ("run:29-33", "tens:10-30", "kings") in words; `count` is how many cards
 * it holds (three or four Kings are both the "kings" combination). */
export function comboName(combo, kind, count = 0) {
  const [head, range] = String(combo).split(":");
  const [from, to] = String(range || "").split("-").map(Number);
  if (head === "run") return t("mi.combo.run", { from, to });
  if (head === "tens") return t("mi.combo.tens", { from, to });
  if (head === "kings" || kind === "kings") return t("mi.combo.kings", { count });
  if (head === "matto-1-40" || kind === "matto_1_40") return t("mi.combo.matto_1_40");
  if (head === "1-13-28" || kind === "1_13_28") return t("mi.combo.1_13_28");
  return String(combo);
}

/** "Run of trumps 29–33: Trump 29, … — 25 points (+5 with the Matto)". */
export function comboText(c) {
  let text = t("mi.combo_value", { combo: comboName(c.combo || c.id, c.kind, (c.cards || []).length), cards: cardsName(c.cards || []), points: c.value || 0 });
  if (c.matto_bonus) text += " " + t("mi.matto_bonus", { points: c.matto_bonus });
  return text;
}

/** Who leads the meter and by how much (diff is team 0's lead minus team 1's). */
export function leadText(diff, teamName) {
  if (!diff) return t("mi.level");
  return t("mi.lead", { who: teamName(diff > 0 ? 0 : 1), points: Math.abs(diff) });
}

const resti = (r) => t("mi.resti_pair", { a: num((r || [])[0] || 0), b: num((r || [])[1] || 0) });

/** The resti meter: resti settled so far per team and the difference not yet converted. */
export function meterView(s, v) {
  const m = s.meter;
  if (!m) return null;
  const last = (m.events || [])[m.events.length - 1];
  return h("section", { class: "mi-meter", "aria-label": t("mi.meter") },
    h("h2", { class: "box-title" }, termNodes(t("mi.meter"), ["resti"], termCtx(v))),
    h("dl", { class: "mi-resti" }, s.teams.map((_, team) => [
      h("dt", { text: v.teamName(team) }),
      h("dd", { dataset: { restiTeam: team }, text: t("mi.resti_count", { count: (m.resti || [])[team] || 0 }) })])),
    h("p", { class: "mi-diff", dataset: { diff: m.diff }, text: leadText(m.diff, (tm) => v.teamName(tm)) }),
    last ? h("p", { class: "mi-last", text: t("mi.last_event", { what: kindName(last.kind), a: num(last.points[0]), b: num(last.points[1]) }) }) : null);
}

export const kindName = (kind) => t(`mi.kind.${kind}`);

/**
 * The middle before play: the cut and its steals, the dealer's shown card, the robbed
 * cards and the pigliati, and the fola (backs until it is revealed).
 */
export function renderSetup(box, s, v) {
  const st = s.setup;
  if (drawnFrom(box, [st, s.phase, s.fola_count, v.seatName(s.cutter), v.seatName(s.dealer)])) return;
  clear(box);
  box.hidden = !st || s.phase === "play" || s.phase === "over";
  if (box.hidden) return;
  const row = (label, cards, cls) => h("div", { class: `mi-row ${cls}` },
    h("span", { class: "mi-label", text: label }),
    h("span", { class: "mi-cards", role: "img", "aria-label": `${label}: ${cards.length ? cardsName(cards) : t("mi.none")}` },
      cards.length ? cards.map((c) => cardEl(c, v, { class: "card face mini" })) : h("span", { class: "mi-none", text: t("mi.none") })));
  box.append(h("div", { class: "mi-setup" },
    row(t("mi.stolen_by", { who: v.seatName(s.cutter) }), st.stolen || [], "mi-stolen"),
    row(t("mi.shown_by", { who: v.seatName(s.dealer) }), st.shown ? [st.shown] : [], "mi-shown"),
    row(t("mi.robbed"), st.robbed || [], "mi-robbed"),
    row(t("mi.pigliati"), st.pigliati || [], "mi-pigliati"),
    h("div", { class: "mi-row mi-fola" }, h("span", { class: "mi-label" }, termNodes(t("mi.fola", { count: s.fola_count || 0 }), ["fola"], termCtx(v))),
      h("span", { class: "mi-cards", "aria-hidden": "true" }, s.fola_count ? backEl(v.deck) : null))));
}

/**
 * The declaration chooser: every combination in the hand with its cards and value, all
 * ticked; one button declares the ticked ones (the view sends one action each, then done).
 */
export function showDeclareChooser(box, s, { onDeclare }) {
  clear(box).hidden = false;
  box.classList.add("discard-box", "declare-box");
  const combos = (s.combinations || []).filter((c) => !c.declared && s.legal.some((a) => a.id === `declare:${c.id}`));
  box.setAttribute("aria-label", t("mi.declare_title"));
  box.append(h("p", { class: "choice-title", text: t(combos.length ? "mi.declare_title" : "mi.declare_none") }));
  const boxes = combos.map((c) => h("input", { type: "checkbox", checked: true, dataset: { combo: c.id } }));
  const button = h("button", { type: "button", class: "btn choice primary declare-go" });
  const label = () => { button.textContent = t("mi.declare_button", { count: boxes.filter((b) => b.checked).length }); };
  if (combos.length) {
    box.append(h("ul", { class: "mi-combos" }, combos.map((c, i) => h("li", {},
      h("label", {}, boxes[i], " ", h("span", { text: comboText(c) }))))));
  }
  for (const b of boxes) b.addEventListener("change", label);
  label();
  button.addEventListener("click", () => onDeclare(boxes.filter((b) => b.checked).map((b) => `declare:${b.dataset.combo}`)));
  box.append(button);
}

/** A declaration action's combination in words (the hint, the review). */
export const declareName = (a) => comboName(a.combo, a.kind, (a.cards || []).length);

/** Minchiate's events in words (null for the others). */
export function minchiateText(ev, ctx) {
  const who = ev.seat !== undefined ? ctx.seatName(ev.seat) : "";
  switch (ev.type) {
    case "cut": return t("log.mi_cut", { who, count: ev.stolen || 0 });
    case "steal": return t("log.mi_steal", { who, card: cardName(ev.card), points: ev.value || 0 });
    case "shown": return t("log.mi_shown", { who, card: cardName(ev.card), points: ev.value || 0 });
    case "rob": return t("log.mi_rob", { who, card: cardName(ev.card), points: ev.value || 0 });
    case "rob_stop": return t("log.mi_rob_stop", { card: cardName(ev.card) });
    case "pigliati": return (ev.cards || []).length ? t("log.mi_pigliati", { who, cards: cardsName(ev.cards) }) : t("log.mi_pigliati_none", { who });
    case "declared": return t("log.mi_declared", { who, combo: comboText(ev) });
    case "fola_revealed": return t("log.mi_fola", { cards: cardsName(ev.cards || []) });
    case "scored": return t("log.mi_scored", { what: kindName(ev.kind), a: num(ev.points[0]), b: num(ev.points[1]),
      lead: leadText(ev.diff, ctx.teamName), resti: resti(ev.resti) });
    case "resto": return t(ev.final ? "log.mi_resto_final" : "log.mi_resto", { who: ctx.teamName(ev.team), resti: resti(ev.resti) });
    case "matto_settled": return ev.reason === "no_tricks" ? t("log.mi_matto_no_tricks", { from: ctx.teamName(ev.from_team), to: ctx.teamName(ev.to_team) })
      : t("log.mi_matto_exchange", { from: ctx.teamName(ev.from_team), to: ctx.teamName(ev.to_team), card: cardName(ev.card) });
    default: return null;
  }
}

export const eventText = minchiateText;

/** A Minchiate sheet line's detail: its cards, its combination, when it was earned. */
export function lineDetail(line) {
  const d = line.detail || {};
  const when = d.phase === "play" ? t("sheet.detail.mi_trick", { trick: d.trick || 0 }) : t("sheet.detail.mi_before");
  switch (line.key) {
    case "steal": case "shown": case "rob": case "kill":
      return [cardsName(d.cards || []), when].filter(Boolean).join(" · ");
    case "declare": return [comboName(d.combo, d.kind, (d.cards || []).length), cardsName(d.cards || []), d.matto_bonus ? t("mi.matto_bonus", { points: d.matto_bonus }) : ""].filter(Boolean).join(" · ");
    case "card_points": return cardsName(d.cards || []);
    case "cards_beyond_42": return t("sheet.detail.mi_pile", { count: d.cards || 0 });
    case "combination": return [comboName(d.combo, d.kind, (d.cards || []).length), cardsName(d.cards || []), d.matto_bonus ? t("mi.matto_bonus", { points: d.matto_bonus }) : ""].filter(Boolean).join(" · ");
    case "resto": {
      if (d.final) return t("sheet.detail.mi_resto_final");
      const at = d.event === "end" ? kindName("end") : `${kindName(d.event)} · ${d.trick ? t("sheet.detail.mi_trick", { trick: d.trick }) : t("sheet.detail.mi_before")}`;
      return t("sheet.detail.mi_resto_at", { what: at });
    }
    default: return "";
  }
}

/**
 * The sheet's rows for a Minchiate deal: one per line, in the engine's order (a resto row
 * counts resti, the others points), then all points and the resti totals. `order`: the
 * teams' indices in the sheet's column order (sheet.js columnOrder: yours first).
 */
export function sheetRows(sheet, order, label) {
  const cell = (v, key) => h("td", { class: v ? "scored" : "zero", text: num(v) , dataset: key ? { unit: key } : {} });
  const rows = (sheet.lines || []).map((line, i) => {
    const resto = line.key === "resto";
    const amount = resto ? (line.resti || 0) : line.points;
    const detail = lineDetail(line);
    return h("tr", { dataset: { key: line.key, line: i } },
      h("th", { scope: "row" }, label(line.key), detail ? h("span", { class: "detail", text: detail }) : null),
      order.map((team) => cell(line.team === team ? amount : 0, resto ? "resti" : "points")));
  });
  rows.push(h("tr", { class: "mi-points-total" }, h("th", { scope: "row", text: t("sheet.mi_points_total") }),
    order.map((i) => h("td", { dataset: { pointsTeam: i }, text: num((sheet.points || [])[i] ?? 0) }))));
  return rows;
}

/** The Matto's settlement, said under the sheet. */
export function mattoNote(sheet, teamName) {
  const m = sheet.matto;
  if (!m) return null;
  const text = m.reason === "no_tricks" ? t("log.mi_matto_no_tricks", { from: teamName(m.from_team), to: teamName(m.to_team) })
    : t("log.mi_matto_exchange", { from: teamName(m.from_team), to: teamName(m.to_team), card: cardName(m.card) });
  return h("p", { class: "mi-matto", text });
}
