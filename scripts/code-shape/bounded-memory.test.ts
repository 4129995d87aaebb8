import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * docs/architecture.md, "Bounded memory": the server's code never finds a Map's or Set's oldest entry
 * by its first key. JavaScriptCore keeps deleted keys' slots until the map grows, and the walk to the
 * first live key steps over each of them (15 µs an eviction at 20,000 entries).
 */
const root = join(import.meta.dir, "..", "..");
const firstKeyWalk = /\.(keys|values|entries)\(\)\.next\(\)/g;

test("no server or shared code finds an oldest entry through a Map's or Set's first key", () => {
  const listed = Bun.spawnSync(
    ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "src/server", "src/shared"],
    {
      cwd: root,
    },
  );
  expect(listed.exitCode).toBe(0);
  const files = listed.stdout
    .toString()
    .split("\0")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    for (const match of text.matchAll(firstKeyWalk)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${file}:${line}: ${match[0]}`);
    }
  }
  expect(found).toEqual([]);
});
