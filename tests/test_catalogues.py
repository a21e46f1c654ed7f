"""The message catalogues (web/i18n/<lang>.json): every key in every language, every
message a valid ICU message with the same arguments as the English one, plural forms
that exist in the language, no English left in the other catalogues (proper names
excepted), and Persian and Arabic written with their own digits.

Pure Python (it runs under CPython and under Pyodide): the ICU parser below covers the
subset the site's formatter (web/js/i18n.js) implements — {arg}, {arg, plural, …} with
=n and CLDR keywords and #, {arg, select, …} — and rejects anything else.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "i18n"
LANGS = ("en", "it", "fa", "ar", "vi")
# CLDR plural categories of each language (cardinal)
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "it": {"one", "many", "other"},
    "fa": {"one", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
    "vi": {"other"},
}
# arguments the formatter adds by itself (web/js/i18n.js withPerson)
IMPLICIT_ARGS = {"person": {"you", "we", "they", "other"}}
LOCAL_DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹", "ar": "٠١٢٣٤٥٦٧٨٩"}


def load(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- ICU parser
class ICUError(ValueError):
    pass


def parse(msg: str, in_plural: bool = False) -> list:
    """Parse an ICU message into nodes: str, ("arg", name), ("#",),
    ("plural", name, {selector: nodes}), ("select", name, {selector: nodes})."""
    nodes, i = _parse_nodes(msg, 0, in_plural, top=True)
    assert i == len(msg)
    return nodes


def _parse_nodes(s: str, i: int, in_plural: bool, top: bool) -> tuple[list, int]:
    nodes: list = []
    text = ""
    while i < len(s):
        ch = s[i]
        if ch == "}":
            if top:
                raise ICUError(f"unmatched '}}' at {i}")
            break
        if ch == "{":
            if text:
                nodes.append(text)
                text = ""
            node, i = _parse_arg(s, i, in_plural)
            nodes.append(node)
            continue
        if ch == "#" and in_plural:
            if text:
                nodes.append(text)
                text = ""
            nodes.append(("#",))
            i += 1
            continue
        if ch == "'" and i + 1 < len(s) and s[i + 1] in "{}#'":
            raise ICUError(f"ICU quoting (apostrophe before {s[i + 1]!r}) is not supported by the site's formatter")
        text += ch
        i += 1
    if text:
        nodes.append(text)
    return nodes, i


NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*")


def _parse_arg(s: str, i: int, in_plural: bool) -> tuple[tuple, int]:
    assert s[i] == "{"
    m = NAME.match(s, i + 1)
    if not m:
        raise ICUError(f"bad argument name at {i}: {s[i:i + 20]!r}")
    name = m.group(1)
    j = m.end()
    if j < len(s) and s[j] == "}":
        return ("arg", name), j + 1
    if j >= len(s) or s[j] != ",":
        raise ICUError(f"expected ',' or '}}' after {name!r}")
    m = NAME.match(s, j + 1)
    if not m or m.group(1) not in ("plural", "select"):
        raise ICUError(f"unsupported argument type in {s[i:i + 30]!r} (plural and select only)")
    kind = m.group(1)
    j = m.end()
    if j >= len(s) or s[j] != ",":
        raise ICUError(f"expected ',' after {kind}")
    j += 1
    options: dict[str, list] = {}
    while True:
        while j < len(s) and s[j].isspace():
            j += 1
        if j >= len(s):
            raise ICUError("unterminated argument")
        if s[j] == "}":
            j += 1
            break
        m = re.compile(r"(=\d+|[A-Za-z_][A-Za-z0-9_]*)\s*").match(s, j)
        if not m:
            raise ICUError(f"bad selector at {j}: {s[j:j + 15]!r}")
        sel = m.group(1)
        if sel in options:
            raise ICUError(f"duplicate selector {sel!r}")
        j = m.end()
        if j >= len(s) or s[j] != "{":
            raise ICUError(f"expected '{{' after selector {sel!r}")
        body, j = _parse_nodes(s, j + 1, in_plural or kind == "plural", top=False)
        if j >= len(s) or s[j] != "}":
            raise ICUError(f"unterminated option {sel!r}")
        options[sel] = body
        j += 1
    if "other" not in options:
        raise ICUError(f"{kind} {name!r} has no 'other' option")
    return (kind, name, options), j


def walk(nodes):
    for n in nodes:
        yield n
        if isinstance(n, tuple) and n[0] in ("plural", "select"):
            for body in n[2].values():
                yield from walk(body)


def arguments(nodes) -> set[str]:
    return {n[1] for n in walk(nodes) if isinstance(n, tuple) and n[0] in ("arg", "plural", "select")}


def plain_text(nodes) -> str:
    """The words a reader sees (all options), without the ICU syntax."""
    out = []
    for n in walk(nodes):
        if isinstance(n, str):
            out.append(n)
    return " ".join(out)


def test_the_parser_accepts_icu_and_rejects_broken_messages():
    assert arguments(parse("{who} won ({points, plural, one {# point} other {# points}}).")) == {"who", "points"}
    assert arguments(parse("{person, select, you {A {x}} other {B {y}}}")) == {"person", "x", "y"}
    for bad in ("{who", "who}", "{count, plural, one {# card}}", "{n, number}", "{a b}", "{count, plural, one {x} one {y} other {z}}"):
        with pytest.raises(ICUError):
            parse(bad)


# ----------------------------------------------------------------------------- catalogue checks
def test_the_five_languages_have_a_catalogue_and_a_line_in_i18n_js():
    files = sorted(p.stem for p in I18N.glob("*.json"))
    assert files == sorted(LANGS)
    js = (ROOT / "web" / "js" / "i18n.js").read_text(encoding="utf-8")
    listed = re.findall(r'\{ code: "([a-z]+)"', js)
    assert sorted(listed) == sorted(LANGS)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_is_in_every_language(lang):
    en, other = load("en"), load(lang)
    assert sorted(set(en) - set(other)) == [], f"{lang}.json lacks keys"
    assert sorted(set(other) - set(en)) == [], f"{lang}.json has keys English does not"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_parses_with_the_languages_plural_forms(lang):
    bad = []
    for key, msg in load(lang).items():
        try:
            nodes = parse(msg)
        except ICUError as e:
            bad.append(f"{key}: {e}")
            continue
        for n in walk(nodes):
            if isinstance(n, tuple) and n[0] == "plural":
                for sel in n[2]:
                    if not sel.startswith("=") and sel not in PLURAL_CATEGORIES[lang]:
                        bad.append(f"{key}: plural form {sel!r} does not exist in {lang}")
            if isinstance(n, tuple) and n[0] == "select" and n[1] in IMPLICIT_ARGS:
                for sel in n[2]:
                    if sel not in IMPLICIT_ARGS[n[1]]:
                        bad.append(f"{key}: {n[1]} has no value {sel!r}")
    assert bad == []


@pytest.mark.parametrize("lang", LANGS[1:])
def test_translations_use_the_same_arguments_as_english(lang):
    en, other = load("en"), load(lang)
    bad = []
    for key, msg in other.items():
        want = arguments(parse(en[key]))
        got = arguments(parse(msg)) - set(IMPLICIT_ARGS)
        if got != want:
            bad.append(f"{key}: {sorted(got)} != English {sorted(want)}")
    assert bad == []


# Proper names and codes that may appear in Latin script in any catalogue.
PROPER_NAMES = {
    "cardavia", "piacentine", "siciliane", "bresciane", "tarocco", "piemontese", "minchiate",
    "briscola", "scopa", "scope", "cicera", "tarocchi", "settebello", "primiera", "napola", "matto", "matta",
    "picada", "simili", "quadriglia", "resto", "resti", "fola", "versicola", "versicole", "fantina",
    "fante", "donna", "cavallo", "re", "regina", "asso", "piacenza", "piemonte", "emilia", "romagna",
    "brescia", "sicilia", "lombardia", "toscana", "firenze", "piedicavallo", "wikipedia", "python", "la",
    # the Napoletane and Tressette (issue 44)
    "napoletane", "napoli", "tressette", "quattro", "in", "accuso", "accusi", "napoletana", "buongioco",
    "busso", "striscio", "volo", "cappotto", "ultima",
}
# Common English words that are not words of Italian or of Vietnamese written without tone marks.
ENGLISH = set("""
the and of with you your cards card points point player players deal deals trick tricks trump trumps
table match wins win won from when each every this that which have has not only play played plays
captured capture score scores total partner opponents opponent hand stock coins cups swords batons
ace king queen jack knight settings language contrast grain warm cool reset loading error new next
close undo hint rules objective setup turn scoring draw is are for or by it be at as than more most
all any other others after before until while if then there their they we our its his her game games
""".split())
LATIN_WORD = re.compile("[A-Za-z\u00c0-\u024f\u1e00-\u1eff][A-Za-z\u00c0-\u024f\u1e00-\u1eff\u0300-\u036f'’]*")


def visible_words(msg: str) -> list[str]:
    text = plain_text(parse(msg))
    text = re.sub(r"\?\S+", " ", text)  # URL examples (?game=scopa&deck=…) are code
    return LATIN_WORD.findall(text)


@pytest.mark.parametrize("lang", ("fa", "ar"))
def test_no_latin_words_in_persian_and_arabic_except_proper_names(lang):
    bad = []
    for key, msg in load(lang).items():
        if key.startswith("card.index."):
            continue  # the letters printed on the card faces (art, like the suit symbols)
        words = [w for w in visible_words(msg) if len(w) > 1 and w.lower() not in PROPER_NAMES]
        if words:
            bad.append(f"{key}: {words}")
    assert bad == []


@pytest.mark.parametrize("lang", ("it", "vi"))
def test_no_english_left_in_italian_and_vietnamese(lang):
    en, other = load("en"), load(lang)
    bad = []
    for key, msg in other.items():
        words = [w for w in visible_words(msg) if w.lower() in ENGLISH]
        if words:
            bad.append(f"{key}: English words {words}")
        # an untranslated sentence: identical to English and longer than a name
        if msg == en[key] and len(visible_words(msg)) >= 3:
            bad.append(f"{key}: same as English")
    assert bad == []


@pytest.mark.parametrize("lang", ("fa", "ar"))
def test_persian_and_arabic_write_numbers_with_their_own_digits(lang):
    bad = []
    for key, msg in load(lang).items():
        if key.startswith("card.index."):
            continue
        text = plain_text(parse(msg))
        text = re.sub(r"\?\S+", " ", text)
        if re.search(r"[0-9]", text):
            bad.append(key)
        other_digits = set(LOCAL_DIGITS["fa" if lang == "ar" else "ar"]) - set(LOCAL_DIGITS[lang])
        if set(text) & other_digits:
            bad.append(f"{key}: digits of the other script")
    assert bad == []


def rules_sections() -> list[str]:
    """The sections the Full rules tab renders, read from the page's own code."""
    rules = (ROOT / "web" / "js" / "rules.js").read_text(encoding="utf-8")
    found = re.search(r'\[((?:"\w+",\s*)+"\w+")\]\.map\(\(sec\)', rules)
    assert found, "the rules sections list is no longer in web/js/rules.js"
    return re.findall(r'"(\w+)"', found.group(1))


