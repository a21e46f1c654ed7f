// index.html: hash routing over the home, tradition and game pages.
//   #/                                   home: card traditions
//   #/tradition/<id>                     one tradition and its games
//   #/game/<id>?deck=<deck>&tab=table|rules  (+ &seed=&seat=&mode=: a deal link, deals/links.js)
//   #/game/<id>?deck=<deck>&learn=1      the game's guided first deal (table/coach.js)
//   #/stats, #/stats/<game>?level=…     the player's record (record/page.js)
//   #/replay/<id>                        replay of a recorded match (replay/page.js)
//   #/daily                              today's deals (deals/page.js)
import { h, clear } from "./dom.js";
import { t, num, has, getLocale } from "./i18n.js";
import { mountSettings, LANGUAGE_EVENT } from "./settings.js";
import { loadSite, tradition, game as gameOf } from "./site.js";
import { TableView } from "./table.js";
import { cardSvg, deckGroups, strippedCards, cardPoints, usesIcons } from "./cardart.js";
import { cardName } from "./names.js";
import { onUpdateAvailable, applyUpdate, hook, GUEST_PAGE } from "./engine.js";
import { renderStats } from "./record/page.js";
import { parseDeal } from "./deals/links.js";
import { parseChallenge } from "./deals/challenge.js";
import { renderJoin } from "./live/page.js";
import { renderDaily } from "./deals/page.js";
import { renderReplay } from "./replay/page.js";
import { lessonHref, lessonsDone } from "./table/coach.js";
import { rulesHeader, rulesSection } from "./rules.js";
import { hasSave } from "./table/savefile.js";

const main = document.getElementById("main");
let site = null;
let view = null; // the live TableView, kept while only the tab or nothing changes
let viewKey = null;
let joined = null; // a live guest's table: {code, page, relabel} (joinPage)

function parseRoute() {
  const raw = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map((p) => {
    try { return decodeURIComponent(p); } catch { return p; }
  });
  return { parts, params: new URLSearchParams(query) };
}

function gameHref(gameId, deck, tab) {
  const q = new URLSearchParams();
  if (deck) q.set("deck", deck);
  if (tab && tab !== "table") q.set("tab", tab);
  return `#/game/${encodeURIComponent(gameId)}${q.toString() ? "?" + q : ""}`;
}

