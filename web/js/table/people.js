// Pass-and-play (issue 28): several people share one device, each playing their own seat,
// the computer the others. Here: who sits where (chosen once, names remembered), and the
// privacy screen that stands between two people's turns so that no hand is shown to the
// wrong person. The engine gives each seat only its own snapshot (bridge `seat`, `humans`);
// the table never holds two people's hands on screen at once.
import { h, clear, storage } from "../dom.js";
import { t, num } from "../i18n.js";

const NAMES_KEY = "cardavia.people.names";
const NAME_MAX = 24;

/** The names entered before, by seat (["Ana", "Ben", …]): asked once, remembered. */
export function savedNames() {
  const v = storage.get(NAMES_KEY, []);
  return Array.isArray(v) ? v.map((n) => (typeof n === "string" ? n.slice(0, NAME_MAX) : "")) : [];
}

function defaultName(seat) { return t("people.default_name", { n: num(seat + 1) }); }

/** {seat: name} of the people at a table, every name non-empty. */
export function namesOf(humans, names) {
  return Object.fromEntries(humans.map((s) => [s, (names[s] || "").trim() || defaultName(s)]));
}

/** Which team a seat plays for, in words (four-seat games play partners across the table). */
function teamWord(seat, players) {
  if (players !== 4) return null;
  return t(seat % 2 === 0 ? "people.team_a" : "people.team_b");
}

/**
 * The form that seats the people: a row per seat (person or computer, a name), Start.
 * `onStart({humans, names})` gets at least two people.
 */
export function peopleForm({ players, humans = players === 4 ? [0, 2] : [0, 1], names = savedNames(), titleId = "people-title", live = false, onStart }) {
  const rows = [];
  const error = h("p", { class: "people-error", role: "alert" });
  for (let seat = 0; seat < players; seat++) {
    // live play: the host sits at seat 1; a person at another seat is a friend invited to play from their device
    const host = live && seat === 0;
    const person = h("input", { type: "checkbox", class: "people-person", checked: humans.includes(seat) || host || null, disabled: host || null,
      "aria-label": t(host ? "live.you_at" : live ? "live.friend_at" : "people.person_at", { n: num(seat + 1) }) });
    const name = h("input", { type: "text", class: "people-name", maxlength: NAME_MAX, autocomplete: "off",
      value: names[seat] || "", placeholder: defaultName(seat), "aria-label": t("people.name_at", { n: num(seat + 1) }) });
    const sync = () => { name.disabled = !person.checked; row.classList.toggle("computer", !person.checked); };
    person.addEventListener("change", sync);
    const team = teamWord(seat, players);
    const row = h("li", { class: "people-row", dataset: { seat } },
      h("label", { class: "people-who" }, person, h("span", { text: t(host ? "live.seat_you" : "people.seat", { n: num(seat + 1) }) }),
        team ? h("small", { class: "people-team", text: team }) : null),
      name, h("span", { class: "people-computer", text: t("people.computer") }));
    sync();
    rows.push({ person, name, row });
  }
  const start = h("button", { type: "submit", class: "btn primary people-start", text: t("people.start") });
  const form = h("form", { class: "people-form", "aria-labelledby": titleId },
    h("h2", { id: titleId, text: t(live ? "live.title" : "people.title") }),
    h("p", { class: "people-intro", text: t(live ? "live.intro" : "people.intro") }),
    h("ol", { class: "people-seats" }, rows.map((r) => r.row)),
    error, h("p", { class: "people-go" }, start));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const chosen = rows.map((r, seat) => (r.person.checked ? seat : -1)).filter((s) => s >= 0);
    if (chosen.length < 2) { error.textContent = t("people.need_two"); return; }
    const typed = rows.map((r) => r.name.value.trim().slice(0, NAME_MAX));
    storage.set(NAMES_KEY, typed);
    onStart({ humans: chosen, names: namesOf(chosen, typed) });
  });
  return form;
}

/**
 * The privacy screen, in the table's own modal dialog: "Pass the device to Ana", and one
 * button that only Ana should press. Resolves when she does.
 */
export function passScreen(dialog, name) {
  const d = clear(dialog);
  return new Promise((resolve) => {
    const ready = h("button", { type: "button", class: "btn primary pass-ready", text: t("people.ready", { name }) });
    d.append(h("div", { class: "pass-screen" },
      h("p", { class: "pass-icon", "aria-hidden": "true", text: "⇄" }),
      h("h2", { id: dialog.getAttribute("aria-labelledby"), text: t("people.pass_to", { name }) }),
      h("p", { class: "pass-text", text: t("people.hidden", { name }) }), ready));
    d.classList.add("pass");
    // Escape must not lift the screen: only the button does
    const keep = (e) => e.preventDefault();
    d.addEventListener("cancel", keep);
    ready.addEventListener("click", () => {
      d.removeEventListener("cancel", keep);
      d.classList.remove("pass");
      d.close();
      resolve();
    }, { once: true });
    d.showModal();
    ready.focus();
  });
}