def test_the_rules_tab_renders_the_four_sections_of_the_design():
    assert rules_sections() == ["objective", "setup", "turn", "scoring"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_every_rules_section_filled_in_in_every_language(lang):
    """Each game of the engine's catalogue has exactly the rendered sections, no
    more and no fewer, in every language, each with text of its own (not empty,
    not the English one left in place)."""
    from cardavia.games import REGISTRY
    from cardavia.traditions import catalogue

    msgs, english = load(lang), load("en")
    games = list(catalogue(set(REGISTRY))["games"])
    assert {"briscola", "scopa", "cicera", "tarocchi", "minchiate"} <= set(games)
    for game in games:
        keys = {k.split(".", 2)[2] for k in msgs if k.startswith(f"rules.{game}.")}
        assert keys == set(rules_sections()), (game, lang)
        for section in keys:
            text = msgs[f"rules.{game}.{section}"]
            assert text.strip(), f"rules.{game}.{section} is empty in {lang}"
            if lang != "en":
                assert text != english[f"rules.{game}.{section}"], \
                    f"rules.{game}.{section} in {lang} is the English text"


# ----- the shared fixture: the same messages through this parser and the site's formatter
FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "icu_cases.json").read_text(encoding="utf-8"))
DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹", "ar": "٠١٢٣٤٥٦٧٨٩"}
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def plural_category(lang: str, n: int) -> str:
    """CLDR cardinal categories for whole numbers in the five languages."""
    if lang in ("en", "it"):
        return "one" if n == 1 else "other"
    if lang == "fa":
        return "one" if n in (0, 1) else "other"
    if lang == "ar":
        if n in (0, 1, 2):
            return ("zero", "one", "two")[n]
        return "few" if 3 <= n % 100 <= 10 else "many" if 11 <= n % 100 <= 99 else "other"
    return "other"


