import { describe, expect, test } from "bun:test";
import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensureWritableDataDir } from "./data-dir.ts";
import { StartupError } from "./startup-error.ts";
import { temporaryFolder } from "./test-support/temporary-folder.ts";
import { startedBeforeAll } from "./test-support/test-lifecycle.ts";

const work = startedBeforeAll(() => temporaryFolder("data-dir-test-"));

describe("ensureWritableDataDir", () => {
  test("creates nested folders and leaves no probe file behind", async () => {
    const dataDir = join(work.dir, "a", "b", "c");
    await ensureWritableDataDir(dataDir);
    expect((await stat(dataDir)).isDirectory()).toBe(true);
    expect(await readdir(dataDir)).toEqual([]);
  });

  test("accepts a folder that already exists and keeps its files", async () => {
    const dataDir = join(work.dir, "existing");
    await ensureWritableDataDir(dataDir);
    await writeFile(join(dataDir, "app.sqlite"), "db");
    await ensureWritableDataDir(dataDir);
    expect(await readdir(dataDir)).toEqual(["app.sqlite"]);
  });

  test("a path under a regular file throws a StartupError naming DATA_DIR and the path", async () => {
    const file = join(work.dir, "plain-file");
    await writeFile(file, "not a folder");
    const dataDir = join(file, "data");
    let caught: unknown;
    try {
      await ensureWritableDataDir(dataDir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StartupError);
    const message = (caught as StartupError).message;
    expect(message).toStartWith(`DATA_DIR ${dataDir} `);
    expect(message).toContain("is not writable");
    expect(message).toContain("ENOTDIR");
  });

  test("a DATA_DIR that is itself a regular file throws a StartupError", async () => {
    const file = join(work.dir, "file-as-dir");
    await writeFile(file, "x");
    await expect(ensureWritableDataDir(file)).rejects.toThrow(`DATA_DIR ${file} is not writable`);
    await expect(ensureWritableDataDir(file)).rejects.toBeInstanceOf(StartupError);
  });
});
