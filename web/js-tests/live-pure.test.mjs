// Live play's pure checks, on what a stranger can send: a guest's message over the data
// channel (relay.js parseGuestMessage) and an invitation or reply read from a link or a
// pasted code (codec.js checkInvite, checkReply, unpack). Each must let through exactly the
// fields the host expects and turn anything else into an error or null, never an exception.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GUEST_OPS, parseGuestMessage } from "../js/live/relay.js";
import { checkInvite, checkReply, pack, unpack } from "../js/live/codec.js";

const code = (r) => r.error && r.error.error.code;

test("a guest's well-formed messages come back as {id, op, action}", () => {
  assert.deepEqual(parseGuestMessage('{"id":1,"op":"act","action":"play:7D"}'), { id: 1, op: "act", action: "play:7D" });
  for (const op of ["join", "snapshot", "hint", "wait"]) {
    assert.deepEqual(parseGuestMessage(JSON.stringify({ id: 42, op })), { id: 42, op, action: undefined });
  }
  assert.deepEqual(GUEST_OPS, ["join", "act", "snapshot", "hint", "wait"]);
});

test("a guest cannot name a seat, a level or any field but the action", () => {
  const parsed = parseGuestMessage(JSON.stringify({ id: 3, op: "act", action: "play:AS", seat: 0, level: "expert", game: "scopa" }));
  assert.deepEqual(Object.keys(parsed).sort(), ["action", "id", "op"]);
  assert.deepEqual(parsed, { id: 3, op: "act", action: "play:AS" });
  // an action on an operation that takes none is dropped
  assert.equal(parseGuestMessage(JSON.stringify({ id: 4, op: "hint", action: "play:AS" })).action, undefined);
});

test("what is not a short JSON object with an integer id is refused with no id", () => {
  assert.equal(code(parseGuestMessage("not json")), "bad_json");
  assert.equal(code(parseGuestMessage("{\"id\":1,")), "bad_json");
  for (const text of ["[1,2]", "null", "7", '"text"']) assert.equal(code(parseGuestMessage(text)), "bad_request", text);
  for (const id of [null, "1", 1.5, 2 ** 60, -0.5]) {
    assert.equal(code(parseGuestMessage(JSON.stringify({ id, op: "join" }))), "bad_request", String(id));
  }
  assert.equal(code(parseGuestMessage(JSON.stringify({ op: "join" }))), "bad_request");
  assert.equal(code(parseGuestMessage(undefined)), "bad_request");
  assert.equal(code(parseGuestMessage({ id: 1, op: "join" })), "bad_request"); // an object, not text
  const long = JSON.stringify({ id: 1, op: "act", action: "play:7D", pad: "x".repeat(2_000) });
  assert.equal(code(parseGuestMessage(long)), "bad_request");
  for (const r of [parseGuestMessage("not json"), parseGuestMessage("[1]")]) {
    assert.equal(r.id, undefined);
    assert.equal(r.error.ok, false);
  }
});

test("an unknown operation or a bad action is refused, keeping the id to answer", () => {
  for (const op of ["new_match", "undo", "restore", "seat", "advance", "", undefined, "ACT"]) {
    const r = parseGuestMessage(JSON.stringify({ id: 9, op }));
    assert.equal(r.id, 9);
    assert.equal(code(r), "unknown_op", String(op));
    assert.match(r.error.error.message, /join, act, snapshot, hint, wait/);
  }
  for (const action of [undefined, "", 5, ["play:7D"], "p".repeat(201)]) {
    const r = parseGuestMessage(JSON.stringify({ id: 10, op: "act", action }));
    assert.deepEqual([r.id, code(r)], [10, "bad_request"], String(action));
  }
  assert.equal(parseGuestMessage(JSON.stringify({ id: 11, op: "act", action: "p".repeat(200) })).action.length, 200);
});

const INVITE = { game: "briscola", deck: "piacentine", seat: 1, host: "Anna", guest: "Ben", sdp: "v=0 offer", id: "abc123" };

test("a whole invitation passes with exactly its seven fields", () => {
  assert.deepEqual(checkInvite({ ...INVITE, extra: "dropped", level: "expert" }), INVITE);
  for (const seat of [0, 1, 2, 3]) assert.equal(checkInvite({ ...INVITE, seat }).seat, seat);
  // names are cut to 24 characters; empty names are allowed (the page fills them in)
  const named = checkInvite({ ...INVITE, host: "H".repeat(40), guest: "" });
  assert.equal(named.host, "H".repeat(24));
  assert.equal(named.guest, "");
});

test("an invitation with a field missing, mistyped or out of range is null", () => {
  assert.equal(checkInvite(null), null);
  assert.equal(checkInvite(undefined), null);
  const broken = {
    game: ["", 7, "g".repeat(41), undefined], deck: ["", null, "d".repeat(41)], seat: [-1, 4, 1.5, "1", null],
    host: [undefined, 3], guest: [undefined, null], sdp: ["", "s".repeat(10_001), 1], id: ["", "i".repeat(41), 12],
  };
  for (const [field, values] of Object.entries(broken)) {
    for (const value of values) assert.equal(checkInvite({ ...INVITE, [field]: value }), null, `${field}=${String(value).slice(0, 12)}`);
  }
  // the longest allowed values still pass
  const long = { ...INVITE, game: "g".repeat(40), deck: "d".repeat(40), sdp: "s".repeat(10_000), id: "i".repeat(40) };
  assert.deepEqual(checkInvite(long), long);
});

test("a reply passes as {id, sdp} only", () => {
  assert.deepEqual(checkReply({ id: "abc123", sdp: "v=0 answer", seat: 2 }), { id: "abc123", sdp: "v=0 answer" });
  for (const bad of [null, {}, { id: "abc123" }, { sdp: "x" }, { id: "", sdp: "x" }, { id: "a", sdp: "s".repeat(10_001) }]) {
    assert.equal(checkReply(bad), null, JSON.stringify(bad)?.slice(0, 40));
  }
});

test("an invitation survives its code, and a cut or edited code reads as null", async () => {
  const text = await pack(INVITE);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(checkInvite(await unpack(text)), INVITE);
  assert.deepEqual(await unpack(`  ${text}\n`), INVITE); // pasted with spaces around
  assert.equal(await unpack(text.slice(0, Math.floor(text.length / 2))), null);
  assert.equal(await unpack(text + "!"), null);
  assert.equal(await unpack(""), null);
  assert.equal(await unpack(null), null);
  assert.equal(await unpack("A".repeat(12_001)), null);
  assert.equal(await unpack(await pack([1, 2, 3])), null); // JSON, but not an object
});
