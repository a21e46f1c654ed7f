// Tiny DOM helpers. Text is always set with textContent: nothing from the URL or the
// engine is ever parsed as HTML.
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, String(v));
  }
  append(e, children);
  return e;
}

export function append(e, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    e.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
  return e;
}

/**
 * True when `el` still shows what it was last drawn from (`key`, any JSON-able value):
 * the caller skips redrawing it. A computer's move changes little of a table, and
 * redrawing every box on every move was most of a phone's main-thread time.
 */
export function drawnFrom(el, key) {
  const k = JSON.stringify(key);
  if (el.firstChild && el.drawnFrom === k) return true;
  el.drawnFrom = k;
  return false;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves in the task after the next frame (its style, layout and paint done), or after
 * 100 ms when no frame comes (a hidden page): work split this way is laid out piecewise,
 * not in one long task. */
export function afterFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => { if (!done) { done = true; setTimeout(resolve, 0); } };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}

export const storage = {
  get(key, fallback = null) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch { return fallback; }
  },
  /** Stores `value`; false when the browser refused it (quota full, storage off): play goes on. */
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch { return false; }
  },
  /** {value} when `key` holds JSON, {broken: raw text} when it holds something else, null when empty. */
  read(key) {
    let raw = null;
    try { raw = localStorage.getItem(key); } catch { return null; }
    if (raw === null) return null;
    try { return { value: JSON.parse(raw) }; } catch { return { broken: raw }; }
  },
  remove(key) {
    try { localStorage.removeItem(key); } catch { /* ignore */ }
  },
};
