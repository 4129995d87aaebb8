import { expect, test } from "bun:test";
import { batchedPerTurn } from "./batched-per-turn.ts";

/** A read that squares its keys and remembers each call's keys. */
function squares() {
  const calls: number[][] = [];
  const read = batchedPerTurn<number, number>((keys) => {
    calls.push([...keys]);
    return new Map(keys.map((key) => [key, key * key]));
  });
  return { read, calls };
}

test("keys asked for in one turn are read together, once each", async () => {
  const { read, calls } = squares();
  expect(await Promise.all([read(2), read(3), read(2), read(4)])).toEqual([4, 9, 4, 16]);
  expect(calls).toEqual([[2, 3, 4]]);
});

test("a key asked for after the read ran starts the next read", async () => {
  const { read, calls } = squares();
  expect(await read(2)).toBe(4);
  expect(await read(3)).toBe(9);
  expect(calls).toEqual([[2], [3]]);
});

test("callers that resume in one turn and wait as many steps before asking join one read", async () => {
  const { read, calls } = squares();
  // As the pings of a committed group do: each resumes, awaits twice, then asks.
  const caller = async (key: number) => {
    await Promise.resolve();
    await Promise.resolve(key);
    return read(key);
  };
  expect(await Promise.all([1, 2, 3, 4, 5].map(caller))).toEqual([1, 4, 9, 16, 25]);
  expect(calls).toEqual([[1, 2, 3, 4, 5]]);
});

test("a key the read does not answer is undefined; a read that fails fails each of its callers", async () => {
  const partial = batchedPerTurn<number, number>(
    (keys) => new Map(keys.filter((key) => key > 1).map((key) => [key, key])),
  );
  expect(await Promise.all([partial(1), partial(2)])).toEqual([undefined, 2]);
  let fails = true;
  const failing = batchedPerTurn<number, number>((keys) => {
    if (fails) throw new Error("disk I/O error");
    return new Map(keys.map((key) => [key, key]));
  });
  const results = await Promise.allSettled([failing(1), failing(2)]);
  expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  // A failed read leaves the next turn's read to run as usual.
  fails = false;
  expect(await failing(3)).toBe(3);
  const asynchronous = batchedPerTurn<number, number>(
    async (keys) => new Map(keys.map((key) => [key, -key])),
  );
  expect(await Promise.all([asynchronous(1), asynchronous(2)])).toEqual([-1, -2]);
});
