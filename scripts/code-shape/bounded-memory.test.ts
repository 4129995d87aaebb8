import { expect, test } from "bun:test";
import { filesMatching } from "./files-matching.ts";

/**
 * docs/architecture.md, "Bounded memory": the server's code never finds a Map's or Set's oldest entry
 * by its first key. JavaScriptCore keeps deleted keys' slots until the map grows, and the walk to the
 * first live key steps over each of them (15 µs an eviction at 20,000 entries).
 */
test("no server or shared code finds an oldest entry through a Map's or Set's first key", () => {
  const { read, found } = filesMatching(/\.(keys|values|entries)\(\)\.next\(\)/g, {
    paths: ["src/server", "src/shared"],
    keep: (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  });
  expect(read).toBeGreaterThan(100);
  expect(found).toEqual([]);
});