/** "Piacenza · Emilia-Romagna · Italy", each place name from the catalogue (place.<slug>). */
function regionText(tr) {
  return tr.region.map((p) => {
    const key = `place.${p.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
    return has(key) ? t(key) : p;
  }).join(t("region.separator"));
}

function wikiLink(tr) {
  return h("a", {
    class: "wiki", href: tr.wikipedia[getLocale()] || tr.wikipedia.en, target: "_blank", rel: "noopener noreferrer",
    hreflang: tr.wikipedia[getLocale()] ? getLocale() : "en",
    "aria-label": t("tradition.wikipedia_label", { name: tr.name }),
  }, t("tradition.wikipedia"), h("span", { "aria-hidden": "true", text: t("nav.external_mark") }));
}

function gameList(tr) {
  const cat = site.catalogue;
  return h("ul", { class: "games" }, tr.games.map((gid) => {
    const g = gameOf(cat, gid);
    const name = t(`game.${gid}.name`);
    if (g && g.playable && g.lesson && g.lesson.decks.includes(tr.id)) {
      // the way in for a newcomer: the game's guided first deal, beside the game (scripts/first_paint.py draws the same)
      return h("li", { class: "has-lesson" }, h("a", { class: "game-link", href: gameHref(gid, tr.id) }, name),
        h("a", { class: "learn-home", href: lessonHref(gid, tr.id), "aria-label": t("home.learn_game", { game: name }) }, t("coach.learn")));
    }
    if (g && g.playable) {
      return h("li", {}, h("a", { class: "game-link", href: gameHref(gid, tr.id) }, name));
    }
    return h("li", { class: "soon" }, h("a", { class: "game-link", href: gameHref(gid, tr.id, "rules") }, name),
      " ", h("span", { class: "badge", text: t("game.coming_soon") }));
  }));
}

/** A fan of a few cards of the deck, drawn by the same card art as the table: the boxes at
 * once (their size is the stylesheet's), the pictures by drawSamples, one fan per task. */
function deckSample(tr) {
  return h("div", { class: "deck-sample", "aria-hidden": "true", dataset: { deck: tr.id } },
    sampleCodes(tr).map(() => h("span", { class: "card face" })));
}

function sampleCodes(tr) {
  const codes = ["AD", "AC", "AS", "AB", tr.id === "siciliane" ? "QC" : "KD"];
  if (tr.cards > 52) codes.splice(3, 1, "T21");
  return codes;
}

/** Draws the card pictures into the fans under `root`, top first, one fan per task: the home
 * page's five fans (25 faces) are not one long task that holds up the page's first input. */
function drawSamples(root) {
  const boxes = [...root.querySelectorAll(".deck-sample[data-deck]:not([data-drawn])")];
  const step = () => {
    const box = boxes.shift();
    if (!box) return;
    const tr = tradition(site.catalogue, box.dataset.deck);
    if (box.isConnected && tr && !box.dataset.drawn) {
      box.dataset.drawn = "";
      sampleCodes(tr).forEach((c, i) => {
        const e = box.children[i];
        if (!e) return;
        e.title = cardName(c);
        e.replaceChildren(cardSvg(c, tr.id, null));
      });
    }
    if (boxes.length) setTimeout(step, 0);
  };
  step(); // the first fan now: it is on the screen
}

function traditionCard(tr) {
  return h("li", { class: "tradition" },
    deckSample(tr),
    h("h2", {}, h("a", { href: `#/tradition/${encodeURIComponent(tr.id)}`, text: tr.name })),
    h("p", { class: "meta" }, h("span", { class: "region", text: regionText(tr) }), h("span", { class: "count", text: t("tradition.cards", { count: tr.cards }) })),
    h("p", { class: "desc", text: t(`tradition.${tr.id}.description`) }),
    h("p", { class: "links" }, wikiLink(tr)),
    gameList(tr));
}

/** The page's description for search engines and link previews, from the catalogue. */
function describe(text) {
  const meta = document.querySelector('meta[name="description"]');
  if (meta) meta.setAttribute("content", text);
}

function renderHome() {
  document.title = t("app.name");
  describe(t("home.intro"));
  return h("section", { class: "page home" },
    h("h1", { text: t("home.title") }),
    h("p", { class: "intro", text: t("home.intro") }),
    h("p", { class: "home-links" },
      h("a", { class: "btn primary daily-link", href: "#/daily", text: t("daily.home_link") }),
      h("a", { class: "btn home-record", href: "#/stats", text: t("nav.stats") })),
    h("ul", { class: "traditions" }, site.catalogue.traditions.map(traditionCard)));
}

function renderTradition(id) {
  const tr = tradition(site.catalogue, id);
  if (!tr) return notFound();
  document.title = `${tr.name} · ${t("app.name")}`;
  describe(t(`tradition.${tr.id}.description`));
  return h("section", { class: "page tradition-page" },
    h("p", { class: "crumbs" }, h("a", { href: "#/", text: t("tradition.back") })),
    h("div", { class: "tradition-head" }, h("div", {},
      h("h1", { text: tr.name }),
      h("p", { class: "meta" }, h("span", { class: "region", text: regionText(tr) }), h("span", { class: "count", text: t("tradition.cards", { count: tr.cards }) }), wikiLink(tr))),
      deckSample(tr)),
    h("p", { class: "desc", text: t(`tradition.${tr.id}.description`) }),
    h("h2", { text: t("tradition.games") }),
    h("ul", { class: "game-cards" }, tr.games.map((gid) => {
      const g = gameOf(site.catalogue, gid);
      return h("li", { class: "game-card" },
        h("h3", {}, h("a", { href: gameHref(gid, tr.id, g && g.playable ? "table" : "rules"), text: t(`game.${gid}.name`) }),
          g && !g.playable ? h("span", { class: "badge", text: t("game.coming_soon") }) : null),
        h("p", { class: "rules-header", text: rulesHeader(g) }),
        h("p", { text: t(`game.${gid}.blurb`) }),
        g && g.playable ? h("p", { class: "game-card-actions" },
          h("a", { class: "btn primary", href: gameHref(gid, tr.id), text: t("game.play", { game: t(`game.${gid}.name`) }) }),
          learnLink(g, tr.id),
          h("a", { class: "btn friends-link", href: `${gameHref(gid, tr.id)}&people=1`, text: t("people.link") })) : null);
    })),
    wholeDeck(tr));
}

/** Every card of the deck, by suit (trumps first), as one of the tradition's games sees it:
 * the cards it strips out are crossed, the cards that score by themselves carry their value,
 * the corners read as that game prints them (Scopa: 8, 9, 10). All of it from the engine. */
function wholeDeck(tr, gameId = tr.games[0]) {
  const groups = deckGroups(tr.id);
  if (!groups.length) return null;
  const out = strippedCards(gameId, tr.id);
  const { points, base } = cardPoints(gameId);
  const gname = t(`game.${gameId}.name`);
  const total = groups.reduce((n, gr) => n + gr.cards.length, 0);
  const scoring = Object.keys(points).filter((c) => !out.has(c));
  const notes = [];
  if (out.size) {
    notes.push(h("p", { class: "deck-note stripped-note" }, h("span", { class: "stripped-key", "aria-hidden": "true" }),
      t("tradition.stripped_note", { count: out.size, game: gname, left: total - out.size })));
  }
  if (scoring.length) {
    notes.push(h("p", { class: "deck-note points-note" }, h("span", { class: "points-key", "aria-hidden": "true", text: num(points[scoring[0]]) }),
      t(base ? "tradition.points_note_base" : "tradition.points_note", { count: num(scoring.length), game: gname, base: num(base) })));
  }
  const section = h("section", { class: "whole-deck", "aria-labelledby": "whole-deck-title", dataset: { game: gameId, deck: tr.id } },
    h("h2", { id: "whole-deck-title", text: t("tradition.whole_deck", { count: total }) }),
    tr.games.length > 1 ? gameSwitch(tr, gameId) : null,
    notes,
    groups.map((gr) => h("div", { class: "deck-group" },
      h("h3", { text: gr.id === "T" ? t("tradition.trumps") : t(`suit.${gr.id}`) }),
      h("ul", { class: "deck-cards" }, gr.cards.map((c) => {
        const gone = out.has(c);
        const value = !gone && points[c] !== undefined ? points[c] : null;
        let name = cardName(c);
        if (gone) name = t("tradition.stripped_card", { card: name, game: gname });
        else if (value !== null) name = t("tradition.points_card", { card: name, points: num(value), game: gname });
        const e = h("span", { class: "card face", role: "img", "aria-label": name, title: name }); // its picture: drawDeck
        return h("li", { class: `deck-card${gone ? " stripped" : ""}${value !== null ? " scoring" : ""}`, dataset: { card: c } }, e,
          value !== null ? h("span", { class: "points-badge", "aria-hidden": "true", text: num(value) }) : null);
      })))),
    usesIcons(tr.id) ? h("p", { class: "art-credit", text: t("tradition.icon_credit", { authors: "Lorc, Delapouite", site: "game-icons.net", licence: "CC BY 3.0" }) }) : null);
  return section;
}

/** Draws the faces into a whole deck's boxes (their size is the stylesheet's), in slices of
 * ~8 ms, one per task: the 97 faces of Minchiate drawn at once held a phone's main thread for
 * over a second as the page opened. The section is marked `data-drawn` when all are in. */
function drawDeck(root) {
  const section = root.matches(".whole-deck") ? root : root.querySelector(".whole-deck");
  if (!section) return;
  const boxes = [...section.querySelectorAll(".deck-card:not([data-drawn])")];
  const step = () => {
    if (!section.isConnected) return; // another page, or another game's view of the deck
    const until = performance.now() + 8;
    while (boxes.length && performance.now() < until) {
      const li = boxes.shift();
      li.dataset.drawn = "";
      li.querySelector(".card").appendChild(cardSvg(li.dataset.card, section.dataset.deck, section.dataset.game));
    }
    if (boxes.length) setTimeout(step, 0);
    else section.dataset.drawn = "";
  };
  step();
}

/** Buttons to see the deck as each of the tradition's games counts it (Piacentine: Briscola's
 * card points, or Scopa's 8, 9, 10 on the courts). */
function gameSwitch(tr, current) {
  return h("div", { class: "deck-switch", role: "group", "aria-label": t("tradition.deck_for", {}) },
    h("span", { class: "deck-switch-label", "aria-hidden": "true", text: t("tradition.deck_for", {}) }),
    tr.games.map((gid) => h("button", {
      type: "button", class: "btn deck-game", "aria-pressed": String(gid === current), dataset: { game: gid },
      text: t(`game.${gid}.name`),
      onclick: (ev) => {
        const old = ev.currentTarget.closest(".whole-deck");
        const next = wholeDeck(tr, gid);
        old.replaceWith(next);
        drawDeck(next);
        next.querySelector(`.deck-game[data-game="${gid}"]`).focus();
      },
    })));
}

/** "Learn to play": the game's guided first deal on this deck, marked once finished. */
function learnLink(g, deck, extraClass = "") {
  if (!g || !g.playable || !g.lesson || !g.lesson.decks.includes(deck)) return null;
  const done = lessonsDone().includes(g.id);
  return h("a", { class: `btn learn-link${done ? " done" : ""}${extraClass}`, href: lessonHref(g.id, deck), title: t("coach.learn_note"),
    dataset: { done: String(done) } }, t("coach.learn"),
    done ? [h("span", { class: "learn-done", "aria-hidden": "true", text: " ✓" }), h("span", { class: "sr-only", text: ` (${t("coach.learned")})` })] : null);
}

function renderGame(id, params) {
  const g = gameOf(site.catalogue, id);
  if (!g) return notFound();
  let deck = params.get("deck");
  if (!g.decks.includes(deck)) deck = g.decks[0];
  const tab = params.get("tab") === "rules" || !g.playable ? "rules" : "table";
  const tr = tradition(site.catalogue, deck);
  const gname = t(`game.${g.id}.name`);
  document.title = deck === g.id ? `${gname} · ${t("app.name")}` : `${gname} · ${tr ? tr.name : deck} · ${t("app.name")}`;
  describe(t(`game.${g.id}.blurb`));
  const lesson = g.playable && params.get("learn") === "1" && !!g.lesson && g.lesson.decks.includes(deck);
  const people = g.playable && !lesson && params.get("people") === "1"; // pass-and-play on this device
  const live = g.playable && !lesson && !people && params.get("live") === "1"; // host friends who play on their devices
  const key = `${g.id}|${deck}${lesson ? "|learn" : people ? "|people" : live ? "|live" : ""}`;

  const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": t("game.tabs_label") },
    ["table", "rules"].map((name) => h("a", {
      role: "tab", id: `tab-${name}`, href: gameHref(g.id, deck, name), "aria-selected": String(tab === name),
      "aria-controls": `panel-${name}`, class: "tab", text: t(`game.tab.${name}`),
    })));
  // tabs pattern: the selected tab is the one in the Tab order; arrow keys switch tabs
  for (const a of tabs.querySelectorAll("[role=tab]")) {
    if (a.getAttribute("aria-selected") !== "true") a.setAttribute("tabindex", "-1");
  }
  tabs.addEventListener("keydown", (e) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    const list = [...tabs.querySelectorAll("[role=tab]")];
    const next = list.find((a) => a.getAttribute("aria-selected") !== "true");
    if (!next) return;
    e.preventDefault();
    const id = next.id;
    window.addEventListener("hashchange", () => { const tab = document.getElementById(id); if (tab) tab.focus(); }, { once: true });
    location.hash = next.getAttribute("href");
  });
  const tablePanel = h("div", { class: "panel", id: "panel-table", role: "tabpanel", "aria-labelledby": "tab-table", hidden: tab !== "table" });
  // the rules are drawn when their tab is chosen (a new route draws the page again): the
  // table's tab, the first page of most visits, does not pay for text it keeps hidden
  const rulesPanel = h("div", { class: "panel", id: "panel-rules", role: "tabpanel", "aria-labelledby": "tab-rules", hidden: tab !== "rules" },
    tab === "rules" ? rulesSection(g, deck) : null);
  // a friend's challenge (checked: a damaged or edited link is refused, with a message), or
  // a shared, daily or duplicate deal
  const dare = g.playable ? parseChallenge(g.id, params, g.players, g) : null;
  const asked = dare && !dare.bad ? { seed: dare.seed, seat: dare.seat, mode: "challenge", daily: null, level: dare.level, challenge: dare, options: dare.options }
    : g.playable ? parseDeal(params, g.players, g) : null;
  // a link with an option the game does not take deals nothing: said, and the table goes on with its own match
  const badOption = asked && asked.badOption !== undefined ? asked.badOption : null;
  const deal = badOption === null ? asked : null;
  if (deal || dare || badOption !== null) history.replaceState(null, "", gameHref(g.id, deck, tab)); // dealt once: a reload resumes it
  if (dare && dare.bad) tablePanel.appendChild(h("p", { class: "challenge-bad", role: "alert", text: t("challenge.bad") }));
  if (badOption !== null) tablePanel.appendChild(h("p", { class: "challenge-bad option-bad", role: "alert", text: t("options.bad_link", { option: String(badOption).slice(0, 30) }) }));
  if (g.playable) {
    if (view && viewKey === key && !deal) {
      tablePanel.appendChild(view.el);
    } else {
      if (view) view.destroy();
      view = new TableView(tablePanel, { engine: site.engine, game: g, deck, deal: lesson || people || live ? null : deal, lesson, people, live });
      viewKey = key;
      view.start();
    }
  } else {
    tablePanel.appendChild(h("p", { text: t("game.not_playable", { game: gname }) }));
  }
  const deckLinks = g.decks.length > 1 ? h("p", { class: "decks" }, g.decks.map((d) => {
    const dt = tradition(site.catalogue, d);
    return h("a", { class: `deck-link${d === deck ? " current" : ""}`, href: gameHref(g.id, d, tab), "aria-current": d === deck ? "page" : null, text: dt ? dt.name : d });
  })) : null;
  // a first visit to a game (no match saved, no lesson done) offers the lesson, in the tabs' row
  const fresh = !lesson && !lessonsDone().includes(g.id) && !hasSave(g.id, deck);
  const learn = lesson ? null : learnLink(g, deck, fresh ? " offer" : "");
  return h("section", { class: `page game-page${lesson ? " lesson" : ""}` },
    h("p", { class: "crumbs" }, h("a", { href: "#/", text: t("tradition.back") }),
      tr ? [t("nav.crumb_separator"), h("a", { href: `#/tradition/${encodeURIComponent(tr.id)}`, text: tr.name })] : null),
    // a game named after its only deck (Minchiate) is named once, not "Minchiate · Minchiate" (scripts/first_paint.py too)
    h("div", { class: "game-head" }, h("h1", { text: deck === g.id ? gname : t("game.with_deck", { game: gname, deck: tr ? tr.name : deck }) }), deckLinks),
    h("div", { class: "tabs-row" }, tabs, learn), tablePanel, rulesPanel,
    g.playable && !lesson && tab === "table" ? playersLink(g, deck, people || live) : null);
}

