// The table's elements: the board (seats around it, the middle, your hand), the side
// (status, scores, controls, log) and the dialogs, with their input wiring. The view `v`
// receives every element as a property and handles what the player does.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { LEVELS, setPreference, SETTINGS_EVENT } from "./prefs.js";
import { openSettings } from "../settings.js";
import { optionsButton } from "./optionsdialog.js";

export function buildTable(v) {
  const players = v.game.players;
  v.el = h("div", { class: `table-view players-${players}${v.embed ? " embed" : ""}`, dataset: { state: "loading", game: v.game.id, layout: v.layout.kind, speed: v.settings.speed } });
  v.board = h("div", { class: "board" });
  v.seats = {};
  for (const pos of players === 2 ? ["top"] : ["top", "left", "right"]) {
    const s = h("div", { class: `seat seat-${pos}`, dataset: { pos } });
    v.seats[pos] = s;
    v.board.appendChild(s);
  }
  v.center = h("div", { class: "center" });
  v.stockEl = h("div", { class: "stock-area" });
  v.playEl = h("div", { class: v.layout.fishing ? "table-cards" : "trick", role: "group", "aria-label": t(v.layout.fishing ? "table.table" : "table.trick") });
  v.ledEl = h("p", { class: "led-by", hidden: true });
  v.center.append(v.ledEl, v.playEl, v.stockEl);
  v.board.appendChild(v.center);

  v.mine = h("div", { class: "seat seat-bottom", dataset: { pos: "bottom" } });
  v.myInfo = h("div", { class: "seat-info" });
  v.choiceEl = h("div", { class: "choices", role: "group", hidden: true });
  v.handEl = h("div", { class: "hand", role: "region", "aria-label": t("table.your_hand") });
  v.hintEl = h("div", { class: "hint-box", role: "status", hidden: true });
  // why a card was refused: just above the hand that was tapped, over what is above it (no
  // layout moves), and said by screen readers (a live region kept in place, empty between refusals)
  v.refuseEl = h("p", { class: "refusal-note", role: "status", "aria-live": "polite" });
  v.mine.append(v.myInfo, ...(v.coach ? [v.coach.build()] : []), v.hintEl, v.choiceEl, v.refuseEl, v.handEl);
  v.board.appendChild(v.mine);

  // transient badges near a seat ("Picada!", "+11"); the log says the same in words
  v.flashEl = h("div", { class: "flashes", "aria-hidden": "true" });
  v.board.appendChild(v.flashEl);
  v.overlay = h("div", { class: "overlay", role: "status" });
  v.board.appendChild(v.overlay);

  v.status = h("p", { class: "turn-status", role: "status", "aria-live": "polite", text: t("table.loading") });
  // which of the game's options are on (table/optionsdialog.js), hidden for the game as its rules play it by default
  v.optionsLine = h("p", { class: "table-options", hidden: true });
  v.lastMoveEl = h("p", { class: "last-move" });
  v.scoresEl = h("div", { class: "scores" });

  const levelSel = h("select", { id: `level-${v.game.id}`, class: "level" },
    LEVELS.map((l) => h("option", { value: l, selected: l === v.settings.level, text: t(`table.level.${l}`) })));
  levelSel.addEventListener("change", () => {
    v.settings.level = levelSel.value;
    setPreference("level", levelSel.value);
    v.note(() => t("table.level_next"));
  });
  v.onPrefs = (e) => {
    if (e.detail && e.detail.name === "speed") v.el.dataset.speed = v.settings.speed = e.detail.value;
  };
  document.addEventListener(SETTINGS_EVENT, v.onPrefs);
  v.newBtn = h("button", { type: "button", class: "btn new-match", text: t(v.coach ? "coach.replay" : "table.new_match"), onclick: () => v.askNewMatch() }); // asks first during a match
  v.undoBtn = h("button", { type: "button", class: "btn undo", text: t("table.undo"), disabled: true, onclick: () => v.undo() });
  v.hintBtn = h("button", { type: "button", class: "btn hint", text: t("table.hint"), disabled: true, onclick: () => v.hint() });
  // the cheat sheet, beside Hint: a "?" wide enough to tap, named for screen readers
  v.cheatBtn = h("button", { type: "button", class: "btn cheat-btn", "aria-label": t("cheat.button"), title: t("cheat.button"),
    text: "?", onclick: () => v.openCheatSheet() });
  // the settings (sound, vibration, look) from the table: the top bar's panel, opened (not in an embed, which has no bar)
  v.settingsBtn = v.embed ? null : h("button", { type: "button", class: "btn settings-btn", "aria-label": t("table.settings"), title: t("table.settings"),
    text: "⚙", onclick: (e) => { e.stopPropagation(); openSettings(); } }); // the click would otherwise close it again
  const controls = h("div", { class: `controls${v.coach ? " lesson" : ""}` },
    v.coach ? null : [h("label", { for: levelSel.id }, t("table.level")), levelSel], // a lesson is played at its own level
    h("div", { class: "buttons" }, v.hintBtn, v.cheatBtn, v.settingsBtn, v.undoBtn, optionsButton(v), v.newBtn));

  v.logEl = h("ol", { class: "log", tabindex: "0" }); // scrolls: reachable by keyboard
  const logBox = h("section", { class: "log-box", role: "log", "aria-live": "polite", "aria-label": t("table.log") },
    h("h2", { class: "box-title", text: t("table.log") }), v.logEl);

  v.side = h("aside", { class: "side" },
    h("section", { class: "scores-box", "aria-label": t("table.scores") }, v.optionsLine, v.status, v.lastMoveEl, v.scoresEl),
    h("section", { class: "settings-box", "aria-label": t("table.settings") }, controls),
    logBox);

  v.dialog = h("dialog", { class: "sheet", "aria-labelledby": `sheet-title-${v.game.id}` });
  v.pileDialog = h("dialog", { class: "sheet pile-dialog" });
  // pass-and-play: who plays, and the privacy screen between two people's turns
  v.passDialog = h("dialog", { class: "sheet pass-dialog", "aria-labelledby": `pass-title-${v.game.id}` });
  v.el.append(v.board, v.side, v.dialog, v.pileDialog, v.passDialog);

  v.el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && v.choosing) { e.preventDefault(); v.cancelChoice(); return; }
    if (v.el.dataset.state === "busy") v.clock.skip();
  });
  // a tap or click anywhere on the table skips the animation in progress
  v.el.addEventListener("pointerdown", () => { if (v.el.dataset.state === "busy") v.clock.skip(); });
  // arrow keys move between the cards of the hand (Tab works too; Enter/Space plays)
  v.handEl.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };
    if (!(e.key in keys)) return;
    const buttons = [...v.handEl.querySelectorAll("button:not([disabled])")];
    if (!buttons.length) return;
    e.preventDefault();
    let i = buttons.indexOf(document.activeElement);
    i = Math.max(0, Math.min(buttons.length - 1, (i < 0 ? 0 : i) + keys[e.key])); // the board is left to right in every language
    buttons[i].focus();
  });
  }
