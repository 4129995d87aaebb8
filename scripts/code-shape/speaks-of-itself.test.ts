import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The repository speaks of the product, not of how its work was planned: no tracked file names a
 * numbered work item (the word "issue" and a number). Why a thing is so belongs in the comment itself
 * or in docs/decisions/.
 */
const root = join(import.meta.dir, "..", "..");
/** The word and its number, also when a comment wraps between them. */
const workItem = /\bissues?(?:\s|\*|\/\/|#)+\d+/gi;

test("no tracked file names a numbered work item", () => {
  const listed = Bun.spawnSync(["git", "ls-files", "-z"], { cwd: root });
  expect(listed.exitCode).toBe(0);
  const files = listed.stdout.toString().split("\0").filter(Boolean);
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    if (/\.(png|jpe?g|gif|webp|ico|woff2?|lockb?|sqlite|gz|br)$/i.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    for (const match of text.matchAll(workItem)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${file}:${line}: ${match[0].replace(/\s+/g, " ")}`);
    }
  }
  expect(found).toEqual([]);
});
