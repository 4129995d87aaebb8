import { expect, test } from "bun:test";
import { filesMatching } from "./files-matching.ts";

/**
 * The repository speaks of the product, not of how its work was planned: no tracked file names a
 * numbered work item (the word "issue" and a number). Why a thing is so belongs in the comment itself
 * or in docs/decisions/. The word and its number are found also when a comment wraps between them.
 */
const workItem = /\bissues?(?:\s|\*|\/\/|#)+\d+/gi;

test("no tracked file names a numbered work item", () => {
  const { read, found } = filesMatching(workItem);
  expect(read).toBeGreaterThan(100);
  expect(found).toEqual([]);
});
