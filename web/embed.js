// <cardavia-game game="briscola" deck="piacentine"></cardavia-game>
// Optional: level (random, greedy, normal, expert), speed (slow, normal, fast, instant),
// lang (en, it, fa, ar, vi), sound (on: the table's sound cues; silent otherwise), seed (a whole number: the first deal, for demos and tests).
// The element is display:block, 100% wide and 560px high unless the host page sizes it; the
// table lays itself out for whatever frame it gets (320×480 and up).
// Include with a plain <script src="https://…/cardavia/embed.js" defer></script>: a classic
// script (no CORS needed). It creates an <iframe> of this site's embed.html beside it
// (a worker cannot be started from another origin's script). The attributes are passed
// as URL parameters only; embed.html validates them and never inserts them as HTML.
(function () {
  "use strict";
  var script = document.currentScript;
  var SITE = new URL("./", script && script.src ? script.src : location.href);
  var NAMES = ["game", "deck", "level", "speed", "lang", "sound", "seed"];

  class CardaviaGame extends HTMLElement {
    static get observedAttributes() { return NAMES; }

    connectedCallback() { this.render(); }

    attributeChangedCallback() { if (this.isConnected) this.render(); }

    render() {
      if (!this.frame) {
        var root = this.attachShadow({ mode: "open" });
        var css = ":host{display:block;inline-size:100%;block-size:560px}"
          + "iframe{display:block;inline-size:100%;block-size:100%;border:0;border-radius:12px}";
        this.frame = document.createElement("iframe");
        root.append(this.frame);
        // a constructed sheet (CSSOM) passes a host's strict style-src; a <style> element is the fallback
        try {
          var sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          root.adoptedStyleSheets = [sheet];
        } catch (e) {
          var style = document.createElement("style");
          style.textContent = css;
          root.prepend(style);
        }
      }
      var url = new URL("embed.html", SITE);
      for (var i = 0; i < NAMES.length; i++) {
        var v = this.getAttribute(NAMES[i]);
        if (v !== null) url.searchParams.set(NAMES[i], v);
      }
      this.frame.title = this.getAttribute("title") || "Cardavia";
      if (this.frame.src !== url.href) this.frame.src = url.href;
    }
  }

  if (!customElements.get("cardavia-game")) customElements.define("cardavia-game", CardaviaGame);
})();