/** Under the table: the other ways to play, with friends (on this device, or each on theirs) or against the computer. */
function playersLink(g, deck, withFriends) {
  const link = (mode, cls, key) => h("a", { class: `btn ${cls}`, href: `${gameHref(g.id, deck)}${mode}`, text: t(key) });
  return h("p", { class: "players-link" }, withFriends ? link("", "solo-link", "people.solo_link")
    : [link("&people=1", "friends-link", "people.link"), link("&live=1", "live-link", "live.link")]);
}


function notFound() {
  document.title = t("notfound.title");
  return h("section", { class: "page" }, h("h1", { text: t("notfound.title") }), h("p", { text: t("notfound.text") }),
    h("p", {}, h("a", { href: "#/", text: t("tradition.back") })));
}

/** A live guest's page: the join page, then the table on the host's engine. Once the guest has
 * joined, the page is kept while its invitation's route stays (a new language re-labels it in
 * place): drawn again, it would leave the guest with the join page of an invitation already
 * used while the connection, or the table, went on out of sight. */
function joinPage(params) {
  const code = params.get("i");
  if (joined && joined.code === code && joined.page.isConnected) {
    joined.relabel();
    return joined.page;
  }
  joined = null;
  const page = renderJoin(site, params, (root, o) => {
    if (!page.isConnected) { o.engine.channel.close(); return; } // the guest went elsewhere meanwhile: gone, and the host is told
    if (view) view.destroy();
    view = new TableView(root, { engine: o.engine, game: o.game, deck: o.deck, guest: true });
    viewKey = "join";
    view.start();
  }, { keep: (relabel) => { joined = { code, page, relabel }; } });
  return page;
}

