// Hints in a player's words: whole points, equal choices called equal, no bare negative
// expected value (the engine's values are margins, often all below zero), one verb.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { useLanguage } from "./helpers.mjs";
import { t } from "../js/i18n.js";

const { reasonText, comparedWithBest, describeAction } = await import("../js/table/hint.js");

// The engine's own hints on seeded positions of every game (a few seeded random moves
// in, at a turn with a choice; small searches so that the test stays quick).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PY = `
import json, random
from cardavia.games import new_game, REGISTRY
from cardavia.ai import advice
out = {}
for g in sorted(REGISTRY):
    out[g] = []
    for seed in range(4):
        s, rng = new_game(g, seed), random.Random(seed)
        steps = rng.randrange(2, 16)
        while not s.is_terminal() and (steps > 0 or len(s.legal_actions()) < 2):
            s.apply(rng.choice(s.legal_actions())["id"]); steps -= 1
        if not s.is_terminal():
            out[g].append({"legal": s.legal_actions(),
                           "advice": advice.hint(s, s.current_player(), random.Random(seed), samples=6)})
print(json.dumps(out))
`;
const venv = path.join(ROOT, ".venv", "bin", "python");
const run = spawnSync(existsSync(venv) ? venv : "python3", ["-c", PY],
  { cwd: ROOT, env: { ...process.env, PYTHONPATH: path.join(ROOT, "core") }, encoding: "utf8" });
assert.equal(run.status, 0, run.stderr);
const SEEDED = JSON.parse(run.stdout);

const legal = [{ id: "play:3D", type: "play", card: "3D" }, { id: "play:6C", type: "play", card: "6C" }];

test("a move best on average says by about how much, and than which move", () => {
  useLanguage("en");
  const choices = [{ action: "play:3D", expected: -21.4 }, { action: "play:6C", expected: -25.5 }];
  assert.equal(reasonText({ code: "best_average", gain: 4.1 }, choices, legal),
    "on average it does about 4 points better than 6 of Cups");
  assert.equal(reasonText({ code: "best_average", gain: 0.6 }, choices, legal),
    "on average it does about 1 point better than 6 of Cups");
});

test("a gain that rounds to nothing calls the choices equal, never \"0 points better\"", () => {
  useLanguage("en");
  const choices = [{ action: "play:3D", expected: -3.2 }, { action: "play:6C", expected: -3.4 }];
  const text = reasonText({ code: "best_average", gain: 0.2 }, choices, legal);
  assert.equal(text, "the best choices are about equal, and this one is as good as any");
  assert.doesNotMatch(text, /\b0\b/);
});

test("the choices compare with the best in whole points, never as bare negative values", () => {
  useLanguage("en");
  const best = { action: "play:3D", expected: -21.4 };
  assert.equal(comparedWithBest(best, best), "the best");
  assert.equal(comparedWithBest({ action: "play:6C", expected: -25.5 }, best), "about 4 points less");
  assert.equal(comparedWithBest({ action: "play:6C", expected: -21.7 }, best), "about as good");
  assert.equal(comparedWithBest({ action: "play:6C", expected: -19.0 }, best), "about 2 points more, but wins less often");
  for (const e of [-30, -25.5, -21.5, 0.3, 2]) assert.doesNotMatch(comparedWithBest({ expected: e }, best), /[-−+]/);
});

test("Persian and Arabic say the same with their own digits", () => {
  for (const lang of ["fa", "ar"]) {
    useLanguage(lang);
    const best = { action: "play:3D", expected: -21.4 };
    const worse = comparedWithBest({ action: "play:6C", expected: -25.5 }, best);
    assert.doesNotMatch(worse, /[0-9\-−+]/, worse);
    const choices = [best, { action: "play:6C", expected: -25.5 }];
    assert.doesNotMatch(reasonText({ code: "best_average", gain: 4.1 }, choices, legal), /[0-9]/);
  }
});

test("the engine's hints on seeded positions of every game read in a player's words", () => {
  for (const lang of ["en", "fa"]) {
    useLanguage(lang);
    for (const [game, hints] of Object.entries(SEEDED)) {
      assert.ok(hints.length >= 3, game);
      for (const { legal, advice } of hints) {
        const action = legal.find((a) => a.id === advice.action);
        const choices = advice.choices.filter((c) => typeof c.expected === "number");
        const reason = reasonText(advice.reason, choices, legal);
        const main = reason ? t("hint.text_reason", { action: describeAction(action), reason }) : t("table.hint_text", { action: describeAction(action) });
        const lines = [main, ...choices.map((c) => comparedWithBest(c, choices[0]))];
        for (const line of lines) {
          assert.doesNotMatch(line, /(^|\s|\()[-−+][0-9۰-۹]/, `${game} ${lang}: ${line}`); // no signed figure
          assert.doesNotMatch(line, /\b0 points?\b|\s۰\s/, `${game} ${lang}: ${line}`);
        }
        if (lang === "en") assert.doesNotMatch(main.toLowerCase(), /\b([a-z]+) \1\b/, main); // no doubled word
      }
    }
  }
});
