"""Helpers shared by the browser tests (axe-core, snapshots, percentiles)."""

from __future__ import annotations

from conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious_axe_violations(page) -> list[str]:
    """axe-core on the page as it is now: serious or critical violations, as text."""
    page.add_script_tag(path=str(AXE))
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