function route() {
  const { parts, params } = parseRoute();
  const prevId = document.activeElement && document.activeElement.id;
  let page;
  if (parts.length === 0) page = renderHome();
  else if (parts[0] === "tradition" && parts.length === 2) page = renderTradition(parts[1]);
  else if (parts[0] === "game" && parts.length === 2) page = renderGame(parts[1], params);
  else if (parts[0] === "stats" && parts.length <= 2) page = renderStats(site.catalogue, parts[1] || null, params) || notFound();
  else if (parts[0] === "replay" && parts.length === 2) page = renderReplay(site, parts[1]);
  else if (parts[0] === "join" && parts.length === 1) page = joinPage(params);
  else if (parts[0] === "daily" && parts.length === 1) page = renderDaily(site, params);
  else page = notFound();
  if (!(parts[0] === "game" || (joined && page === joined.page)) && view) { view.destroy(); view = null; viewKey = null; }
  const kept = keepFirstPaint(page);
  if (kept) for (const e of [...main.children]) { if (e !== kept) e.remove(); }
  else clear(main).appendChild(page);
  drawSamples(kept || page);
  drawDeck(kept || page);
  const same = prevId && document.getElementById(prevId); // e.g. the tab just clicked
  if (same && same.getAttribute("role") === "tab") same.focus();
  else if (view && view.el.isConnected) view.focusHand();
  // in the next frame, which lays the new page out anyway: focusing now would force that
  // layout into this task, and a phone's main thread would be held the longer in one go
  else requestAnimationFrame(() => { if (!main.contains(document.activeElement)) main.focus({ preventScroll: true }); });
}

