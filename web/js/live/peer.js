// One WebRTC data channel between a host and a guest, set up by hand-carried offer and answer
// (no signalling server): each side waits until its ICE candidates are gathered, so one
// description carries everything. On one network nothing else is needed; across networks a
// STUN/TURN server the player enters in the Look panel (settings `ice`) is used, and no other
// server is ever contacted.
import { storage } from "../dom.js";

export const ICE_KEY = "cardavia.live.ice"; // "stun:host:port" or "turn:user:pass@host:port", one per line

/** The ICE servers the player entered (none by default: only the local network). */
export function iceServers() {
  const text = storage.get(ICE_KEY, "");
  if (typeof text !== "string") return [];
  return text.split(/\s+/).filter(Boolean).map((line) => {
    const m = /^(turns?):([^:@]+):([^@]+)@(.+)$/.exec(line);
    return m ? { urls: `${m[1]}:${m[4]}`, username: m[2], credential: m[3] } : { urls: line };
  });
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const done = () => { if (pc.iceGatheringState === "complete") resolve(); };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, 4000); // what was gathered by then is enough on a local network
  });
}

/** The host's side: an offer to hand to the guest; `accept(answerSdp)` opens `channel`. */
export async function offer() {
  const pc = new RTCPeerConnection({ iceServers: iceServers() });
  const channel = pc.createDataChannel("cardavia", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return {
    pc, channel, sdp: pc.localDescription.sdp,
    accept: (sdp) => pc.setRemoteDescription({ type: "answer", sdp }),
  };
}

/** The guest's side: the answer to hand back; `channel` resolves once the host accepted it. */
export async function answer(offerSdp) {
  const pc = new RTCPeerConnection({ iceServers: iceServers() });
  const channel = new Promise((resolve) => {
    pc.addEventListener("datachannel", (e) => {
      const ch = e.channel;
      if (ch.readyState === "open") resolve(ch); else ch.addEventListener("open", () => resolve(ch), { once: true });
    });
  });
  await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { pc, channel, sdp: pc.localDescription.sdp };
}

export const GRACE_MS = 30_000; // a "disconnected" connection this long is gone (a browser that never says "failed")

/** Calls `fn` once when the channel or its connection is gone for good. "disconnected" is a
 * network blip (a phone asleep, Wi-Fi to mobile): WebRTC reconnects by itself when the path
 * comes back, so it is only `shaky(true)` and, if it lasts `grace` ms, gone; `shaky(false)` when
 * it came back. "failed" is final: measured in Chromium (e2e/udp_relay.py's real cut), it comes
 * 10 s after "disconnected" and no packet crosses after it, and no ICE restart can be signalled
 * (the data channel is the only path, and it runs over this connection): a new invitation is
 * the way back (docs/protocol.md). */
export function onGone(pc, channel, fn, { shaky = () => {}, grace = GRACE_MS } = {}) {
  let gone = false;
  let timer = null;
  const once = () => { clearTimeout(timer); if (!gone) { gone = true; fn(); } };
  channel.addEventListener("close", once);
  pc.addEventListener("connectionstatechange", () => {
    const s = pc.connectionState;
    if (s === "failed" || s === "closed") once();
    else if (s === "disconnected" && !timer && !gone) {
      shaky(true);
      timer = setTimeout(once, grace);
    } else if (s === "connected" && timer && !gone) {
      clearTimeout(timer);
      timer = null;
      shaky(false);
    }
  });
}
