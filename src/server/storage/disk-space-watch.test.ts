import { expect, test } from "bun:test";
import type { LogFields, Logger } from "../logger.ts";
import { diskStateOf, startDiskSpaceWatch } from "./disk-space-watch.ts";

const mb = 1024 * 1024;

test("below the reserve the disk is full, below four times it low; a reserve of 0 never", () => {
  expect(diskStateOf(100 * mb, 512 * mb)).toBe("full");
  expect(diskStateOf(512 * mb, 512 * mb)).toBe("low");
  expect(diskStateOf(2047 * mb, 512 * mb)).toBe("low");
  expect(diskStateOf(2048 * mb, 512 * mb)).toBe("ok");
  expect(diskStateOf(0, 0)).toBe("ok");
});

function recordingLogger(): Logger & { lines: Array<[string, string, LogFields | undefined]> } {
  const lines: Array<[string, string, LogFields | undefined]> = [];
  const at = (level: string) => (message: string, fields?: LogFields) =>
    void lines.push([level, message, fields]);
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

test("the watch warns once as the disk runs low, logs an error once it is full, and says when space is back", async () => {
  const logger = recordingLogger();
  let free = 10_000 * mb;
  const watch = await startDiskSpaceWatch({
    paths: ["/data", "/files"],
    minFreeBytes: 512 * mb,
    logger,
    intervalMs: 5,
    // The fuller of the two disks decides.
    freeBytesOf: async (path) => (path === "/files" ? free : 50_000 * mb),
  });
  const reaches = async (state: string) => {
    const deadline = Date.now() + 2000;
    while (watch.state() !== state && Date.now() < deadline) await Bun.sleep(5);
    return watch.state();
  };
  try {
    expect(watch.state()).toBe("ok");
    free = 1000 * mb;
    expect(await reaches("low")).toBe("low");
    free = 900 * mb;
    await Bun.sleep(30);
    free = 10 * mb;
    expect(await reaches("full")).toBe("full");
    free = 5000 * mb;
    expect(await reaches("ok")).toBe("ok");
  } finally {
    watch.stop();
  }
  expect(logger.lines.map(([level]) => level)).toEqual(["warn", "error", "info"]);
  expect(logger.lines[1]?.[2]).toMatchObject({ freeMb: 10, minFreeMb: 512, paths: ["/data", "/files"] });
});

test("with a reserve of 0 the disk is never looked at", async () => {
  const logger = recordingLogger();
  let looked = 0;
  const watch = await startDiskSpaceWatch({
    paths: ["/data"],
    minFreeBytes: 0,
    logger,
    freeBytesOf: async () => {
      looked++;
      return 0;
    },
  });
  expect(watch.state()).toBe("ok");
  expect(looked).toBe(0);
  watch.stop();
});
