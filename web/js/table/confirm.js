// A yes/no question in the table's own modal dialog (as a deal link asks before it replaces
// a match): the safe answer has the focus, Escape or a tap outside the buttons keeps things
// as they are. Used before "New match" throws a match in progress away.
import { h, clear } from "../dom.js";

/** Resolves true only when the player picks `yes`. */
export function askConfirm(dialog, { title, text, yes, no }) {
  const d = clear(dialog);
  const titleId = dialog.getAttribute("aria-labelledby");
  d.classList.add("confirm-ask");
  return new Promise((resolve) => {
    let answer = false;
    const done = (value) => { answer = value; d.close(); };
    const keep = h("button", { type: "button", class: "btn primary confirm-no", text: no, onclick: () => done(false) });
    const go = h("button", { type: "button", class: "btn confirm-yes", text: yes, onclick: () => done(true) });
    d.append(h("h2", { id: titleId, text: title }), h("p", { class: "confirm-text", text }),
      h("div", { class: "sheet-buttons" }, keep, go));
    d.addEventListener("close", () => { d.classList.remove("confirm-ask"); resolve(answer); }, { once: true });
    d.showModal();
    keep.focus();
  });
}
