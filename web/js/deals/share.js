// "Share this deal": the deal's link, handed to the system's share sheet where the browser
// has the Web Share API, with the link's text and a copy button beside it in any case.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** Copies `text`; resolves true on success (the Clipboard API, else a selected field). */
export async function copyText(text, field = null) {
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* refused: fall back on the selected field */ }
  if (!field) return false;
  field.select();
  try { return document.execCommand("copy"); } catch { return false; }
}

/** The share box for `url` (the title names the game, for the share sheet). */
export function shareBox(url, title, hint = t("share.hint")) {
  const status = h("p", { class: "share-status", role: "status" });
  const field = h("input", { type: "text", class: "share-link", readonly: true, value: url, dir: "ltr",
    "aria-label": t("share.link_label"), onfocus: (e) => e.currentTarget.select() });
  const copy = h("button", { type: "button", class: "btn share-copy", text: t("share.copy"),
    onclick: async () => { status.textContent = t(await copyText(url, field) ? "share.copied" : "share.copy_failed"); } });
  const share = typeof navigator.share === "function" ? h("button", { type: "button", class: "btn primary share-native", text: t("share.button"),
    onclick: () => { navigator.share({ title, text: t("share.text", { game: title }), url }).catch(() => {}); } }) : null;
  return h("div", { class: "share-box" },
    h("p", { class: "share-hint", text: hint }),
    h("div", { class: "share-row" }, field, share, copy), status);
}
