// A very small DOM for the UI's unit tests under Node: enough for dom.js's h() and the
// dialogs the table builds (the score sheet). Element.append behaves as the browser's does,
// turning anything that is not a node into text ("null" included): a test sees what a
// player would see.
class FakeNode {
  constructor() { this.childNodes = []; this.parentNode = null; }
  get firstChild() { return this.childNodes[0] || null; }
  appendChild(c) {
    if (c.parentNode) c.parentNode.removeChild(c);
    c.parentNode = this;
    this.childNodes.push(c);
    return c;
  }
  removeChild(c) {
    this.childNodes = this.childNodes.filter((x) => x !== c);
    c.parentNode = null;
    return c;
  }
  append(...items) {
    for (const it of items) this.appendChild(it instanceof FakeNode ? it : new FakeText(String(it)));
  }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(v) { this.childNodes = []; if (v !== "") this.appendChild(new FakeText(String(v))); }
}

class FakeText extends FakeNode {
  constructor(text) { super(); this.data = text; }
  get textContent() { return this.data; }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = {};
    this.dataset = {};
    this.listeners = {};
    this.className = "";
    this.open = false;
    const el = this;
    this.classList = {
      add: (...c) => { el.className = [...new Set([...el.className.split(" ").filter(Boolean), ...c])].join(" "); },
      remove: (...c) => { el.className = el.className.split(" ").filter((x) => x && !c.includes(x)).join(" "); },
      contains: (c) => el.className.split(" ").includes(c),
      toggle: (c, on) => { (on ?? !el.classList.contains(c)) ? el.classList.add(c) : el.classList.remove(c); },
    };
  }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return k in this.attributes ? this.attributes[k] : null; }
  removeAttribute(k) { delete this.attributes[k]; }
  addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
  removeEventListener(type, fn) { this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn); }
  dispatch(type) { for (const fn of this.listeners[type] || []) fn({ type, target: this }); }
  click() { this.dispatch("click"); }
  focus() { globalThis.document.activeElement = this; }
  showModal() { this.open = true; }
  close() { if (!this.open) return; this.open = false; this.dispatch("close"); }
  /** Descendants by tag name ("button") or class (".verdict"), in document order. */
  querySelectorAll(sel) {
    const match = sel.startsWith(".") ? (e) => e.classList.contains(sel.slice(1)) : (e) => e.tagName === sel.toUpperCase();
    const out = [];
    const walk = (n) => { for (const c of n.childNodes) if (c instanceof FakeElement) { if (match(c)) out.push(c); walk(c); } };
    walk(this);
    return out;
  }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
}

/** Installs the fake as globalThis.document / Node (once). */
export function useFakeDom() {
  if (!globalThis.document || !globalThis.document.fake) {
    globalThis.Node = FakeNode;
    globalThis.document = {
      fake: true, activeElement: null,
      createElement: (tag) => new FakeElement(tag),
      createTextNode: (text) => new FakeText(text),
    };
  }
  return globalThis.document;
}
