import { afterAll, beforeAll } from "bun:test";
import { fixtureTimeoutMs } from "./test-timeouts.ts";

/**
 * Starts a fixture (a test server, a client over one) before the tests of the file or describe block this
 * is called in, hands it to `use` (the tests keep it in a `let`) and disposes it after them; both with
 * the fixtures' timeout (test-timeouts.ts).
 */
export function startBeforeAll<T extends { dispose(): Promise<unknown> }>(
  start: () => Promise<T>,
  use: (started: T) => void | Promise<void>,
): void {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    await use(started);
  }, fixtureTimeoutMs);
  afterAll(async () => {
    await started?.dispose();
  }, fixtureTimeoutMs);
}
