// The overlay shown while the engine boots: progress by stage, or the failure with Retry;
// at a live guest's table, the host out of reach or gone, with the way back to a new invitation.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";

const STAGE_PERCENT = { idle: 2, sw: 4, runtime: 65, engine: 90 };
const STAGES_WITH_TEXT = ["sw", "runtime", "engine"]; // the worker no longer installs micropip at boot

/** Fills `overlay` for the engine state `state`; `onRetry` restarts the engine. */
export function showBoot(overlay, state, onRetry) {
  if (state.stage !== "ready" && state.stage !== "failed" && progressInPlace(overlay, state)) return;
  const o = clear(overlay);
  if (state.stage === "ready") { o.hidden = true; return; }
  o.hidden = false;
  if (state.stage === "failed" && state.reason === "host") { // live play: the host's table is out of reach or gone
    o.append(h("p", { class: "boot-error host-gone", role: "alert", dataset: { silent: String(Boolean(state.silent)) },
      text: t(state.silent ? "live.host_silent" : "live.host_gone", { host: state.host || "" }) }),
    h("button", { type: "button", class: "btn rejoin", text: t("live.rejoin"), onclick: onRetry }));
    return;
  }
  if (state.stage === "failed") {
    const reason = String(state.reason || "").trim().split("\n").filter(Boolean).pop() || "";
    const msg = state.reason === "timeout" ? t("boot.timeout") : t("boot.failed", { reason: reason.slice(0, 200) });
    o.append(h("p", { class: "boot-error", role: "alert", text: msg }),
      h("button", { type: "button", class: "btn retry", text: t("boot.retry"), onclick: onRetry }));
    return;
  }
  const { pct, text } = progressOf(state);
  o.append(h("p", { class: "boot-text", text }), h("progress", { max: 100, value: pct, "aria-label": text }));
}

function progressOf(state) {
  const pct = state.stage === "precache" ? 5 + 55 * ((state.done || 0) / (state.total || 1)) : STAGE_PERCENT[state.stage] ?? 50;
  const text = state.stage === "precache" ? t("boot.precache", { done: state.done, total: state.total })
    : STAGES_WITH_TEXT.includes(state.stage) ? t(`boot.${state.stage}`) : t("table.loading");
  return { pct: Math.round(pct), text };
}

/** A first visit posts a progress message per file precached (over a hundred): the words and
 * the bar already shown are updated where they are, not drawn again. */
function progressInPlace(overlay, state) {
  const p = overlay.querySelector(":scope > p.boot-text:first-child");
  const bar = overlay.querySelector(":scope > progress");
  if (overlay.hidden || !p || !bar || overlay.childElementCount !== 2) return false;
  const { pct, text } = progressOf(state);
  if (p.textContent !== text) p.textContent = text;
  if (Number(bar.value) !== pct) bar.value = pct;
  if (bar.getAttribute("aria-label") !== text) bar.setAttribute("aria-label", text);
  return true;
}
