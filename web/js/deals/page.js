// The daily deal page (#/daily): one deal per game and day, the same for everyone (the seed
// comes from the game and the UTC date: deals/daily.js), each marked once played, from the
// record's history (entries with mode "daily" and that date).
import { h } from "../dom.js";
import { t, num, getLocale } from "../i18n.js";
import { tradition } from "../site.js";
import { listMatches } from "../record/store.js";
import { dailySeed, today } from "./daily.js";
import { dealHref } from "./links.js";
import { scoreFor } from "./pair.js";

/** "1 December 2026" in the page's language and digits (the day is a UTC date). */
export function dayText(day) {
  const [y, m, d] = day.split("-").map(Number);
  const lang = { fa: "fa-u-nu-arabext", ar: "ar-u-nu-arab" }[getLocale()] || getLocale();
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The playable games, each with the deck its daily deal uses (the game's first deck). */
export function dailyGames(catalogue) {
  return Object.values(catalogue.games).filter((g) => g.playable).map((g) => ({ game: g, deck: g.decks[0] }));
}

function playedText(entry) {
  const s = scoreFor(entry.result, entry.seat);
  const verdict = s.margin > 0 ? "won" : s.margin < 0 ? "lost" : "drawn";
  return t(`daily.played_${verdict}`, { mine: num(s.mine), theirs: num(s.theirs) });
}

export function renderDaily(site, params) {
  const day = today(params);
  document.title = `${t("daily.title")} · ${t("app.name")}`;
  const history = listMatches();
  const items = dailyGames(site.catalogue).map(({ game, deck }) => {
    const seed = dailySeed(game.id, day);
    const played = history.find((e) => e.mode === "daily" && e.daily === day && e.game === game.id);
    const tr = tradition(site.catalogue, deck);
    const gname = t(`game.${game.id}.name`);
    return h("li", { class: `daily-game${played ? " played" : ""}`, dataset: { game: game.id, deck, seed } },
      h("h2", { text: gname }),
      h("p", { class: "meta" }, h("span", { text: tr ? tr.name : deck }),
        h("span", { class: "daily-seed", text: t("daily.deal_no", { seed: num(seed) }) })),
      played
        ? [h("p", { class: "daily-done" }, h("span", { class: "tick", "aria-hidden": "true", text: "✓" }), playedText(played)),
          h("a", { class: "btn daily-replay", href: `#/replay/${encodeURIComponent(played.id)}`, text: t("daily.replay") })]
        : h("a", { class: "btn primary daily-play", href: dealHref(game.id, deck, seed, { mode: "daily", daily: day }),
          text: t("daily.play", { game: gname }) }));
  });
  return h("section", { class: "page daily-page", dataset: { day } },
    h("p", { class: "crumbs" }, h("a", { href: "#/", text: t("tradition.back") })),
    h("h1", { text: t("daily.title") }),
    h("p", { class: "daily-date", text: dayText(day) }),
    h("p", { class: "intro", text: t("daily.intro") }),
    h("ul", { class: "daily-games" }, items));
}
