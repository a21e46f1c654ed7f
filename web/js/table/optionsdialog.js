// The "Options" control of the new-match flow, generated from the game's description: a switch
// per on/off option, a choice per option with choices (a target). The player's choice is kept
// per game and deals a new match (asked first if one is in progress); a game without options
// has no such control. The line under the table's title says which options are on.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { defaultsOf, choicesOf, hasOptions, canonical, storedOptions, storeOptions } from "./options.js";
import { optionName, optionText, optionsText } from "./optionwords.js";

/** The button beside "New match", or null for a game without options (or at a lesson, or a friend's table). */
export function optionsButton(v) {
  if (!hasOptions(v.game) || v.coach || v.guest) return null;
  return h("button", { type: "button", class: "btn options-btn", text: t("options.button"), "aria-haspopup": "dialog",
    onclick: () => openOptions(v) });
}

/** The options of the match on the table, as the engine dealt them (its snapshot, else the controller's). */
export function tableOptions(v) {
  const s = v.snap;
  const fromSnap = s && s.options ? canonical(v.game, s.options) : null;
  return fromSnap || v.ctl.options || {};
}

/** The short line under the table's title: which options are on (hidden for the default game). */
export function drawOptionsLine(v) {
  if (!v.optionsLine) return;
  const text = optionsText(tableOptions(v));
  v.optionsLine.textContent = text ? t("options.on", { options: text }) : "";
  v.optionsLine.hidden = !text;
}

/** The control: one field per option, then "Deal with these options" or "Cancel". */
export function openOptions(v) {
  if (v.dialog.open) return;
  const d = clear(v.dialog);
  const titleId = v.dialog.getAttribute("aria-labelledby");
  const chosen = { ...defaultsOf(v.game), ...storedOptions(v.game) };
  const fields = Object.keys(defaultsOf(v.game)).map((key) => {
    const id = `option-${v.game.id}-${key}`;
    const values = choicesOf(v.game, key);
    if (typeof chosen[key] === "boolean") {
      const box = h("input", { type: "checkbox", role: "switch", id, class: "option-switch", dataset: { option: key },
        checked: chosen[key], onchange: (e) => { chosen[key] = e.currentTarget.checked; } });
      return h("div", { class: "option-row" }, box, h("label", { for: id }, optionName(key)),
        h("p", { class: "option-help", text: t(`option.${key}.help`) }));
    }
    if (!values) return null; // an option without choices is not the player's to set here
    const sel = h("select", { id, class: "option-choice", dataset: { option: key },
      onchange: (e) => { chosen[key] = Number(e.currentTarget.value); } },
      values.map((x) => h("option", { value: String(x), selected: x === chosen[key], text: optionText(key, x) })));
    return h("div", { class: "option-row choice" }, h("label", { for: id }, optionName(key)), sel,
      h("p", { class: "option-help", text: t(`option.${key}.help`) }));
  });
  const deal = h("button", { type: "button", class: "btn primary options-deal", text: t("options.deal"),
    onclick: () => {
      storeOptions(v.game, canonical(v.game, chosen) || {});
      // the new-match question opens in the same dialog once this one's close event is past
      d.addEventListener("close", () => v.askNewMatch(), { once: true });
      d.close();
    } });
  const cancel = h("button", { type: "button", class: "btn options-cancel", text: t("options.cancel"), onclick: () => d.close() });
  d.classList.add("options-sheet");
  d.append(h("h2", { id: titleId, text: t("options.title") }), h("p", { class: "options-intro", text: t("options.intro") }),
    h("div", { class: "option-list" }, fields), h("div", { class: "sheet-buttons" }, cancel, deal));
  d.addEventListener("close", () => d.classList.remove("options-sheet"), { once: true });
  d.showModal();
  const first = d.querySelector("input, select");
  if (first) first.focus();
}
