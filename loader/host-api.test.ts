import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { unconnectedGleap } from "./unconnected-gleap-test-support.ts";

const root = join(import.meta.dir, "..");

/** The function names the reference client's public typings declare (`export namespace Gleap`). */
async function referenceFunctions(): Promise<string[]> {
  const typings = await Bun.file(join(root, "node_modules/gleap/index.d.ts")).text();
  return [...typings.matchAll(/^\s*function\s+(\w+)\s*\(/gm)].map((match) => match[1] as string);
}

describe("the host API covers the reference typings (gleap@14.6.7)", () => {
  test("the reference declares its 75 functions", async () => {
    expect((await referenceFunctions()).length).toBe(75);
  });

  test("every one exists on window.Gleap as a function, so an existing integration never meets a TypeError", async () => {
    const api = unconnectedGleap() as unknown as Record<string, unknown>;
    const missing = (await referenceFunctions()).filter((name) => typeof api[name] !== "function");
    expect(missing).toEqual([]);
  });

  test("every one is declared in our own typings for ESM users (loader/host-api.ts)", async () => {
    const ours = await Bun.file(join(import.meta.dir, "host-api.ts")).text();
    const declared = new Set([...ours.matchAll(/^\s{2}(\w+)\s*\(/gm)].map((match) => match[1]));
    const missing = (await referenceFunctions()).filter((name) => !declared.has(name));
    expect(missing).toEqual([]);
  });
});
