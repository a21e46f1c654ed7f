// Live play's compact codes (issue 42): an invitation or a reply carries only what the other
// side needs of the WebRTC description, and the description rebuilt from it keeps every field
// WebRTC needs. Real descriptions recorded from Debian's headless chromium
// (scripts/test/record_sdp.py) are the fixtures; what the compact form cannot say goes in the
// long form (deflated JSON) as before, and a code damaged anywhere is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import qrcode from "../../node_modules/qrcode-generator/dist/qrcode.mjs";
import { pack, unpack, checkInvite, checkReply } from "../js/live/codec.js";
import { TAG, crc16 } from "../js/live/compact.js";
import { parseSdp, buildSdp } from "../js/live/sdp.js";

const RECORDED = JSON.parse(readFileSync(new URL("./fixtures/chromium-sdp.json", import.meta.url), "utf8"));
const SITE = "https://cardavia.example/#/join?i="; // a link as the host's page makes it, on a real host name
const invite = (sdp) => ({ game: "briscola", deck: "piacentine", seat: 1, host: "Anna", guest: "Ben", sdp, id: "k3j9x0a1" });

const bytesOf = (code) => Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toCode = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function longForm(obj) { // the code as it was made before the compact form (and still is, as the fallback)
  const out = new Blob([new TextEncoder().encode(JSON.stringify(obj))]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toCode(new Uint8Array(await new Response(out).arrayBuffer()));
}

function qrVersion(text, level = "L") {
  const qr = qrcode(0, level);
  qr.addData(text);
  qr.make();
  return (qr.getModuleCount() - 17) / 4;
}

/** Each candidate line's fields that ICE uses: foundation, component, protocol, priority, address, port, type, related address. */
function candidates(sdp) {
  return sdp.split(/\r?\n/).filter((l) => l.startsWith("a=candidate:")).map((l) => {
    const f = l.slice(12).split(" ");
    const at = (k) => (f.indexOf(k) >= 8 ? f[f.indexOf(k) + 1] : null);
    return [f[0], f[1], f[2].toLowerCase(), f[3], f[4], f[5], f[7], at("raddr"), at("rport"), at("tcptype")].join(" ");
  });
}

const attr = (sdp, name) => sdp.split(/\r?\n/).filter((l) => l.startsWith(`a=${name}:`)).map((l) => l.slice(name.length + 3));

const CASES = Object.entries(RECORDED).flatMap(([kind, r]) => [[`${kind} offer`, r.offer, "actpass"], [`${kind} answer`, r.answer, "active"]]);

test("the recorded descriptions are real Chromium ones, with candidates", () => {
  assert.ok(CASES.length >= 4);
  for (const [name, sdp] of CASES) {
    assert.match(sdp, /^v=0\r\n/, name);
    assert.ok(candidates(sdp).length >= 1, `${name}: no candidate`);
  }
  assert.ok(CASES.some(([, sdp]) => /\.local \d+ typ host/.test(sdp)), "an mDNS host candidate");
  assert.ok(CASES.some(([, sdp]) => /udp \d+ \d+\.\d+\.\d+\.\d+ \d+ typ host/.test(sdp)), "a raw IPv4 host candidate");
});

test("a recorded description comes back from its compact code with every field WebRTC needs", async () => {
  for (const [name, sdp, setup] of CASES) {
    const obj = setup === "actpass" ? invite(sdp) : { id: "k3j9x0a1", sdp };
    const code = await pack(obj);
    assert.equal(bytesOf(code)[0], TAG, `${name}: not the compact form`);
    const back = setup === "actpass" ? checkInvite(await unpack(code)) : checkReply(await unpack(code));
    assert.ok(back, name);
    assert.deepEqual({ ...back, sdp: null }, { ...obj, sdp: null }, name); // ids, names, seat, game, deck
    const rebuilt = back.sdp;
    for (const key of ["ice-ufrag", "ice-pwd", "fingerprint", "setup", "mid", "sctp-port", "max-message-size"]) {
      assert.deepEqual(attr(rebuilt, key).map((v) => v.toUpperCase()), attr(sdp, key).map((v) => v.toUpperCase()), `${name}: ${key}`);
      assert.equal(attr(rebuilt, key).length, 1, `${name}: ${key}`);
    }
    assert.deepEqual(attr(rebuilt, "setup"), [setup]);
    assert.deepEqual(candidates(rebuilt), candidates(sdp), `${name}: candidates`);
    assert.match(rebuilt, /\r\nm=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r\nc=IN IP4 0\.0\.0\.0\r\n/);
    assert.match(rebuilt, new RegExp(`\\r\\na=group:BUNDLE ${attr(sdp, "mid")[0]}\\r\\n`));
    assert.deepEqual(parseSdp(rebuilt), parseSdp(sdp), name);
  }
});

test("the compact codes are a fraction of the long ones and fit a small QR code", async () => {
  for (const [name, sdp, setup] of CASES) {
    const obj = setup === "actpass" ? invite(sdp) : { id: "k3j9x0a1", sdp };
    const [before, after] = [await longForm(obj), await pack(obj)];
    const text = (code) => (setup === "actpass" ? SITE + code : code); // an invitation is a link, a reply a bare code
    const v = (code) => `${qrVersion(text(code), "L")}-L/${qrVersion(text(code), "M")}-M`;
    console.log(`${name}: ${sdp.length} chars of SDP, ${candidates(sdp).length} candidates; code ${before.length} -> ${after.length} chars; QR ${v(before)} -> ${v(after)}`);
    assert.ok(after.length * 3 < before.length, `${name}: ${after.length} is not under a third of ${before.length}`);
    // the site draws at level L (live/page.js qrSvg); version 10 is 57 modules a side, which a phone reads off a screen
    assert.ok(qrVersion(text(after), "L") <= 10, `${name}: QR version ${qrVersion(text(after), "L")} at level L`);
  }
});

test("a compact code cut, mistyped or lengthened anywhere is refused", async () => {
  const { offer } = Object.values(RECORDED)[0];
  const code = await pack(invite(offer));
  assert.ok(checkInvite(await unpack(code)));
  for (let n = 1; n < code.length; n++) assert.equal(await unpack(code.slice(0, n)), null, `cut at ${n}`);
  for (let i = 0; i < code.length; i++) {
    const c = code[i] === "A" ? "B" : "A";
    assert.equal(await unpack(code.slice(0, i) + c + code.slice(i + 1)), null, `character ${i} changed`);
  }
  for (const tail of ["A", "AA", "AAAA"]) assert.equal(await unpack(code + tail), null, `${tail} added`);
  // bytes with a right checksum that still make no invitation: an unknown kind, a description cut short
  const bytes = bytesOf(code);
  const sealed = (body) => { const crc = crc16(body); return toCode([...body, crc >> 8, crc & 255]); };
  assert.equal(await unpack(sealed([TAG, 9, ...bytes.slice(2, -2)])), null, "unknown kind");
  assert.equal(await unpack(sealed(bytes.slice(0, -12))), null, "description cut short");
  assert.equal(await unpack(sealed([TAG, 1])), null, "nothing after the kind");
});

test("what the compact form cannot say goes whole in the long form, as before", async () => {
  const { offer } = Object.values(RECORDED)[0];
  const unusual = [
    offer.replace("a=mid:0\r\n", "a=mid:0\r\na=ice-lite\r\n"), // an attribute it does not know
    offer + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\n", // a media section
    offer.replace(/a=candidate:(\S+) 1 /, "a=candidate:$1 2 "), // a second component
    offer.replace(/a=fingerprint:sha-256/, "a=fingerprint:md5"), // a hash it has no slot for
  ];
  for (const sdp of unusual) {
    assert.equal(parseSdp(sdp), null);
    for (const obj of [invite(sdp), { id: "k3j9x0a1", sdp }]) {
      const code = await pack(obj);
      assert.notEqual(bytesOf(code)[0], TAG);
      assert.deepEqual(await unpack(code), obj); // the description verbatim
    }
  }
  // a name too long for the compact form's one-byte lengths
  const named = invite(offer);
  named.host = "Å".repeat(200);
  assert.notEqual(bytesOf(await pack(named))[0], TAG);
  assert.equal(checkInvite(await unpack(await pack(named))).host, "Å".repeat(24));
});

test("codes made before the compact form (long form) still open", async () => {
  for (const [name, sdp, setup] of CASES) {
    const obj = setup === "actpass" ? invite(sdp) : { id: "k3j9x0a1", sdp };
    assert.deepEqual(await unpack(await longForm(obj)), obj, name);
  }
});

test("addresses of every kind come back as they were", () => {
  const { offer } = Object.values(RECORDED)[0];
  const lines = [
    "a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0 network-id 1",
    "a=candidate:2 1 udp 2122262783 2001:db8::8a2e:370:7334 50001 typ host",
    "a=candidate:3 1 tcp 1518280447 fe80::1 9 typ host tcptype active",
    "a=candidate:4 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.168.1.20 rport 50000",
    "a=candidate:5 1 udp 41885439 198.51.100.2 3478 typ relay raddr 203.0.113.7 rport 61000",
    "a=candidate:6 1 udp 2122260223 1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9.local 50002 typ host",
    "a=candidate:7 1 udp 2122260223 my-laptop.lan 50003 typ host",
  ];
  const sdp = offer.replace(/(a=candidate:[^\r\n]*\r\n)+/, lines.join("\r\n") + "\r\n");
  const d = parseSdp(sdp);
  assert.ok(d);
  const rebuilt = buildSdp(d);
  assert.deepEqual(candidates(rebuilt), candidates(sdp));
  assert.deepEqual(parseSdp(rebuilt), d);
});

test("a description in Firefox's style (hand-written after its format) is compact too", async () => {
  const sdp = ["v=0", "o=mozilla...THIS_IS_SDPARTA-128.0 5213084925327546190 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=fingerprint:sha-256 0C:2F:3E:9A:61:D4:88:17:B0:5E:7C:A3:44:19:F2:6D:90:0B:E1:5A:C7:32:8F:06:DB:71:2E:A9:54:C3:18:BF",
    "a=group:BUNDLE 0", "a=ice-options:trickle", "a=msid-semantic:WMS *", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0", "a=sendrecv", "a=ice-pwd:8f6b2d0c4e1a3b5d7f9e0c2a4b6d8f1e", "a=ice-ufrag:3c5e7a9b", "a=mid:0", "a=setup:actpass",
    "a=sctp-port:5000", "a=max-message-size:1073741823",
    "a=candidate:0 1 UDP 2122252543 0f1e2d3c-4b5a-4697-8877-665544332211.local 61123 typ host",
    "a=candidate:1 1 TCP 2105524479 0f1e2d3c-4b5a-4697-8877-665544332211.local 9 typ host tcptype active",
    "a=end-of-candidates", ""].join("\r\n");
  const code = await pack(invite(sdp));
  assert.equal(bytesOf(code)[0], TAG);
  const back = checkInvite(await unpack(code));
  assert.deepEqual(candidates(back.sdp), candidates(sdp));
  assert.deepEqual(parseSdp(back.sdp), parseSdp(sdp));
  assert.deepEqual(attr(back.sdp, "ice-pwd"), ["8f6b2d0c4e1a3b5d7f9e0c2a4b6d8f1e"]);
});
