import { afterAll, beforeAll } from "bun:test";

/**
 * Starts a fixture (a test server, a client over one) before the tests of the file or describe block this
 * is called in, hands it to `use` (the tests keep it in a `let`) and disposes it after them.
 */
export function startBeforeAll<T extends { dispose(): Promise<unknown> }>(
  start: () => Promise<T>,
  use: (started: T) => void | Promise<void>,
): void {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    await use(started);
  });
  afterAll(async () => {
    await started?.dispose();
  });
}
