import { expect, test } from "bun:test";
import { RecentReads } from "./recent-reads.ts";

function reads(maxKeys = 10) {
  let clock = 0;
  const kept = new RecentReads<string>({ keptMs: 100, maxKeys, now: () => clock });
  return { kept, advance: (ms: number) => (clock += ms) };
}

test("a kept value is answered until keptMs has passed since it was read; the rest are to read", () => {
  const { kept, advance } = reads();
  kept.keep("a", "row a");
  advance(60);
  kept.keep("b", "row b");
  expect(kept.split(["a", "b", "c"])).toEqual({
    kept: new Map([
      ["a", "row a"],
      ["b", "row b"],
    ]),
    missing: ["c"],
  });
  advance(41);
  expect(kept.split(["a", "b"])).toEqual({ kept: new Map([["b", "row b"]]), missing: ["a"] });
});

test("forget and clear drop values", () => {
  const { kept, advance } = reads();
  kept.keep("a", "row a");
  kept.keep("b", "row b");
  kept.keep("c", "row c");
  advance(90);
  expect(kept.split(["a", "gone"]).kept).toEqual(new Map([["a", "row a"]]));
  kept.forget(["b"]);
  expect(kept.split(["b", "c"]).missing).toEqual(["b"]);
  kept.clear();
  expect(kept.split(["c"]).missing).toEqual(["c"]);
  kept.keep("c", "row c");
  advance(11);
  expect(kept.split(["a", "c"])).toEqual({ kept: new Map([["c", "row c"]]), missing: ["a"] });
});

test("past maxKeys the value kept longest goes, and keeping a value again makes it the newest", () => {
  const { kept } = reads(2);
  kept.keep("a", "row a");
  kept.keep("b", "row b");
  kept.keep("a", "row a again");
  kept.keep("c", "row c");
  expect(kept.split(["a", "b", "c"])).toEqual({
    kept: new Map([
      ["a", "row a again"],
      ["c", "row c"],
    ]),
    missing: ["b"],
  });
});
