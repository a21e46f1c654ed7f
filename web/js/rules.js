// The Full rules tab of a game: its header line ("2 players · You vs AI · Match to 11") and
// the four sections from the catalogue. Kept apart from app.js (routing and boot).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { courtCounting } from "./cardart.js";

export function rulesHeader(g) {
  if (!g) return "";
  if (g.partnerships) return t("rules.header.partners", { players: g.players });
  if (g.format === "match") return t("rules.header.match", { players: g.players, target: g.target });
  return t("rules.header.single", { players: g.players });
}

export function rulesSection(g, deck) {
  const court = courtCounting(g.id, deck, 8); // which court the engine counts as 8 (Scopa)
  const eight = court ? t(`rank.${court}`) : "";
  return h("article", { class: "rules" },
    h("p", { class: "rules-header", text: rulesHeader(g) }),
    ["objective", "setup", "turn", "scoring"].map((sec) => h("section", {},
      h("h2", { text: t(`rules.${sec}`) }),
      h("ul", {}, t(`rules.${g.id}.${sec}`, { eight }).split("\n").map((line) => h("li", { text: line }))))));
}
