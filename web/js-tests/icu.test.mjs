// The shared ICU fixture (tests/fixtures/icu_cases.json) through the site's formatter;
// tests/test_catalogues.py runs the same file through the Python parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useMessages, t } from "../js/i18n.js";

const cases = JSON.parse(readFileSync(new URL("../../tests/fixtures/icu_cases.json", import.meta.url), "utf-8"));

test("every fixture message formats as the fixture says", () => {
  for (const c of cases.format) {
    useMessages(c.lang, { m: c.msg });
    assert.equal(t("m", c.params), c.out, `${c.lang}: ${c.msg}`);
  }
});

test("broken messages are refused", () => {
  for (const msg of cases.reject) {
    useMessages("en", { m: msg });
    assert.throws(() => t("m", { who: "x", count: 1 }), /i18n/, msg);
  }
});