def local_number(lang: str, n) -> str:
    s = str(n)
    return "".join(DIGITS[lang][int(c)] if c.isdigit() else c for c in s) if lang in DIGITS else s


def render(nodes, params: dict, lang: str, hash_value=None) -> str:
    """Formats parsed nodes as web/js/i18n.js does (the fixture holds the two to the same output)."""
    out = []
    for n in nodes:
        if isinstance(n, str):
            out.append(n)
        elif n[0] == "#":
            out.append(local_number(lang, hash_value))
        elif n[0] == "arg":
            v = params[n[1]]
            text = local_number(lang, v) if isinstance(v, int) else str(v)
            if lang in ("fa", "ar"):
                text = ("\u2067" if RTL.search(text) else "\u2068") + text + "\u2069"
            out.append(text)
        elif n[0] == "plural":
            v = params[n[1]]
            opts = n[2]
            body = opts.get(f"={v}") or opts.get(plural_category(lang, v)) or opts["other"]
            out.append(render(body, params, lang, v))
        else:
            opts = n[2]
            out.append(render(opts.get(str(params.get(n[1]))) or opts["other"], params, lang, hash_value))
    return "".join(out)


@pytest.mark.parametrize("case", FIXTURE["format"], ids=lambda c: f"{c['lang']}-{c['msg'][:24]}")
def test_shared_fixture_formats_as_the_site_does(case):
    assert render(parse(case["msg"]), case["params"], case["lang"]) == case["out"]


@pytest.mark.parametrize("msg", FIXTURE["reject"])
def test_shared_fixture_rejects_what_the_site_refuses(msg):
    with pytest.raises(ICUError):
        parse(msg)
