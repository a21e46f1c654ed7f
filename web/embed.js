// <cardavia-game game="briscola" deck="piacentine"></cardavia-game>
// Load with <script type="module" src=".../embed.js">. Creates an <iframe> of this
// site's embed.html (a worker cannot be started from another origin's script).
// The attributes are passed as URL parameters only; embed.html validates them.
const SITE = new URL("./", import.meta.url);

class CardaviaGame extends HTMLElement {
  static get observedAttributes() { return ["game", "deck", "level"]; }

  connectedCallback() { this.render(); }

  attributeChangedCallback() { if (this.isConnected) this.render(); }

  render() {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent = ":host{display:block;inline-size:100%;block-size:560px;min-block-size:420px}"
        + "iframe{display:block;inline-size:100%;block-size:100%;border:0;border-radius:12px}";
      this.frame = document.createElement("iframe");
      root.append(style, this.frame);
    }
    const url = new URL("embed.html", SITE);
    for (const name of ["game", "deck", "level"]) {
      const v = this.getAttribute(name);
      if (v !== null) url.searchParams.set(name, v);
    }
    this.frame.title = this.getAttribute("title") || "Cardavia";
    if (this.frame.src !== url.href) this.frame.src = url.href;
  }
}

if (!customElements.get("cardavia-game")) customElements.define("cardavia-game", CardaviaGame);
