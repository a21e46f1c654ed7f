"""axe-core (npm, injected by Playwright) on the home, tradition, game and rules pages,
in English and in Persian: no serious or critical violation."""

from __future__ import annotations

import pytest

from conftest import BOOT_TIMEOUT, ROOT
from helpers import inject_axe

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FAST = "?speed=instant&level=greedy&seed=41"  # the game page deals seed 41
READY = "window.__cardavia && window.__cardavia.ready === true"
PAGES = {
    "home": "#/",
    "tradition": "#/tradition/piacentine",
    "game": "#/game/scopa?deck=siciliane",
    "rules": "#/game/cicera?deck=bresciane&tab=rules",
}


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_or_critical_axe_violations(page, server, lang, name):
    assert AXE.exists(), "axe-core missing: run `npm ci`"
    page.goto(server.url + FAST + f"&lang={lang}" + PAGES[name])
    page.wait_for_selector("main .page")
    if name == "game":
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        page.wait_for_selector(".table-view[data-state=yours]")
    inject_axe(page)
    results = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 3).join(' ')) }));
    }""")
    bad = [v for v in results if v["impact"] in ("serious", "critical")]
    assert bad == [], "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in bad)
