import { expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts a whole process: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * A process that logs a line in each of `turns` turns of its event loop, then stays up for `stayMs`
 * with nothing more to log; the parent reads its stdout as it comes, chunk by chunk.
 */
const loggingProcess = (turns: number, stayMs: number) => `
  import { createLogger } from ${JSON.stringify(join(import.meta.dir, "logger.ts"))};
  const logger = createLogger("info");
  for (let turn = 0; turn < ${turns}; turn++) {
    logger.info("request", { turn });
    await new Promise((resolve) => setImmediate(resolve));
  }
  setTimeout(() => {}, ${stayMs});
`;

test("lines of many turns go out together, soon after, while the process stays up", async () => {
  const started = performance.now();
  const child = Bun.spawn([process.execPath, "-e", loggingProcess(5, 3000)], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const first = await reader.read();
  const arrivedMs = performance.now() - started;
  child.kill();
  await child.exited;
  const lines = new TextDecoder().decode(first.value).split("\n").filter(Boolean);
  // One post to the writing thread, one write: the five turns' lines arrive in the first chunk.
  expect(lines.map((line) => (JSON.parse(line) as { turn: number }).turn)).toEqual([0, 1, 2, 3, 4]);
  // Not held until the exit: the process would have stayed up three seconds.
  expect(arrivedMs).toBeLessThan(2500);
});
