// A variant's options in the player's words ("Classico · Napola · Match to 21"): the short line
// under the table's title, the record's variant lines and the options control's labels.
import { t, num } from "../i18n.js";
import { optionWords } from "./options.js";

/** One option's name (option.<key> in the catalogues). */
export const optionName = (key) => t(`option.${key}`);

/** One option at one value: a switch by its name (or "no <name>" when turned off), a number
 * by its own words (option.<key>.value: "Match to {n}"). */
export function optionText(key, value) {
  if (value === true) return optionName(key);
  if (value === false) return t("option.off", { name: optionName(key) });
  return t(`option.${key}.value`, { n: num(value) });
}

/** The options that are on, as one line ("" for the game as its rules play it by default). */
export function optionsText(options) {
  return optionWords(options, optionText).join(" · ");
}
