// A data-channel-only WebRTC session description reduced to what the other side needs (issue 42):
// ICE ufrag and password, the DTLS fingerprint, the setup role, the mid, the SCTP port and
// message size, and each ICE candidate. `parseSdp` reads a description into those fields, or
// null when it holds anything else (a media section, an unknown attribute): the caller then
// sends the description whole. `buildSdp` writes a valid description back from the fields.
// `writeSdp`/`readSdp` put the fields in bytes for live/compact.js.

export const SETUPS = ["actpass", "active", "passive"];
export const HASHES = [["sha-256", 32], ["sha-384", 48], ["sha-512", 64], ["sha-1", 20]];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCPTYPES = ["", "passive", "active", "so"];
const ICE_CHARS = /^[A-Za-z0-9+/]{1,255}$/; // ice-char (RFC 8839)
const TOKEN = /^[A-Za-z0-9._-]{1,32}$/;
const HOSTNAME = /^[A-Za-z0-9.-]{1,253}$/;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
// attributes that carry nothing the other side needs (or that buildSdp always writes)
const IGNORED = /^a=(extmap-allow-mixed|msid-semantic:.*|ice-options:.*|sendrecv|end-of-candidates)$/;
const CANDIDATE_EXT = new Set(["generation", "network-id", "network-cost", "ufrag"]);

function ipv4(text) {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) < 256)) return null;
  return Uint8Array.from(parts, Number);
}

function ipv6(text) {
  if (!/^[0-9a-fA-F:]{2,39}$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? fill : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const out = new Uint8Array(16);
  all.forEach((g, i) => { const v = parseInt(g, 16); out[2 * i] = v >> 8; out[2 * i + 1] = v & 255; });
  return out;
}

function ipv6Text(b) {
  const g = Array.from({ length: 8 }, (_, i) => (b[2 * i] << 8) | b[2 * i + 1]);
  let best = -1;
  let len = 1; // RFC 5952: the longest run of two or more zero groups becomes "::"
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > len) { best = i; len = j - i; }
    i = j > i ? j : i + 1;
  }
  const hex = (a) => a.map((v) => v.toString(16)).join(":");
  return best < 0 ? hex(g) : `${hex(g.slice(0, best))}::${hex(g.slice(best + len))}`;
}

const hexOf = (b) => Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");

/** An address as {kind, bytes}: 0 IPv4, 1 IPv6, 2 an mDNS name (<uuid>.local), 3 another name. */
function address(text) {
  let b = ipv4(text);
  if (b) return { kind: 0, bytes: b };
  if (text.includes(":")) return (b = ipv6(text)) ? { kind: 1, bytes: b } : null;
  const m = MDNS.exec(text);
  if (m) return { kind: 2, bytes: Uint8Array.from(m.slice(1).join("").match(/../g), (x) => parseInt(x, 16)) };
  return HOSTNAME.test(text) ? { kind: 3, bytes: new TextEncoder().encode(text) } : null;
}

