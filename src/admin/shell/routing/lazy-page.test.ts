import { describe, expect, test } from "bun:test";
import { chunkReloadGuardMs, claimChunkReload } from "./lazy-page.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("chunk-reload guard", () => {
  test("the first failure on a path reloads; a second within 10 s does not", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/users", 1_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/users", 1_000_000 + chunkReloadGuardMs - 1)).toBe(false);
  });

  test("after 10 s the path may reload again", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/jobs", 5_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/jobs", 5_000_000 + chunkReloadGuardMs)).toBe(true);
  });

  test("each path has its own guard", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/users", 7_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/jobs", 7_000_001)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/users", 7_000_002)).toBe(false);
  });

  test("a storage that throws never allows a reload (no reload loop)", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(claimChunkReload(broken, "/dashboard", 1)).toBe(false);
  });

  test("the guard is spec §9's 10 seconds", () => {
    expect(chunkReloadGuardMs).toBe(10_000);
  });
});
