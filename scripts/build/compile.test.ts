import { describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { serverWorkerEntries } from "./compile.ts";

const serverDir = join(import.meta.dir, "..", "..", "src", "server");

describe("serverWorkerEntries", () => {
  test("finds the worker of every server module that starts one, so the binary has each", async () => {
    const entries = await serverWorkerEntries(serverDir);
    expect(entries.map((entry) => basename(entry)).sort()).toEqual([
      "report-parser-worker.ts",
      "sqlite-checkpoint-worker.ts",
      "sqlite-read-worker.ts",
      "stdout-writer-worker.ts",
    ]);
    for (const entry of entries) expect(await Bun.file(entry).exists()).toBe(true);
  });

  test("every module that starts a worker names it as the scan reads it", async () => {
    const starters: string[] = [];
    for (const file of await readdir(serverDir, { recursive: true })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file.includes("test-support")) continue;
      const source = await Bun.file(join(serverDir, file)).text();
      if (source.includes("new Worker(")) starters.push(file);
    }
    expect(starters.length).toBeGreaterThan(0);
    for (const file of starters) {
      const source = await Bun.file(join(serverDir, file)).text();
      // A worker named another way (a string path, a computed URL) would be missing from the binary.
      expect({ file, named: /new URL\("\.\.?\/[^"]+\.ts", import\.meta\.url\)/.test(source) }).toEqual({
        file,
        named: true,
      });
    }
  });
});
