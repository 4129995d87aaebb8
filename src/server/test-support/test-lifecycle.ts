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

/**
 * Starts a fixture like `startBeforeAll` and answers it at once, for a file whose tests only use it: the
 * answer stands for the fixture, whose members it reads when a test runs (after the start), so the file
 * needs no `let` for it. Members are handed over as they are (a function stays the very function, with
 * its own properties, like an SQL client's `begin`).
 */
export function startedBeforeAll<T extends { dispose(): Promise<unknown> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  startBeforeAll(start, (fixture) => {
    started = fixture;
  });
  const fixture = (): T => {
    if (started === undefined) throw new Error("The fixture is read before its tests start it");
    return started;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(fixture(), key),
  });
}