function addressText({ kind, bytes }) {
  if (kind === 0) return Array.from(bytes).join(".");
  if (kind === 1) return ipv6Text(bytes);
  if (kind === 2) { const x = hexOf(bytes); return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}.local`; }
  return new TextDecoder().decode(bytes);
}

const u32 = (s) => (/^(0|[1-9][0-9]{0,9})$/.test(s) && Number(s) < 2 ** 32 ? Number(s) : null);
const u16 = (s) => (/^(0|[1-9][0-9]{0,4})$/.test(s) && Number(s) < 65536 ? Number(s) : null);

function candidate(value, ufrag) {
  const f = value.split(" ");
  if (f.length < 8 || f[6] !== "typ" || f[1] !== "1") return null; // one component: rtcp-mux, data only
  const foundation = u32(f[0]);
  const protocol = f[2].toLowerCase();
  const priority = u32(f[3]);
  const addr = address(f[4]);
  const port = u16(f[5]);
  const type = TYPES.indexOf(f[7]);
  if (foundation === null || !["udp", "tcp"].includes(protocol) || priority === null || !addr || port === null || type < 0) return null;
  const c = { foundation, tcp: protocol === "tcp", priority, addr, port, type, raddr: null, rport: null, tcptype: 0 };
  for (let i = 8; i < f.length; i += 2) {
    const [k, v] = [f[i], f[i + 1]];
    if (v === undefined) return null;
    if (k === "raddr" && !c.raddr) { if (!(c.raddr = address(v))) return null; }
    else if (k === "rport" && c.rport === null) { if ((c.rport = u16(v)) === null) return null; }
    else if (k === "tcptype" && c.tcp) { if ((c.tcptype = TCPTYPES.indexOf(v)) < 1) return null; }
    else if (k === "ufrag") { if (v !== ufrag) return null; }
    else if (!CANDIDATE_EXT.has(k)) return null;
  }
  if (c.tcp !== (c.tcptype > 0) || (c.raddr === null) !== (c.rport === null)) return null;
  if (c.rport === null) c.rport = 0;
  return c;
}

/** The fields of a data-channel-only description, or null when it holds anything they cannot say. */
export function parseSdp(sdp) {
  if (typeof sdp !== "string" || sdp.length > 10_000) return null;
  const lines = sdp.split(/\r?\n/).filter((l) => l !== "");
  const d = { setup: -1, hash: -1, fingerprint: null, ufrag: null, pwd: null, mid: null, sctpPort: null, maxSize: null, bundle: null };
  const cands = [];
  let media = 0;
  for (const line of lines) {
    let m;
    if (/^(v=0|s=-|t=0 0|c=IN IP[46] [0-9a-fA-F.:]+)$/.test(line) || /^o=\S+ \d+ \d+ IN IP[46] \S+$/.test(line) || IGNORED.test(line)) continue;
    if ((m = /^m=application \d+ UDP\/DTLS\/SCTP webrtc-datachannel$/.exec(line))) { media++; continue; }
    if ((m = /^a=candidate:(.*)$/.exec(line))) { cands.push(m[1]); continue; }
    if ((m = /^a=([a-z-]+):(.*)$/.exec(line))) {
      const [, key, value] = m;
      if (key === "ice-ufrag" && d.ufrag === null && ICE_CHARS.test(value)) d.ufrag = value;
      else if (key === "ice-pwd" && d.pwd === null && ICE_CHARS.test(value)) d.pwd = value;
      else if (key === "setup" && d.setup < 0 && SETUPS.includes(value)) d.setup = SETUPS.indexOf(value);
      else if (key === "mid" && d.mid === null && TOKEN.test(value)) d.mid = value;
      else if (key === "group" && d.bundle === null && /^BUNDLE \S+$/.test(value)) d.bundle = value.slice(7);
      else if (key === "sctp-port" && d.sctpPort === null && u16(value) !== null) d.sctpPort = u16(value);
      else if (key === "max-message-size" && d.maxSize === null && u32(value) !== null) d.maxSize = u32(value);
      else if (key === "fingerprint" && d.hash < 0) {
        const [name, hex] = value.split(" ");
        const h = HASHES.findIndex(([n]) => n === name.toLowerCase());
        if (h < 0 || !hex || !new RegExp(`^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){${HASHES[h][1] - 1}}$`).test(hex)) return null;
        d.hash = h;
        d.fingerprint = Uint8Array.from(hex.split(":"), (x) => parseInt(x, 16));
      } else return null;
      continue;
    }
    return null;
  }
  if (media !== 1 || d.setup < 0 || d.hash < 0 || !d.ufrag || !d.pwd || d.mid === null || d.sctpPort === null) return null;
  if (d.bundle !== null && d.bundle !== d.mid) return null;
  d.candidates = [];
  for (const text of cands) {
    const c = candidate(text, d.ufrag);
    if (!c) return null;
    d.candidates.push(c);
  }
  if (d.candidates.length > 255) return null;
  delete d.bundle;
  return d;
}

/** A valid description for a data-channel-only session, from parseSdp's fields. */
export function buildSdp(d) {
  const lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", `a=group:BUNDLE ${d.mid}`, "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
  for (const c of d.candidates) {
    let line = `a=candidate:${c.foundation} 1 ${c.tcp ? "tcp" : "udp"} ${c.priority} ${addressText(c.addr)} ${c.port} typ ${TYPES[c.type]}`;
    if (c.raddr) line += ` raddr ${addressText(c.raddr)} rport ${c.rport}`;
    if (c.tcp) line += ` tcptype ${TCPTYPES[c.tcptype]}`;
    lines.push(line);
  }
  const fp = Array.from(d.fingerprint, (v) => v.toString(16).padStart(2, "0").toUpperCase()).join(":");
  lines.push(`a=ice-ufrag:${d.ufrag}`, `a=ice-pwd:${d.pwd}`, "a=ice-options:trickle", `a=fingerprint:${HASHES[d.hash][0]} ${fp}`,
    `a=setup:${SETUPS[d.setup]}`, `a=mid:${d.mid}`, `a=sctp-port:${d.sctpPort}`);
  if (d.maxSize !== null) lines.push(`a=max-message-size:${d.maxSize}`);
  return lines.join("\r\n") + "\r\n";
}

const ADDR_LEN = [4, 16, 16];
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"; // ice-chars: six bits each

function writeIce(w, text) {
  w.byte(text.length);
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) { bits -= 8; w.byte(acc >> bits); acc &= (1 << bits) - 1; }
  }
  if (bits) w.byte(acc << (8 - bits));
}

function readIce(r) {
  const n = r.byte();
  if (!n) return null;
  let acc = 0;
  let bits = 0;
  let text = "";
  while (text.length < n) {
    if (bits < 6) {
      const b = r.byte();
      if (b === null) return null;
      acc = (acc << 8) | b;
      bits += 8;
    }
    bits -= 6;
    text += B64[acc >> bits];
    acc &= (1 << bits) - 1;
  }
  return acc === 0 ? text : null; // the padding bits are zero in a code we wrote
}

function writeAddr(w, a) {
  if (a.kind === 3) w.text(new TextDecoder().decode(a.bytes)); else w.bytes(a.bytes);
}

function readAddr(r, kind) {
  if (kind === 3) {
    const text = r.text();
    return text !== null && HOSTNAME.test(text) ? { kind, bytes: new TextEncoder().encode(text) } : null;
  }
  const bytes = r.bytes(ADDR_LEN[kind]);
  return bytes && { kind, bytes };
}

/** parseSdp's fields into a byte writer (live/compact.js). */
export function writeSdp(w, d) {
  w.byte(d.setup | (d.hash << 2) | (d.maxSize !== null ? 16 : 0));
  writeIce(w, d.ufrag); writeIce(w, d.pwd); w.bytes(d.fingerprint); w.text(d.mid);
  w.u16(d.sctpPort);
  if (d.maxSize !== null) w.u32(d.maxSize);
  w.byte(d.candidates.length);
  for (const c of d.candidates) {
    w.byte(c.type | (c.tcp ? 4 : 0) | (c.tcptype << 3) | (c.addr.kind << 5) | (c.raddr ? 128 : 0));
    w.u32(c.foundation); w.u32(c.priority); writeAddr(w, c.addr); w.u16(c.port);
    if (c.raddr) { w.byte(c.raddr.kind); writeAddr(w, c.raddr); w.u16(c.rport); }
  }
}

/** The fields back from a byte reader, or null for bytes that cannot be them. */
export function readSdp(r) {
  const flags = r.byte();
  if (flags === null || (flags & 3) > 2 || flags > 31) return null;
  const d = { setup: flags & 3, hash: (flags >> 2) & 3, ufrag: readIce(r), pwd: readIce(r) };
  d.fingerprint = r.bytes(HASHES[d.hash][1]);
  d.mid = r.text();
  d.sctpPort = r.u16();
  d.maxSize = flags & 16 ? r.u32() : null;
  const n = r.byte();
  if (!d.ufrag || !ICE_CHARS.test(d.ufrag) || !d.pwd || !ICE_CHARS.test(d.pwd) || !d.fingerprint || !d.mid || !TOKEN.test(d.mid) ||
      d.sctpPort === null || ((flags & 16) && d.maxSize === null) || n === null) return null;
  d.candidates = [];
  for (let i = 0; i < n; i++) {
    const f = r.byte();
    if (f === null) return null;
    const c = { type: f & 3, tcp: (f & 4) !== 0, tcptype: (f >> 3) & 3, foundation: r.u32(), priority: r.u32() };
    if (c.tcp !== (c.tcptype > 0)) return null;
    c.addr = readAddr(r, (f >> 5) & 3);
    c.port = r.u16();
    c.raddr = null;
    c.rport = 0;
    if (f & 128) {
      const kind = r.byte();
      if (kind === null || kind > 3) return null;
      c.raddr = readAddr(r, kind);
      c.rport = r.u16();
      if (!c.raddr || c.rport === null) return null;
    }
    if (c.foundation === null || c.priority === null || !c.addr || c.port === null) return null;
    d.candidates.push(c);
  }
  return d;
}
