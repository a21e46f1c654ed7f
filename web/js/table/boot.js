// The overlay shown while the engine boots: progress by stage, or the failure with Retry.
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";

const STAGE_PERCENT = { idle: 2, sw: 4, runtime: 65, engine: 90 };
const STAGES_WITH_TEXT = ["sw", "runtime", "engine"]; // the worker no longer installs micropip at boot

/** Fills `overlay` for the engine state `state`; `onRetry` restarts the engine. */
export function showBoot(overlay, state, onRetry) {
  const o = clear(overlay);
  if (state.stage === "ready") { o.hidden = true; return; }
  o.hidden = false;
  if (state.stage === "failed") {
    const reason = String(state.reason || "").trim().split("\n").filter(Boolean).pop() || "";
    const msg = state.reason === "timeout" ? t("boot.timeout") : t("boot.failed", { reason: reason.slice(0, 200) });
    o.append(h("p", { class: "boot-error", role: "alert", text: msg }),
      h("button", { type: "button", class: "btn retry", text: t("boot.retry"), onclick: onRetry }));
    return;
  }
  const pct = state.stage === "precache" ? 5 + 55 * ((state.done || 0) / (state.total || 1)) : STAGE_PERCENT[state.stage] ?? 50;
  const text = state.stage === "precache" ? t("boot.precache", { done: state.done, total: state.total })
    : STAGES_WITH_TEXT.includes(state.stage) ? t(`boot.${state.stage}`) : t("table.loading");
  o.append(h("p", { class: "boot-text", text }), h("progress", { max: 100, value: Math.round(pct), "aria-label": text }));
}