/** The first route of the visit: index.html may already show this page, pre-rendered in
 * English by the build (scripts/build/first_paint.py, chosen by js/first-paint.js). A home page that
 * is the same as `page` is kept as it was painted (its nodes stay: nothing moves, nothing is
 * painted again; drawSamples then draws the fans into the boxes kept for them); anything else
 * (a game's shell, a page that differs) is replaced by `page`. */
function keepFirstPaint(page) {
  const root = document.documentElement;
  const key = root.dataset.first;
  if (!key) return null;
  delete root.dataset.first; // the first route only
  hook.firstPaint = { key, kept: false };
  const pre = [...main.children].find((e) => e.dataset.first === key);
  if (!pre || key !== "home") return null;
  pre.removeAttribute("data-first");
  if (pre.outerHTML !== page.outerHTML) {
    pre.setAttribute("data-first", key);
    return null;
  }
  hook.firstPaint.kept = true;
  return pre;
}

function chrome() {
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  document.documentElement.removeAttribute("data-pending"); // js/first-paint.js: the chrome's words are the reader's now
  mountSettings(document.getElementById("settings"));
  const bar = document.getElementById("update");
  onUpdateAvailable(() => {
    clear(bar).append(
      h("span", { text: t("update.available") }),
      h("button", { type: "button", class: "btn primary", text: t("update.reload"), onclick: () => applyUpdate() }),
      h("button", { type: "button", class: "btn", text: t("update.later"), onclick: () => { bar.hidden = true; } }));
    bar.hidden = false;
  });
}

/** A new language: the chrome, the table and the page are drawn again from the catalogue. */
function relabel() {
  const focusedLang = document.activeElement && document.activeElement.id === "settings-lang";
  chrome();
  if (view) view.relabel();
  route();
  if (focusedLang) document.getElementById("settings-lang").focus();
}

async function start() {
  site = await loadSite();
  chrome();
  document.addEventListener(LANGUAGE_EVENT, relabel);
  window.addEventListener("hashchange", route);
  route();
  hook.pageReady = true;
  // Pyodide boots in the background whatever the page, so the table is ready sooner; not on a
  // live guest's join page, whose table is the host's engine
  if (!GUEST_PAGE) site.engine.start().catch(() => {});
}

start().catch((err) => {
  console.error(err);
  main.textContent = String(err);
});
