// The compact form of an invitation or a reply (issue 42): its fields in bytes, the session
// description as live/sdp.js's fields rather than text, and a CRC-16 so that a code cut or
// mistyped anywhere reads as damaged. The first byte, TAG, can never begin a deflate-raw
// stream (block type 3 is reserved), so live/codec.js tells the two forms apart by it.

import { parseSdp, buildSdp, writeSdp, readSdp } from "./sdp.js";

export const TAG = 0x07;
const INVITE = 1;
const REPLY = 2;
const INVITE_KEYS = "deck,game,guest,host,id,sdp,seat";
const REPLY_KEYS = "id,sdp";

function writer() {
  const out = [];
  const w = {
    out,
    byte: (v) => { out.push(v & 255); },
    u16: (v) => { w.byte(v >> 8); w.byte(v); },
    u32: (v) => { w.u16(Math.floor(v / 65536)); w.u16(v % 65536); },
    bytes: (b) => { for (const v of b) out.push(v); },
    text: (s) => {
      const b = new TextEncoder().encode(s);
      if (b.length > 255) throw new RangeError("text too long");
      w.byte(b.length);
      w.bytes(b);
    },
  };
  return w;
}

function reader(bytes) {
  let at = 0;
  const r = {
    done: () => at === bytes.length,
    byte: () => (at < bytes.length ? bytes[at++] : null),
    u16: () => (at + 2 <= bytes.length ? (bytes[at++] << 8) | bytes[at++] : null),
    u32: () => { const hi = r.u16(); const lo = r.u16(); return hi === null || lo === null ? null : hi * 65536 + lo; },
    bytes: (n) => (at + n <= bytes.length ? bytes.slice(at, (at += n)) : null),
    text: () => {
      const n = r.byte();
      const b = n === null ? null : r.bytes(n);
      if (b === null) return null;
      try { return new TextDecoder("utf-8", { fatal: true }).decode(b); } catch { return null; }
    },
  };
  return r;
}

/** CRC-16/CCITT-FALSE: every error within 16 bits in a row (any one mistyped character) is caught. */
export function crc16(bytes) {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function encode(obj, d) {
  const w = writer();
  w.byte(TAG);
  if (Object.hasOwn(obj, "game")) {
    w.byte(INVITE);
    w.text(obj.game); w.text(obj.deck); w.byte(obj.seat); w.text(obj.host); w.text(obj.guest);
  } else {
    w.byte(REPLY);
  }
  w.text(obj.id);
  writeSdp(w, d);
  const crc = crc16(w.out);
  w.u16(crc);
  return Uint8Array.from(w.out);
}

/** An invitation or a reply in compact bytes, or null when it is neither or its description
 * holds something the compact form cannot say (the caller then uses the long form). */
export function packCompact(obj) {
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return null;
  const keys = Object.keys(obj).sort().join(",");
  if (keys !== INVITE_KEYS && keys !== REPLY_KEYS) return null;
  const texts = keys === INVITE_KEYS ? [obj.game, obj.deck, obj.host, obj.guest, obj.id] : [obj.id];
  if (!texts.every((s) => typeof s === "string")) return null;
  if (keys === INVITE_KEYS && !(Number.isInteger(obj.seat) && obj.seat >= 0 && obj.seat < 256)) return null;
  const d = parseSdp(obj.sdp);
  if (!d) return null;
  let bytes;
  try { bytes = encode(obj, d); } catch { return null; }
  // what comes back must say exactly the same, or the long form goes instead
  const back = unpackCompact(bytes);
  const again = back && parseSdp(back.sdp);
  if (!again) return null;
  try { return encode(back, again).every((v, i) => v === bytes[i]) ? bytes : null; } catch { return null; }
}

/** The object back from compact bytes, its `sdp` rebuilt as text; null for bytes damaged anywhere. */
export function unpackCompact(bytes) {
  if (bytes.length < 5 || bytes[0] !== TAG) return null;
  const body = bytes.subarray(0, bytes.length - 2);
  if (crc16(body) !== ((bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1])) return null;
  const r = reader(body);
  r.byte();
  const kind = r.byte();
  let obj;
  if (kind === INVITE) obj = { game: r.text(), deck: r.text(), seat: r.byte(), host: r.text(), guest: r.text() };
  else if (kind === REPLY) obj = {};
  else return null;
  obj.id = r.text();
  const d = readSdp(r);
  if (!d || !r.done() || Object.values(obj).some((v) => v === null)) return null;
  obj.sdp = buildSdp(d);
  return obj;
}
