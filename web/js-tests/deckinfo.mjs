// The engine's deck data as the build writes it into site.json (cardavia.deckinfo), for the
// UI's unit tests that draw or name cards: computed by the engine itself, never copied.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export function engineDeckInfo() {
  const venv = path.join(ROOT, ".venv", "bin", "python");
  const run = spawnSync(existsSync(venv) ? venv : "python3",
    ["-c", "import json; from cardavia import deckinfo; print(json.dumps(deckinfo.deck_info()))"],
    { cwd: ROOT, env: { ...process.env, PYTHONPATH: path.join(ROOT, "core") }, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}
