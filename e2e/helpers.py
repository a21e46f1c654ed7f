"""Helpers shared by the browser tests (axe-core, snapshots, percentiles)."""

from __future__ import annotations

import json

from conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def inject_axe(page) -> None:
    """axe-core evaluated through the DevTools protocol: the site's Content Security Policy
    refuses inline scripts, so a <script> tag with axe's text (add_script_tag) would not run."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    assert page.evaluate("typeof window.axe") == "object"


def serious_axe_violations(page) -> list[str]:
    """axe-core on the page as it is now: serious or critical violations, as text."""
    inject_axe(page)
    results = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map(v => ({ id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }));
    }""")
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in results
            if v["impact"] in ("serious", "critical")]


def snapshot(page) -> dict:
    return page.evaluate("window.__cardavia.snapshot")


def percentile(values: list[float], p: float) -> float:
    xs = sorted(values)
    return xs[max(0, min(len(xs) - 1, round(p / 100 * (len(xs) - 1))))]


def record_move_times(page, game: str, min_moves: int) -> dict:
    """The computer's move times the page recorded (page → worker → Python → page):
    printed and saved in test-artifacts/ as figures. Timing is never asserted here (it
    depends on the machine's load): the budget is judged from these figures and
    scripts/bench_web.py."""
    times = page.evaluate("window.__cardavia.moveTimes")
    assert len(times) >= min_moves
    p50, p95 = percentile(times, 50), percentile(times, 95)
    record = {"game": game, "level": "normal", "moves": len(times), "p50_ms": round(p50),
              "p95_ms": round(p95), "max_ms": round(max(times))}
    print("\nbrowser move time", json.dumps(record))
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / f"move-time-{game}.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
    return record


def open_discard_why(page) -> bool:
    """The discard step's "Cards you cannot discard" folds away below a 1000 px tall window
    (the hand keeps its room): opened as a player does, by its summary. True if it opened
    it (close it again with toggle_discard_why, so the hand is where it was)."""
    more = page.locator(".choices.discard-box details.discard-more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
        return True
    return False


def toggle_discard_why(page) -> None:
    page.locator(".choices.discard-box details.discard-more summary").click()
