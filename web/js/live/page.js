// Live play's screens (issue 28): the host's "Friends" box beside the table (an invitation per
// friend's seat, as a link and a QR code, the friend's reply pasted back, who is here or away),
// and the guest's join page (#/join?i=<invitation>): the invitation read, the reply shown to
// send back, then the table, driven by the host's engine over the data channel.
import { h, clear, storage } from "../dom.js";
import { t, num } from "../i18n.js";
import { game as gameOf, tradition } from "../site.js";
import { pack, unpack, checkInvite, checkReply } from "./codec.js";
import { offer, answer, onGone, ICE_KEY } from "./peer.js";
import { RemoteEngine } from "./remote.js";
import { shareBox } from "../deals/share.js";

const SVG = "http://www.w3.org/2000/svg";
const ANSWER_S = 90; // a guest's reply with no connection by then: say what may have happened
const CONNECT_S = 30; // an accepted reply whose channel is not open by then: say so, offer a new invitation

/** `text` as a QR code, drawn as one SVG path (no markup parsed). The encoder (qrcode-generator,
 * served from the site) loads only when a code is drawn: no page pays for it before. */
export async function qrSvg(text, label) {
  const { default: qrcode } = await import("../vendor/qrcode.mjs");
  const qr = qrcode(0, "L");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = "";
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.isDark(y, x)) d += `M${x + 2} ${y + 2}h1v1h-1z`;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n + 4} ${n + 4}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", String(n + 4));
  bg.setAttribute("height", String(n + 4));
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

/** The optional STUN/TURN server for play across networks (both players enter the same one). */
export function iceField() {
  const id = `live-ice-${Math.random().toString(36).slice(2, 7)}`;
  const input = h("input", { type: "text", id, class: "live-ice", dir: "ltr", autocomplete: "off", spellcheck: "false",
    placeholder: "stun:host:3478", value: storage.get(ICE_KEY, "") || "" });
  input.addEventListener("change", () => storage.set(ICE_KEY, input.value.trim()));
  return h("details", { class: "live-ice-box" }, h("summary", { text: t("live.ice_title") }),
    h("label", { for: id, text: t("live.ice_label") }), input, h("p", { class: "look-note", text: t("live.ice_note") }));
}

const joinUrl = (code, loc = location) => `${loc.origin}${loc.pathname}#/join?i=${code}`;

/** The host's box: one row per friend's seat. */
export function friendsBox(relay, { game, deck, hostName }) {
  const box = h("section", { class: "friends-box", "aria-label": t("live.friends") }, h("h2", { class: "box-title", text: t("live.friends") }));
  const rows = new Map();
  const draw = () => {
    for (const [seat, g] of relay.guests) {
      let row = rows.get(seat);
      if (!row) {
        row = { el: h("div", { class: "friend", dataset: { seat } }), status: h("p", { class: "friend-status", role: "status" }),
          invite: h("div", { class: "friend-invite" }) };
        const btn = h("button", { type: "button", class: "btn invite-open", text: t("live.invite", { name: g.name }),
          onclick: () => invite(seat, row) });
        row.computer = h("button", { type: "button", class: "btn computer-plays", text: t("live.computer_plays", { name: g.name }),
          onclick: () => relay.away(seat) });
        row.el.append(h("h3", { text: g.name }), row.status, btn, row.computer, row.invite);
        rows.set(seat, row);
        box.append(row.el);
      }
      row.el.dataset.status = g.status;
      row.status.textContent = t(`live.status_${g.status}`, { name: g.name });
      row.computer.hidden = g.status !== "invited";
      if (g.status === "here") clear(row.invite);
    }
  };
  const invite = async (seat, row) => {
    const g = relay.guests.get(seat);
    clear(row.invite).append(h("p", { class: "share-status", text: t("live.preparing") }));
    let o;
    try { o = await offer(); } catch (err) { // e.g. a mistyped STUN/TURN address
      clear(row.invite).append(h("p", { class: "share-status", role: "alert", text: t("table.error", { message: String(err.message || err) }) }));
      return;
    }
    const id = Math.random().toString(36).slice(2, 10);
    const code = await pack({ game, deck, seat, host: hostName() || "", guest: g.name, sdp: o.sdp, id });
    const url = joinUrl(code);
    const reply = h("textarea", { class: "reply-code", rows: 3, dir: "ltr", "aria-label": t("live.reply_label", { name: g.name }) });
    const err = h("p", { class: "share-status reply-error", role: "alert" });
    let used = false; // an invitation is for one device: the first reply accepted uses it
    const say = (key, extra = {}) => { err.dataset.reason = key; err.textContent = t(key, { name: g.name, ...extra }); };
    const again = h("button", { type: "button", class: "btn invite-again", hidden: true, text: t("live.invite", { name: g.name }),
      onclick: () => invite(seat, row) });
    const go = h("button", { type: "button", class: "btn primary reply-go", text: t("live.connect"), onclick: async () => {
      const r = checkReply(await unpack(reply.value));
      if (!r) { say("live.reply_damaged"); return; }
      if (r.id !== id) { say("live.reply_other"); return; }
      if (used) { say("live.invite_used"); again.hidden = false; return; }
      used = true;
      say("live.connecting");
      try { await o.accept(r.sdp); } catch { used = false; say("live.reply_damaged"); return; }
      // a connection that does not open in time ends in a message and a new invitation, never an endless wait
      // (two devices that answered one offer can both reach the host, and the connection then fails)
      let open = false;
      const giveUp = (key) => {
        if (open) return;
        open = true; // no second message
        say(key, { seconds: num(CONNECT_S) });
        again.hidden = false;
        try { o.pc.close(); } catch { /* gone */ }
      };
      const late = setTimeout(() => giveUp("live.connect_timeout"), CONNECT_S * 1000);
      o.pc.addEventListener("connectionstatechange", () => { if (o.pc.connectionState === "failed") giveUp("live.connect_failed"); });
      const opened = () => {
        if (open) return;
        open = true;
        clearTimeout(late);
        relay.connect(seat, o.channel);
        onGone(o.pc, o.channel, () => relay.drop(seat, o.channel), { shaky: (on) => relay.shaky(seat, o.channel, on) });
      };
      if (o.channel.readyState === "open") opened(); else o.channel.addEventListener("open", opened, { once: true });
    } });
    clear(row.invite).append(
      h("p", { class: "invite-text", text: t("live.invite_text", { name: g.name }) }),
      await qrSvg(url, t("live.qr_label", { name: g.name })),
      shareBox(url, t("live.invite_title"), t("live.invite_hint")),
      h("label", { class: "reply-label" }, t("live.reply_label", { name: g.name }), reply), go, err, again);
    row.invite.querySelector(".share-link").classList.add("invite-link");
  };
  relay.onStatus(draw);
  draw();
  box.append(iceField());
  return box;
}

