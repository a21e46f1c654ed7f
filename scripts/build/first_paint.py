"""The first paint of index.html, written at build time (scripts/build/build_site.py calls
`prerender(dist, data)` after dist/data/site.json exists).

The site's pages are hash routes drawn by JavaScript, so before this a visitor saw an empty
page until some fifty modules, the catalogue and the message catalogue had arrived and run.
Here the build writes into dist/index.html, from the same catalogue and the English
message catalogue:

- the chrome's English words (the `data-i18n` elements of the top bar);
- the home page, the top of every tradition's page (crumbs, head, description, games), and the
  shell of every game's table page (crumbs, title, deck links, tabs, the felt board and the
  side panel's box), each a `<section data-first="KEY">`
  inside `<main>`, hidden unless `js/first-paint.js` (a classic script in `<head>`, run
  before the first paint) set `<html data-first="KEY">` for this visit: English reader,
  that very route. Any other language or page shows nothing until the app draws it, as
  before; that script also sets `lang`/`dir` at once, so a Persian or Arabic page never
  paints left to right first;
- one stylesheet (`css/site.css`) in place of the page's several, the rules that show the
  chosen section at its end: one request before the first paint instead of five.

The app (web/js/app.js) keeps the pre-rendered home when its text equals what it would
draw (it only adds the card pictures into the reserved boxes), and replaces a game shell
by the live table. What is written here decides only how soon something shows, never what
the page finally holds.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote, urlencode

STYLESHEET = re.compile(r'<link rel="stylesheet" href="(css/[^"]+\.css)">\n?')
MARK = "<!--first-paint-->"


# ------------------------------------------------------------------ messages (i18n.js, English)
def _matching(s: str, start: int) -> int:
    depth = 0
    for j in range(start, len(s)):
        if s[j] == "{":
            depth += 1
        elif s[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f"unbalanced braces in {s!r}")


def _options(s: str) -> dict[str, str]:
    out, i = {}, 0
    while i < len(s):
        while i < len(s) and s[i].isspace():
            i += 1
        if i >= len(s):
            break
        j = i
        while j < len(s) and s[j] != "{" and not s[j].isspace():
            j += 1
        sel = s[i:j]
        while j < len(s) and s[j] != "{":
            j += 1
        end = _matching(s, j)
        out[sel] = s[j + 1:end]
        i = end + 1
    return out


def fmt(msg: str, params: dict, hash_value=None) -> str:
    """English only, as web/js/i18n.js formats it: {name}, {n, plural, …} and {x, select, …}."""
    out, i = [], 0
    while i < len(msg):
        ch = msg[i]
        if ch == "#" and hash_value is not None:
            out.append(str(hash_value))
            i += 1
            continue
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        end = _matching(msg, i)
        body = msg[i + 1:end]
        i = end + 1
        parts = body.split(",")
        name = parts[0].strip()
        if len(parts) >= 3 and parts[1].strip() in ("plural", "select"):
            rest = body[body.index(",", body.index(",") + 1) + 1:]
            opts = _options(rest)
            if parts[1].strip() == "plural":
                n = params[name]
                form = opts.get(f"={n}", opts.get("one" if n == 1 else "other", opts.get("other", "")))
                out.append(fmt(form, params, n))
            else:
                out.append(fmt(opts.get(str(params.get(name)), opts.get("other", "")), params, hash_value))
        else:
            v = params.get(name)
            out.append(f"{{{name}}}" if v is None else str(v))
    return "".join(out)


class Messages:
    def __init__(self, catalogue: dict):
        self.m = catalogue

    def has(self, key: str) -> bool:
        return key in self.m

    def __call__(self, key: str, **params) -> str:
        return fmt(self.m[key], params)


# ------------------------------------------------------------------ markup
def esc(s: str) -> str:
    return html.escape(s, quote=True)


def tag(name: str, attrs: dict | None = None, *children: str) -> str:
    a = "".join(f' {k}="{esc(str(v))}"' for k, v in (attrs or {}).items() if v is not None and v is not False)
    return f"<{name}{a}>{''.join(children)}</{name}>"


def text_tag(name: str, attrs: dict | None, text: str) -> str:
    return tag(name, attrs, esc(text))


def game_href(game_id: str, deck: str | None, tab: str | None = None, extra: dict | None = None) -> str:
    q = {}
    if deck:
        q["deck"] = deck
    if tab and tab != "table":
        q["tab"] = tab
    q.update(extra or {})
    return f"#/game/{quote(game_id, safe='')}" + (f"?{urlencode(q)}" if q else "")


class Renderer:
    """The English first paint of the pages web/js/app.js draws (renderHome, renderTradition,
    renderGame)."""

    def __init__(self, data: dict, messages: dict):
        self.cat = data["catalogue"]
        self.t = Messages(messages)

    def tradition_name(self, tr: dict) -> str:
        key = f"tradition.{tr['id']}.name"
        return self.t(key) if self.t.has(key) else tr["name"]

    def tradition(self, tid: str) -> dict | None:
        return next((tr for tr in self.cat["traditions"] if tr["id"] == tid), None)

    def region(self, tr: dict) -> str:
        names = []
        for p in tr["region"]:
            key = "place." + re.sub(r"[^a-z0-9]+", "-", p.lower())
            names.append(self.t(key) if self.t.has(key) else p)
        return self.t("region.separator").join(names)

    # -------------------------------------------------------------- home
    def home(self) -> str:
        t = self.t
        return tag("section", {"class": "page home", "data-first": "home"},
                   text_tag("h1", {}, t("home.title")),
                   text_tag("p", {"class": "intro"}, t("home.intro")),
                   tag("p", {"class": "home-links"},
                       text_tag("a", {"class": "btn primary daily-link", "href": "#/daily"}, t("daily.home_link")),
                       text_tag("a", {"class": "btn home-record", "href": "#/stats"}, t("nav.stats"))),
                   tag("ul", {"class": "traditions"}, *(self.tradition_card(tr) for tr in self.cat["traditions"])))

    def deck_sample(self, tr: dict) -> str:
        """The deck's sample fan: five boxes the app fills with the card pictures (sized by CSS)."""
        return tag("div", {"class": "deck-sample", "aria-hidden": "true", "data-deck": tr["id"]},
                   *(tag("span", {"class": "card face"}) for _ in range(5)))

    def wiki_link(self, tr: dict) -> str:
        t = self.t
        return tag("a", {"class": "wiki", "href": tr["wikipedia"]["en"], "target": "_blank",
                         "rel": "noopener noreferrer", "hreflang": "en",
                         "aria-label": t("tradition.wikipedia_label", name=self.tradition_name(tr))},
                   esc(t("tradition.wikipedia")), text_tag("span", {"aria-hidden": "true"}, t("nav.external_mark")))

    def meta_spans(self, tr: dict) -> tuple[str, str]:
        return (text_tag("span", {"class": "region"}, self.region(tr)),
                text_tag("span", {"class": "count"}, self.t("tradition.cards", count=tr["cards"])))

    def tradition_card(self, tr: dict) -> str:
        t = self.t
        return tag("li", {"class": "tradition"}, self.deck_sample(tr),
                   tag("h2", {}, text_tag("a", {"href": f"#/tradition/{quote(tr['id'], safe='')}"}, self.tradition_name(tr))),
                   tag("p", {"class": "meta"}, *self.meta_spans(tr)),
                   text_tag("p", {"class": "desc"}, t(f"tradition.{tr['id']}.description")),
                   tag("p", {"class": "links"}, self.wiki_link(tr)),
                   self.game_list(tr))

    # -------------------------------------------------------------- a tradition's page
    def tradition_page(self, tr: dict) -> str:
        """A tradition's page (renderTradition) down to its games: the crumbs, the head with its
        fan, the description and the game cards, the text a reader sees first. The whole deck
        below is the app's to add: it only grows the page downwards, so nothing painted here
        moves."""
        t = self.t
        return tag("section", {"class": "page tradition-page", "data-first": f"tradition/{tr['id']}"},
                   tag("p", {"class": "crumbs"}, text_tag("a", {"href": "#/"}, t("tradition.back"))),
                   tag("div", {"class": "tradition-head"},
                       tag("div", {}, text_tag("h1", {}, tr["name"]),
                           tag("p", {"class": "meta"}, *self.meta_spans(tr), self.wiki_link(tr))),
                       self.deck_sample(tr)),
                   text_tag("p", {"class": "desc"}, t(f"tradition.{tr['id']}.description")),
                   text_tag("h2", {}, t("tradition.games")),
                   tag("ul", {"class": "game-cards"}, *(self.game_card(gid, tr) for gid in tr["games"])))

    def game_card(self, gid: str, tr: dict) -> str:
        """A game of the tradition, as a first visit shows it (no lesson done yet)."""
        t = self.t
        g = self.cat["games"].get(gid)
        playable = bool(g and g.get("playable"))
        name = t(f"game.{gid}.name")
        head = tag("h3", {}, text_tag("a", {"href": game_href(gid, tr["id"], "table" if playable else "rules")}, name),
                   text_tag("span", {"class": "badge"}, t("game.coming_soon")) if g and not playable else "")
        actions = ""
        if playable:
            learn = self.learn_link(g, tr["id"])
            actions = tag("p", {"class": "game-card-actions"},
                          text_tag("a", {"class": "btn primary", "href": game_href(gid, tr["id"])}, t("game.play", game=name)),
                          learn,
                          text_tag("a", {"class": "btn friends-link", "href": game_href(gid, tr["id"]) + "&people=1"},
                                   t("people.link")))
        return tag("li", {"class": "game-card"}, head,
                   text_tag("p", {"class": "rules-header"}, self.rules_header(g)),
                   text_tag("p", {}, t(f"game.{gid}.blurb")), actions)

    def learn_link(self, g: dict, deck: str, extra_class: str = "") -> str:
        """web/js/app.js learnLink as a first visit sees it (no lesson done yet)."""
        lesson = g.get("lesson")
        if not lesson or deck not in lesson.get("decks", []):
            return ""
        return text_tag("a", {"class": f"btn learn-link{extra_class}", "href": game_href(g["id"], deck, None, {"learn": "1"}),
                              "title": self.t("coach.learn_note"), "data-done": "false"}, self.t("coach.learn"))

    def rules_header(self, g: dict | None) -> str:
        """web/js/rules.js rulesHeader."""
        if not g:
            return ""
        if g.get("partnerships") and g.get("format") == "match":
            return self.t("rules.header.partners_match", players=g["players"], target=g["target"])
        if g.get("partnerships"):
            return self.t("rules.header.partners", players=g["players"])
        if g.get("format") == "match":
            return self.t("rules.header.match", players=g["players"], target=g["target"])
        return self.t("rules.header.single", players=g["players"])

    def game_list(self, tr: dict) -> str:
        items = []
        for gid in tr["games"]:
            g = self.cat["games"].get(gid)
            name = self.t(f"game.{gid}.name")
            if g and g.get("playable") and tr["id"] in ((g.get("lesson") or {}).get("decks") or []):
                # the game's guided first deal beside it (app.js gameList draws the same)
                items.append(tag("li", {"class": "has-lesson"},
                                 text_tag("a", {"class": "game-link", "href": game_href(gid, tr["id"])}, name),
                                 text_tag("a", {"class": "learn-home", "href": game_href(gid, tr["id"], extra={"learn": "1"}),
                                                "aria-label": self.t("home.learn_game", game=name)}, self.t("coach.learn"))))
            elif g and g.get("playable"):
                items.append(tag("li", {}, text_tag("a", {"class": "game-link", "href": game_href(gid, tr["id"])}, name)))
            else:
                items.append(tag("li", {"class": "soon"},
                                 text_tag("a", {"class": "game-link", "href": game_href(gid, tr["id"], "rules")}, name),
                                 " ", text_tag("span", {"class": "badge"}, self.t("game.coming_soon"))))
        return tag("ul", {"class": "games"}, *items)

    # -------------------------------------------------------------- a game's table page
    def game(self, g: dict, deck: str) -> str:
        """The table tab of a game page as a first visit shows it (no save, no lesson done):
        what sits above the table, and the table's boxes with nothing in them yet."""
        t = self.t
        tr = self.tradition(deck)
        dname = self.tradition_name(tr) if tr else deck
        gname = t(f"game.{g['id']}.name")
        crumbs = tag("p", {"class": "crumbs"}, text_tag("a", {"href": "#/"}, t("tradition.back")),
                     *((esc(t("nav.crumb_separator")),
                        text_tag("a", {"href": f"#/tradition/{quote(tr['id'], safe='')}"}, dname)) if tr else ()))
        decks = ""
        if len(g["decks"]) > 1:
            links = []
            for d in g["decks"]:
                dt = self.tradition(d)
                links.append(text_tag("a", {"class": "deck-link current" if d == deck else "deck-link",
                                            "href": game_href(g["id"], d), "aria-current": "page" if d == deck else None},
                                      self.tradition_name(dt) if dt else d))
            decks = tag("p", {"class": "decks"}, *links)
        # a game named after its only deck (Minchiate) is named once, not "Minchiate · Minchiate"
        title = gname if deck == g["id"] else t("game.with_deck", game=gname, deck=dname)
        head = tag("div", {"class": "game-head"}, text_tag("h1", {}, title), decks)
        tabs = tag("div", {"class": "tabs", "role": "tablist", "aria-label": t("game.tabs_label")},
                   text_tag("a", {"role": "tab", "href": game_href(g["id"], deck), "aria-selected": "true", "class": "tab"},
                            t("game.tab.table")),
                   text_tag("a", {"role": "tab", "href": game_href(g["id"], deck, "rules"), "aria-selected": "false",
                                  "class": "tab", "tabindex": "-1"}, t("game.tab.rules")))
        learn = self.learn_link(g, deck, " offer")
        # the table's own boxes (web/js/table/layout.js, buildTable), empty: the felt and the
        # side panel take their place and size in the first paint
        seats = ["top"] if g["players"] == 2 else ["top", "left", "right"]
        fishing = g.get("layout") == "fishing"
        board = tag("div", {"class": "board"},
                    *(tag("div", {"class": f"seat seat-{p}", "data-pos": p}) for p in seats),
                    tag("div", {"class": "center"}, tag("p", {"class": "led-by", "hidden": "hidden"}),
                        tag("div", {"class": "table-cards" if fishing else "trick"}), tag("div", {"class": "stock-area"})),
                    tag("div", {"class": "seat seat-bottom", "data-pos": "bottom"}, tag("div", {"class": "seat-info"}),
                        tag("div", {"class": "hand"})),
                    tag("div", {"class": "overlay"}, text_tag("p", {"class": "boot-text"}, t("table.loading"))))
        side = tag("aside", {"class": "side"})
        view = tag("div", {"class": f"table-view players-{g['players']}", "data-state": "loading", "data-game": g["id"],
                           "data-layout": g.get("layout", "")}, board, side)
        return tag("section", {"class": "page game-page", "data-first": f"game/{g['id']}/{deck}"},
                   crumbs, head, tag("div", {"class": "tabs-row"}, tabs, learn), tag("div", {"class": "panel"}, view))

    def pages(self) -> dict[str, str]:
        out = {"home": self.home()}
        for tr in self.cat["traditions"]:
            out[f"tradition/{tr['id']}"] = self.tradition_page(tr)
        for g in self.cat["games"].values():
            if g.get("playable"):
                for deck in g["decks"]:
                    out[f"game/{g['id']}/{deck}"] = self.game(g, deck)
        return out


