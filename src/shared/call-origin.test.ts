import { describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { calledFrom } from "./call-origin.ts";

// Bun's stack frames name this file's path; another folder stands for the page's code.
const here = import.meta.dir;

function wrapper() {
  // Inside a `try`, as the real wrappers call it: never a tail call, whose frame JavaScriptCore drops.
  try {
    return calledFrom(here);
  } finally {
    calls++;
  }
}
let calls = 0;

describe("calledFrom", () => {
  test("a wrapper called from a file under the folder is the folder's call", () => {
    expect(wrapper()).toBe(true);
  });

  test("a wrapper called from elsewhere is not", () => {
    expect(calledFrom("/nowhere/sdk/")).toBe(false);
    expect(calledFrom(`${here}-other`)).toBe(false);
  });

  test("it reads the caller of the wrapper, not the wrapper itself: page code calling it is not the folder's", async () => {
    // The page's code, in a file of another folder, calls the wrapper that lives in this one.
    const folder = await mkdtemp(join(tmpdir(), "call-origin-"));
    const file = join(folder, "page.ts");
    await writeFile(
      file,
      "export const seen: boolean[] = [];\nexport function page(w: () => boolean) { const own = w(); seen.push(own); return own; }\n",
    );
    try {
      const { page } = (await import(file)) as { page: (w: () => boolean) => boolean };
      expect(page(wrapper)).toBe(false);
      expect(calls).toBeGreaterThan(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test("an empty folder never matches", () => {
    expect(calledFrom("")).toBe(false);
  });

  test("without a stack (stackTraceLimit 0) nothing is the folder's", () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      expect(wrapper()).toBe(false);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
});
