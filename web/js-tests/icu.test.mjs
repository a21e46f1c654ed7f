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

test("a number is written as the locale's Intl.NumberFormat writes it (the Latin-digit shortcut included)", async () => {
  const { num } = await import("../js/i18n.js");
  const locales = { en: "en", it: "it", vi: "vi", fa: "fa-u-nu-arabext", ar: "ar-u-nu-arab" };
  const values = [0, 1, 7, -1, -12, 99, 999, -999, 1000, -1000, 12345, 2.5, -0.75, -0];
  for (let n = -1000; n <= 1000; n += 7) values.push(n);
  for (const [lang, tag] of Object.entries(locales)) {
    useMessages(lang, {});
    const intl = new Intl.NumberFormat(tag);
    for (const n of values) assert.equal(num(n), intl.format(n), `${lang}: ${n}`);
  }
});

test("a percentage is written as the locale's Intl.NumberFormat writes it (the Latin-digit shortcut included)", async () => {
  const { percent } = await import("../js/i18n.js");
  const locales = { en: "en", it: "it", vi: "vi", fa: "fa-u-nu-arabext", ar: "ar-u-nu-arab" };
  const values = [0, 0.4, 0.5, 1.5, 2.5, 49.5, 50, 99.6, 100, 250];
  for (let n = 0; n <= 100; n += 0.25) values.push(n);
  for (const [lang, tag] of Object.entries(locales)) {
    useMessages(lang, {});
    const intl = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
    for (const n of values) assert.equal(percent(n), intl.format(n / 100), `${lang}: ${n}`);
  }
});
