// Live play's invitations and replies (issue 28): what one browser hands another, with no
// server in between, as a link or a code. An invitation carries the game, deck, seat, the
// guest's and the host's names and the host's WebRTC offer; a reply, the guest's answer. Each
// is written in base64url, in one of two forms: the compact form (live/compact.js: the fields in
// bytes, the WebRTC description reduced to what the other side needs, about a fifth as long, so
// that both directions fit a QR code a phone reads), or, for anything the compact form cannot say,
// the long form: the JSON deflated (CompressionStream). The first byte tells them apart.
// Nothing here is trusted: the host's engine checks every move.
import { TAG, packCompact, unpackCompact } from "./compact.js";

const MAX_TEXT = 12_000; // a pasted code longer than this is not one of ours

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** An object as a URL-safe code: compact when it is an invitation or a reply the compact form can say. */
export async function pack(obj) {
  const compact = packCompact(obj);
  if (compact) return toBase64Url(compact);
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  return toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

/** The object back, or null for text that is not a code of ours (cut, mistyped, edited). */
export async function unpack(text) {
  const clean = String(text || "").trim();
  if (!clean || clean.length > MAX_TEXT || !/^[A-Za-z0-9_-]+$/.test(clean)) return null;
  try {
    const raw = fromBase64Url(clean);
    if (raw[0] === TAG) return unpackCompact(raw);
    const bytes = await pipe(raw, new DecompressionStream("deflate-raw"));
    const obj = JSON.parse(new TextDecoder().decode(bytes));
    return obj && typeof obj === "object" && !Array.isArray(obj) ? obj : null;
  } catch {
    return null;
  }
}

const isText = (x, max) => typeof x === "string" && x.length > 0 && x.length <= max;

/** An invitation's fields, checked: {game, deck, seat, host, guest, sdp, id} or null. */
export function checkInvite(o) {
  if (!o || !isText(o.game, 40) || !isText(o.deck, 40) || !Number.isInteger(o.seat) || o.seat < 0 || o.seat > 3) return null;
  if (!isText(o.sdp, 10_000) || !isText(o.id, 40) || typeof o.host !== "string" || typeof o.guest !== "string") return null;
  return { game: o.game, deck: o.deck, seat: o.seat, host: o.host.slice(0, 24), guest: o.guest.slice(0, 24), sdp: o.sdp, id: o.id };
}

/** A reply's fields, checked: {id, sdp} or null. */
export function checkReply(o) {
  if (!o || !isText(o.sdp, 10_000) || !isText(o.id, 40)) return null;
  return { id: o.id, sdp: o.sdp };
}
