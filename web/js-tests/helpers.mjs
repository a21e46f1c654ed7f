// Shared set-up for the UI's unit tests under Node (`node --test web/test`).
import { readFileSync } from "node:fs";
import { useMessages } from "../js/i18n.js";

export function catalogue(lang) {
  return JSON.parse(readFileSync(new URL(`../i18n/${lang}.json`, import.meta.url), "utf-8"));
}

export function useLanguage(lang) {
  useMessages(lang, catalogue(lang));
}

/** Fake timers: setTimeout/clearTimeout that run when `advance(ms)` is called. */
export function fakeTimers() {
  let now = 0;
  let next = 1;
  const queue = new Map();
  return {
    setTimeout(fn, ms) { const id = next++; queue.set(id, { fn, at: now + ms }); return id; },
    clearTimeout(id) { queue.delete(id); },
    advance(ms) {
      now += ms;
      for (const [id, e] of [...queue].sort((a, b) => a[1].at - b[1].at)) {
        if (e.at <= now) { queue.delete(id); e.fn(); }
      }
    },
    get pending() { return queue.size; },
  };
}