STRING_OR_COMMENT = re.compile(r'("(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/)', re.S)


def minify_css(css: str) -> str:
    """Comments out, runs of white space as one, none around { } ; (strings left as they are)."""
    out = []
    for i, part in enumerate(STRING_OR_COMMENT.split(css)):
        if i % 2:  # a string or a comment
            if not part.startswith("/*"):
                out.append(part)
            continue
        part = re.sub(r"\s+", " ", part)
        out.append(re.sub(r" ?([{};]) ?", r"\1", part).replace(";}", "}"))
    return "".join(out).strip() + "\n"


def prerender(dist: Path, data: dict) -> dict:
    """Writes the first paint into dist/index.html and css/site.css; returns what it did."""
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    messages = json.loads((dist / "i18n" / "en.json").read_text(encoding="utf-8"))
    r = Renderer(data, messages)
    pages = r.pages()

    # one stylesheet: the page's own, in order, then the rules that show the chosen first page
    sheets = STYLESHEET.findall(text)
    keys = ",\n".join(f'html[data-first="{k}"] main > [data-first="{k}"]' for k in pages)
    css = "".join(f"/* ---- {s} */\n{(dist / s).read_text(encoding='utf-8')}\n" for s in sheets)
    css += ("/* ---- the page pre-rendered by scripts/build/first_paint.py: shown only when js/first-paint.js chose it */\n"
            f"main > [data-first] {{ display: none; }}\n{keys} {{ display: block; }}\n")
    (dist / "css" / "site.css").write_text(minify_css(css), encoding="utf-8")
    first = True

    def one_link(m: re.Match) -> str:
        nonlocal first
        if first:
            first = False
            return '<link rel="stylesheet" href="css/site.css">\n'
        return ""
    text = STYLESHEET.sub(one_link, text)

    # the chrome's words in English (the app writes them again in the reader's language)
    def fill(m: re.Match) -> str:
        return f'{m.group(1)}{esc(r.t(m.group(2)))}{m.group(3)}'
    text = re.sub(r'(<[a-z]+ [^>]*data-i18n="([^"]+)"[^>]*>)(</[a-z]+>)', fill, text)

    if MARK not in text:
        raise SystemExit(f"{page}: no {MARK} in <main>")
    text = text.replace(MARK, "\n".join(pages.values()))
    page.write_text(text, encoding="utf-8")
    return {"pages": list(pages), "stylesheets": sheets}
