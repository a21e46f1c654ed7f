"""The look sliders (contrast, grain, colour temperature; 0–100 %, 50 % by default) in
real Chromium: they change the computed style of the table at once, persist across a
reload, and every text on the page keeps a WCAG contrast ratio of at least 4.5:1 at
their extremes. Screenshots of the extremes land in test-artifacts/."""

from __future__ import annotations

import itertools

from conftest import BOOT_TIMEOUT, ROOT
from helpers import READY, table_url

ARTIFACTS = ROOT / "test-artifacts"
SLIDERS = ("contrast", "grain", "temperature")

# The contrast of every visible text against what is really behind it: colours are
# composited through semi-transparent backgrounds and opacities up to the first opaque
# ancestor (the page's own background at the end). Disabled controls are exempt (WCAG).
CONTRAST_JS = r"""
() => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const lum = (c) => { const v = c.slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let c = parse(getComputedStyle(document.documentElement).backgroundColor);
    if (c[3] < 1) c = [255, 255, 255, 1];
    for (const l of layers.reverse()) c = over(l, c);
    return c;
  }
  function opacity(el) { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; }
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || seen.has(el) || !n.textContent.trim()) continue;
    seen.add(el);
    if (el.closest("svg, [hidden], dialog:not([open]), option, .skip, :disabled, [aria-disabled=true]")) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (!r.width || !r.height || s.visibility === "hidden" || s.display === "none") continue;
    const d = el.closest("details");
    if (d && !d.open && !el.closest("summary")) continue;
    const bg = background(el);
    const fg = parse(s.color);
    const seenFg = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
    out.push({ text: n.textContent.trim().slice(0, 40), cls: el.className || el.tagName, ratio: ratio(seenFg, bg) });
  }
  return out;
}
"""


def set_sliders(page, values: dict) -> None:
    if not page.locator(".look-menu[open]").count():
        page.locator(".look-summary").click()
    for name, v in values.items():
        page.locator(f"input.look-{name}").fill(str(v))


def board_style(page) -> dict:
    return page.evaluate("""() => {
      const b = document.querySelector('.board');
      const s = getComputedStyle(b), g = getComputedStyle(b, '::before');
      return {felt: s.backgroundColor, shadow: s.boxShadow, grain: g.opacity, image: g.backgroundImage.slice(0, 30),
              paper: getComputedStyle(document.documentElement).backgroundColor,
              paperGrain: getComputedStyle(document.body, '::before').opacity};
    }""")


def rgb(css: str) -> tuple[int, ...]:
    return tuple(int(float(x)) for x in css[css.index("(") + 1:css.index(")")].replace(",", " ").split()[:3])


def test_sliders_change_the_table_at_once_and_persist(page, server):
    page.goto(server.url + table_url("scopa", 31, deck="siciliane"))
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.locator(".look-summary").click()
    for name in SLIDERS:  # 0–100 %, 50 % by default
        slider = page.locator(f"input.look-{name}")
        assert (slider.get_attribute("min"), slider.get_attribute("max"), slider.input_value()) == ("0", "100", "50")
    base = board_style(page)
    assert base["image"].startswith("url(") and float(base["grain"]) > 0

    set_sliders(page, {"grain": 100})
    assert float(board_style(page)["grain"]) > float(base["grain"]) * 1.5
    assert float(board_style(page)["paperGrain"]) > float(base["paperGrain"])
    set_sliders(page, {"grain": 0})
    assert float(board_style(page)["grain"]) == 0

    set_sliders(page, {"contrast": 100})
    strong = board_style(page)
    set_sliders(page, {"contrast": 0})
    soft = board_style(page)
    assert sum(rgb(strong["felt"])) < sum(rgb(base["felt"])) < sum(rgb(soft["felt"]))
    assert strong["shadow"] != soft["shadow"]

    set_sliders(page, {"contrast": 50, "temperature": 0})
    warm = board_style(page)
    set_sliders(page, {"temperature": 100})
    cool = board_style(page)
    (wr, _, wb), (cr, _, cb) = rgb(warm["felt"]), rgb(cool["felt"])
    assert wr > wb and cb > cr, (warm, cool)  # warm leans red/yellow, cool leans blue
    (pr, _, pb), (qr, _, qb) = rgb(warm["paper"]), rgb(cool["paper"])
    assert pr > pb and qb > qr

    # the value shown beside each slider, and persistence across a reload
    set_sliders(page, {"contrast": 80, "grain": 20, "temperature": 70})
    assert page.locator(".look-row output").first.inner_text() == "80%"
    before = board_style(page)
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert board_style(page) == before
    page.locator(".look-summary").click()
    assert [page.locator(f"input.look-{n}").input_value() for n in SLIDERS] == ["80", "20", "70"]
    page.get_by_role("button", name="Reset").click()
    assert board_style(page) == base


def test_animation_speed_setting_drives_the_table(page, server):
    """One speed setting, in the Look panel: the table on the page follows it at once."""
    page.goto(server.url + "?level=greedy&seed=32#/game/scopa?deck=siciliane")  # the speed left at its default
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert page.locator(".table-view select").count() == 1  # the level only: no second speed control
    assert page.locator(".table-view").get_attribute("data-speed") == "normal"
    page.locator(".look-summary").click()
    page.locator("select.look-speed").select_option("fast")
    assert page.locator(".table-view").get_attribute("data-speed") == "fast"
    assert page.evaluate("JSON.parse(localStorage.getItem('cardavia.settings')).speed") == "fast"
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert page.locator(".table-view").get_attribute("data-speed") == "fast"


def test_text_keeps_contrast_4_5_at_the_slider_extremes(page, server):
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(server.url + table_url("scopa", 33, deck="siciliane"))
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(".table-view[data-state=yours]")
    failures = []
    combos = [dict(zip(SLIDERS, c)) for c in itertools.product((0, 100), repeat=3)] + [dict.fromkeys(SLIDERS, 50)]
    for route in ("#/game/scopa?deck=siciliane", "#/", "#/game/scopa?deck=siciliane&tab=rules"):
        page.evaluate(f"location.hash = {route!r}")
        page.wait_for_selector("main .page")
        for combo in combos:
            set_sliders(page, combo)
            results = page.evaluate(CONTRAST_JS)
            assert len(results) > 10
            for r in results:
                if r["ratio"] < 4.5:
                    failures.append(f"{route} {combo}: {r['cls']} “{r['text']}” {r['ratio']:.2f}")
            if route.endswith("siciliane") and combo["grain"] == 100 and combo["contrast"] in (0, 100) and combo["temperature"] in (0, 100):
                page.screenshot(path=str(ARTIFACTS / "look-c{contrast}-g{grain}-t{temperature}.png".format(**combo)))
    assert failures == []
