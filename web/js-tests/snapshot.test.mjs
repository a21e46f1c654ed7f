// The engine snapshot's storage format (worker/snapshot.js): all-zero pages are left out and
// come back as zeros; anything that is not a packed heap is refused (the worker then boots
// Python normally).
import assert from "node:assert/strict";
import test from "node:test";
import { packHeap, unpackHeap } from "../../worker/snapshot.js";

function sparseHeap(length, seed) {
  const heap = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < 40; i++) { // 40 short runs of bytes scattered over mostly zero pages
    x = (x * 1103515245 + 12345) % 2147483648;
    const at = x % length;
    for (let j = at; j < Math.min(length, at + 100); j++) heap[j] = (j * 7 + i) % 255 + 1;
  }
  heap[length - 1] = 9; // the last byte of a ragged last page too
  return heap;
}

test("a packed heap unpacks to the same bytes and is smaller when mostly zeros", () => {
  for (const length of [4096 * 300, 4096 * 300 + 16, 4096 * 7 + 3]) {
    const heap = sparseHeap(length, length);
    const packed = packHeap(heap);
    assert.deepEqual(unpackHeap(packed.buffer), heap);
    if (length > 4096 * 100) assert.ok(packed.length < heap.length / 3, `${packed.length} of ${heap.length}`);
  }
});

test("an all-zero heap keeps no page; a dense one keeps every page", () => {
  const zeros = new Uint8Array(4096 * 10);
  assert.equal(packHeap(zeros).length, 12);
  assert.deepEqual(unpackHeap(packHeap(zeros).buffer), zeros);
  const dense = new Uint8Array(4096 * 10).fill(1);
  assert.equal(packHeap(dense).length, 12 + 10 * 4 + 10 * 4096);
  assert.deepEqual(unpackHeap(packHeap(dense).buffer), dense);
});

test("bytes that are not a packed heap are refused", () => {
  const packed = packHeap(sparseHeap(4096 * 50, 3));
  assert.throws(() => unpackHeap(new Uint8Array(packed.length).fill(7).buffer), /not a packed heap/);
  assert.throws(() => unpackHeap(packed.slice(0, packed.length - 1).buffer), /truncated/);
  assert.throws(() => unpackHeap(new Uint8Array(2).buffer), /not a packed heap/);
});