/** The guest's page: #/join?i=<invitation>. `mountTable(root, {engine, game, deck, seat})` draws
 * the table. `keep(relabel)` is called once the guest has joined (a connection is being made):
 * from then on the page must be kept as it is, not drawn again (a new language calls
 * `relabel()`, which says the page's own words again). */
export function renderJoin(site, params, mountTable, { keep = null } = {}) {
  const page = h("section", { class: "page join-page" });
  const title = h("h1", { text: t("live.join_title") });
  const body = h("div", { class: "join-body" });
  page.append(title, body);
  (async () => {
    if (!params.get("i")) { body.append(pasteInvite()); return; }
    const inv = checkInvite(await unpack(params.get("i")));
    const g = inv && gameOf(site.catalogue, inv.game);
    if (!inv || !g || !g.playable || !g.decks.includes(inv.deck) || inv.seat >= g.players) {
      body.append(h("p", { class: "challenge-bad", role: "alert", text: t("live.bad_invite") }));
      return;
    }
    const gname = t(`game.${g.id}.name`);
    const tr = tradition(site.catalogue, inv.deck);
    document.title = `${t("live.join_title")} · ${gname} · ${t("app.name")}`;
    const join = h("button", { type: "button", class: "btn primary join-go", text: t("live.join", { name: inv.guest || t("live.you") }) });
    body.append(h("p", { class: "join-text", text: t("live.join_text", { host: inv.host, game: gname, deck: tr ? tr.name : inv.deck, seat: num(inv.seat + 1) }) }), join, iceField());
    let relabel = () => {};
    join.addEventListener("click", async () => {
      join.disabled = true;
      if (keep) keep(() => relabel());
      let a;
      try { a = await answer(inv.sdp); } catch (err) {
        body.append(h("p", { class: "challenge-bad", role: "alert", text: t("table.error", { message: String(err.message || err) }) }));
        return;
      }
      const code = await pack({ id: inv.id, sdp: a.sdp });
      const field = h("textarea", { class: "reply-code", rows: 3, readonly: true, dir: "ltr", "aria-label": t("live.your_reply") });
      field.value = code;
      const status = h("p", { class: "share-status", role: "status" });
      const intro = h("p");
      const copy = h("button", { type: "button", class: "btn copy-reply", onclick: async () => {
        field.select();
        try { await navigator.clipboard.writeText(code); status.textContent = t("share.copied"); } catch { document.execCommand("copy"); }
      } });
      const qr = await qrSvg(code, t("live.your_reply"));
      relabel = () => {
        title.textContent = t("live.join_title");
        intro.textContent = t("live.send_reply", { host: inv.host });
        copy.textContent = t("share.copy");
        field.setAttribute("aria-label", t("live.your_reply"));
        qr.setAttribute("aria-label", t("live.your_reply"));
        status.textContent = t(status.dataset.reason === "no_answer" ? "live.no_answer" : "live.waiting_host", { host: inv.host });
      };
      relabel();
      clear(body).append(intro, field, copy, qr, status);
      // no connection after a while: the host may have used another device's reply, or none arrived
      const late = setTimeout(() => { status.dataset.reason = "no_answer"; relabel(); }, ANSWER_S * 1000);
      const channel = await a.channel;
      clearTimeout(late);
      // the way back from a table whose host is gone: a new invitation, pasted here in one step
      const engine = new RemoteEngine(channel, { host: inv.host, onGone: () => { location.hash = "#/join"; } });
      onGone(a.pc, channel, () => engine.lose());
      clear(body);
      relabel = () => { // the table's page (the table relabels itself)
        title.textContent = t("live.table_title", { game: t(`game.${g.id}.name`), host: inv.host });
        document.title = `${title.textContent} · ${t("app.name")}`;
      };
      relabel();
      mountTable(body, { engine, game: g, deck: inv.deck, seat: inv.seat });
    }, { once: true });
  })();
  return page;
}

/** The join page without an invitation (the way back from a table whose host is gone): a field
 * for the new invitation's link or code, opened in one tap. */
function pasteInvite() {
  const id = "live-paste";
  const field = h("input", { type: "text", id, class: "invite-paste", dir: "ltr", autocomplete: "off", spellcheck: "false" });
  const form = h("form", { class: "join-paste" }, h("label", { for: id, text: t("live.paste_invite") }), field,
    h("button", { type: "submit", class: "btn primary", text: t("live.open_invite") }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const m = /[?&]i=([A-Za-z0-9_-]+)/.exec(field.value) || /^\s*([A-Za-z0-9_-]+)\s*$/.exec(field.value);
    if (m) location.hash = `#/join?i=${m[1]}`;
  });
  return form;
}
